// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchrun.h"
#include "core/cli/cli.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <csignal>
#include <unistd.h>

namespace kwb::cli {

namespace {
std::atomic_bool interrupted { false };

void onSignal(int)
{
    interrupted.store(true);
}

int positiveInt(
    const QCommandLineParser& p, const QCommandLineOption& o, int low, int high, int fallback, Io& io, bool& ok)
{
    if (!p.isSet(o))
        return fallback;
    bool good = false;
    const int v = p.value(o).toInt(&good);
    if (!good || v < low || v > high) {
        io.err << "kwb batch: --" << o.names().last() << ": expected an integer in [" << low << ", " << high
               << "], got '" << p.value(o) << "'\n";
        ok = false;
    }
    return v;
}
} // namespace

int batchCommand(const QStringList& arguments, Io& io)
{
    const qsizetype dashes = arguments.indexOf(QStringLiteral("--"));
    const QStringList args = dashes < 0 ? arguments : arguments.mid(0, dashes);
    const QStringList extra = dashes < 0 ? QStringList() : arguments.mid(dashes + 1);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Run one action on many tasks: in parallel here (-j), on an SSH host or as Slurm job arrays. Writes\n"
        "OUT/tasks/<id>/{report.json,log.txt,state.json} and OUT/summary.json (kwb.batch/1). A second call with the\n"
        "same OUT skips tasks it completed whose files, action and arguments did not change. Arguments after --\n"
        "go to every 'kwb ACTION' (e.g. -- --seed 1 --trials 2).\n"
        "Exit: 0 every task passed, 1 some task has error findings, failed, timed out or was cancelled, 2 bad input,\n"
        "3 environment (sbatch failing, unwritable OUT)."));
    const QCommandLineOption action(
        QStringLiteral("action"), QStringLiteral("check, run, bench or compile."), QStringLiteral("A"));
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("local (default), ssh:HOST (run only) or slurm[:PARTITION]."), QStringLiteral("E"));
    const QCommandLineOption jobs(QStringList { QStringLiteral("j"), QStringLiteral("jobs") },
        QStringLiteral("Tasks at once, locally (default 1)."), QStringLiteral("N"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output folder."), QStringLiteral("DIR"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print summary.json instead of the table."));
    const QCommandLineOption fresh(QStringLiteral("fresh"), QStringLiteral("Run every task, even unchanged ones."));
    const QCommandLineOption time(QStringLiteral("time"),
        QStringLiteral("Slurm: time limit per element in minutes (default 60)."), QStringLiteral("MIN"));
    const QCommandLineOption mem(QStringLiteral("mem"),
        QStringLiteral("Slurm: memory per element in MiB (default: the partition's)."), QStringLiteral("MiB"));
    const QCommandLineOption help(
        QStringList { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    p.addOptions({ action, executor, jobs, out, json, fresh, time, mem, help });
    p.addPositionalArgument(QStringLiteral("TASKS_OR_WORKSPACE"),
        QStringLiteral("Task bundles, or folders holding them."), QStringLiteral("PATH..."));
    if (!p.parse(QStringList { QStringLiteral("kwb batch") } + args)) {
        io.err << "kwb batch: " << p.errorText() << '\n';
        return ExitBadInput;
    }
    if (p.isSet(help)) {
        io.out << p.helpText();
        return ExitOk;
    }
    if (p.positionalArguments().isEmpty() || !p.isSet(out) || !p.isSet(action)) {
        io.err << "kwb batch: expected TASKS_OR_WORKSPACE..., --action and --out (see 'kwb batch --help')\n";
        return ExitBadInput;
    }
    BatchRequest request;
    request.action.action = p.value(action);
    if (!batchActions().contains(request.action.action)) {
        io.err << "kwb batch: --action: expected one of " << batchActions().join(QStringLiteral(", ")) << ", got '"
               << request.action.action << "'\n";
        return ExitBadInput;
    }
    const auto spec = ExecutorSpec::parse(p.value(executor));
    if (!spec) {
        io.err << "kwb batch: " << withFlags(spec.error().oneLine()) << '\n';
        return ExitBadInput;
    }
    request.action.executor = *spec;
    request.action.extraArgs = extra;
    bool ok = true;
    request.jobs = positiveInt(p, jobs, 1, 256, 1, io, ok);
    request.slurmTimeMinutes = positiveInt(p, time, 1, 7 * 24 * 60, 60, io, ok);
    request.slurmMemoryMiB = positiveInt(p, mem, 16, 1 << 24, 0, io, ok);
    if (!ok)
        return ExitBadInput;
    request.outDir = p.value(out);
    request.resume = !p.isSet(fresh);
    auto items = collectBatchItems(p.positionalArguments(), request.action);
    if (!items) {
        io.err << "kwb batch: " << withFlags(items.error().oneLine()) << '\n';
        return ExitBadInput;
    }
    request.items = *items;

    const bool tty = isatty(STDERR_FILENO);
    JobContext job;
    job.cancel = &interrupted;
    job.onProgress = [&](const JobProgress& progress) {
        if (tty)
            io.err << "\r\033[K" << progress.text;
        else if (progress.phase != u"queued")
            io.err << "kwb batch: " << progress.text << '\n';
        io.err.flush();
    };
    interrupted.store(false);
    const auto oldInt = std::signal(SIGINT, onSignal);
    const auto oldTerm = std::signal(SIGTERM, onSignal);
    auto summary = runBatch(request, job);
    std::signal(SIGINT, oldInt);
    std::signal(SIGTERM, oldTerm);
    if (tty)
        io.err << '\n';
    if (!summary) {
        io.err << "kwb batch: " << withFlags(summary.error().oneLine()) << '\n';
        return ExitEnvironment;
    }
    if (p.isSet(json))
        io.out << QJsonDocument(batchSummaryJson(*summary)).toJson(QJsonDocument::Indented);
    else
        io.out << batchSummaryTable(*summary);
    const bool allPassed = std::all_of(summary->elements.cbegin(), summary->elements.cend(),
        [](const ElementState& e) { return e.status == u"passed"; });
    return allPassed ? ExitOk : ExitFindings;
}

} // namespace kwb::cli

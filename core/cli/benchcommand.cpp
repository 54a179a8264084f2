// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/benchengine.h"
#include "core/check/benchprofile.h"
#include "core/cli/cli.h"
#include "core/cli/optionvalues.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <algorithm>

namespace kwb::cli {
namespace {
QString us(double ns)
{
    return QString::number(ns / 1000.0, 'f', ns < 10000 ? 3 : 1) + QStringLiteral(" µs");
}

void printRow(QTextStream& out, const QString& id, const ImplCaseResult& r)
{
    out << "    " << id.leftJustified(16) << " median " << us(r.stats.medianNs).rightJustified(12) << "  IQR "
        << us(r.stats.iqrNs).rightJustified(11) << "  CV " << QString::number(100 * r.stats.cv, 'f', 1) << "%  n "
        << r.stats.samples;
    if (r.speedup)
        out << "  speedup " << QString::number(r.speedup->estimate, 'f', 3) << "x ["
            << QString::number(r.speedup->ciLow, 'f', 3) << ", " << QString::number(r.speedup->ciHigh, 'f', 3) << "] "
            << verdictName(*r.verdict)
            << (r.invalidReason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(r.invalidReason));
    if (r.floorNs)
        out << "  floor " << us(*r.floorNs) << " (" << QString::number(100 * *r.floorNs / r.stats.medianNs, 'f', 1)
            << "%)";
    out << '\n';
    // The triangulated figures: the runner's clock and the workbench's, over the sampling phases.
    if (r.observedPhaseNs > 0)
        out << "    " << QString().leftJustified(16) << " rounds " << r.roundMediansNs.size() << " (CV "
            << QString::number(100 * r.betweenRoundCv, 'f', 1) << "%)  sampling: runner "
            << QString::number(r.runnerPhaseNs / 1e6, 'f', 1) << " ms, seen by kwb "
            << QString::number(r.observedPhaseNs / 1e6, 'f', 1) << " ms; untimed/iteration "
            << us(r.untimedPerIterationNs) << '\n';
}

void printText(const BenchResult& r, QTextStream& out)
{
    out << "task " << r.task.id << "  (" << r.provenance.value(QStringLiteral("method")).toString() << ")\n";
    for (const ImplBench& b : r.impls) {
        if (!b.ok())
            out << "  " << b.id << ": " << implStatusName(b.status) << ": "
                << b.error.section(QLatin1Char('\n'), 0, 0).left(160) << '\n';
    }
    for (const BenchCase& c : r.cases) {
        out << "  case " << c.name << '\n';
        if (c.reference)
            printRow(out, r.task.reference.id, *c.reference);
        for (const auto& cand : c.candidates)
            printRow(out, cand.id, cand);
    }
    out << '\n';
    printFindings(out, r.findings);
}
} // namespace

int benchCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Time the reference and the candidates of a task, sandboxed, alternating in rounds, and say whether each\n"
        "speedup is real: medians, a 95 % CI of the speedup paired over rounds, verdict FAST/SLOW/SAME/AMBIGUOUS\n"
        "(INVALID when the timing was tampered with or the candidate ran interpreted), roofline floor, the runner's\n"
        "clock checked against this process's, and bench.* findings (docs/benchmarking.md). Prints a kwb.bench/1 "
        "document with --json. With --profile, the profilers that exist here follow the bench (the GUI's Profile).\n"
        "Exit: 0 no error findings, 1 error findings, 2 bad input, 3 environment."));
    const QCommandLineOption impl(
        QStringLiteral("impl"), QStringLiteral("Time only this candidate (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption cases(
        QStringLiteral("cases"), QStringLiteral("Comma-separated case names."), QStringLiteral("a,b"));
    const QCommandLineOption budget(QStringLiteral("budget"),
        QStringLiteral("Sampling seconds per implementation and case (default 2)."), QStringLiteral("S"));
    const QCommandLineOption warmup(
        QStringLiteral("warmup"), QStringLiteral("Warm-up milliseconds per round (default 25)."), QStringLiteral("MS"));
    const QCommandLineOption rounds(
        QStringLiteral("rounds"), QStringLiteral("Alternation rounds, at least (default 4)."), QStringLiteral("N"));
    const QCommandLineOption maxRounds(QStringLiteral("max-rounds"),
        QStringLiteral("Most rounds while a speedup CI is wider than the same-speed band (default 2x --rounds)."),
        QStringLiteral("N"));
    const QCommandLineOption flush(QStringLiteral("flush-mib"),
        QStringLiteral("Cache-flush buffer in MiB (default 2x the last-level cache / L2; 0: none)."),
        QStringLiteral("MiB"));
    const QCommandLineOption seed(
        QStringLiteral("seed"), QStringLiteral("Pin the input and bootstrap seeds."), QStringLiteral("S"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
        QStringLiteral("Wall-clock limit per runner process in seconds (default 120)."), QStringLiteral("S"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the kwb.bench/1 document."));
    const QCommandLineOption keep(
        QStringLiteral("keep"), QStringLiteral("Keep the work folder here."), QStringLiteral("DIR"));
    const QCommandLineOption noSandbox(
        QStringLiteral("no-sandbox"), QStringLiteral("Run without bubblewrap isolation."));
    const QCommandLineOption help(
        QStringList { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("Where runners are built and run: local (default) or ssh:HOST (see docs/remote.md)."),
        QStringLiteral("E"));
    const QCommandLineOption profile(QStringLiteral("profile"),
        QStringLiteral("Then run the profilers that exist here (kwb profile) on the smallest case: the GUI's Profile. "
                       "With --json the document gains a `profile` member (kwb.profile/1)."));
    p.addOptions({ impl, cases, budget, warmup, rounds, maxRounds, flush, seed, timeout, json, keep, noSandbox,
        executor, profile, help });
    p.addPositionalArgument(QStringLiteral("TASK"), QStringLiteral("The task bundle folder."));
    if (const auto done = parseTaskCommand(p, args, io, QStringLiteral("bench"), help))
        return *done;
    BenchRequest request;
    request.taskDir = p.positionalArguments().first();
    request.implIds = p.values(impl);
    if (p.isSet(cases))
        request.cases = p.value(cases).split(QLatin1Char(','), Qt::SkipEmptyParts);
    OptionValues values(p, io, QStringLiteral("bench"));
    request.budgetS = values.number(budget, 0.001, 3600, request.budgetS);
    request.warmupMs = values.number(warmup, 0, 60000, request.warmupMs);
    request.rounds = static_cast<int>(values.number(rounds, 1, 100, request.rounds));
    request.maxRounds = static_cast<int>(values.number(maxRounds, 1, 200, request.maxRounds));
    if (p.isSet(flush))
        request.flushBytes = static_cast<qint64>(values.number(flush, 0, 65536, 0) * 1024 * 1024);
    values.runnerOptions(request, &timeout, seed, noSandbox, keep);
    if (!values.ok())
        return ExitBadInput;
    const auto where = taskExecutor(p, executor, io, QStringLiteral("bench"));
    if (!where)
        return ExitBadInput;
    request.executor = *where;

    auto both = benchThenProfile(request, p.isSet(profile), printingJob(io, QStringLiteral("kwb bench")));
    if (!both) {
        io.err << withFlags(both.error().oneLine()) << '\n';
        return exitFor(both.error());
    }
    const BenchResult* result = &both->bench;
    if (p.isSet(json)) {
        QJsonObject doc = benchReportJson(*result);
        if (both->profile)
            doc.insert(QStringLiteral("profile"), profileReportJson(*both->profile));
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    } else {
        printText(*result, io.out);
        if (both->profile) {
            io.out << "\nprofile\n";
            printProfileText(*both->profile, io.out);
        }
    }
    if (hasErrors(result->findings) || (both->profile && hasErrors(both->profile->findings)))
        return ExitFindings;
    const bool notRun = std::any_of(result->impls.begin(), result->impls.end(), [](const ImplBench& b) {
        return b.notRunHere();
    }); // an implementation this machine cannot run (no GPU): exit 3, as kwb run
    return notRun ? ExitEnvironment : ExitOk;
}

} // namespace kwb::cli

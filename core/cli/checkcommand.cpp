// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/checkengine.h"
#include "core/cli/cli.h"
#include "core/cli/optionvalues.h"

#include <QCommandLineParser>
#include <QDir>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
void printText(const CheckResult& r, QTextStream& out)
{
    out << "task " << (r.lint.loaded ? r.lint.id : r.taskDir) << ": " << checkVerdict(r).toUpper() << '\n';
    for (const StageOutcome& s : r.stages) {
        out << "  " << checkStageName(s.stage).leftJustified(8) << stageStatusName(s.status).leftJustified(10)
            << QString::number(s.seconds, 'f', 1).rightJustified(6) << " s  " << s.summary;
        if (!s.note.isEmpty())
            out << (s.summary.isEmpty() ? QString() : QStringLiteral(" — ")) << s.note;
        out << '\n';
    }
    for (const QString& why : r.notCheckedHere)
        out << "  not checked here: " << why << '\n';
    out << '\n';
    printFindings(out, r.findings);
}
} // namespace

int checkCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Lint, compile, run (correctness), bench and profile a task in one kwb.check/1 report. Later stages still\n"
        "run where they mean something (a candidate that does not compile is left out, the others go on); skipped\n"
        "stages say why. With --out DIR writes DIR/report.json, report.md and report.html (self-contained, with\n"
        "plots). Exit: 0 pass, 1 error findings, 2 bad input (or the task did not load), 3 environment or\n"
        "incomplete (a stage could not run here: no sandbox, no GPU for cuda code, a missing tool)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the kwb.check/1 document."));
    const QCommandLineOption outDir(QStringLiteral("out"),
        QStringLiteral("Write report.json, report.md, report.html here."), QStringLiteral("DIR"));
    const QCommandLineOption budget(QStringLiteral("budget"),
        QStringLiteral("Bench sampling seconds per implementation and case (default 0.5)."), QStringLiteral("S"));
    const QCommandLineOption trials(
        QStringLiteral("trials"), QStringLiteral("Correctness trials per case (default 3)."), QStringLiteral("N"));
    const QCommandLineOption rounds(
        QStringLiteral("rounds"), QStringLiteral("Bench alternation rounds (default 4)."), QStringLiteral("N"));
    const QCommandLineOption warmup(
        QStringLiteral("warmup"), QStringLiteral("Bench warm-up ms per round (default 25)."), QStringLiteral("MS"));
    const QCommandLineOption flush(QStringLiteral("flush-mib"),
        QStringLiteral("Bench cache-flush MiB (default 2x the last-level cache / L2; 0: none)."),
        QStringLiteral("MiB"));
    const QCommandLineOption impl(
        QStringLiteral("impl"), QStringLiteral("Check only this candidate (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption cases(
        QStringLiteral("cases"), QStringLiteral("Comma-separated case names."), QStringLiteral("a,b"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Pin every seed."), QStringLiteral("S"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
        QStringLiteral("Wall-clock limit per runner process in seconds (default 120)."), QStringLiteral("S"));
    const QCommandLineOption noProfile(QStringLiteral("no-profile"), QStringLiteral("Skip the profile stage."));
    const QCommandLineOption keep(
        QStringLiteral("keep"), QStringLiteral("Keep the work folders here."), QStringLiteral("DIR"));
    const QCommandLineOption noSandbox(
        QStringLiteral("no-sandbox"), QStringLiteral("Run without bubblewrap isolation."));
    const QCommandLineOption help(
        QStringList { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("Where compilers, runners and profilers run: local (default) or "
                       "ssh:HOST (see docs/remote.md)."),
        QStringLiteral("E"));
    p.addOptions({ executor, json, outDir, budget, trials, rounds, warmup, flush, impl, cases, seed, timeout, noProfile,
        keep, noSandbox, help });
    p.addPositionalArgument(QStringLiteral("TASK"), QStringLiteral("The task bundle folder."));
    if (const auto done = parseTaskCommand(p, args, io, QStringLiteral("check"), help))
        return *done;
    CheckRequest request;
    request.taskDir = p.positionalArguments().first();
    request.implIds = p.values(impl);
    if (p.isSet(cases))
        request.cases = p.value(cases).split(QLatin1Char(','), Qt::SkipEmptyParts);
    OptionValues values(p, io, QStringLiteral("check"));
    request.budgetS = values.number(budget, 0.001, 3600, request.budgetS);
    request.trials = static_cast<int>(values.number(trials, 1, 100, request.trials));
    request.rounds = static_cast<int>(values.number(rounds, 1, 100, request.rounds));
    request.warmupMs = values.number(warmup, 0, 60000, request.warmupMs);
    if (p.isSet(flush))
        request.flushBytes = static_cast<qint64>(values.number(flush, 0, 65536, 0) * 1024 * 1024);
    values.runnerOptions(request, &timeout, seed, noSandbox, keep);
    if (!values.ok())
        return ExitBadInput;
    request.profile = !p.isSet(noProfile);
    const auto where = taskExecutor(p, executor, io, QStringLiteral("check"));
    if (!where)
        return ExitBadInput;
    request.executor = *where;

    JobContext job;
    job.onProgress = [&](const JobProgress& pr) {
        io.err << "kwb check: [" << (pr.done + 1) << '/' << pr.total << ' ' << pr.phase << "] " << pr.text << '\n';
        io.err.flush();
    };
    auto result = runCheck(request, job);
    if (!result) {
        io.err << "kwb check: " << withFlags(result.error().oneLine()) << '\n';
        return exitFor(result.error());
    }
    if (p.isSet(outDir)) {
        if (auto w = writeCheckReports(*result, p.value(outDir)); !w) {
            io.err << "kwb check: " << withFlags(w.error().oneLine()) << '\n';
            return ExitEnvironment;
        }
        io.err << "kwb check: wrote " << QDir(p.value(outDir)).filePath(QStringLiteral("report.{json,md,html}"))
               << '\n';
    }
    if (p.isSet(json))
        io.out << QJsonDocument(checkReportJson(*result)).toJson(QJsonDocument::Indented);
    else
        printText(*result, io.out);
    if (!result->lint.loaded)
        return ExitBadInput;
    if (hasErrors(result->findings))
        return ExitFindings;
    // Nothing wrong was found, but not everything could be checked here (no GPU for cuda code, a missing tool).
    return checkVerdict(*result) == u"incomplete" ? ExitEnvironment : ExitOk;
}

} // namespace kwb::cli

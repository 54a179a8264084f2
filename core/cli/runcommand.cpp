// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/cli.h"
#include "core/cli/optionvalues.h"
#include "core/run/implverdict.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

namespace kwb::cli {
namespace {
void printText(const RunResult& r, QTextStream& out)
{
    out << "task " << r.task.id << " (" << r.digest.left(19) << "…)\n";
    for (const ImplRun& run : r.impls) {
        out << "  " << implRoleName(run.role).leftJustified(10) << ' ' << run.id.leftJustified(16) << ' '
            << withFlags(implVerdict(r, run).text).left(240) << '\n';
        for (const auto& c : r.judgements.value(run.id).cases) {
            const auto made = std::find_if(r.task.cases.begin(), r.task.cases.end(),
                [&](const Case& k) { return k.name == c.name && k.origin != CaseOrigin::Declared; });
            if (!generatedCaseNotCounted(r, c.name).isEmpty())
                continue; // a generated case the reference could not handle judges nobody
            for (const auto& t : c.trials) {
                for (const auto& o : t.outputs) {
                    out << "      " << (made != r.task.cases.end() ? QStringLiteral("(generated) ") : QString())
                        << c.name << "/t" << t.trial << ' ' << o.output << ": ";
                    if (!o.comparison)
                        out << "FAIL  no output to compare\n";
                    else
                        out << (o.pass ? "pass" : "FAIL") << "  max_abs " << o.maxAbs << "  max_rel " << o.maxRel
                            << "  mismatches " << o.mismatches << '\n';
                }
            }
        }
    }
    if (!r.generatedTrials.isEmpty() || !r.generationNotes.isEmpty()) {
        out << "  generated cases"
            << (r.generatedTrials.isEmpty() ? QString()
                                            : QStringLiteral(" (seed %1)").arg(r.generatedTrials.first().seed))
            << ":\n";
        for (const Case& c : r.task.cases) {
            if (c.origin == CaseOrigin::Declared)
                continue;
            const QString why = generatedCaseNotCounted(r, c.name);
            out << "      " << c.name.leftJustified(24) << ' '
                << (c.origin == CaseOrigin::Stress ? QStringLiteral("stress '%1' on '%2'").arg(c.stress, c.basedOn)
                                                   : QStringLiteral("%1 (from '%2')").arg(c.varied, c.basedOn))
                << (why.isEmpty() ? QString() : QStringLiteral("  — not counted: ") + why) << '\n';
        }
        for (const QString& n : r.generationNotes)
            out << "      " << n << '\n';
    }
    out << '\n';
    printFindings(out, r.findings);
    if (!r.workDir.isEmpty())
        out << "\nwork folder kept: " << r.workDir << '\n';
}
} // namespace

int runCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Run the reference and the candidates of a task on fresh inputs, sandboxed, and judge each candidate with the\n"
        "correctness protocol: two calls per trial on poisoned buffers, fresh seeds per trial, comparison with the\n"
        "reference under the task's tolerance. Prints a kwb.report/1 document with --json.\n"
        "Exit: 0 no error findings, 1 error findings, 2 bad input, 3 environment: no compiler or sandbox, or an\n"
        "implementation could not run here (a missing framework or GPU: it is \"not run\", never \"failed\")."));
    const QCommandLineOption impl(
        QStringLiteral("impl"), QStringLiteral("Judge only this candidate (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption cases(
        QStringLiteral("cases"), QStringLiteral("Comma-separated case names."), QStringLiteral("a,b"));
    const QCommandLineOption oneCase(QStringLiteral("case"),
        QStringLiteral("Run only this case (repeatable; with --seed S --trials 1, one trial of a run again)."),
        QStringLiteral("NAME"));
    const QCommandLineOption trials(QStringLiteral("trials"), QStringLiteral("Trials per case (default 3)."),
        QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption seed(QStringLiteral("seed"),
        QStringLiteral("Pin the trial seeds (S, S+1, …): the report's trial_seeds repeat a trial exactly."),
        QStringLiteral("S"));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
        QStringLiteral("Wall-clock limit per runner process in seconds (default 120)."), QStringLiteral("S"));
    const QCommandLineOption memory(QStringLiteral("memory"),
        QStringLiteral("Memory limit per runner process in MiB (default 8192)."), QStringLiteral("MiB"));
    const QCommandLineOption fileSize(QStringLiteral("file-size"),
        QStringLiteral("Largest file an implementation may write, in MiB (default %1): outputs are files.")
            .arg(RunLimits {}.fileSizeMiB),
        QStringLiteral("MiB"));
    const QCommandLineOption heldout(QStringLiteral("heldout"),
        QStringLiteral("Generated held-out sizes, one trial each (default 3; 0 disables)."), QStringLiteral("N"),
        QStringLiteral("3"));
    const QCommandLineOption noStress(
        QStringLiteral("no-stress"), QStringLiteral("Do not run the stress input patterns (see docs/running.md)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the kwb.report/1 document."));
    const QCommandLineOption keep(QStringLiteral("keep"),
        QStringLiteral("Keep the work folder (inputs, outputs, logs) here."), QStringLiteral("DIR"));
    const QCommandLineOption noSandbox(
        QStringLiteral("no-sandbox"), QStringLiteral("Run without bubblewrap isolation (limits still apply)."));
    const QCommandLineOption executor(QStringLiteral("executor"),
        QStringLiteral("Where runners run: local (default) or ssh:HOST (see docs/remote.md)."), QStringLiteral("E"));
    const QCommandLineOption tritonInterpret(QStringLiteral("triton-interpret"),
        QStringLiteral(
            "Run Triton code in Triton's interpreter even where a GPU is present (without one it always is)."));
    const QCommandLineOption help(
        QStringList { QStringLiteral("h"), QStringLiteral("help") }, QStringLiteral("Show this help."));
    p.addOptions({ impl, cases, oneCase, trials, heldout, noStress, seed, timeout, memory, fileSize, json, keep,
        noSandbox, executor, tritonInterpret, help });
    p.addPositionalArgument(QStringLiteral("TASK"), QStringLiteral("The task bundle folder."));
    if (const auto done = parseTaskCommand(p, args, io, QStringLiteral("run"), help))
        return *done;
    RunRequest request;
    request.taskDir = p.positionalArguments().first();
    request.implIds = p.values(impl);
    if (p.isSet(cases))
        request.cases = p.value(cases).split(QLatin1Char(','), Qt::SkipEmptyParts);
    request.cases << p.values(oneCase);
    OptionValues values(p, io, QStringLiteral("run"));
    request.trials = values.integer(trials, 1, 100, 3);
    request.heldOut = values.integer(heldout, 0, 64, 3);
    request.stress = !p.isSet(noStress);
    request.limits.memoryMiB = values.integer(memory, 16, 1 << 24, request.limits.memoryMiB);
    request.limits.fileSizeMiB = values.integer(fileSize, 1, 1 << 24, request.limits.fileSizeMiB);
    values.runnerOptions(request, &timeout, seed, noSandbox, keep);
    if (!values.ok())
        return ExitBadInput;
    request.tritonInterpret = p.isSet(tritonInterpret);
    const auto where = taskExecutor(p, executor, io, QStringLiteral("run"));
    if (!where)
        return ExitBadInput;
    request.executor = *where;

    auto result = runCorrectness(request, printingJob(io, QStringLiteral("kwb run")));
    if (!result) {
        io.err << withFlags(result.error().oneLine()) << '\n';
        return exitFor(result.error());
    }
    if (p.isSet(json))
        io.out << QJsonDocument(runReportJson(*result)).toJson(QJsonDocument::Indented);
    else
        printText(*result, io.out);
    if (hasErrors(result->findings))
        return ExitFindings;
    return anyNotRunHere(*result) ? ExitEnvironment : ExitOk;
}

} // namespace kwb::cli

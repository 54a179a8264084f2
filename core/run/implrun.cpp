#include "core/run/implrun.h"

#include "core/env/toolprobe.h"
#include "core/exec/runtocompletion.h"
#include "core/run/sshimplrun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

namespace kwb {

QString ImplRun::outputPath(const QString& label, const QString& output) const
{
    return QDir(workDir).filePath(callOutDir(label) + QLatin1Char('/') + output + QStringLiteral(".npy"));
}

namespace {
void readResult(ImplRun& run)
{
    QFile f(QDir(run.workDir).filePath(QStringLiteral("result.json")));
    if (!f.open(QIODevice::ReadOnly))
        return;
    const QJsonObject r = QJsonDocument::fromJson(f.readAll()).object();
    run.provenance = r.value(QStringLiteral("provenance")).toObject();
    run.provenance.insert(QStringLiteral("host"), r.value(QStringLiteral("host")));
    run.peakRssKiB = r.value(QStringLiteral("peak_rss_kib")).toVariant().toLongLong(nullptr);
    if (!r.contains(QStringLiteral("peak_rss_kib")))
        run.peakRssKiB = -1;
    for (const auto& v : r.value(QStringLiteral("calls")).toArray()) {
        const QJsonObject c = v.toObject();
        CallRecord rec { c.value(QStringLiteral("label")).toString(),
            c.value(QStringLiteral("status")).toString() == u"ok", c.value(QStringLiteral("error")).toString(),
            c.value(QStringLiteral("elapsed_ns")).toVariant().toLongLong(), {} };
        for (const auto& m : c.value(QStringLiteral("inputs_modified")).toArray())
            rec.inputsModified << m.toString();
        rec.dispatch = c.value(QStringLiteral("dispatch")).toObject();
        for (const auto& m : c.value(QStringLiteral("late_writes")).toArray())
            rec.lateWrites << m.toString();
        rec.threadsLeft = c.value(QStringLiteral("threads_left")).toInt();
        run.calls.insert(rec.label, rec);
    }
    if (r.value(QStringLiteral("status")).toString() != u"ok" && run.error.isEmpty())
        run.error = r.value(QStringLiteral("error")).toString();
}

Finding environmentFinding(const ImplRun& run, const QString& kind, const QString& what, const QString& message)
{
    Finding f;
    f.id = QStringLiteral("env.") + kind;
    f.severity = Severity::Warning;
    f.impl = run.id;
    f.message = QStringLiteral("%1 not run: %2").arg(run.id, message);
    f.evidence = QJsonObject { { QStringLiteral("kind"), kind }, { QStringLiteral("what"), what } };
    return f;
}

void markNotRun(ImplRun& run, const QString& kind, const QString& what, const QString& message)
{
    run.status = ImplStatus::NotRun;
    run.notRunReason = message;
    run.error = message;
    run.findings << environmentFinding(run, kind, what, message);
}

/// The runner's word that this machine lacks something (result.json `environment`). Believed when it was found
/// before any of the implementation's code ran ("setup"), or when this machine's own probe agrees — so an
/// implementation cannot turn its own failure into "not run" by printing or raising the right words.
bool acceptEnvironmentProblem(ImplRun& run, const Implementation& impl, bool local)
{
    QFile f(QDir(run.workDir).filePath(QStringLiteral("result.json")));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QJsonObject env
        = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("environment")).toObject();
    if (env.isEmpty())
        return false;
    const QString kind = env.value(QStringLiteral("kind")).toString();
    const QString what = env.value(QStringLiteral("what")).toString();
    bool believed = env.value(QStringLiteral("phase")).toString() == u"setup";
    if (!believed && local) {
        if (kind == u"missing-framework")
            believed = !what.isEmpty() && !runnerPythonHas(what);
        else if (kind == u"no-device") // only frameworks that can ask for a device; a numpy or C++ one cannot
            believed = !acceleratorPresent()
                && (impl.framework == u"torch" || impl.framework == u"triton" || impl.framework == u"jax");
        else if (kind == u"missing-tool") // a toolkit its build needs (nvcc for load_inline), indeed not here
            believed = !what.isEmpty() && QStandardPaths::findExecutable(what).isEmpty();
    }
    if (!believed || (kind != u"missing-framework" && kind != u"no-device" && kind != u"missing-tool"))
        return false;
    markNotRun(run, kind, what, env.value(QStringLiteral("message")).toString());
    return true;
}

void diagnoseFailure(ImplRun& run)
{
    FailureContext ctx;
    if (run.outcome) {
        ctx.exitCode = run.outcome->exitCode;
        if (run.outcome->signal)
            ctx.signal = run.outcome->signal;
        ctx.timedOut = run.outcome->status == RunStatus::TimedOut;
    }
    run.diagnosis = diagnose(run.log, ctx);
    Finding f = run.diagnosis->toFinding();
    // An implementation that did not finish produced no evidence of correctness: an error even when the log
    // matches no known failure class (`kwb diagnose` of a bare log keeps that a warning).
    f.severity = Severity::Error;
    f.impl = run.id;
    if (!run.error.isEmpty())
        f.message += QStringLiteral(": ") + run.error;
    run.findings << f;
}
} // namespace

ImplRun runImplementation(const Task& task, const Implementation& impl, const QString& role,
    const QList<TrialInputs>& trials, int repeats, const RunRequest& request, const QString& workRoot,
    const QString& inputsRoot, const JobContext& job)
{
    ImplRun run;
    run.id = impl.id;
    run.role = role;
    run.workDir = QDir(workRoot).filePath(impl.id);
    QDir().mkpath(run.workDir);
    if (request.executor.remote()) {
        runImplementationOverSsh(run, task, impl, trials, repeats, request, workRoot, inputsRoot, job);
        return run;
    }

    BuildOptions buildOptions;
    buildOptions.cancel = job.cancel;
    auto build = buildRunner(task, impl, buildOptions);
    if (!build) {
        if (build.error().isStopped()) {
            run.status = ImplStatus::Stopped;
            run.error = build.error().what;
            return run;
        }
        if (build.error().isEnvironment()) {
            markNotRun(run, QStringLiteral("missing-tool"), impl.backend, build.error().oneLine());
            return run;
        }
        run.status = ImplStatus::Failed;
        run.error = build.error().oneLine();
        run.log = run.error;
        diagnoseFailure(run);
        return run;
    }
    run.build = *build;
    run.log = build->log;
    if (!build->compiled) {
        run.status = ImplStatus::BuildFailed;
        run.error = QStringLiteral("the runner did not compile");
        diagnoseFailure(run);
        return run;
    }

    if (auto prepared = prepareRunFolder(task, impl, trials, repeats, run.workDir); !prepared) {
        run.status = ImplStatus::Failed;
        run.error = prepared.error().oneLine();
        return run;
    }
    // The runner compiled (a build error is the implementation's); without a device it cannot run here.
    if (impl.backend == u"cuda" && !acceleratorPresent()) {
        markNotRun(run, QStringLiteral("no-device"), QStringLiteral("gpu"),
            QStringLiteral("no GPU on this machine (no /dev/nvidiactl): the CUDA runner compiled but cannot run here; "
                           "run it on a GPU host (--executor ssh:HOST)"));
        return run;
    }

    ProcessSpec spec = runnerProcess(
        *build, QStringLiteral("plan.txt"), run.workDir, { inputsRoot }, request.limits, request.sandbox);
    if (request.tritonInterpret)
        spec.environment.insert(QStringLiteral("KWB_TRITON_INTERPRET"), QStringLiteral("1"));
    auto outcome = runToCompletion(spec, job.outputOf(impl.id), job.cancel);
    if (!outcome) {
        run.status = ImplStatus::Failed;
        run.error = outcome.error().oneLine();
        run.log += run.error;
        return run;
    }
    run.outcome = *outcome;
    if (outcome->status == RunStatus::Stopped) {
        run.status = ImplStatus::Stopped;
        run.error = QStringLiteral("stopped by the user");
        return run;
    }
    run.log += QString::fromUtf8(outcome->stdoutOutput.text()) + QString::fromUtf8(outcome->stderrOutput.text());
    judgeRunnerOutcome(run, *outcome, int(trials.size()) * repeats);
    // The classifier read "no device" or a driver mismatch in the log, and this machine indeed has no accelerator.
    const bool deviceMissing = impl.backend == u"cuda" && !run.ok() && run.diagnosis
        && findingOrigin(QStringLiteral("runtime.") + run.diagnosis->className()) == FindingOrigin::Environment
        && !acceleratorPresent();
    if (deviceMissing)
        markNotRun(run, QStringLiteral("no-device"), QStringLiteral("gpu"),
            QStringLiteral("no accelerator on this machine: %1").arg(run.diagnosis->toFinding().message));
    if (!run.ok() && (deviceMissing || acceptEnvironmentProblem(run, impl, true))) {
        // Its words are believed: the failure is the machine's, and the classifier's verdict is dropped.
        run.findings.erase(std::remove_if(run.findings.begin(), run.findings.end(),
                               [](const Finding& f) { return f.id.startsWith(QStringLiteral("runtime.")); }),
            run.findings.end());
        run.diagnosis.reset();
    }
    return run;
}

Status prepareRunFolder(
    const Task& task, const Implementation& impl, const QList<TrialInputs>& trials, int repeats, const QString& dir)
{
    auto plan = planText(task, impl, trials, repeats);
    if (!plan)
        return plan.error();
    QFile planFile(QDir(dir).filePath(QStringLiteral("plan.txt")));
    if (!planFile.open(QIODevice::WriteOnly) || planFile.write(*plan) != plan->size())
        return Error::environment(planFile.fileName(), {}, QStringLiteral("cannot write the plan"));
    planFile.close();
    for (const auto& t : trials) {
        for (int r = 0; r < repeats; ++r) {
            QString label = QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
            if (repeats > 1)
                label += QLatin1Char('/') + QChar(u'a' + r);
            QDir().mkpath(QDir(dir).filePath(callOutDir(label)));
        }
    }
    return Ok {};
}

void judgeRunnerOutcome(ImplRun& run, const RunOutcome& outcome, int expectedCalls)
{
    for (Finding f : outcome.findings) {
        f.impl = run.id;
        run.findings << f;
    }
    readResult(run);
    const bool allCalls = run.calls.size() == expectedCalls
        && std::all_of(run.calls.cbegin(), run.calls.cend(), [](const CallRecord& c) { return c.ok; });
    if (outcome.succeeded() && allCalls) {
        run.status = ImplStatus::Ok;
        return;
    }
    run.status = ImplStatus::Failed;
    if (run.error.isEmpty())
        run.error = outcome.detail;
    diagnoseFailure(run);
    // A limit the sandbox set explains the failure already: an "unclassified" diagnosis beside it is noise.
    if (outcome.hitLimit() && run.diagnosis && run.diagnosis->cls == FailureClass::Unknown) {
        run.findings.erase(std::remove_if(run.findings.begin(), run.findings.end(),
                               [](const Finding& f) { return f.id == u"runtime.unknown"; }),
            run.findings.end());
    }
}

void markNotRunAtReferenceLimit(ImplRun& run, const ImplRun& reference)
{
    const QString message = &run == &reference
        ? QStringLiteral("the reference failed at a sandbox limit (%1): the task does not fit these limits here "
                         "(raise --timeout, --memory or --file-size, or run it on a larger host)")
              .arg(reference.outcome->detail)
        : QStringLiteral("it failed at a sandbox limit, and so did the reference (%1): the task does not fit these "
                         "limits here")
              .arg(reference.outcome->detail);
    run.findings.erase(std::remove_if(run.findings.begin(), run.findings.end(),
                           [](const Finding& f) {
                               return f.id.startsWith(QStringLiteral("runtime.")) || f.id == u"sandbox.timeout"
                                   || f.id == u"sandbox.memory-limit" || f.id == u"sandbox.file-size-limit"
                                   || f.id == u"sandbox.process-limit";
                           }),
        run.findings.end());
    run.diagnosis.reset();
    markNotRun(run, QStringLiteral("limits"), runStatusName(reference.outcome->status), message);
}

} // namespace kwb

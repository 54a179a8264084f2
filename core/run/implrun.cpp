// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/implrun.h"

#include "core/env/toolprobe.h"
#include "core/exec/runtocompletion.h"
#include "core/run/dispatchevidence.h"
#include "core/run/sshimplrun.h"
#include "core/run/sshrunner.h"
#include "core/task/placement.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <memory>
#include <numeric>

namespace kwb {

QString ImplRun::callDir(const QString& label) const
{
    const qsizetype index = callLabels.indexOf(label);
    return QDir(workDir).filePath(callOutDir(index < 0 ? label : QStringLiteral("k%1").arg(index)));
}

QString ImplRun::outputPath(const QString& label, const QString& output) const
{
    return callDir(label) + QLatin1Char('/') + output + QStringLiteral(".npy");
}

namespace {
// Whether a header a build says it could not find is in this machine's system include folders (the CUDA toolkit's
// included): looked up here, out of the implementation's reach, before a missing library is believed.
bool systemHeaderExists(const QString& header)
{
    if (header.isEmpty() || header.contains(QStringLiteral("..")))
        return false;
    QStringList dirs { QStringLiteral("/usr/include"), QStringLiteral("/usr/local/include"),
        qEnvironmentVariable("CUDA_HOME", QStringLiteral("/usr/local/cuda")) + QStringLiteral("/include") };
    const QString nvcc = QStandardPaths::findExecutable(QStringLiteral("nvcc"));
    if (!nvcc.isEmpty())
        dirs << QFileInfo(QFileInfo(nvcc).canonicalFilePath()).dir().filePath(QStringLiteral("../include"));
    return std::any_of(
        dirs.begin(), dirs.end(), [&](const QString& d) { return QFileInfo::exists(d + u'/' + header); });
}

/// What a runner's markers said of its calls as each completed, over every process of a run.
struct RunnerMarks {
    QHash<QString, QByteArray> dispatchByLabel; ///< plan label (`k<n>`) -> the digest its `w` marker announced
    QSet<QString> written; ///< plan labels with a `w` marker
    QStringList tamper; ///< the guards' reports (`done tamper=`, `reach …`), without repeats

    void note(const QByteArray& marker)
    {
        if (auto w = parseWrittenMarker(marker); w && !w->label.isEmpty()) {
            written.insert(w->label);
            dispatchByLabel.insert(w->label, w->dispatchSha256);
        } else {
            noteGuardReport(marker, tamper);
        }
    }

    /// `sandbox.harness-tampered` for a call whose dispatch record is not the one it left (when the runner announced
    /// its calls: a runner that marks none, the C++ one, records no dispatch either), and for the implementation's own
    /// code reaching into the runner's frames or objects. Each call's dispatch record becomes the one it left, where
    /// its file is intact.
    Findings doubts(ImplRun& run, qsizetype planned) const
    {
        QStringList why;
        for (int k = 0; k < planned && k < run.callLabels.size(); ++k) {
            const QString plan = QStringLiteral("k%1").arg(k);
            auto rec = run.calls.find(run.callLabels[k]);
            if (rec == run.calls.end() || !rec->ok || (!written.contains(plan) && rec->dispatch.isEmpty()))
                continue;
            QJsonObject taken;
            const QString problem = verifiedDispatch(
                rec->dispatch, dispatchByLabel.value(plan), QDir(run.workDir).filePath(callOutDir(plan)), &taken);
            if (!taken.isEmpty() || problem.isEmpty())
                rec->dispatch = taken; // the record as the call left it, whatever result.json says
            if (!problem.isEmpty())
                why << QStringLiteral("call %1: %2").arg(run.callLabels[k], problem);
        }
        const QStringList reached = reachedIntoRunner(tamper);
        Findings out;
        const auto tampered = [&](const QString& message, const char* key, const QStringList& what) {
            Finding f;
            f.id = QStringLiteral("sandbox.harness-tampered");
            f.severity = Severity::Error;
            f.impl = run.id;
            f.message = message;
            f.evidence = { { QLatin1StringView(key), QJsonArray::fromStringList(what) } };
            out << f;
        };
        if (!reached.isEmpty())
            tampered(QStringLiteral("the implementation's own code reached into the runner's state (%1): nothing a "
                                    "kernel needs; what the runner recorded of its calls cannot be trusted")
                         .arg(reached.join(QStringLiteral(", "))),
                "reached", reached);
        if (!why.isEmpty())
            tampered(QStringLiteral("the record of what %1 call(s) dispatched is not the one each left when it "
                                    "completed (%2): its record cannot be trusted")
                         .arg(why.size())
                         .arg(why.mid(0, 3).join(QStringLiteral("; "))),
                "calls", why);
        return out;
    }
};

void readResult(ImplRun& run, const QString& file = QStringLiteral("result.json"))
{
    QFile f(QDir(run.workDir).filePath(file));
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
        // The runner saw `k<index>`; the workbench's label is the plan's entry at that index.
        const QString planLabel = c.value(QStringLiteral("label")).toString();
        bool isIndex = false;
        const int index = planLabel.mid(1).toInt(&isIndex);
        const QString label = planLabel.startsWith(u'k') && isIndex && index >= 0 && index < run.callLabels.size()
            ? run.callLabels[index]
            : planLabel;
        CallRecord rec { label, c.value(QStringLiteral("status")).toString() == u"ok",
            c.value(QStringLiteral("error")).toString(), c.value(QStringLiteral("elapsed_ns")).toVariant().toLongLong(),
            {} };
        for (const auto& m : c.value(QStringLiteral("inputs_modified")).toArray())
            rec.inputsModified << m.toString();
        rec.dispatch = c.value(QStringLiteral("dispatch")).toObject();
        rec.unrecorded = c.value(QStringLiteral("unrecorded")).toString();
        for (const auto& m : c.value(QStringLiteral("late_writes")).toArray())
            rec.lateWrites << m.toString();
        rec.threadsLeft = c.value(QStringLiteral("threads_left")).toInt();
        run.calls.insert(rec.label, rec);
    }
    if (r.value(QStringLiteral("status")).toString() != u"ok" && run.error.isEmpty())
        run.error = r.value(QStringLiteral("error")).toString();
}

void markNotRun(ImplRun& run, const QString& kind, const QString& what, const QString& message)
{
    run.status = ImplStatus::NotRun;
    run.notRunReason = message;
    run.error = message;
    run.findings << environmentFinding(run.id, kind, what, message);
}

/// The runner's word believed (believedEnvironmentProblem) makes the run "not run"; a runner whose own setup did
/// not fit the limits leaves no limit finding against the implementation.
bool acceptEnvironmentProblem(ImplRun& run, const Implementation& impl, bool local)
{
    const auto env = believedEnvironmentProblem(run.workDir, impl, local, run.implementationCodeRan);
    if (!env)
        return false;
    markNotRun(run, env->kind, env->what, env->message);
    if (env->kind == u"limits")
        run.findings.erase(std::remove_if(run.findings.begin(), run.findings.end(),
                               [](const Finding& f) { return isLimitFinding(f.id); }),
            run.findings.end());
    return true;
}

// Each runner process's output (and the runner's build log) beside its result-N.json, so a kept work folder
// (--keep) holds what the diagnosis read — an empty file when the process printed nothing (it died silently).
void keepLog(const QString& workDir, const QString& name, const QString& text)
{
    if (workDir.isEmpty())
        return;
    QFile f(QDir(workDir).filePath(name));
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(text.toUtf8());
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

bool runsInterpreted(const Implementation& impl, const RunRequest& request)
{
    const bool device = request.executor.remote() || acceleratorPresent(); // a remote host is taken to have one
    return runsAs(impl, device, request.tritonInterpret) == RunsAs::Interpreted;
}

ImplRun runImplementation(const Task& task, const Implementation& impl, ImplRole role, const QList<TrialInputs>& trials,
    int repeats, const RunRequest& request, const QString& workRoot, const QString& inputsRoot, const JobContext& job)
{
    return runImplementationGroups(
        task, impl, role, { CallGroup { trials, repeats } }, request, workRoot, inputsRoot, job)
        .first();
}

namespace {
/// Most fresh processes a run starts after a call that ended its runner (each reloads the framework).
constexpr int kMaxResumes = 3;

/// One runner process of a run: the plan indices it was given and how it ended.
struct ProcessRun {
    QList<int> indices;
    RunOutcome outcome;
    QString resultFile;
};

/// The runner's markers are its protocol with the workbench, not output for people: they are left out of the
/// console and the log the classifier reads.
OutputCallback withoutMarkers(OutputCallback out)
{
    if (!out)
        return out;
    return [out, pending = std::make_shared<QByteArray>()](OutputChannel channel, const QByteArray& bytes) {
        if (channel != OutputChannel::Stderr) {
            out(channel, bytes);
            return;
        }
        *pending += bytes;
        QByteArray keep;
        for (qsizetype nl; (nl = pending->indexOf('\n')) >= 0;) {
            const QByteArray line = pending->left(nl + 1);
            pending->remove(0, nl + 1);
            if (!line.startsWith("kwb-mark ") && line != "\n")
                keep += line;
        }
        if (!keep.isEmpty())
            out(channel, keep);
    };
}

QString withoutMarkerLines(const QByteArray& text)
{
    QByteArray out;
    for (const QByteArray& line : text.split('\n')) {
        if (!line.startsWith("kwb-mark ") && !line.isEmpty())
            out += line + '\n';
    }
    return QString::fromUtf8(out);
}
} // namespace

namespace {
/// Builds (or finds cached) the runner of `impl` here; on failure `run` says why (stopped, not run for a missing
/// tool, failed, build failed, diagnosed) and nothing is returned.
std::optional<RunnerBuild> buildLocalRunner(
    ImplRun& run, const Task& task, const Implementation& impl, const JobContext& job)
{
    BuildOptions buildOptions;
    buildOptions.cancel = job.cancel;
    QElapsedTimer buildTime;
    buildTime.start();
    auto build = buildRunner(task, impl, buildOptions);
    run.buildMs = buildTime.elapsed();
    if (!build) {
        if (build.error().isStopped()) {
            run.status = ImplStatus::Stopped;
            run.error = build.error().what;
        } else if (build.error().isEnvironment()) {
            markNotRun(run, environmentKind(build.error()), impl.backend, build.error().oneLine());
        } else {
            run.status = ImplStatus::Failed;
            run.error = build.error().oneLine();
            run.log = run.error;
            diagnoseFailure(run);
        }
        return std::nullopt;
    }
    run.build = *build;
    run.log = build->log;
    keepLog(run.workDir, QStringLiteral("build.log"), build->log);
    if (!build->archsNotBuilt.isEmpty())
        run.findings << toolkitArchFinding(run.id, build->archsNotBuilt, build->archsNotBuiltWhy);
    if (!build->compiled) {
        run.status = ImplStatus::BuildFailed;
        run.error = QStringLiteral("the runner did not compile");
        diagnoseFailure(run);
        return std::nullopt;
    }
    return *build;
}

/// The plan in `run.workDir` (plan.txt, the calls' output folders) run by one runner process on the request's SSH
/// host: sources and inputs copied there, built there (cached by content hash), its output streamed (without the
/// workbench's markers), Stop reaching the remote process group, the results copied back into `run.workDir`.
SshRunnerEnd runPlanOverSsh(const ImplRun& run, const Task& task, const Implementation& impl, const RunRequest& request,
    const QString& inputsRoot, const JobContext& job)
{
    SshRunnerJob remote = sshRunnerJob(request, run.workDir, impl.id, inputsRoot, job.cancel);
    if (const OutputCallback console = withoutMarkers(job.outputOf(impl.id)))
        remote.output = console;
    return runRunnerOverSsh(task, impl, remote);
}
} // namespace

QList<ImplRun> runImplementationGroups(const Task& task, const Implementation& impl, ImplRole role,
    const QList<CallGroup>& groups, const RunRequest& request, const QString& workRoot, const QString& inputsRoot,
    const JobContext& job, const CallDone& callDone)
{
    ImplRun run;
    run.id = impl.id;
    run.role = role;
    run.workDir = QDir(workRoot).filePath(impl.id);
    QDir().mkpath(run.workDir);
    const auto same = [&](const ImplRun& r) { return QList<ImplRun>(groups.size(), r); };
    // On an SSH host the runner is built there, in its first run (cached there by content hash); everything else —
    // the one shuffled plan, the views per group, the environment's judgement — is the same as here.
    const bool remote = request.executor.remote();
    std::optional<RunnerBuild> build;
    if (!remote) {
        build = buildLocalRunner(run, task, impl, job);
        if (!build)
            return same(run);
    }

    // Every group's calls in one plan, in an order of their own: the runner cannot tell a declared case from a
    // generated one by its place, its label, its folder or its process — here and on a remote host alike.
    QStringList labels;
    QList<int> groupOf;
    for (int g = 0; g < groups.size(); ++g) {
        const QList<PlanCall> calls = trialCalls(groups[g].trials, groups[g].repeats, &labels, groups[g].lettered);
        for (qsizetype k = 0; k < calls.size(); ++k)
            groupOf << g;
    }
    QList<TrialInputs> flat; // one entry per call, in the plan's order
    for (const CallGroup& g : groups) {
        for (const TrialInputs& t : g.trials) {
            for (int r = 0; r < g.repeats; ++r)
                flat << t;
        }
    }
    QList<int> order(labels.size());
    std::iota(order.begin(), order.end(), 0);
    if (groups.size() > 1) {
        QRandomGenerator shuffle = request.seed ? QRandomGenerator(quint32(*request.seed ^ (*request.seed >> 32)))
                                                : QRandomGenerator::securelySeeded();
        std::shuffle(order.begin(), order.end(), shuffle);
    }
    QList<PlanCall> planCalls;
    for (int k = 0; k < order.size(); ++k) {
        run.callLabels << labels[order[k]];
        const QString dir = flat[order[k]].dir; // a remote runner reads its inputs relative to its own folder
        planCalls << PlanCall { QStringLiteral("k%1").arg(k), remote ? remoteInputsDir(inputsRoot, dir) : dir,
            flat[order[k]].caseName };
    }
    const qint64 flushBytes = planFlushBytes(impl, remote);
    for (const PlanCall& c : planCalls)
        QDir().mkpath(QDir(run.workDir).filePath(callOutDir(c.label)));
    // The runner compiled (a build error is the implementation's); without a device it cannot run here.
    if (!remote && placementOf(impl) == Placement::Gpu && !acceleratorPresent()) {
        markNotRun(run, QStringLiteral("no-device"), QStringLiteral("gpu"),
            QStringLiteral("no GPU on this machine (no /dev/nvidiactl): the CUDA runner compiled but cannot run here; "
                           "run it on a GPU host (an SSH executor)"));
        return same(run);
    }

    // The runner stops at a call that fails; the calls after it run in a fresh process (a few times at most), so
    // a failure on one input costs the others nothing.
    QList<ProcessRun> processes;
    QList<int> pending(planCalls.size());
    std::iota(pending.begin(), pending.end(), 0);
    QElapsedTimer wall;
    wall.start();
    // The first call's start marker says when the runner was ready: its start-up (interpreter, framework import).
    auto firstCall = std::make_shared<qint64>(-1);
    const OutputCallback console = withoutMarkers(job.outputOf(impl.id));
    auto pendingErr = std::make_shared<QByteArray>();
    const QStringList planLabels = run.callLabels;
    const QString workDir = run.workDir;
    // What the runner's markers said as each call completed (read as they arrive: out of the implementation's reach
    // from then on): the digest of each call's dispatch record, and what its guard saw.
    auto marks = std::make_shared<RunnerMarks>();
    const OutputCallback output = [=, &wall](OutputChannel channel, const QByteArray& bytes) {
        if (*firstCall < 0 && channel == OutputChannel::Stderr && bytes.contains("kwb-mark s "))
            *firstCall = wall.elapsed();
        if (channel == OutputChannel::Stderr) {
            *pendingErr += bytes;
            for (qsizetype nl; (nl = pendingErr->indexOf('\n')) >= 0;) {
                const QByteArray line = pendingErr->left(nl);
                pendingErr->remove(0, nl + 1);
                if (line.startsWith("kwb-mark ")) {
                    marks->note(line.mid(9));
                    continue;
                }
                // "kwb-runner: kN: ok": call N finished, its outputs written.
                if (!callDone || !line.startsWith("kwb-runner: k") || !line.endsWith(": ok"))
                    continue;
                bool isIndex = false;
                const int k = line.mid(13, line.size() - 13 - 4).toInt(&isIndex);
                if (isIndex && k >= 0 && k < planLabels.size())
                    callDone(planLabels[k], QDir(workDir).filePath(callOutDir(QStringLiteral("k%1").arg(k))));
            }
        }
        if (console)
            console(channel, bytes);
    };
    while (!pending.isEmpty() && processes.size() <= kMaxResumes) {
        QList<PlanCall> part;
        for (int i : pending)
            part << planCalls[i];
        auto plan = planText(task, impl, part, flushBytes);
        if (!plan) {
            run.status = ImplStatus::Failed;
            run.error = plan.error().oneLine();
            return same(run);
        }
        QFile planFile(QDir(run.workDir).filePath(QStringLiteral("plan.txt")));
        if (!planFile.open(QIODevice::WriteOnly) || planFile.write(*plan) != plan->size()) {
            run.status = ImplStatus::Failed;
            run.error = planFile.fileName() + QStringLiteral(": cannot write the plan");
            return same(run);
        }
        planFile.close();
        if (remote) { // one process on the host: a call that fails ends the run there (no fresh process)
            const SshRunnerEnd end = runPlanOverSsh(run, task, impl, request, inputsRoot, job);
            run.build = end.build;
            run.findings << end.findings;
            if (end.status != ImplStatus::Ok || !end.outcome) {
                run.status
                    = end.status == ImplStatus::Lost || end.status == ImplStatus::Ok ? ImplStatus::Failed : end.status;
                run.error = end.error;
                if (run.status == ImplStatus::NotRun)
                    run.notRunReason = end.error; // the host's toolkit cannot build for the task's target
                run.log += end.log;
                keepLog(run.workDir, QStringLiteral("log-0.txt"), end.log);
                if (run.status == ImplStatus::BuildFailed)
                    diagnoseFailure(run);
                return same(run);
            }
            if (!end.build.archsNotBuilt.isEmpty())
                run.findings << toolkitArchFinding(run.id, end.build.archsNotBuilt, end.build.archsNotBuiltWhy);
            run.implementationCodeRan = implementationCodeRan(*end.outcome);
            ProcessRun p { pending, *end.outcome, QStringLiteral("result-0.json") };
            QFile::remove(QDir(run.workDir).filePath(p.resultFile));
            QFile::rename(
                QDir(run.workDir).filePath(QStringLiteral("result.json")), QDir(run.workDir).filePath(p.resultFile));
            run.log += end.log;
            keepLog(run.workDir, QStringLiteral("log-0.txt"), end.log);
            readResult(run, p.resultFile);
            for (auto it = end.provenance.constBegin(); it != end.provenance.constEnd(); ++it)
                run.provenance.insert(it.key(), it.value()); // the executor's word on where and how it ran
            processes << p;
            break;
        }
        ProcessSpec spec = runnerProcess(
            *build, QStringLiteral("plan.txt"), run.workDir, { inputsRoot }, request.limits, request.sandbox);
        if (request.tritonInterpret)
            spec.environment.insert(QStringLiteral("KWB_TRITON_INTERPRET"), QStringLiteral("1"));
        auto outcome = runToCompletion(spec, output, job.cancel);
        if (!outcome) {
            run.status = ImplStatus::Failed;
            run.error = outcome.error().oneLine();
            run.log += run.error;
            return same(run);
        }
        if (outcome->status == RunStatus::Stopped) {
            run.outcome = *outcome;
            run.status = ImplStatus::Stopped;
            run.error = QStringLiteral("stopped by the user");
            return same(run);
        }
        ProcessRun p { pending, *outcome, QStringLiteral("result-%1.json").arg(processes.size()) };
        QFile::remove(QDir(run.workDir).filePath(p.resultFile));
        QFile::rename(
            QDir(run.workDir).filePath(QStringLiteral("result.json")), QDir(run.workDir).filePath(p.resultFile));
        run.implementationCodeRan = run.implementationCodeRan || implementationCodeRan(*outcome);
        const QString processLog
            = withoutMarkerLines(outcome->stdoutOutput.text()) + withoutMarkerLines(outcome->stderrOutput.text());
        run.log += processLog;
        keepLog(run.workDir, QStringLiteral("log-%1.txt").arg(processes.size()), processLog);
        const qsizetype before = run.calls.size();
        readResult(run, p.resultFile);
        processes << p;
        // What is left: the calls after the one that ended this process (a call that failed has its record; one
        // that crashed the runner has none) — never that call itself.
        if (run.calls.size() == before)
            break; // no call ran at all: the runner itself is broken, and a fresh one would be too
        QList<int> next;
        bool stopped = false;
        for (int i : pending) {
            const auto rec = run.calls.constFind(run.callLabels[i]);
            if (rec != run.calls.cend())
                stopped = stopped || !rec->ok;
            else if (!stopped)
                stopped = true;
            else
                next << i;
        }
        pending = next;
    }
    if (!remote) // over SSH nobody reads the markers as they come: result.json's word, as before
        run.findings << marks->doubts(run, planCalls.size());
    run.wallMs = wall.elapsed();
    run.startupMs = *firstCall;
    run.processes = int(processes.size());

    // One view per group: its calls, and the outcome of the process in which its first failure happened.
    QList<ImplRun> views;
    for (int g = 0; g < groups.size(); ++g) {
        ImplRun view = run;
        view.calls.clear();
        int expected = 0;
        const ProcessRun* failedIn = nullptr;
        for (int k = 0; k < order.size(); ++k) {
            if (groupOf[order[k]] != g)
                continue;
            ++expected;
            const QString& label = run.callLabels[k];
            if (run.calls.contains(label))
                view.calls.insert(label, run.calls[label]);
            if (failedIn || (run.calls.contains(label) && run.calls[label].ok))
                continue;
            for (const ProcessRun& p : processes) {
                if (p.indices.contains(k))
                    failedIn = &p; // the last process that was given the call
            }
        }
        const RunOutcome& outcome = failedIn ? failedIn->outcome : processes.last().outcome;
        view.outcome = outcome;
        for (const ProcessRun& p : processes) // the kernel's accounting, not the runner's own word
            view.peakRssKiB = std::max(view.peakRssKiB, p.outcome.peakResidentKiB);
        if (!failedIn) {
            view.error.clear();
            view.status = ImplStatus::Ok;
            if (g == 0) // the process's own notes and findings (limits it could not enforce): once
                for (Finding f : outcome.findings) {
                    f.impl = run.id;
                    view.findings << f;
                }
        } else {
            judgeCalls(view, outcome, expected);
        }
        views << view;
    }
    for (ImplRun& view : views)
        judgeEnvironmentFault(view, impl, remote);
    return views;
}

Result<QStringList> prepareRunFolder(const Task& task, const Implementation& impl, const QList<TrialInputs>& trials,
    int repeats, const QString& dir, qint64 flushBytes)
{
    QStringList labels;
    const QList<PlanCall> calls = trialCalls(trials, repeats, &labels);
    auto plan = planText(task, impl, calls, flushBytes);
    if (!plan)
        return plan.error();
    QFile planFile(QDir(dir).filePath(QStringLiteral("plan.txt")));
    if (!planFile.open(QIODevice::WriteOnly) || planFile.write(*plan) != plan->size())
        return Error::environment(planFile.fileName(), {}, QStringLiteral("cannot write the plan"));
    planFile.close();
    for (const PlanCall& call : calls)
        QDir().mkpath(QDir(dir).filePath(callOutDir(call.label)));
    return labels;
}

bool implementationCodeRan(const RunOutcome& outcome)
{
    return outcome.stderrOutput.text().contains("kwb-mark impl");
}

std::optional<RunnerEnvironmentProblem> believedEnvironmentProblem(
    const QString& workDir, const Implementation& impl, bool local, bool implementationCodeRan)
{
    QJsonObject env; // from whichever of the run's processes (result.json, result-N.json) met the problem
    for (const QString& name : QDir(workDir).entryList({ QStringLiteral("result*.json") }, QDir::Files)) {
        QFile f(QDir(workDir).filePath(name));
        if (f.open(QIODevice::ReadOnly) && env.isEmpty())
            env = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("environment")).toObject();
    }
    if (env.isEmpty())
        return std::nullopt;
    const QString kind = env.value(QStringLiteral("kind")).toString();
    const QString what = env.value(QStringLiteral("what")).toString();
    bool believed = env.value(QStringLiteral("phase")).toString() == u"setup" && !implementationCodeRan;
    if (!believed && local) {
        if (kind == u"missing-framework")
            believed = !what.isEmpty() && !runnerPythonHas(what);
        else if (kind == u"no-device") // only frameworks that can ask for a device; a numpy or C++ one cannot
            believed = !acceleratorPresent()
                && (impl.framework == u"torch" || impl.framework == u"triton" || impl.framework == u"jax");
        else if (kind == u"missing-tool" && env.contains(QStringLiteral("header"))) // a GPU library's header
            believed = !systemHeaderExists(env.value(QStringLiteral("header")).toString());
        else if (kind == u"missing-tool") // a toolkit its build needs (nvcc for load_inline), indeed not here
            believed = !what.isEmpty() && QStandardPaths::findExecutable(what).isEmpty();
    }
    // "limits": the runner's own setup (loading the framework, its cache-flush buffer) did not fit the sandbox's
    // limits — said only before any of the implementation's code ran, so only at setup.
    if (!believed
        || (kind != u"missing-framework" && kind != u"no-device" && kind != u"missing-tool" && kind != u"limits"))
        return std::nullopt;
    return RunnerEnvironmentProblem { kind, what, env.value(QStringLiteral("message")).toString() };
}

Finding environmentFinding(const QString& impl, const QString& kind, const QString& what, const QString& message)
{
    Finding f;
    f.id = QStringLiteral("env.") + kind;
    f.severity = Severity::Warning;
    f.impl = impl;
    f.message = QStringLiteral("%1 not run: %2").arg(impl, message);
    f.evidence = QJsonObject { { QStringLiteral("kind"), kind }, { QStringLiteral("what"), what } };
    return f;
}

Finding toolkitArchFinding(const QString& impl, const QStringList& notBuilt, const QString& why)
{
    Finding f;
    f.id = QStringLiteral("env.toolkit-arch");
    f.severity = Severity::Warning;
    f.impl = impl;
    f.message = QStringLiteral("%1 built without %2: %3").arg(impl, notBuilt.join(QStringLiteral(", ")), why);
    f.evidence = QJsonObject { { QStringLiteral("kind"), QStringLiteral("toolkit-arch") },
        { QStringLiteral("what"), QStringLiteral("nvcc") },
        { QStringLiteral("archs"), QJsonArray::fromStringList(notBuilt) } };
    return f;
}

QString environmentKind(const Error& error)
{
    return error.findingId.startsWith(u"env.") ? error.findingId.mid(4) : QStringLiteral("missing-tool");
}

bool isLimitFinding(QStringView findingId)
{
    return findingId == u"sandbox.timeout" || findingId == u"sandbox.memory-limit"
        || findingId == u"sandbox.file-size-limit" || findingId == u"sandbox.process-limit";
}

bool deviceMissingHere(const Implementation& impl, const QString& diagnosedFindingId, bool remote)
{
    return !remote && placementOf(impl) == Placement::Gpu
        && findingOrigin(diagnosedFindingId) == FindingOrigin::Environment && !acceleratorPresent();
}

bool driverTooOldHere(const Implementation& impl, const QString& diagnosedFindingId, bool remote)
{
    return !remote && placementOf(impl) == Placement::Gpu && diagnosedFindingId == u"runtime.driver_runtime_mismatch"
        && cudaToolkitNewerThanDriverHere();
}

void judgeEnvironmentFault(ImplRun& run, const Implementation& impl, bool remote)
{
    if (run.ok())
        return;
    const QString diagnosed = run.diagnosis ? QStringLiteral("runtime.") + run.diagnosis->className() : QString();
    const bool deviceMissing = run.diagnosis && deviceMissingHere(impl, diagnosed, remote);
    const bool driverTooOld = run.diagnosis && !deviceMissing && driverTooOldHere(impl, diagnosed, remote);
    if (deviceMissing)
        markNotRun(run, QStringLiteral("no-device"), QStringLiteral("gpu"),
            QStringLiteral("no accelerator on this machine: %1").arg(run.diagnosis->toFinding().message));
    if (driverTooOld)
        markNotRun(run, QStringLiteral("driver-mismatch"), QStringLiteral("nvidia driver"),
            QStringLiteral(
                "this machine's NVIDIA driver supports an older CUDA than its toolkit (nvidia-smi, nvcc): %1")
                .arg(run.diagnosis->toFinding().message));
    if (deviceMissing || driverTooOld || acceptEnvironmentProblem(run, impl, !remote)) {
        // Its words are believed: the failure is the machine's, and the classifier's verdict is dropped.
        run.findings.erase(std::remove_if(run.findings.begin(), run.findings.end(),
                               [](const Finding& f) { return f.id.startsWith(QStringLiteral("runtime.")); }),
            run.findings.end());
        run.diagnosis.reset();
    }
}

void judgeRunnerOutcome(ImplRun& run, const RunOutcome& outcome, int expectedCalls)
{
    readResult(run);
    judgeCalls(run, outcome, expectedCalls);
}

std::optional<Finding> lazyResultFinding(const QString& impl, const QString& error)
{
    static const QString kind = QStringLiteral("ResultNotMaterialised: ");
    const qsizetype at = error.indexOf(kind);
    if (at < 0)
        return std::nullopt;
    Finding f;
    f.id = QStringLiteral("correct.lazy-result");
    f.severity = Severity::Error;
    f.impl = impl;
    f.message = QStringLiteral("%1: %2").arg(impl, error.mid(at + kind.size()));
    return f;
}

void judgeCalls(ImplRun& run, const RunOutcome& outcome, int expectedCalls)
{
    for (Finding f : outcome.findings) {
        f.impl = run.id;
        run.findings << f;
    }
    // A result that is not a computed array is refused by the runner: said as what it is, not as a crash.
    for (const CallRecord& c : run.calls) {
        if (auto lazy = lazyResultFinding(run.id, c.error)) {
            run.status = ImplStatus::Failed;
            run.error = c.error;
            run.findings << *lazy;
            return;
        }
    }
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
                         "(raise the time, memory or file-size limit, or run it on a larger host)")
              .arg(reference.outcome->detail)
        : QStringLiteral("it failed at a sandbox limit, and so did the reference (%1): the task does not fit these "
                         "limits here")
              .arg(reference.outcome->detail);
    run.findings.erase(
        std::remove_if(run.findings.begin(), run.findings.end(),
            [](const Finding& f) { return f.id.startsWith(QStringLiteral("runtime.")) || isLimitFinding(f.id); }),
        run.findings.end());
    run.diagnosis.reset();
    markNotRun(run, QStringLiteral("limits"), runStatusName(reference.outcome->status), message);
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profileengine.h"
#include "core/exec/toolrun.h"
#include "core/executors/executorfactory.h"
#include "core/task/placement.h"
#include "core/task/selection.h"

#include "core/env/toolprobe.h"
#include "core/profile/profileremote.h"
#include "core/profile/profilerun.h"
#include "core/profile/profiletools.h"
#include "core/run/inputfolders.h"
#include "core/run/sshimplrun.h"
#include "core/task/taskloader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>

namespace kwb {
namespace {
QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Tools {
    QString ncu, sanitizer, perf;
    QString perfHardware; ///< why hardware counters are unavailable (empty: they work)
    bool gpu = false;
    std::optional<detail::RemoteProfilers> remote; ///< set when the profilers run on an SSH host
};

struct Context {
    const Task& task;
    const ProfileRequest& request;
    const JobContext& job;
    const Tools& tools;
    QString work;
    QString inputsRoot;
    ProfileResult& result;
    bool stopped() const { return job.cancelled(); }
    void say(const QString& step) const { job.progress(QStringLiteral("profile"), step); }
};

void profileDevice(Context& cx, const Implementation& impl, const RunnerBuild& build, const TrialInputs& trial,
    const TrialInputs& smallest, bool withSanitizers)
{
    if (!cx.tools.gpu)
        return;
    if (cx.request.ncu && !cx.tools.ncu.isEmpty() && !cx.stopped()) {
        cx.say(QStringLiteral("ncu: %1 on case %2").arg(impl.id, trial.caseName));
        cx.result.runs << detail::ncuRun(cx.task, impl, build, trial, cx.tools.ncu, cx.request,
            QDir(cx.work).filePath(impl.id + QStringLiteral("/ncu-") + trial.caseName), cx.inputsRoot, cx.job.cancel,
            cx.result.kernels);
    }
    if (!withSanitizers || !cx.request.sanitizer || cx.tools.sanitizer.isEmpty())
        return;
    for (const QString& tool : sanitizerTools()) {
        if (cx.stopped())
            return;
        cx.say(QStringLiteral("compute-sanitizer %1: %2 on case %3").arg(tool, impl.id, smallest.caseName));
        cx.result.runs << detail::sanitizerRun(cx.task, impl, build, smallest, tool, cx.tools.sanitizer, cx.request,
            QDir(cx.work).filePath(impl.id + QLatin1Char('/') + tool), cx.inputsRoot, cx.job.cancel,
            cx.result.findings);
    }
}

void profileHost(Context& cx, const Implementation& impl, const RunnerBuild& build, const TrialInputs& trial)
{
    if (!cx.request.perf || cx.tools.perf.isEmpty() || cx.stopped())
        return;
    cx.say(QStringLiteral("perf stat: %1 on case %2").arg(impl.id, trial.caseName));
    const QString dir = QDir(cx.work).filePath(impl.id + QStringLiteral("/perf-") + trial.caseName);
    auto w = detail::runWrapped(cx.task, impl, build, trial, QStringLiteral("perf"), cx.tools.perf, perfArguments(),
        cx.request, dir, cx.inputsRoot, cx.job.cancel);
    const QString path = QDir(dir).filePath(QStringLiteral("perf.txt"));
    const QString text = QString::fromUtf8(readAll(path));
    if (text.trimmed().isEmpty()) {
        if (w.run.note.isEmpty())
            w.run.note = QStringLiteral("perf wrote no counters: %1").arg(w.log.section(u'\n', -3).trimmed().left(200));
        w.run.status = QStringLiteral("failed");
    } else if (auto parsed = parsePerfStat(text, path)) {
        parsed->impl = impl.id;
        parsed->caseName = trial.caseName;
        cx.result.perf << *parsed;
    } else {
        w.run.status = QStringLiteral("failed");
        w.run.note = parsed.error().oneLine();
    }
    cx.result.runs << w.run;
}

Tools findTools(const ProfileRequest& request, const QList<Implementation>& impls, QStringList& missing)
{
    Tools t;
    t.gpu = nvidiaGpuPresent();
    const bool anyDevice = std::any_of(impls.cbegin(), impls.cend(), mayUseGpu);
    const bool anyHost = std::any_of(impls.cbegin(), impls.cend(), [](const auto& i) { return !mayUseGpu(i); });
    if (anyDevice && (request.ncu || request.sanitizer)) {
        t.ncu = request.ncu ? findNvidiaTool(QStringLiteral("ncu")) : QString();
        t.sanitizer = request.sanitizer ? findNvidiaTool(QStringLiteral("compute-sanitizer")) : QString();
        if (request.ncu && t.ncu.isEmpty())
            missing << QStringLiteral("ncu: not found on PATH, $CUDA_HOME/bin or /usr/local/cuda/bin (Nsight Compute; "
                                      "needed for kernel metrics and the measured roofline position)");
        if (request.sanitizer && t.sanitizer.isEmpty())
            missing << QStringLiteral("compute-sanitizer: not found on PATH, $CUDA_HOME/bin or /usr/local/cuda/bin "
                                      "(CUDA toolkit; needed for memcheck, racecheck, initcheck, synccheck)");
        if (!t.gpu)
            missing << QStringLiteral("GPU: no NVIDIA device node (/dev/nvidiactl, /dev/nvidia0) on this machine: ncu "
                                      "and compute-sanitizer need one to run the cuda implementations");
    }
    if (anyHost && request.perf) {
        t.perf = QStandardPaths::findExecutable(QStringLiteral("perf"));
        if (t.perf.isEmpty()) {
            missing << perfUnavailableReason();
        } else {
            t.perfHardware = perfUnavailableReason();
            if (!t.perfHardware.isEmpty())
                missing << t.perfHardware
                        + QStringLiteral(": only software counters (task-clock, page faults, "
                                         "context switches) are recorded");
        }
    }
    return t;
}

// findTools() for an SSH host: the same notes, naming the host.
Result<Tools> findRemoteTools(const ProfileRequest& request, const QList<Implementation>& impls, QStringList& missing)
{
    auto probe = detail::probeRemoteProfilers(request.executor);
    if (!probe)
        return probe.error();
    Tools t;
    t.remote = *probe;
    const QString& host = probe->host;
    t.gpu = probe->gpu;
    const bool anyDevice = std::any_of(impls.cbegin(), impls.cend(), mayUseGpu);
    const bool anyHost = std::any_of(impls.cbegin(), impls.cend(), [](const auto& i) { return !mayUseGpu(i); });
    if (anyDevice && (request.ncu || request.sanitizer)) {
        t.ncu = request.ncu ? probe->ncu : QString();
        t.sanitizer = request.sanitizer ? probe->sanitizer : QString();
        if (request.ncu && t.ncu.isEmpty())
            missing << QStringLiteral("ncu: not found on %1 (PATH, nvcc's folder, /usr/local/cuda/bin; Nsight Compute; "
                                      "needed for kernel metrics and the measured roofline position)")
                           .arg(host);
        if (request.sanitizer && t.sanitizer.isEmpty())
            missing << QStringLiteral("compute-sanitizer: not found on %1 (PATH, nvcc's folder, /usr/local/cuda/bin; "
                                      "CUDA toolkit; needed for memcheck, racecheck, initcheck, synccheck)")
                           .arg(host);
        if (!t.gpu)
            missing << QStringLiteral("GPU: no NVIDIA device node (/dev/nvidiactl, /dev/nvidia0) on %1: ncu and "
                                      "compute-sanitizer need one to run the cuda implementations")
                           .arg(host);
    }
    if (anyHost && request.perf) {
        t.perf = probe->perf;
        if (t.perf.isEmpty()) {
            missing << QStringLiteral("perf: not found on %1 (package linux-perf; needed for CPU counters)").arg(host);
        } else if (!probe->perfHardware.isEmpty()) {
            t.perfHardware = probe->perfHardware;
            missing << t.perfHardware
                    + QStringLiteral(
                        ": only software counters (task-clock, page faults, context switches) are recorded");
        }
    }
    return t;
}

QJsonObject provenance(const Tools& tools, const ProfileRequest& request, quint64 seed)
{
    // A host's versions come from its probe: its paths need not exist here.
    const auto version = [&](const QString& path, const QString& remoteVersion) {
        if (path.isEmpty())
            return QJsonValue(QJsonValue::Null);
        return tools.remote
            ? QJsonValue(remoteVersion)
            : QJsonValue(probeOutput(path, { QStringLiteral("--version") }).trimmed().section(u'\n', -1).trimmed());
    };
    const detail::RemoteProfilers r = tools.remote.value_or(detail::RemoteProfilers {});
    const QJsonObject toolsObj { { QStringLiteral("ncu"), version(tools.ncu, r.ncuVersion) },
        { QStringLiteral("compute-sanitizer"), version(tools.sanitizer, r.sanitizerVersion) },
        { QStringLiteral("perf"), version(tools.perf, r.perfVersion) } };
    QJsonObject p { { QStringLiteral("host"), QSysInfo::machineHostName() },
        { QStringLiteral("os"), QSysInfo::prettyProductName() },
        { QStringLiteral("kernel"), QSysInfo::kernelVersion() }, { QStringLiteral("tools"), toolsObj },
        { QStringLiteral("gpu_present"), tools.gpu }, { QStringLiteral("seed"), QString::number(seed) },
        { QStringLiteral("seed_pinned"), request.seed.has_value() },
        { QStringLiteral("clock_control"), QStringLiteral("none (clocks are never locked or changed)") },
        { QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) } };
    if (tools.remote) {
        p.insert(QStringLiteral("executor"), request.executor.name());
        p.insert(QStringLiteral("ssh_host"), tools.remote->host);
        p.insert(QStringLiteral("host"), tools.remote->machine.value(QStringLiteral("host")));
        p.insert(QStringLiteral("kernel"), tools.remote->machine.value(QStringLiteral("kernel")));
        p.remove(QStringLiteral("os"));
    }
    return p;
}
} // namespace

Result<ProfileResult> runProfile(const ProfileRequest& request, const JobContext& job)
{
    auto loaded = taskOf(request);
    if (!loaded)
        return loaded.error();
    const Task& task = loaded->task;
    ProfileResult result;
    result.taskId = task.id;
    auto selectedImpls = selectCandidates(task, request.implIds);
    if (!selectedImpls)
        return selectedImpls.error();
    const QList<Implementation> impls = *selectedImpls;
    auto selectedCases = selectCases(task, request.cases);
    if (!selectedCases)
        return selectedCases.error();
    QList<Case> cases = request.cases.isEmpty() ? QList<Case> {} : *selectedCases; // none named: the smallest
    if (task.cases.isEmpty())
        return Error { QStringLiteral("task.json"), QStringLiteral("/cases"), QStringLiteral("the task has no case") };
    const Case smallest = detail::smallestCase(task);
    if (cases.isEmpty())
        cases << smallest;
    const bool remote = request.executor.remote();
    if (request.sandbox) { // a host reports its own isolation with each run
        if (auto s = makeExecutor(request.executor)->requireSandbox(); !s)
            return s.error();
    }
    Tools tools;
    if (remote) {
        auto found = findRemoteTools(request, impls, result.missing);
        if (!found)
            return found.error();
        tools = *found;
    } else {
        tools = findTools(request, impls, result.missing);
    }
    const quint64 seed = request.seed ? *request.seed : QRandomGenerator::system()->generate64();
    result.provenance = provenance(tools, request, seed);

    QTemporaryDir temp(QDir::tempPath() + QStringLiteral("/kwb-profile-XXXXXX"));
    const QString work = request.keepDir.isEmpty() ? temp.path() : QDir(request.keepDir).absolutePath();
    if (work.isEmpty() || !QDir().mkpath(work))
        return Error::environment(request.keepDir, {}, QStringLiteral("cannot create the work folder"));
    const RemoteRunCleanup cleanup(request.executor, work); // on every way out: done, stopped, failed
    Context cx { task, request, job, tools, work, QDir(work).filePath(QStringLiteral("inputs")), result };
    // One trial per case, with its inputs; the smallest case is always written (the sanitizers use it).
    QMap<QString, TrialInputs> trials;
    QList<Case> needed = cases;
    if (!std::any_of(needed.cbegin(), needed.cend(), [&](const Case& c) { return c.name == smallest.name; }))
        needed << smallest;
    // Folders named as a run names them: a candidate that reads its case from a folder's name could tell a profiled
    // call (the sanitizers', the smallest case) from a benchmark's and behave only there.
    InputFolders folders(work);
    if (auto o = folders.open(); !o)
        return o.error();
    QList<std::pair<Case, TrialInputs>> toWrite;
    for (const Case& c : needed) {
        const TrialInputs t { c.name, 0, seed, folders.folder(c.name, 0) };
        toWrite.append({ c, t });
        trials.insert(c.name, t);
    }
    if (auto w = writeInputSets(task, toWrite); !w)
        return w.error();
    for (const Implementation& impl : impls) {
        if (cx.stopped())
            break;
        const bool device = mayUseGpu(impl);
        const bool wanted
            = device ? tools.gpu && (!tools.ncu.isEmpty() || !tools.sanitizer.isEmpty()) : !tools.perf.isEmpty();
        if (!wanted) {
            result.runs << ProfileToolRun { device ? QStringLiteral("ncu") : QStringLiteral("perf"), impl.id, {},
                QStringLiteral("skipped"),
                device ? QStringLiteral("no GPU profiler can run on %1 (see missing)")
                             .arg(remote ? tools.remote->host : QStringLiteral("this machine"))
                       : QStringLiteral("perf is not available (see missing)"),
                {} };
            continue;
        }
        cx.say(QStringLiteral("building %1").arg(impl.id));
        // On a host the runner is built there, with each wrapped run (cached by content hash).
        auto build = remote ? Result<RunnerBuild>(RunnerBuild { {}, {}, {}, {}, {}, true, false })
                            : buildRunner(task, impl, BuildOptions { .cancel = job.cancel });
        if (!build || !build->compiled) {
            result.runs << ProfileToolRun { device ? QStringLiteral("ncu") : QStringLiteral("perf"), impl.id, {},
                QStringLiteral("skipped"),
                build ? QStringLiteral("the runner did not compile") : build.error().oneLine(), {} };
            continue;
        }
        for (int i = 0; i < cases.size(); ++i) {
            // The sanitizers take the smallest case once, not once per requested case.
            if (device)
                profileDevice(cx, impl, *build, trials.value(cases[i].name), trials.value(smallest.name), i == 0);
            else
                profileHost(cx, impl, *build, trials.value(cases[i].name));
        }
    }
    return result;
}

} // namespace kwb

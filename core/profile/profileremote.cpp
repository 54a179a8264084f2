// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profileremote.h"

#include "core/exec/toolrun.h"
#include "core/executors/remotescript.h"
#include "core/executors/sshtransport.h"
#include "core/profile/perfstat.h"
#include "core/run/sshrunner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>

namespace kwb::detail {
namespace {
// Prints `KEY<TAB>VALUE` lines; a tool's version is the last line of `--version`, the perf probe's output is
// base64 so that its lines stay one value.
const char* const probeScript = R"sh(nvdir=$(dirname "$(command -v "$1" 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
PATH="$PATH:$nvdir:/usr/local/cuda/bin:/usr/local/cuda/compute-sanitizer"
for d in /opt/nvidia/nsight-compute/*; do [ -d "$d" ] && PATH="$PATH:$d"; done
for t in perf ncu compute-sanitizer; do
    p=$(command -v "$t" 2>/dev/null) || p=""
    printf 'path-%s\t%s\n' "$t" "$p"
    [ -n "$p" ] && printf 'version-%s\t%s\n' "$t" "$("$p" --version 2>&1 | grep -v '^\s*$' | tail -n 1)"
done
p=$(command -v perf 2>/dev/null) && printf 'perf-probe\t%s\n' "$("$p" stat -x, -e instructions true 2>&1 | base64 -w0)"
printf 'paranoid\t%s\n' "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)"
gpu=0
[ -e /dev/nvidiactl ] && ls /dev/nvidia[0-9]* >/dev/null 2>&1 && gpu=1
printf 'gpu\t%s\nhost\t%s\nos\t%s\n' "$gpu" "$(hostname)" "$(uname -sr)"
)sh";
} // namespace

Result<RemoteProfilers> probeRemoteProfilers(const ExecutorSpec& executor)
{
    const QString host = executor.host;
    auto settings = hostSettings(host);
    if (!settings)
        return settings.error();
    SshTransport ssh(*settings);
    LiveOptions opt;
    opt.timeoutMs = (settings->connectTimeoutS + 60) * 1000;
    const LiveRun ran = ssh.run(remoteEnvironment(*settings)
            << QStringLiteral("sh") << QStringLiteral("-c") << QString::fromLatin1(probeScript)
            << QStringLiteral("probe") << settings->nvcc,
        opt);
    if (!ran.ok())
        return Error::environment(executor.name(), {}, ssh.describe(ran, QStringLiteral("looking for the profilers")));
    QMap<QString, QString> v;
    for (const QString& line : QString::fromUtf8(ran.out).split(u'\n', Qt::SkipEmptyParts))
        v.insert(line.section(u'\t', 0, 0), line.section(u'\t', 1));
    RemoteProfilers r;
    r.host = host;
    r.perf = v.value(QStringLiteral("path-perf"));
    r.ncu = v.value(QStringLiteral("path-ncu"));
    r.sanitizer = v.value(QStringLiteral("path-compute-sanitizer"));
    r.perfVersion = v.value(QStringLiteral("version-perf"));
    r.ncuVersion = v.value(QStringLiteral("version-ncu"));
    r.sanitizerVersion = v.value(QStringLiteral("version-compute-sanitizer"));
    r.gpu = v.value(QStringLiteral("gpu")) == u"1";
    if (!r.perf.isEmpty())
        r.perfHardware = perfProbeVerdict(
            QString::fromUtf8(QByteArray::fromBase64(v.value(QStringLiteral("perf-probe")).toLatin1())),
            v.value(QStringLiteral("paranoid")), host);
    r.machine = QJsonObject { { QStringLiteral("host"), v.value(QStringLiteral("host")) },
        { QStringLiteral("kernel"), v.value(QStringLiteral("os")) } };
    return r;
}

WrappedRun runWrappedOverSsh(const Task& task, const Implementation& impl, const TrialInputs& trial,
    const QString& tool, const QString& toolPath, const QStringList& toolArgs, const ProfileRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel)
{
    WrappedRun w;
    w.run.tool = tool;
    w.run.impl = impl.id;
    w.run.caseName = trial.caseName;
    w.run.status = QStringLiteral("failed");
    // The runner reads its inputs relative to its own folder: <run>/<name>/../inputs/….
    TrialInputs remoteTrial = trial;
    remoteTrial.dir = remoteInputsDir(inputsRoot, trial.dir);
    QDir().mkpath(workDir);
    if (auto prepared = prepareRunFolder(task, impl, { remoteTrial }, 1, workDir, planFlushBytes(impl, true));
        !prepared) {
        w.run.note = prepared.error().oneLine();
        return w;
    }
    // One path component on the host: <impl>-<tool>-<case>.
    SshRunnerJob job = sshRunnerJob(request, workDir,
        QDir(QFileInfo(workDir).absolutePath()).dirName() + u'-' + QFileInfo(workDir).fileName(), inputsRoot, cancel);
    // Instrumented runs are 10-100x slower than plain ones.
    if (job.limits.timeoutMs > 0 && tool != u"perf")
        job.limits.timeoutMs *= 4;
    job.wrapper = QStringList { toolPath } + toolArgs;
    w.run.command = request.executor.name() + QStringLiteral(": ")
        + shellCommand(toolPath, toolArgs + QStringList { QStringLiteral("RUNNER"), QStringLiteral("plan.txt") });
    const SshRunnerEnd end = runRunnerOverSsh(task, impl, job);
    w.log = end.log;
    if (end.status == ImplStatus::Stopped) {
        w.run.status = QStringLiteral("skipped");
        w.run.note = QStringLiteral("stopped by the user");
        return w;
    }
    if (end.status != ImplStatus::Ok || !end.outcome) {
        w.run.status = end.status == ImplStatus::BuildFailed || end.status == ImplStatus::NotRun
            ? QStringLiteral("skipped")
            : QStringLiteral("failed");
        w.run.note = end.error;
        return w;
    }
    w.outcome = *end.outcome;
    w.run.status = end.outcome->succeeded() ? QStringLiteral("ok") : QStringLiteral("failed");
    if (!end.outcome->succeeded())
        w.run.note = end.outcome->detail;
    return w;
}

} // namespace kwb::detail

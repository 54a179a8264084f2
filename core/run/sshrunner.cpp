// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/sshrunner.h"

#include "core/env/toolprobe.h"
#include "core/exec/outcomeclassifier.h"
#include "core/exec/outputcapture.h"
#include "core/executors/remotescript.h"
#include "core/executors/sshtransport.h"
#include "core/run/implrun.h"
#include "core/run/runnerbuild.h"
#include "core/run/sshimplrun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>

namespace kwb {

QString remoteInputsDir(const QString& inputsRoot, const QString& dir)
{
    return QStringLiteral("../inputs/") + QDir(inputsRoot).relativeFilePath(dir);
}

Finding connectionLostFinding(const QString& implId, const QString& message)
{
    Finding f;
    f.id = QStringLiteral("sandbox.connection-lost");
    f.severity = Severity::Error;
    f.impl = implId;
    f.message = message;
    return f;
}

namespace {
QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Status writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return Error::environment(path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()));
    return Ok {};
}

// The runner's sources and the remote script, staged here so that one rsync sends them.
Status stageSources(const RunnerSources& sources, const QString& stage)
{
    for (auto it = sources.files.cbegin(); it != sources.files.cend(); ++it) {
        if (auto w = writeFile(QStringLiteral("%1/runners/%2.src/%3").arg(stage, sources.key, it.key()), it.value());
            !w)
            return w;
    }
    return stageRemoteScript(stage);
}

SshRunnerEnd failed(const QString& message, ImplStatus status = ImplStatus::Failed)
{
    SshRunnerEnd e;
    e.status = status;
    e.error = message;
    e.log = message + QLatin1Char('\n');
    return e;
}

/// The archs the host's nvcc builds for, by its own `--list-gpu-arch` (nvccKnownArchs: once per host and process).
QStringList hostNvccArchs(const SshTransport& ssh, const HostSettings& s, const QString& host)
{
    return nvccKnownArchs(QStringLiteral("ssh:") + host, s.nvcc, [&]() -> std::optional<QString> {
        LiveOptions opt;
        opt.timeoutMs = 60000;
        const LiveRun ran = ssh.run({ s.nvcc, QStringLiteral("--list-gpu-arch") }, opt);
        if (!ran.started || SshTransport::connectionFailed(ran))
            return std::nullopt;
        return ran.ok() ? QString::fromUtf8(ran.out) : QString();
    });
}

QStringList remoteCommand(
    const HostSettings& s, const RunnerSources& sources, const QString& implDir, const SshRunnerJob& job, bool gpu)
{
    const RunLimits& l = job.limits;
    QStringList words { QStringLiteral("sh"), s.workRoot + QStringLiteral("/bin/kwb_remote.sh"), QStringLiteral("run"),
        implDir, sources.key, QString::number((l.timeoutMs + 999) / 1000), QString::number(l.memoryMiB),
        QString::number(l.cpuSeconds), QString::number(l.fileSizeMiB), QString::number(l.maxProcesses),
        job.sandbox ? QStringLiteral("1") : QStringLiteral("0"), gpu ? QStringLiteral("1") : QStringLiteral("0"),
        sources.tool };
    words << sources.compileArgs << QStringLiteral("--") << remoteEnvironment(s, runnerEnvironment()) << job.wrapper;
    // The runner folder seen from the run folder (<root>/runs/<id>/<impl>), so a relative work root works too.
    const QString runner = QStringLiteral("../../../runners/") + sources.key + QLatin1Char('/');
    for (const QString& part : sources.run)
        words << (part.startsWith(QStringLiteral("./")) ? runner + part.mid(2)
                : (part.endsWith(QStringLiteral(".py")) || part.endsWith(QStringLiteral(".json"))) ? runner + part
                                                                                                   : part);
    return words << QStringLiteral("plan.txt");
}
} // namespace

SshRunnerJob sshRunnerJob(const ActionRequest& request, const QString& localDir, const QString& remoteName,
    const QString& inputsRoot, const std::atomic_bool* cancel)
{
    SshRunnerJob job;
    job.executor = request.executor;
    job.limits = request.limits;
    job.sandbox = request.sandbox;
    job.localDir = localDir;
    job.remoteName = remoteName;
    job.workRoot = QFileInfo(inputsRoot).absolutePath();
    job.inputsRoot = inputsRoot;
    job.cancel = cancel;
    return job;
}

SshRunnerEnd runRunnerOverSsh(const Task& task, const Implementation& impl, const SshRunnerJob& job)
{
    const QString host = job.executor.host;
    auto settings = hostSettings(host);
    if (!settings)
        return failed(settings.error().oneLine());
    const HostSettings& s = *settings;
    SshTransport ssh(s);
    const bool python = impl.backend == u"python";
    const bool cuda = impl.backend == u"cuda";
    // As here (buildRunner): a target arch the host's nvcc does not list is its toolkit's limit, not the code's.
    Task buildable = task;
    CudaTargetArchs archs;
    if (cuda) {
        archs = cudaTargetArchs(task.target.arch, hostNvccArchs(ssh, s, host), QStringLiteral("host ") + host, s.nvcc);
        buildable.target.arch = archs.build;
        if (!archs.notBuilt.isEmpty() && archs.build.isEmpty()) {
            SshRunnerEnd e = failed(archs.why, ImplStatus::NotRun);
            e.findings << environmentFinding(
                impl.id, QStringLiteral("toolkit-arch"), QStringLiteral("nvcc"), archs.why);
            return e;
        }
    }
    auto sources = runnerSources(buildable, impl, python ? s.python : (cuda ? s.nvcc : s.gxx));
    if (!sources)
        return failed(sources.error().oneLine());
    const QString stage = QDir(job.workRoot).filePath(QStringLiteral(".remote"));
    if (auto staged = stageSources(*sources, stage); !staged)
        return failed(staged.error().oneLine());

    const QString runDir = remoteRunDir(s.workRoot, job.workRoot);
    const QString implDir = runDir + QLatin1Char('/') + job.remoteName;
    const int copyTimeoutMs = 600000;
    // One rsync sends everything: the run's folders are symlinked into a tree shaped like the remote work root
    // (runs/<id>/inputs, runs/<id>/<name>) and sent as folders (--copy-dirlinks).
    QTemporaryDir tree(QDir(job.workRoot).filePath(QStringLiteral(".remote-push-XXXXXX")));
    const QString runsRel = QStringLiteral("runs/") + QFileInfo(runDir).fileName();
    if (!tree.isValid() || !QDir().mkpath(tree.filePath(runsRel))
        || !QFile::link(job.inputsRoot, tree.filePath(runsRel + QStringLiteral("/inputs")))
        || !QFile::link(job.localDir, tree.filePath(runsRel + QLatin1Char('/') + job.remoteName)))
        return failed(QStringLiteral("%1: cannot prepare the copy to %2").arg(job.workRoot, host));
    const LiveRun pushed = ssh.pushTo(
        { stage + QStringLiteral("/bin"), stage + QStringLiteral("/runners"), tree.filePath(QStringLiteral("runs")) },
        s.workRoot, copyTimeoutMs, { QStringLiteral("--copy-dirlinks") });
    if (!pushed.ok()) {
        const QString why = ssh.describe(pushed, QStringLiteral("copying the work folder"));
        if (!SshTransport::connectionFailed(pushed, true))
            return failed(why);
        SshRunnerEnd e = failed(why, ImplStatus::Lost);
        e.findings << connectionLostFinding(impl.id, why);
        return e;
    }

    OutputCapture out(job.limits.outputCapBytes);
    OutputCapture err(job.limits.outputCapBytes);
    LiveOptions opt;
    opt.holdStdin = true; // the dead man's switch of kwb_remote.sh
    opt.cancel = job.cancel;
    // The remote limit plus time for the build and the copies; past that the host is not answering.
    opt.timeoutMs = job.limits.timeoutMs + 600000;
    opt.onOutput = [&](OutputChannel channel, const QByteArray& bytes) {
        const QByteArray kept = (channel == OutputChannel::Stdout ? out : err).append(bytes);
        if (job.output && !kept.isEmpty())
            job.output(channel, kept);
    };
    opt.onStop = [&] { killRemoteGroup(ssh, implDir); };
    const LiveRun ran = ssh.run(remoteCommand(s, *sources, implDir, job, cuda), opt);

    SshRunnerEnd e;
    e.build.archsNotBuilt = archs.notBuilt;
    e.build.archsNotBuiltWhy = archs.why;
    e.build.compileCommand = sources->compileArgs.isEmpty()
        ? QString()
        : (QStringList { sources->tool } + sources->compileArgs).join(u' ');
    e.build.dir = s.workRoot + QStringLiteral("/runners/") + sources->key;
    e.build.cached = ran.err.contains("kwb-remote: runner " + sources->key.toUtf8() + " cached");
    e.provenance.insert(QStringLiteral("executor"), job.executor.name());
    e.provenance.insert(QStringLiteral("ssh_host"), host);
    if (ran.stopped) {
        e.status = ImplStatus::Stopped;
        e.error = QStringLiteral("stopped by the user");
        return e;
    }
    if (ran.timedOut || SshTransport::connectionFailed(ran)) {
        const QString why
            = ssh.describe(ran, QStringLiteral("during the run of %1").arg(impl.id))
                  .append(QStringLiteral("; the host kills the run when its end of the connection closes"));
        e.status = ImplStatus::Lost;
        e.error = why;
        e.log = QString::fromUtf8(err.result().text()) + why + QLatin1Char('\n');
        e.findings << connectionLostFinding(impl.id, why);
        return e;
    }
    if (!ran.started) {
        e.error = ssh.describe(ran, QStringLiteral("starting the run"));
        e.log = e.error;
        return e;
    }
    if (ran.exitCode == 90) { // nothing ran: the host could not put the run under its process limit
        e.status = ImplStatus::Failed;
        e.error = QStringLiteral("%1 could not apply the process limit (%2); nothing was run")
                      .arg(host, ran.lastErrorLine());
        e.log = QString::fromUtf8(ran.err);
        return e;
    }
    if (ran.exitCode == 86 || ran.exitCode == 87) {
        e.build.log = QString::fromUtf8(ran.err);
        e.log = e.build.log;
        e.status = ran.exitCode == 86 ? ImplStatus::BuildFailed : ImplStatus::Failed;
        e.error
            = ran.exitCode == 86 ? QStringLiteral("the runner did not compile on %1").arg(host) : ran.lastErrorLine();
        return e;
    }
    const LiveRun pulled = ssh.pullFrom(implDir, job.localDir, copyTimeoutMs);
    if (!pulled.ok()) {
        e.status = ImplStatus::Lost;
        e.error = ssh.describe(pulled, QStringLiteral("copying the results back"));
        e.log = e.error;
        e.findings << connectionLostFinding(impl.id, e.error);
        return e;
    }

    e.build.compiled = true;
    e.build.log = QString::fromUtf8(readFile(QDir(job.localDir).filePath(QStringLiteral("build.log"))));
    e.build.toolVersion
        = QString::fromUtf8(readFile(QDir(job.localDir).filePath(QStringLiteral("tool-version.txt")))).trimmed();
    const QJsonObject remote
        = QJsonDocument::fromJson(readFile(QDir(job.localDir).filePath(QStringLiteral("remote.json")))).object();
    const QByteArray rc = readFile(QDir(job.localDir).filePath(QStringLiteral(".rc"))).trimmed();
    bool haveRc = false;
    const int code = rc.toInt(&haveRc);
    ProcessEnd end;
    end.sandboxed = remote.value(QStringLiteral("sandbox")).toString() == u"bwrap";
    end.elapsedMs = ran.elapsedMs;
    if (!haveRc) {
        end.crashed = true; // the group was killed before the runner ended
        end.exitCode = 9;
    } else if (code == 124) {
        end.request = EndRequest::Timeout;
        end.exitCode = code;
    } else if (code > 128 && code <= 192) {
        end.crashed = true;
        end.exitCode = code - 128;
    } else {
        end.exitCode = code;
    }
    e.outcome = classifyRun(end, job.limits, out.result(), err.result());
    e.status = ImplStatus::Ok;
    e.log = QString::fromUtf8(e.outcome->stdoutOutput.text()) + QString::fromUtf8(e.outcome->stderrOutput.text());
    e.provenance.insert(
        QStringLiteral("sandbox"), end.sandboxed ? QStringLiteral("bwrap") : QStringLiteral("rlimits+timeout"));
    e.provenance.insert(QStringLiteral("sandbox_limits"), remote.value(QStringLiteral("limits")));
    e.provenance.insert(QStringLiteral("remote_host"), remote.value(QStringLiteral("host")));
    e.provenance.insert(QStringLiteral("remote_cpu"), remote.value(QStringLiteral("cpu")));
    e.provenance.insert(QStringLiteral("remote_os"), remote.value(QStringLiteral("os")));
    if (!end.sandboxed && job.sandbox) {
        Finding f;
        f.id = QStringLiteral("sandbox.not-isolated");
        f.severity = Severity::Warning;
        f.impl = impl.id;
        f.message = QStringLiteral("%1 has no working bubblewrap: ran under rlimits and a timeout only").arg(host);
        e.findings << f;
    }
    return e;
}

} // namespace kwb

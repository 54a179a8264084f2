#include "executors/sshimplrun.h"

#include "env/resourcepaths.h"
#include "exec/outcomeclassifier.h"
#include "exec/outputcapture.h"
#include "executors/sshtransport.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace kwb {

QString remoteRunDir(const QString& workRoot, const QString& localWorkRoot)
{
    const QByteArray id = QCryptographicHash::hash(
        (localWorkRoot + QLatin1Char('\0') + QString::number(QCoreApplication::applicationPid())).toUtf8(),
        QCryptographicHash::Sha256);
    return workRoot + QStringLiteral("/runs/") + QString::fromLatin1(id.toHex().left(20));
}

void removeRemoteRun(const QString& executor, const QString& localWorkRoot)
{
    if (!executor.startsWith(QStringLiteral("ssh:")))
        return;
    auto settings = hostSettings(executor.mid(4));
    if (!settings)
        return;
    SshTransport ssh(*settings);
    LiveOptions opt;
    opt.timeoutMs = (settings->connectTimeoutS + 10) * 1000;
    ssh.run({ QStringLiteral("rm"), QStringLiteral("-rf"), remoteRunDir(settings->workRoot, localWorkRoot) }, opt);
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
        return Error { path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()), QStringLiteral("env") };
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
    const QString script = QDir(harnessDir()).filePath(QStringLiteral("kwb_remote.sh"));
    const QByteArray text = readFile(script);
    if (text.isEmpty())
        return Error { script, {}, QStringLiteral("remote script missing (resources not installed?)"),
            QStringLiteral("env") };
    return writeFile(stage + QStringLiteral("/bin/kwb_remote.sh"), text);
}

void lose(ImplRun& run, const QString& message)
{
    run.status = QStringLiteral("failed");
    run.error = message;
    run.log += message + QLatin1Char('\n');
    Finding f;
    f.id = QStringLiteral("sandbox.connection-lost");
    f.severity = Severity::Error;
    f.impl = run.id;
    f.message = message;
    run.findings << f;
}

void fail(ImplRun& run, const QString& message)
{
    run.status = QStringLiteral("failed");
    run.error = message;
    run.log += message + QLatin1Char('\n');
}

QStringList remoteCommand(
    const HostSettings& s, const RunnerSources& sources, const QString& implDir, const RunRequest& request, bool gpu)
{
    const RunLimits& l = request.limits;
    QStringList words { QStringLiteral("sh"), s.workRoot + QStringLiteral("/bin/kwb_remote.sh"), QStringLiteral("run"),
        implDir, sources.key, QString::number((l.timeoutMs + 999) / 1000), QString::number(l.memoryMiB),
        QString::number(l.cpuSeconds), QString::number(l.fileSizeMiB),
        request.sandbox ? QStringLiteral("1") : QStringLiteral("0"), gpu ? QStringLiteral("1") : QStringLiteral("0"),
        sources.tool };
    words << sources.compileArgs << QStringLiteral("--");
    // The runner's environment: nothing of the login shell leaks in; the host's settings add to it.
    QMap<QString, QString> env { { QStringLiteral("PATH"),
                                     QStringLiteral("/usr/local/cuda/bin:/usr/local/bin:/usr/bin:/bin") },
        { QStringLiteral("HOME"), QStringLiteral("/tmp") }, { QStringLiteral("TMPDIR"), QStringLiteral("/tmp") },
        { QStringLiteral("LANG"), QStringLiteral("C.UTF-8") } };
    env.insert(s.env);
    words << QStringLiteral("env") << QStringLiteral("-i");
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        words << it.key() + QLatin1Char('=') + it.value();
    // The runner folder seen from the run folder (<root>/runs/<id>/<impl>), so a relative work root works too.
    const QString runner = QStringLiteral("../../../runners/") + sources.key + QLatin1Char('/');
    for (const QString& part : sources.run)
        words << (part.startsWith(QStringLiteral("./")) ? runner + part.mid(2)
                : (part.endsWith(QStringLiteral(".py")) || part.endsWith(QStringLiteral(".json"))) ? runner + part
                                                                                                   : part);
    return words << QStringLiteral("plan.txt");
}
} // namespace

void runImplementationOverSsh(ImplRun& run, const Task& task, const Implementation& impl,
    const QList<TrialInputs>& trials, int repeats, const RunRequest& request, const QString& workRoot,
    const QString& inputsRoot, const RunHooks& hooks)
{
    const QString host = request.executor.mid(4);
    auto settings = hostSettings(host);
    if (!settings)
        return fail(run, settings.error().oneLine());
    const HostSettings& s = *settings;
    SshTransport ssh(s);
    const bool python = impl.backend == u"python";
    const bool cuda = impl.backend == u"cuda";
    auto sources = runnerSources(task, impl, python ? s.python : (cuda ? s.nvcc : s.gxx));
    if (!sources)
        return fail(run, sources.error().oneLine());
    const QString stage = QDir(workRoot).filePath(QStringLiteral(".remote"));
    if (auto staged = stageSources(*sources, stage); !staged)
        return fail(run, staged.error().oneLine());

    // The runner reads its inputs relative to its own folder: <run>/<impl>/../inputs/….
    QList<TrialInputs> remoteTrials = trials;
    for (TrialInputs& t : remoteTrials)
        t.dir = QStringLiteral("../inputs/") + QDir(inputsRoot).relativeFilePath(t.dir);
    if (auto prepared = prepareRunFolder(task, impl, remoteTrials, repeats, run.workDir); !prepared)
        return fail(run, prepared.error().oneLine());

    const QString runDir = remoteRunDir(s.workRoot, workRoot);
    const QString implDir = runDir + QLatin1Char('/') + impl.id;
    const int copyTimeoutMs = 600000;
    LiveRun pushed
        = ssh.pushTo({ stage + QStringLiteral("/bin"), stage + QStringLiteral("/runners") }, s.workRoot, copyTimeoutMs);
    if (pushed.ok())
        pushed = ssh.pushTo({ inputsRoot, run.workDir }, runDir, copyTimeoutMs);
    if (!pushed.ok())
        return SshTransport::connectionFailed(pushed, true)
            ? lose(run, ssh.describe(pushed, QStringLiteral("copying the work folder")))
            : fail(run, ssh.describe(pushed, QStringLiteral("copying the work folder")));

    OutputCapture out(request.limits.outputCapBytes);
    OutputCapture err(request.limits.outputCapBytes);
    LiveOptions opt;
    opt.holdStdin = true; // the dead man's switch of kwb_remote.sh
    opt.cancel = hooks.cancel;
    // The remote limit plus time for the build and the copies; past that the host is not answering.
    opt.timeoutMs = request.limits.timeoutMs + 600000;
    opt.onOutput = [&](OutputChannel channel, const QByteArray& bytes) {
        const QByteArray kept = (channel == OutputChannel::Stdout ? out : err).append(bytes);
        if (hooks.output && !kept.isEmpty())
            hooks.output(impl.id, channel, kept);
    };
    opt.onStop = [&] {
        // Closing stdin already fires the switch; a second connection makes sure even if the first is wedged.
        LiveOptions k;
        k.timeoutMs = (s.connectTimeoutS + 5) * 1000;
        ssh.run({ QStringLiteral("sh"), QStringLiteral("-c"),
                    QStringLiteral("kill -9 -$(cat %1) 2>/dev/null; true")
                        .arg(SshTransport::quote(implDir + QStringLiteral("/.pgid"))) },
            k);
    };
    const LiveRun ran = ssh.run(remoteCommand(s, *sources, implDir, request, cuda), opt);
    run.build.compileCommand = sources->compileArgs.isEmpty()
        ? QString()
        : (QStringList { sources->tool } + sources->compileArgs).join(u' ');
    run.build.dir = s.workRoot + QStringLiteral("/runners/") + sources->key;
    run.build.cached = ran.err.contains("kwb-remote: runner " + sources->key.toUtf8() + " cached");
    if (ran.stopped) {
        run.status = QStringLiteral("stopped");
        run.error = QStringLiteral("stopped by the user");
        return;
    }
    if (ran.timedOut || SshTransport::connectionFailed(ran))
        return lose(run,
            ssh.describe(ran, QStringLiteral("during the run of %1"))
                .append(QStringLiteral("; the host kills the run when its end of the connection closes")));
    if (!ran.started)
        return fail(run, ssh.describe(ran, QStringLiteral("starting the run")));
    if (ran.exitCode == 86 || ran.exitCode == 87) {
        run.build.log = QString::fromUtf8(ran.err);
        run.log = run.build.log;
        run.status = ran.exitCode == 86 ? QStringLiteral("build-failed") : QStringLiteral("failed");
        run.error
            = ran.exitCode == 86 ? QStringLiteral("the runner did not compile on %1").arg(host) : ran.lastErrorLine();
        return;
    }
    const LiveRun pulled = ssh.pullFrom(implDir, run.workDir, copyTimeoutMs);
    if (!pulled.ok())
        return lose(run, ssh.describe(pulled, QStringLiteral("copying the results back")));

    run.build.compiled = true;
    run.build.log = QString::fromUtf8(readFile(QDir(run.workDir).filePath(QStringLiteral("build.log"))));
    run.build.toolVersion
        = QString::fromUtf8(readFile(QDir(run.workDir).filePath(QStringLiteral("tool-version.txt")))).trimmed();
    const QJsonObject remote
        = QJsonDocument::fromJson(readFile(QDir(run.workDir).filePath(QStringLiteral("remote.json")))).object();
    const QByteArray rc = readFile(QDir(run.workDir).filePath(QStringLiteral(".rc"))).trimmed();
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
    const RunOutcome outcome = classifyRun(end, request.limits, out.result(), err.result());
    run.outcome = outcome;
    run.log = QString::fromUtf8(outcome.stdoutOutput.text()) + QString::fromUtf8(outcome.stderrOutput.text());
    judgeRunnerOutcome(run, outcome, int(trials.size()) * repeats);
    run.provenance.insert(QStringLiteral("executor"), request.executor);
    run.provenance.insert(QStringLiteral("ssh_host"), host);
    run.provenance.insert(
        QStringLiteral("sandbox"), end.sandboxed ? QStringLiteral("bwrap") : QStringLiteral("rlimits+timeout"));
    if (!end.sandboxed && request.sandbox) {
        Finding f;
        f.id = QStringLiteral("sandbox.not-isolated");
        f.severity = Severity::Warning;
        f.impl = run.id;
        f.message = QStringLiteral("%1 has no working bubblewrap: ran under rlimits and a timeout only").arg(host);
        run.findings << f;
    }
}

} // namespace kwb

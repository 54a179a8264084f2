#include "executors/sshimplrun.h"

#include "executors/sshrunner.h"
#include "executors/sshtransport.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>

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

void runImplementationOverSsh(ImplRun& run, const Task& task, const Implementation& impl,
    const QList<TrialInputs>& trials, int repeats, const RunRequest& request, const QString& workRoot,
    const QString& inputsRoot, const RunHooks& hooks)
{
    // The runner reads its inputs relative to its own folder: <run>/<impl>/../inputs/….
    QList<TrialInputs> remoteTrials = trials;
    for (TrialInputs& t : remoteTrials)
        t.dir = remoteInputsDir(inputsRoot, t.dir);
    if (auto prepared = prepareRunFolder(task, impl, remoteTrials, repeats, run.workDir); !prepared) {
        run.status = QStringLiteral("failed");
        run.error = prepared.error().oneLine();
        run.log += run.error + QLatin1Char('\n');
        return;
    }
    SshRunnerJob job;
    job.executor = request.executor;
    job.limits = request.limits;
    job.sandbox = request.sandbox;
    job.localDir = run.workDir;
    job.remoteName = impl.id;
    job.workRoot = workRoot;
    job.inputsRoot = inputsRoot;
    job.cancel = hooks.cancel;
    if (hooks.output)
        job.output = [&](OutputChannel channel, const QByteArray& bytes) { hooks.output(impl.id, channel, bytes); };
    SshRunnerEnd end = runRunnerOverSsh(task, impl, job);
    run.build = end.build;
    run.findings << end.findings;
    if (end.status != u"ok") {
        run.status = end.status == u"lost" ? QStringLiteral("failed") : end.status;
        run.error = end.error;
        run.log += end.log;
        return;
    }
    run.outcome = end.outcome;
    run.log = end.log;
    judgeRunnerOutcome(run, *end.outcome, int(trials.size()) * repeats);
    for (auto it = end.provenance.constBegin(); it != end.provenance.constEnd(); ++it)
        run.provenance.insert(it.key(), it.value());
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/sshimplrun.h"

#include "core/executors/sshtransport.h"
#include "core/run/sshrunner.h"

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

void removeRemoteRun(const ExecutorSpec& executor, const QString& localWorkRoot)
{
    if (!executor.remote())
        return;
    auto settings = hostSettings(executor.host);
    if (!settings)
        return;
    SshTransport ssh(*settings);
    LiveOptions opt;
    opt.timeoutMs = (settings->connectTimeoutS + 10) * 1000;
    ssh.run({ QStringLiteral("rm"), QStringLiteral("-rf"), remoteRunDir(settings->workRoot, localWorkRoot) }, opt);
}

void runImplementationOverSsh(ImplRun& run, const Task& task, const Implementation& impl,
    const QList<TrialInputs>& trials, int repeats, const RunRequest& request, const QString& workRoot,
    const QString& inputsRoot, const JobContext& job)
{
    // The runner reads its inputs relative to its own folder: <run>/<impl>/../inputs/….
    QList<TrialInputs> remoteTrials = trials;
    for (TrialInputs& t : remoteTrials)
        t.dir = remoteInputsDir(inputsRoot, t.dir);
    auto prepared = prepareRunFolder(task, impl, remoteTrials, repeats, run.workDir, planFlushBytes(impl, true));
    if (!prepared) {
        run.status = ImplStatus::Failed;
        run.error = prepared.error().oneLine();
        run.log += run.error + QLatin1Char('\n');
        return;
    }
    run.callLabels = *prepared;
    SshRunnerJob remote;
    remote.executor = request.executor;
    remote.limits = request.limits;
    remote.sandbox = request.sandbox;
    remote.localDir = run.workDir;
    remote.remoteName = impl.id;
    remote.workRoot = workRoot;
    remote.inputsRoot = inputsRoot;
    remote.cancel = job.cancel;
    if (job.onOutput)
        remote.output = [&](OutputChannel channel, const QByteArray& bytes) { job.output(impl.id, channel, bytes); };
    SshRunnerEnd end = runRunnerOverSsh(task, impl, remote);
    run.build = end.build;
    run.findings << end.findings;
    if (end.status != ImplStatus::Ok) {
        run.status = end.status == ImplStatus::Lost ? ImplStatus::Failed : end.status;
        run.error = end.error;
        run.log += end.log;
        return;
    }
    run.outcome = end.outcome;
    run.log = end.log;
    judgeRunnerOutcome(run, *end.outcome, int(trials.size()) * repeats);
    judgeEnvironmentFault(run, impl, true);
    for (auto it = end.provenance.constBegin(); it != end.provenance.constEnd(); ++it)
        run.provenance.insert(it.key(), it.value());
}

} // namespace kwb

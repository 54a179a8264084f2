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

} // namespace kwb

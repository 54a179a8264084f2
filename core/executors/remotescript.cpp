// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/remotescript.h"

#include "core/env/resourcepaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace kwb {

Status stageRemoteScript(const QString& stage)
{
    const QString script = QDir(harnessDir()).filePath(QStringLiteral("kwb_remote.sh"));
    QFile in(script);
    const QByteArray text = in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
    if (text.isEmpty())
        return Error::environment(script, {}, QStringLiteral("remote script missing (resources not installed?)"));
    const QString target = stage + QStringLiteral("/bin/kwb_remote.sh");
    QDir().mkpath(QFileInfo(target).absolutePath());
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
        return Error::environment(target, {}, QStringLiteral("cannot write: %1").arg(out.errorString()));
    return Ok {};
}

QStringList remoteEnvironment(const HostSettings& settings, const QMap<QString, QString>& extra)
{
    QMap<QString, QString> env { { QStringLiteral("PATH"),
                                     QStringLiteral("/usr/local/cuda/bin:/usr/local/bin:/usr/bin:/bin") },
        { QStringLiteral("HOME"), QStringLiteral("/tmp") }, { QStringLiteral("TMPDIR"), QStringLiteral("/tmp") },
        { QStringLiteral("LANG"), QStringLiteral("C.UTF-8") } };
    env.insert(extra);
    env.insert(settings.env);
    QStringList words { QStringLiteral("env"), QStringLiteral("-i") };
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        words << it.key() + QLatin1Char('=') + it.value();
    return words;
}

void killRemoteGroup(const SshTransport& ssh, const QString& remoteDir)
{
    LiveOptions k;
    k.timeoutMs = (ssh.settings().connectTimeoutS + 5) * 1000;
    ssh.run({ QStringLiteral("sh"), QStringLiteral("-c"),
                QStringLiteral("kill -9 -$(cat %1) 2>/dev/null; true")
                    .arg(SshTransport::quote(remoteDir + QStringLiteral("/.pgid"))) },
        k);
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/sshtransport.h"

namespace kwb {

SshTransport::SshTransport(HostSettings settings)
    : m_settings(std::move(settings))
{
}

QString SshTransport::quote(const QString& word)
{
    static const QString safeChars = QStringLiteral("-_./=:,+@%");
    const bool safe = !word.isEmpty() && std::all_of(word.cbegin(), word.cend(), [](QChar c) {
        return (c.isLetterOrNumber() && c.unicode() < 128) || safeChars.contains(c);
    });
    if (safe)
        return word;
    QString q = word;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

QStringList SshTransport::sshOptions() const
{
    QStringList o;
    if (!m_settings.sshConfig.isEmpty())
        o << QStringLiteral("-F") << m_settings.sshConfig;
    o << QStringLiteral("-o") << QStringLiteral("BatchMode=yes") << QStringLiteral("-o")
      << QStringLiteral("ConnectTimeout=%1").arg(m_settings.connectTimeoutS) << QStringLiteral("-o")
      << QStringLiteral("ServerAliveInterval=%1").arg(m_settings.aliveIntervalS) << QStringLiteral("-o")
      << QStringLiteral("ServerAliveCountMax=3");
    return o;
}

LiveRun SshTransport::run(const QStringList& words, const LiveOptions& options) const
{
    QStringList quoted;
    for (const QString& w : words)
        quoted << quote(w);
    return runLive(QStringLiteral("ssh"),
        sshOptions() << QStringLiteral("-T") << m_settings.host << QStringLiteral("--")
                     << quoted.join(QLatin1Char(' ')),
        options);
}

QString SshTransport::rsyncShell() const
{
    QStringList parts { QStringLiteral("ssh") };
    for (const QString& o : sshOptions())
        parts << quote(o);
    return parts.join(QLatin1Char(' '));
}

LiveRun SshTransport::pushTo(
    const QStringList& localPaths, const QString& remoteDir, int timeoutMs, const QStringList& rsyncOptions) const
{
    LiveOptions opt;
    opt.timeoutMs = timeoutMs;
    // The remote rsync is started by the remote shell: create the destination first, in the same connection.
    const QString remoteRsync = QStringLiteral("mkdir -p %1 && rsync").arg(quote(remoteDir));
    return runLive(QStringLiteral("rsync"),
        QStringList {
            QStringLiteral("-a"), QStringLiteral("-e"), rsyncShell(), QStringLiteral("--rsync-path"), remoteRsync }
            + rsyncOptions + localPaths
            + QStringList { m_settings.host + QLatin1Char(':') + remoteDir + QLatin1Char('/') },
        opt);
}

LiveRun SshTransport::pullFrom(const QString& remoteDir, const QString& localDir, int timeoutMs) const
{
    LiveOptions opt;
    opt.timeoutMs = timeoutMs;
    return runLive(QStringLiteral("rsync"),
        { QStringLiteral("-a"), QStringLiteral("-e"), rsyncShell(),
            m_settings.host + QLatin1Char(':') + remoteDir + QLatin1Char('/'), localDir + QLatin1Char('/') },
        opt);
}

bool SshTransport::connectionFailed(const LiveRun& r, bool isRsync)
{
    if (!r.started || r.crashed || r.stopped)
        return false;
    return r.exitCode == 255 || (isRsync && (r.exitCode == 12 || r.exitCode == 10 || r.exitCode == 35));
}

QString SshTransport::describe(const LiveRun& r, const QString& what) const
{
    const QString head = QStringLiteral("ssh %1: %2").arg(m_settings.host, what);
    if (!r.started)
        return head + QStringLiteral(": ") + r.startError;
    if (r.timedOut)
        return head + QStringLiteral(": no answer within %1 s").arg(r.elapsedMs / 1000);
    if (r.stopped)
        return head + QStringLiteral(": stopped by the user");
    if (r.exitCode == 255 || r.exitCode == 12)
        return head + QStringLiteral(": connection failed or lost (%1)").arg(r.lastErrorLine());
    return head + QStringLiteral(": exit %1: %2").arg(r.exitCode).arg(r.lastErrorLine());
}

} // namespace kwb

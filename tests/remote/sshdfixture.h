// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <memory>

/// A throw-away sshd on 127.0.0.1 (high port, its own host key, an authorized client key in a temp folder) running as
/// the current user, an ssh_config naming it `kwbtest`, and a hosts.json (KWB_CONFIG_DIR) pointing the workbench at
/// it. Started by start(), stopped by the destructor.
class SshdFixture {
public:
    SshdFixture();
    ~SshdFixture();

    /// Empty on success, else why sshd could not be started (the test fails with it).
    QString start();

    QString hostAlias() const { return QStringLiteral("kwbtest"); }
    QString sshConfig() const;
    /// The host's work root, one per test program: kept under the cache folder, so its runner cache persists.
    QString workRoot() const;
    /// What a run left in `folder` (runs, tools…) of the work root: empty once everything was cleaned up.
    QStringList leftoversIn(const QString& folder) const;
    qint64 sshdPid() const { return m_sshd ? m_sshd->processId() : 0; }
    /// Kills every connection sshd is serving (its child processes), leaving the listener up.
    int killConnections() const;

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_sshd;
    int m_port = 0;
};

/// The process group the remote script recorded for the run folder `dirName` under `workRoot`/runs, or 0 while
/// there is none.
qint64 remoteGroup(const QString& workRoot, const QString& dirName);

/// PIDs whose parent is `parent`.
QList<qint64> childProcesses(qint64 parent);

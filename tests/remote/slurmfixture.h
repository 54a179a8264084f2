// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTemporaryDir>

/// A one-node Slurm cluster on this machine for one test: a generated munge key and munged on a private socket,
/// slurm.conf for this host name (high ports, state and spool folders in a temp dir, no accounting), slurmctld and
/// slurmd started as root. SLURM_CONF is set for this process and its children. The destructor stops everything.
class SlurmFixture {
public:
    SlurmFixture();
    ~SlurmFixture();

    /// Empty on success, else why the cluster could not be started (the test fails with it).
    QString start();

    QString partition() const { return QStringLiteral("kwbtest"); }
    QString dir() const { return m_dir.path(); }

private:
    void stopDaemon(const QString& pidFile);
    QTemporaryDir m_dir;
};

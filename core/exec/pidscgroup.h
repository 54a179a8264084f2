// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <memory>

namespace kwb {

/// A fresh pids cgroup for one run (cgroup v1 `pids` hierarchy, or cgroup v2 where this process's cgroup
/// delegates the pids controller). It is how the process limit holds for root, whom RLIMIT_NPROC never
/// limits (the kernel exempts uid 0's processes even inside a user namespace), and how every process of a
/// run is found again without the sandbox. Needs write access to the cgroup tree (root, or delegation).
/// Ownership is an exclusive flock on the cgroup's folder, held for its life: concurrent runs — other workbench
/// processes, other pid namespaces, the SSH executor's script — never remove a cgroup that is in use.
class PidsCgroup {
public:
    /// A new cgroup under this process's own, limited to `maxPids` tasks; nullptr (and `why`) when the
    /// cgroup tree is not writable here.
    static std::unique_ptr<PidsCgroup> create(int maxPids, QString* why);

    /// Kills what is left in it and removes it.
    ~PidsCgroup();
    PidsCgroup(const PidsCgroup&) = delete;
    PidsCgroup& operator=(const PidsCgroup&) = delete;

    /// `cgroup.procs`, open for writing: a child writes "0" to it before exec to move itself in.
    int procsFd() const { return m_procsFd; }
    QString path() const { return m_path; }

    /// SIGKILL to every process in the cgroup.
    void killAll();
    /// The processes in the cgroup now (host pids).
    QList<int> pids() const;
    /// How many new processes or threads the kernel refused at `pids.max` so far (the `max` count of
    /// `pids.events`), or -1 when that file cannot be read. The kernel's own count: no output can hide it.
    int refusedTasks() const;

private:
    PidsCgroup(QString path, int procsFd, int lockFd);
    QString m_path;
    int m_procsFd = -1;
    int m_lockFd = -1; ///< the folder, flock-ed exclusively for the cgroup's life: how others know it is in use
};

} // namespace kwb

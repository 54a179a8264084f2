// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/implrun.h"

namespace kwb {

// A run on an SSH host (`request.executor` = `ssh:HOST`, settings from hostSettings()) goes through the same
// runImplementationGroups() as a local one — one shuffled plan, the same views and judgements — with its runner
// process on the host (core/run/sshrunner.h): the runner's sources and kwb_remote.sh go to `<work_root>/runners/`
// (built there once per content hash), the inputs and the plan to the run's folder `<work_root>/runs/<id>/`.
// Stop kills the remote process group; a lost connection ends the run with a `sandbox.connection-lost` finding.

/// The remote folder of the run whose local work folder is `localWorkRoot` (relative to the remote home unless the
/// work root is absolute).
QString remoteRunDir(const QString& workRoot, const QString& localWorkRoot);

/// Removes the run's remote folder (best effort: a host that is gone is not an error here).
void removeRemoteRun(const ExecutorSpec& executor, const QString& localWorkRoot);

/// Removes the run's remote folder when it goes out of scope — on every way out of an action (done, stopped,
/// failed), so that no Stop or error leaves a run folder behind on the host. Nothing happens for a local executor.
class RemoteRunCleanup {
public:
    RemoteRunCleanup(ExecutorSpec executor, QString localWorkRoot)
        : m_executor(std::move(executor))
        , m_localWorkRoot(std::move(localWorkRoot))
    {
    }
    ~RemoteRunCleanup() { removeRemoteRun(m_executor, m_localWorkRoot); }
    RemoteRunCleanup(const RemoteRunCleanup&) = delete;
    RemoteRunCleanup& operator=(const RemoteRunCleanup&) = delete;

private:
    ExecutorSpec m_executor;
    QString m_localWorkRoot;
};

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/runoutcome.h"
#include "core/run/actionrequest.h"
#include "core/run/implrun.h"
#include "core/run/implstatus.h"

#include <QJsonObject>

#include <optional>

namespace kwb {

/// One runner process on an SSH host: what runImplementationGroups() (`kwb run`) and the bench rounds
/// (`kwb bench`) share. The caller has written `localDir`/plan.txt with input folders relative to the runner's
/// folder (remoteInputsDir()).
struct SshRunnerJob {
    ExecutorSpec executor; ///< an `ssh:HOST`
    RunLimits limits;
    bool sandbox = true;
    QString localDir; ///< holds plan.txt; the results come back here
    QString remoteName; ///< the runner's folder under the run's remote folder (one path component)
    QString workRoot; ///< the action's local work folder (it names the remote run folder)
    QString inputsRoot; ///< the local inputs folder (named `inputs`), copied next to the runner's folder
    std::function<void(OutputChannel, const QByteArray&)> output; ///< live output
    const std::atomic_bool* cancel = nullptr;
    /// A program (a profiler with its arguments) the runner runs under on the host: `WRAPPER… RUNNER plan.txt`.
    QStringList wrapper;
};

/// The job of one remote runner of `request` (its SSH executor, limits and sandbox): the plan in `localDir`, the
/// runner's folder `remoteName` on the host, the inputs in `inputsRoot` (the action's work folder is its parent).
SshRunnerJob sshRunnerJob(const ActionRequest& request, const QString& localDir, const QString& remoteName,
    const QString& inputsRoot, const std::atomic_bool* cancel);

/// How it ended. `status`: Ok (the process ran: see `outcome`) | BuildFailed | Failed | Lost | Stopped.
struct SshRunnerEnd {
    ImplStatus status = ImplStatus::Failed;
    QString error; ///< one line when not ok
    RunnerBuild build; ///< as built (or found cached) on the host
    std::optional<RunOutcome> outcome;
    /// executor, ssh_host, sandbox (`bwrap` | `rlimits+timeout`) and sandbox_limits (what the host applied)
    QJsonObject provenance;
    Findings findings; ///< sandbox.connection-lost, sandbox.not-isolated
    QString log; ///< the build log, or the runner's output
};

/// Copies the runner's sources (built on the host once per content hash), the inputs and `localDir`, runs the
/// runner under the host's isolation (bubblewrap, else rlimits and `timeout`; a pids cgroup or RLIMIT_NPROC for
/// the process count) and copies the results back. Stop and a lost connection kill the remote process group.
SshRunnerEnd runRunnerOverSsh(const Task& task, const Implementation& impl, const SshRunnerJob& job);

/// `dir` (under `inputsRoot`) as the remote runner sees it from its own folder.
QString remoteInputsDir(const QString& inputsRoot, const QString& dir);

/// The `sandbox.connection-lost` finding of `implId`.
Finding connectionLostFinding(const QString& implId, const QString& message);

} // namespace kwb

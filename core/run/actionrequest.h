// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/executorspec.h"
#include "core/exec/processspec.h"
#include "core/result.h"
#include "core/task/taskloader.h"

#include <QStringList>

#include <memory>
#include <optional>

namespace kwb {

/// What every action that runs a task's implementations is asked — run, bench, profile and check alike: which
/// task, which of its candidates and cases, the seed, and how runners run. Each action's request adds its own knobs
/// to this core; one selection rule (selectCases, selectCandidates) reads it.
struct ActionRequest {
    QString taskDir; ///< the bundle
    /// The task as the caller already loaded it (check loads it once for all its stages); unset: the action loads
    /// it from taskDir.
    std::shared_ptr<const LoadedTask> loaded;
    QStringList implIds; ///< candidates; empty: all of them (the reference always runs where it is needed)
    QStringList cases; ///< empty: all (profile: the smallest)
    std::optional<quint64> seed; ///< pins the seeds; unset: fresh ones from the OS (recorded)
    RunLimits limits;
    bool sandbox = true; ///< false only when the user turned the sandbox off (trusted code)
    QString keepDir; ///< keep the work folder here; empty: a temporary folder, removed afterwards
    ExecutorSpec executor; ///< where runners run: `local` (the default) or `ssh:HOST` (makeExecutor() makes it)
};

/// The task of `request`: the one it carries, or the one loaded from its folder now.
inline Result<LoadedTask> taskOf(const ActionRequest& request)
{
    if (request.loaded)
        return *request.loaded;
    return loadTask(request.taskDir);
}

} // namespace kwb

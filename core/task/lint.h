// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/task/task.h"
#include "core/task/taskloader.h"

#include <memory>

namespace kwb {

/// The static scoping checks (docs/task-format.md, docs/findings.md) on a loaded task: scope.missing-field,
/// scope.no-edge-cases, scope.oversized-case, scope.undersized-case, scope.spec-gap, the static part of
/// scope.tolerance-too-loose, scope.unknown-hardware (info: the target is not in the hardware table) and
/// launch.invalid-config for `launch` blocks whose limits break the target's (block size, grid, shared memory).
/// Loader warnings (scope.unknown-field) are not repeated here: lintBundle adds them.
Findings lintTask(const Task& task);

/// Everything `kwb lint` says about one bundle; also what the GUI's task list shows.
struct LintReport {
    QString path; ///< the bundle folder as given
    QString id; ///< task id, empty when the manifest did not load
    QString digest; ///< `sha256:…`, empty when the manifest did not load
    bool loaded = false; ///< false: findings hold the load error (scope.invalid-manifest / scope.missing-file)
    QString loadError; ///< the one-line load error when !loaded
    Findings findings; ///< load warnings + lint findings, or the load error
    std::shared_ptr<const LoadedTask> task; ///< the task as loaded, when it loaded (an action may go on with it)
};

/// Loads, digests and lints one bundle. Never throws, never crashes on bad input.
LintReport lintBundle(const QString& bundleDir);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

namespace kwb {

/// A bundle that loaded, with the warnings found on the way (unknown fields, …).
struct LoadedTask {
    Task task;
    Findings warnings;
};

/// Loads and validates the kwb.task/1 bundle in `bundleDir` (a folder holding task.json, or the
/// task.json itself). The Error names the file, the JSON path and what was expected, e.g.
/// `task.json: /candidates/0/source: file 'x.cu' not found`; its findingId is
/// `scope.invalid-manifest` or `scope.missing-file`, and `line` the line in task.json where known.
Result<LoadedTask> loadTask(const QString& bundleDir);

/// The task bundles under `path`: `path` itself when it holds task.json, else every folder below it
/// (recursively, sorted) that does.
QStringList findTaskBundles(const QString& path);

} // namespace kwb

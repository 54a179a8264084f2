// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

namespace kwb {
struct Task;
}

namespace kwb::ui {

/// The id a scratch copy of candidate `id` gets: `scratch-<id>`. Reports name it, so a scratch run is marked as
/// such wherever its report goes.
QString scratchId(const QString& candidateId);
bool isScratchId(const QString& implId);

/// Writes into `folder` (made if missing, emptied first) a copy of `task`'s bundle with one more candidate: the
/// candidate `candidateId` again, as `scratch-<id>`, its source replaced by `source` (the reviewer's edit) in
/// `scratch_<file>` beside the original, marked `"scratch": true` and `"scratch_of"` in task.json, the task's
/// title saying "[scratch copy]". The bundle itself is never written. Returns the copy's folder.
Result<QString> makeScratchBundle(
    const Task& task, const QString& candidateId, const QString& source, const QString& folder);

} // namespace kwb::ui

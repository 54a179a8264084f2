// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/importers/batchworkspace.h"

namespace kwb {

struct BatchImportSummary {
    QList<Assignment> assignments; ///< in batch order, as listed in workspace.json
    int loadFailures = 0; ///< bundles written whose manifest does not load (listed with their error)
};

/// `kwb import batch FILE.jsonl -o WORKSPACE`: one assignment per line (see docs/batches.md) → one bundle each
/// under WORKSPACE/tasks/, plus WORKSPACE/workspace.json. Every line is checked before anything is written: a
/// malformed line is an Error naming the file and line, and nothing is written. A bundle that is written but
/// does not load is kept and listed with its load error (nothing is dropped).
Result<BatchImportSummary> importBatch(const QString& file, const QString& workspaceDir);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/cli: `kwb import kernelbench|gpumode|batch` and the batch feedback of `kwb export --workspace`.

#include "core/cli/cli.h"

namespace kwb::cli {

/// The `kwb import` sub-commands that bring task sets in (the plain `kwb import FILE` imports reviews).
inline const QStringList kImportTaskSubcommands { QStringLiteral("kernelbench"), QStringLiteral("gpumode"),
    QStringLiteral("batch") };

int importTasksCommand(const QString& sub, const QStringList& args, Io& io);

/// `kwb export --workspace DIR [REVIEW_OR_DB...] -o OUT`: the batch's feedback keyed by task_id (JSONL).
int exportBatchFeedback(const QString& workspace, const QStringList& sources, const QString& output, Io& io);

} // namespace kwb::cli

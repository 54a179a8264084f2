// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/executorspec.h"
#include "core/result.h"

#include <QList>
#include <QStringList>

namespace kwb {

/// One task of a batch.
struct BatchItem {
    QString taskDir; ///< absolute bundle folder
    QString id; ///< the task id, made unique within the batch (`-2`, `-3` … for repeats)
    QString digest; ///< what resumption compares: the task digest, the action, its arguments, the executor
    bool gpu = false; ///< some implementation is CUDA (Slurm asks for a GPU)
};

/// What every element of a batch does.
struct BatchAction {
    QString action; ///< check | run | bench | compile
    ExecutorSpec executor;
    QStringList extraArgs; ///< passed to every `kwb ACTION` (e.g. --seed 1 --trials 2)
    /// The element command: `kwb ACTION TASK --json [--executor ssh:HOST] EXTRA…` (program first).
    QStringList elementCommand(const QString& kwb, const QString& taskDir) const;
};

/// The actions `kwb batch` knows.
const QStringList& batchActions();

/// The tasks named by `paths` (task bundles, or workspace folders holding bundles), loaded and digested, in order.
/// A path that holds no task, or a task that does not load, is an Error naming it.
Result<QList<BatchItem>> collectBatchItems(const QStringList& paths, const BatchAction& action);

/// The `kwb` executable elements run: $KWB_BIN, else `kwb` next to this program, else this program when it is kwb.
QString kwbExecutable();

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/env/toolprobe.h"
#include "core/result.h"

#include <QMap>
#include <QStringList>

namespace kwb {

/// One job array for sbatch: `count` elements of `script` (which reads $SLURM_ARRAY_TASK_ID).
struct SlurmArray {
    QString script; ///< absolute path of the element script
    QStringList scriptArgs; ///< arguments of the script
    QString workDir; ///< --chdir: the shared work folder
    int count = 0;
    QString partition; ///< empty: the cluster's default
    int timeMinutes = 0; ///< --time per element; 0: the partition's limit
    int memoryMiB = 0; ///< --mem per element; 0: the partition's default
    QString gres; ///< e.g. `gpu:1` for GPU tasks; empty: none
    QString name = QStringLiteral("kwb-batch");
    QString logPattern; ///< --output, with %A (job) and %a (element)
};

/// How one array element stands, as squeue/sacct report it.
struct SlurmElement {
    QString state; ///< PENDING, RUNNING, COMPLETED, FAILED, TIMEOUT, CANCELLED, OUT_OF_MEMORY, NODE_FAIL, …
    QString node;
    QString reason; ///< why it is pending or how it ended (squeue %r)
    bool finished() const;
};

/// Submits the array (`sbatch --parsable --array=0-N-1 …`) and returns the job id.
Result<QString> submitSlurmArray(const SlurmArray& array);

/// The state of every element of `jobId` that squeue still knows (finished ones too, until slurmctld forgets them)
/// or sacct reports. Elements neither knows are absent.
Result<QMap<int, SlurmElement>> slurmArrayStates(const QString& jobId);

/// scancel of the whole array (or one element, `jobId_index`).
Status cancelSlurmJob(const QString& jobId);

/// `kwb doctor --executor slurm[:PARTITION]`: sbatch, squeue, sacct, scancel, sinfo and the partition's state.
QList<ToolInfo> probeSlurm(const QString& partition);

} // namespace kwb

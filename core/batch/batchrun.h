// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/batch/batchplan.h"
#include "core/batch/batchstate.h"
#include "core/jobcontext.h"

#include <QJsonObject>

#include <atomic>
#include <functional>

namespace kwb {

/// One `kwb batch`: filled by the CLI or the GUI, handed to runBatch().
struct BatchRequest {
    QList<BatchItem> items;
    BatchAction action;
    int jobs = 1; ///< local: elements at once
    QString outDir; ///< reports, states, logs and summary.json
    QString kwb; ///< the kwb executable of the elements; empty: kwbExecutable()
    bool resume = true; ///< skip elements an earlier batch completed with the same digest
    int slurmTimeMinutes = 60; ///< Slurm: --time per element
    int slurmMemoryMiB = 0; ///< Slurm: --mem per element; 0: the partition's default
    int pollMs = 1000; ///< Slurm: how often squeue/sacct are asked
};

/// Everything a batch did, for summary.json and the summary table.
struct BatchSummary {
    QString action;
    QString executor;
    int jobs = 1;
    QString slurmJob; ///< the array's job id (Slurm)
    QString started; ///< ISO time, UTC
    double wallS = 0;
    bool cancelled = false;
    QList<ElementState> elements; ///< in the order of the request's items
};

/// Runs every item's element command — locally, `jobs` at a time, or as one Slurm job array — writing
/// `<out>/tasks/<id>/report.json`, `log.txt` and `state.json` per element. Finished elements whose digest did not
/// change are skipped (resume). `job.cancel` stops what runs (local: the element processes; Slurm: scancel) and
/// the stopped elements are `cancelled`. Progress, at every change of an element: done = finished elements (the
/// resumed included) of total, text = the counts and the element (`[3/10] running 2, failed 0, resumed 1  id ok`),
/// phase `queued` while the element waits, else `batch`. The Error is a batch that could not start (unwritable
/// out folder, sbatch failing).
Result<BatchSummary> runBatch(const BatchRequest& request, const JobContext& job = {});

/// The `kwb.batch/1` document written as `<out>/summary.json`.
QJsonObject batchSummaryJson(const BatchSummary& summary);

/// A plain-text table: one line per task with its status, time and note, then the counts.
QString batchSummaryTable(const BatchSummary& summary);

// The two dispatchers behind runBatch(); `pending` indexes into `states`.
void runLocalElements(const BatchRequest& request, QList<ElementState>& states, const QList<int>& pending,
    const std::function<void(int)>& changed, const std::atomic_bool* cancel);
Status runSlurmElements(const BatchRequest& request, QList<ElementState>& states, const QList<int>& pending,
    const std::function<void(int)>& changed, const std::atomic_bool* cancel, QString* jobId);

} // namespace kwb

#pragma once

#include "batch/batchplan.h"
#include "batch/batchstate.h"

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

/// What changed: the element, and the counts after the change.
struct BatchProgress {
    int total = 0;
    int finished = 0; ///< including skipped
    int running = 0;
    int failed = 0; ///< failed, timeout, cancelled
    int skipped = 0;
};
using BatchProgressFn = std::function<void(const BatchProgress&, const ElementState& changed)>;

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
/// change are skipped (resume). `cancel` stops what runs (local: the element processes; Slurm: scancel) and the
/// stopped elements are `cancelled`. The Error is a batch that could not start (unwritable out folder, sbatch
/// failing).
Result<BatchSummary> runBatch(
    const BatchRequest& request, const BatchProgressFn& progress = {}, const std::atomic_bool* cancel = nullptr);

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

#pragma once

#include "core/result.h"
#include "core/task/task.h"

#include <QList>
#include <vector>

namespace kwb {

/// One trial of one case: its seed and where its inputs are.
struct TrialInputs {
    QString caseName;
    int trial = 0;
    quint64 seed = 0;
    QString dir; ///< absolute folder holding <input>.npy
};

/// The shape of `tensor` in `c` (shape entries are dim names or integer literals).
Result<std::vector<qint64>> resolveShape(const TensorSpec& tensor, const Case& c);

/// Generates (or, for `init.file`, copies) every input of `c` for one trial into `dir`, deterministically
/// from (seed, case, input name) — see inputgenerator.h.
Status writeTrialInputs(const Task& task, const Case& c, quint64 seed, const QString& dir);

/// The `kwb-plan 1` text a runner reads: one call per (case, trial, repeat), with dims, output shapes
/// and, for a __global__ entry, its evaluated launch sizes. `labels` are `case/tN` (repeat 1) or
/// `case/tN/a`, `case/tN/b` (repeat 2: the candidate is called twice on fresh poisoned buffers).
Result<QByteArray> planText(
    const Task& task, const Implementation& impl, const QList<TrialInputs>& trials, int repeats);

/// Output folder of a call label, relative to the runner's work folder.
QString callOutDir(const QString& label);

} // namespace kwb

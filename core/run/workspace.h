// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

#include <QList>
#include <utility>
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

/// A trial's input folder, named by nothing the runner can read a case from: the plan and the folder tree are in the
/// implementation's sight, and `stress-ramp/t0` beside `small/t0` would tell it which calls are the stress and
/// held-out ones (the trials' order is shuffled, the labels opaque). The names are keyed by a salt of the action's
/// own; what each is, is kept outside the runner's sight (`inputs-index.txt` in the work folder, keptInputsDir()).
QString opaqueInputsDir(const QString& inputsRoot, quint64 salt, const QString& caseName, int trial);

/// writeTrialInputs for each (case, trial), side by side on the host's cores (each set is drawn from its own seed
/// and key, so the order changes nothing); the first error in the list's order.
Status writeInputSets(const Task& task, const QList<std::pair<Case, TrialInputs>>& sets);

/// One call of a plan as the runner sees it: an opaque label (the runner learns nothing from it — not the case,
/// not whether it is a declared, generated or benchmark call), the inputs folder and, for the workbench, the case.
struct PlanCall {
    QString label;
    QString indir;
    QString caseName;
};

/// The `kwb-plan 1` text every runner reads, for correctness runs and benchmarks alike: an option line (the
/// cache flush before each call, see planFlushBytes) and one call per entry of `calls`, with dims, output shapes
/// and, for a __global__ entry, its evaluated launch sizes.
Result<QByteArray> planText(
    const Task& task, const Implementation& impl, const QList<PlanCall>& calls, qint64 flushBytes);

/// The correctness run's calls: one per (case, trial, repeat), in the order given. Their labels are opaque
/// (`k0`, `k1`, …); `internalLabels` receives, in the same order, `case/tN` (repeat 1) or `case/tN/a`,
/// `case/tN/b` (repeat 2: the candidate is called twice on fresh poisoned buffers).
/// `lettered`: the repeats are labelled `/a`, `/b` even when there is one (a candidate's calls always are).
QList<PlanCall> trialCalls(
    const QList<TrialInputs>& trials, int repeats, QStringList* internalLabels, bool lettered = false);

/// Bytes the runner of `impl` writes before every call to evict the caches, handed in with the plan: twice this
/// host's last-level cache (read here, outside the sandbox, where /sys is visible) for an implementation that
/// runs on this machine's CPU; -1 (the runner's own default: twice the device's L2) otherwise.
qint64 planFlushBytes(const Implementation& impl, bool remote);

/// Output folder of a call label, relative to the runner's work folder.
QString callOutDir(const QString& label);

} // namespace kwb

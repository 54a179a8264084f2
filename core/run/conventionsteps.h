// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/correctness.h"
#include "core/run/implrun.h"

namespace kwb {

/// True when the task's inputs come from its reference's own generator: a reference with the `torch_module`
/// (KernelBench's get_inputs) or `gpumode` (generate_input) convention.
bool usesConventionInputs(const Task& task);

/// The seed the task's own generator gets for a set (its data.json keeps it, in the implementations' sight): the
/// trial's seed mixed with the set's label, so that no two sets of a run share one or follow a sequence (53 bits).
quint64 generatorSeed(const TrialInputs& t);

/// Runs the reference's generator once, sandboxed, for every trial: it writes data.json and .npy files into
/// each trial's folder (seeded with generatorSeed), so every implementation loads the same inputs in its own
/// process; the step's plan and record, which name the sets' cases, are moved beside the inputs' folder. The Error
/// names the failing trial and the generator's own message.
Status generateConventionInputs(const Task& task, const QList<TrialInputs>& trials, const RunRequest& request,
    const QString& inputsRoot, const JobContext& job = {});

/// The generated cases' inputs (held-out sizes, stress patterns: conventionCases) from the task's own generator:
/// every trial at once, and where the generator refuses that, case by case — a size the generator does not take
/// is dropped from `trials` and from `task.cases`, with a note in `notes` (the task's code decides which sizes
/// exist, not the candidate). Then each stress case's pattern reshapes the floating-point arrays the generator
/// wrote (the task's output buffers and a model's init inputs excepted), seeded per trial and array. An Error only
/// when stopped or when a folder cannot be written.
Status generateConventionCases(Task& task, QList<TrialInputs>& trials, const RunRequest& request,
    const QString& inputsRoot, QStringList& notes, const JobContext& job = {});

/// gpumode: the task's own `check_implementation(data, output)`, in a separate process, on the reference's and
/// every candidate's outputs: gpumode.check-failed where it rejects an output, gpumode.checker-disagrees where it
/// and the comparison engine disagree on a candidate. Nothing for other conventions.
Findings runTaskOwnChecks(const Task& task, const QList<ImplRun>& runs, const QMap<QString, CandidateJudgement>& ours,
    const QList<TrialInputs>& trials, const RunRequest& request, const QString& workRoot, const QString& inputsRoot,
    const JobContext& job = {});

} // namespace kwb

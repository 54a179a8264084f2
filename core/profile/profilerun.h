// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/runoutcome.h"
#include "core/profile/profileengine.h"
#include "core/run/runnerbuild.h"
#include "core/run/workspace.h"

#include <atomic>

namespace kwb::detail {

/// One profiling tool wrapped around one runner: the runner's plan for `trial` (one call), run as
/// `toolPath toolArgs <runner command> plan.txt` in `workDir` (created), sandboxed like any runner.
struct WrappedRun {
    ProfileToolRun run;
    std::optional<RunOutcome> outcome;
    QString log; ///< the runner's and the tool's console output
};

WrappedRun runWrapped(const Task& task, const Implementation& impl, const RunnerBuild& build, const TrialInputs& trial,
    const QString& tool, const QString& toolPath, const QStringList& toolArgs, const ProfileRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel);

/// Nsight Compute around one runner call (ncuArguments(), `--log-file ncu.csv` in `workDir`): the kernels it
/// measured are appended to `kernels` with the implementation and case set. ERR_NVGPUCTRPERM (counters
/// restricted to administrators), a CSV that does not parse and an empty CSV are failed runs with the reason.
ProfileToolRun ncuRun(const Task& task, const Implementation& impl, const RunnerBuild& build, const TrialInputs& trial,
    const QString& ncuPath, const ProfileRequest& request, const QString& workDir, const QString& inputsRoot,
    const std::atomic_bool* cancel, QList<KernelProfile>& kernels);

/// One compute-sanitizer tool around one runner call (`--log-file sanitizer-TOOL.log`): its findings are appended
/// to `findings`, their file pointed at the implementation's bundle source where the tool names it.
ProfileToolRun sanitizerRun(const Task& task, const Implementation& impl, const RunnerBuild& build,
    const TrialInputs& trial, const QString& tool, const QString& sanitizerPath, const ProfileRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel, Findings& findings);

/// The smallest case of `task` by bytes moved (the sanitizers are slow: 10–100x).
Case smallestCase(const Task& task);

} // namespace kwb::detail

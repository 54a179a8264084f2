// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/implrun.h"

namespace kwb {

/// How many times the reference's own error (against the oracle) a candidate may have — the rule
/// FlashAttention's tests use for low-precision kernels.
inline constexpr double kOracleErrorMultiple = 2.0;

/// With an oracle (a higher-precision implementation): the candidate's and the reference's errors
/// against it side by side (`correct.oracle-comparison`, info), and `correct.error-above-reference`
/// when the candidate's max abs error exceeds kOracleErrorMultiple × the reference's.
Findings judgeAgainstOracle(const Task& task, const ImplRun& candidate, const ImplRun& reference, const ImplRun& oracle,
    const QList<TrialInputs>& trials);

/// `scope.tolerance-too-tight` when the reference itself misses the task's tolerance against the oracle.
Findings judgeReferenceAgainstOracle(
    const Task& task, const ImplRun& reference, const ImplRun& oracle, const QList<TrialInputs>& trials);

} // namespace kwb

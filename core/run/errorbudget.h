// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/implrun.h"

namespace kwb {

/// How many times the explained error a passing candidate's error may be before `correct.error-budget`.
inline constexpr double kErrorBudgetMultiple = 100.0;

/// `correct.error-budget` (warning): per output, the error the candidate's arithmetic can explain — with an
/// oracle, the reference's own error against it (at least 4 ulps of the oracle's largest magnitude), plus
/// that much for the candidate; without one, 16 ulps of the output dtype at the reference's largest
/// magnitude — against the candidate's worst error over the declared cases. An error kErrorBudgetMultiple×
/// above it while inside the tolerance is a reviewer's first hint of skipped work or silently lowered
/// precision. Integer outputs and outputs that fail their tolerance (already errors) are not judged.
Findings judgeErrorBudget(const Task& task, const ImplRun& candidate, const ImplRun& reference, const ImplRun* oracle,
    const QList<TrialInputs>& trials);

/// `correct.precision-lowered` for a passing candidate whose largest error, relative to the output's magnitude, is what
/// a precision below every allowed one gives (the task's `precision`, else the output's dtype): an error where the
/// task says which precisions it allows, a warning where it does not; nothing when the error is within 64 epsilons
/// of the allowed precisions. judgeErrorBudget reports it in place of `correct.error-budget`.
std::optional<Finding> precisionFinding(
    const Task& task, const TensorSpec& output, const QString& impl, const QString& caseName, double relativeError);

/// Machine epsilon of a floating dtype (0 for integers).
double dtypeEpsilon(DType dtype);

} // namespace kwb

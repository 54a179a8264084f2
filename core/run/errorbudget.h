// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/implrun.h"
#include "core/tensor/tensor.h"

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

/// The largest finite magnitude in `t` (0 for an empty or all-infinite tensor).
double maxFiniteMagnitude(const Tensor& t);

/// A passing candidate's largest error on one output, over some calls, against what its arithmetic explains.
struct WorstError {
    double ratio = 0; ///< maxAbs / budget, the largest over the calls
    double maxAbs = 0; ///< the error of the call with that ratio
    double budget = 0; ///< the error that call's arithmetic explains
    double relative = 0; ///< the largest error relative to the reference's largest magnitude, over the calls
    QString caseName; ///< the case of the call with the largest ratio
    QString basis; ///< how the budget was reckoned
    /// Adds one call's error: `magnitude` is the reference's largest, `budget` the explained error (<= 0: skipped).
    void add(double callMaxAbs, double magnitude, double callBudget, const QString& callCase, const QString& why);
};

/// `correct.precision-lowered` or `correct.error-budget` for `worst` when it is more than kErrorBudgetMultiple× its
/// budget; `where` ends the message (say which calls, "" for a run's declared cases).
std::optional<Finding> errorBudgetFinding(
    const Task& task, const TensorSpec& output, const QString& impl, const WorstError& worst, const QString& where);

} // namespace kwb

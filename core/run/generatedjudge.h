// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/correctness.h"

#include <functional>

namespace kwb {

/// Where the output named by the argument of one call is (`<folder>/<output>.npy`, an ImplRun's outputPath).
using OutputPath = std::function<QString(const QString& output)>;

/// What the tolerance of a generated case is measured against, per output of one reference call: its largest finite
/// magnitude and its NaN/±Inf count (-1: the output cannot be read). Read once per call.
struct OutputStats {
    QMap<QString, double> magnitude;
    QMap<QString, qint64> nonFinite;
};
OutputStats outputStats(const Task& task, const OutputPath& path);

/// `task` with each output's atol multiplied by how much larger the reference's outputs on a generated input (`now`)
/// are than on the declared case it is based on (`base`): a pattern that multiplies the outputs' magnitude keeps the
/// tolerance's proportions for honest rounding.
Task toleranceScaledTo(const Task& task, const OutputStats& base, const OutputStats& now);

/// Units in the last place of an output's largest magnitude that a stress input's honest arithmetic may be off by
/// everywhere (the error budget's basis where there is no oracle).
inline constexpr double kStressArithmeticUlps = 16.0;

/// The tolerance of a stress call: toleranceScaledTo, and an atol of at least kStressArithmeticUlps epsilons of each
/// output's dtype at the reference's largest magnitude there (`now`), never more than the output's rtol at it. The
/// declared tolerance is element by element, set for the declared values; a stress pattern may make an output cancel
/// (a ramp through zero sums to ~0 from partial sums of thousands), where an honest float32 sum is off by a few
/// ulps of those partial sums — a relative error the declared values never produce. What a pattern is there to
/// catch (NaN, overflow, a shortcut the values break) is off by far more than that.
Task stressToleranceFor(const Task& task, const OutputStats& base, const OutputStats& now);

/// Why the reference's outputs on a stress input (`now`) judge nobody: an output with more NaN/±Inf than on the
/// declared case (`base`: a causal mask's −inf is the function, an overflow is not), or one that cannot be read.
/// Empty when they count.
QString stressNotCountedBecause(const Task& task, const OutputStats& base, const OutputStats& now);

/// Why each generated case counts or not: empty when it counts (the reference ran it, its outputs are
/// finite where a stress pattern was applied, and it agrees with the oracle where there is one), else the
/// reason, recorded in the report. A pattern the reference cannot handle judges nobody.
/// "Finite" is measured against the declared case the generated one is based on (`declaredReference`'s first
/// trial): a stress case counts when the reference has no more NaN/±Inf than there (a causal mask's −inf is
/// the function, an overflow is not).
QMap<QString, QString> generatedCaseStatus(const Task& task, const ImplRun& reference, const ImplRun& declaredReference,
    const ImplRun* oracle, const QList<TrialInputs>& trials);

/// Judges a candidate on the generated cases (its run `candidate` and the reference's `reference` of
/// them): a counted case it fails — elements outside tolerance, NaN placement, unwritten elements, a wrong
/// shape, or a failed call — is `correct.heldout-mismatch` (held-out size) or `correct.distribution-sensitive`
/// (stress pattern), an error naming the size or pattern with the worst elements. The generated cases'
/// verdicts are appended to `into.cases`; their findings to `into.findings`, only when `declaredClean`
/// (a candidate already failing declared cases gets no second error for the same fault).
/// Each generated case is compared under the task's tolerance with atol scaled by how much larger the
/// reference's outputs are than on the declared case it is based on (`declaredReference`), so that a pattern
/// that multiplies the outputs' magnitude keeps the tolerance's proportions for honest rounding.
void judgeGeneratedCases(const Task& task, const ImplRun& candidate, const ImplRun& reference,
    const ImplRun& declaredReference, const QList<TrialInputs>& trials, const QMap<QString, QString>& status,
    bool declaredClean, CandidateJudgement& into);

} // namespace kwb

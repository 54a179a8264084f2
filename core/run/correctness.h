// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compare/comparison.h"
#include "core/run/implrun.h"

namespace kwb {

/// One output of one trial of one case, for one candidate (the report's `outputs` rows).
struct OutputVerdict {
    QString output;
    bool pass = false;
    double maxAbs = 0;
    double maxRel = 0;
    std::optional<double> maxUlp;
    qint64 mismatches = 0;
    std::optional<Comparison> comparison; ///< absent when the output could not be read
};

struct TrialVerdict {
    int trial = 0;
    quint64 seed = 0;
    QList<OutputVerdict> outputs;
};

struct CaseVerdict {
    QString name;
    QList<TrialVerdict> trials;
};

/// The correctness protocol's judgement of one candidate against the reference (docs/running.md): mismatch,
/// NaN placement, shape/dtype, unwritten (poisoned) output, nondeterminism between the two calls of a
/// trial, stale output (an earlier trial's answer), input independence, inputs modified, or pass.
struct CandidateJudgement {
    QList<CaseVerdict> cases;
    Findings findings;
};

CandidateJudgement judgeCandidate(
    const Task& task, const ImplRun& candidate, const ImplRun& reference, const QList<TrialInputs>& trials);

/// Checks of the task itself from the reference's outputs: scope.weak-checker (zeros, a constant or a
/// copy of an input passes the task's tolerance) and scope.degenerate-output (reference outputs constant,
/// or identical across seeds).
Findings judgeTaskChecker(const Task& task, const ImplRun& reference, const QList<TrialInputs>& trials);

} // namespace kwb

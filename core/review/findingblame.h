// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/review/reportdoc.h"

namespace kwb {

/// Whose fault a finding is, as the review checks and the rubric panel weigh it.
enum class Blame {
    Candidate, ///< the implementation under review (also findings about its task or a review: origin Task, Review)
    Environment, ///< this machine lacks something (findingOrigin Environment)
    Host, ///< a loaded or throttled machine (findingOrigin Host)
    DeclaredPeaks, ///< a roofline floor computed from the task's declared peaks, not the machine the code ran on
};

/// The blame of a finding from its id (findingOrigin), unless the finding says otherwise: an explicit `origin`
/// (`implementation`/`candidate`, `environment`, `host`, `task-peaks`; top level or in `evidence`) wins; without
/// one, a `bench.below-floor` whose `evidence.peaks` is the task's `target.peak` is DeclaredPeaks — peaks a task
/// declares describe its target, and a floor from them says nothing about a candidate timed elsewhere.
Blame findingBlame(const QString& id, const QString& origin, const QJsonObject& evidence);
Blame findingBlame(const Finding& finding);
Blame findingBlame(const ReportFinding& finding);

/// True when the finding is evidence against the candidate (Blame::Candidate).
inline bool againstCandidate(const Finding& f)
{
    return findingBlame(f) == Blame::Candidate;
}
inline bool againstCandidate(const ReportFinding& f)
{
    return findingBlame(f) == Blame::Candidate;
}

/// "(environment)", "(host noise)", "(task's declared peaks)", or "" for the candidate: how lists mark them.
QString blameLabel(Blame blame);

/// `findings` with every error that is not against the candidate lowered to a warning, its message saying why
/// ("— the task's declared peaks, not this machine's: not the candidate's fault"): such a finding is never an error
/// on the candidate and never gates a submit.
Findings withBlameSeverity(Findings findings);

} // namespace kwb

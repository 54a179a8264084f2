// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/review/review.h"
#include "core/rubric/rubric.h"

namespace kwb::ui {

/// A kind of finding (its id) the engine produced that counts as evidence for a criterion the review does not cite
/// it for yet: one suggestion per kind and criterion, however many cases or implementations raised it.
struct EvidenceSuggestion {
    QString criterion;
    QString ref; ///< the most severe finding of the kind: `finding:<id>[#case=…&impl=…]`
    QString why; ///< that finding's message
    Severity severity = Severity::Warning;
    QString findingId; ///< the kind
    int count = 1; ///< findings of this kind
    bool operator==(const EvidenceSuggestion&) const = default;
};

/// The evidence reference of a finding, narrowed by its case and implementation where the reference form allows.
QString findingRef(const Finding& finding);

/// Suggestions for `review`: per criterion of `criteria`, one for each kind of error or warning finding the rubric
/// lists as its evidence (e.g. correct.mismatch ▸ NC4), unless the score already cites a finding of that kind or
/// `ignored` holds `criterion|finding-id`. Findings of the environment or of host noise (findingOrigin) are never
/// suggested: they say nothing about the candidate.
QList<EvidenceSuggestion> suggestEvidence(const Findings& findings, const QList<const Criterion*>& criteria,
    const Review& review, const QSet<QString>& ignored = {});

/// True when `finding` may be offered as evidence about an implementation (not the environment's or host's).
bool isCandidateEvidence(const Finding& finding);

/// A short label for an evidence reference, for chips: `correct.mismatch · tail`, `run report 1a2b3c4d`,
/// `candidate.cu L10–12`.
QString evidenceLabel(const QString& ref);

} // namespace kwb::ui

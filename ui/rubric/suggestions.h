#pragma once

#include "finding.h"
#include "review/review.h"
#include "rubric/rubric.h"

namespace kwb::ui {

/// A finding the engine produced that counts as evidence for a criterion the review does not cite it for yet.
struct EvidenceSuggestion {
    QString criterion;
    QString ref; ///< `finding:<id>[#case=…&impl=…]`
    QString why; ///< the finding's message
    Severity severity = Severity::Warning;
    bool operator==(const EvidenceSuggestion&) const = default;
};

/// The evidence reference of a finding, narrowed by its case and implementation where the reference form allows.
QString findingRef(const Finding& finding);

/// Suggestions for `review`: each error or warning finding against each criterion of `criteria` that lists
/// it as evidence (e.g. correct.mismatch ▸ NC4), unless already cited or in `ignored` (`criterion|ref`).
QList<EvidenceSuggestion> suggestEvidence(const Findings& findings, const QList<const Criterion*>& criteria,
    const Review& review, const QSet<QString>& ignored = {});

/// A short label for an evidence reference, for chips: `correct.mismatch · tail`, `run report 1a2b3c4d`,
/// `candidate.cu L10–12`.
QString evidenceLabel(const QString& ref);

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/review/reportdoc.h"
#include "core/review/review.h"
#include "core/rubric/rubric.h"

namespace kwb {

/// What the review checks compare a review with, beyond its rubric. Every part is optional.
struct ReviewCheckContext {
    QString taskKind; ///< the task's kind: only the criteria that apply to it are required (empty: all)
    QString currentTaskId; ///< the task as it is now (empty: not known)
    QString currentTaskDigest; ///< `kwb::taskDigest` of the bundle as it is now (empty: not known)
    QList<ReportDoc> reports; ///< report documents available to re-read (attached and cited ones)
};

/// One row of the contradiction table: a score of at least `minValue` on `criterion` (or the verdict
/// `verdict` when `criterion` is `verdict`) contradicts a finding matching `finding` (`area.*` allowed).
struct ContradictionRule {
    QString criterion;
    int minValue = 0;
    QString finding;
    QString why;
};

/// The table review.contradicts-evidence applies.
const QList<ContradictionRule>& contradictionRules();

/// The review checks (docs/reviews.md; docs/findings.md, "Reviews"): review.incomplete, review.no-evidence,
/// review.contradicts-evidence (re-reading the cited and attached reports found in `context.reports`,
/// and the findings the scores cite), review.stale-task and review.text-score-conflict.
/// Each finding's `jsonPath` points into the review (`/scores/NC4`), so an editor or panel can show it.
Findings checkReview(const Review& review, const Rubric& rubric, const ReviewCheckContext& context = {});

/// The candidate's error findings in `findings` (against the candidate: findingblame.h) that `review` leaves
/// unaddressed, one per finding id: no score cites a finding of that id, and no criterion that applies to
/// `taskKind` and counts it as evidence is scored below 3. Submitting over them is a rushed accept: ask first.
Findings unaddressedErrors(
    const Review& review, const Rubric& rubric, const Findings& findings, const QString& taskKind = {});

/// Whether `comment` describes a defect ("race", "wrong", "fails", …) that is not negated ("race-free",
/// "no race"); returns the word found, or an empty string.
QString defectWord(const QString& comment);

} // namespace kwb

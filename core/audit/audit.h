// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/agreement.h"
#include "core/finding.h"
#include "core/result.h"
#include "core/review/reportdoc.h"
#include "core/review/review.h"
#include "core/rubric/rubric.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>

#include <array>

namespace kwb {

/// An adjudicated score: the auditor's value for one criterion of one task, with the reason for
/// overriding the reviewers, linked to the reviews it settles (their identities).
struct Adjudication {
    QString taskId;
    QString criterion;
    int value = 0;
    QString reason;
    QStringList reviews; ///< Review::identity() of the reviews it overrides (two or more)
    QString auditor;
    QDateTime time;
};

/// An audit verdict on one review: accepted, or returned to its reviewer with a note per criterion.
struct AuditVerdict {
    QString review; ///< Review::identity()
    QString decision; ///< accept | return
    QMap<QString, QString> notes; ///< criterion id → note (a returned review needs at least one)
    QString auditor;
    QDateTime time;
};

/// One flag on a review (or, for `audit.low-agreement`, on a criterion: review, task and reviewer empty).
struct AuditFlag {
    QString review; ///< Review::identity(), may be empty
    QString task;
    QString reviewer;
    QString id; ///< finding id (docs/findings.md)
    Severity severity = Severity::Warning;
    QString message;
    QString jsonPath; ///< into the review, may be empty
};

/// The agreement statistics of one criterion, computed from its items only: the tasks two or more reviewers scored
/// on it. A task only one reviewer scored changes nothing; with fewer than two items every chance-corrected figure
/// is empty ("n/a": one task says nothing about chance).
struct CriterionAgreement {
    QString criterion;
    int items = 0; ///< tasks with two or more scores on it
    int raters = 0; ///< reviewers who scored it on such a task
    std::optional<double> percent;
    std::array<std::optional<double>, 3> cohen; ///< unweighted, linear, quadratic; only with exactly two reviewers
    std::optional<double> fleiss;
    std::array<std::optional<double>, 3> alpha; ///< nominal, ordinal, interval
    std::optional<double> ac1;
    std::optional<std::pair<double, double>> alphaCi; ///< bootstrap 95 % interval of the ordinal α
};

/// The agreement on one task: its criteria are the items (those two or more reviewers scored), its reviewers the
/// raters. Computed from this task's reviews only, so other tasks never change it.
struct TaskAgreement {
    QString task;
    QStringList reviewers; ///< the reviewers whose submitted reviews of the task count
    int items = 0; ///< criteria with two or more scores
    std::optional<double> percent; ///< mean share of agreeing score pairs over those criteria
    std::optional<double> alpha; ///< Krippendorff's α (ordinal) over those criteria; empty below two items
    QStringList disagreements; ///< `NC4 (alice 2, bob 5)`: criteria whose scores differ by two levels or more
};

/// How one reviewer agrees with the others and with adjudicated scores.
struct ReviewerAgreement {
    QString reviewer;
    int pairs = 0; ///< (this reviewer, another) score pairs on the same task and criterion
    std::optional<double> withOthers; ///< share of those pairs that agree exactly
    int adjudicated = 0; ///< scores of this reviewer that an adjudication settled
    std::optional<double> withAdjudicated; ///< share of those equal to the adjudicated value
    std::optional<double> meanOffset; ///< mean of (own score − mean of the others' scores) over shared items
};

struct AuditOptions {
    QStringList criteria; ///< empty: every criterion of the rubric
    QList<ReportDoc> reports; ///< reports the reviews attach or cite (to re-read their findings)
    QList<Adjudication> adjudications; ///< from the audit log
    QMap<QString, QString> taskKinds; ///< task id → kind: the review checks require only the criteria that apply
    quint64 seed = 20261129; ///< bootstrap seed
    int resamples = 2000;
};

struct AuditResult {
    int reviews = 0; ///< reviews read
    int submitted = 0; ///< submitted reviews the statistics use (drafts are checked but not counted)
    int tasks = 0;
    QStringList reviewers;
    QList<CriterionAgreement> criteria;
    QList<TaskAgreement> perTask; ///< sorted by task id
    QList<ReviewerAgreement> perReviewer;
    QList<AuditFlag> flags;
    quint64 seed = 0;
    int resamples = 0;
};

/// Krippendorff's threshold below which a criterion's α (ordinal) raises `audit.low-agreement`.
inline constexpr double kLowAgreementAlpha = 0.667;

/// The submitted reviews used for agreement: per (task, reviewer) the latest by `updated`, sorted.
QList<Review> latestSubmitted(const QList<Review>& reviews);

/// The rating table of `criterion` over `reviews` (latestSubmitted()): a unit per task, a column per reviewer.
/// `raters` and `tasks` receive the column and row names. N/A scores are missing values.
RatingTable ratingTable(const QList<Review>& reviews, const Criterion& criterion, QStringList* raters = nullptr,
    QStringList* tasks = nullptr);

/// The agreement statistics of one rating table, over its items only (itemsOnly()).
CriterionAgreement criterionAgreement(const QString& criterion, const RatingTable& t, quint64 seed, int resamples);

/// The audit of a review set against `rubric`: agreement per criterion and per reviewer, the review checks of
/// every review, cross-review contradictions and low-agreement flags. An Error names an unknown criterion.
Result<AuditResult> auditReviews(const QList<Review>& reviews, const Rubric& rubric, const AuditOptions& options = {});

/// The agreement of each task over `reviews` (latestSubmitted()) on `criteria`.
QList<TaskAgreement> taskAgreement(const QList<Review>& reviews, const QList<const Criterion*>& criteria);

/// `audit.score-disagreement` (W): on a task, two reviewers' scores of a criterion differ by `minLevels` or more.
/// One flag per task and criterion, on the review whose score lies farthest from the others' mean.
QList<AuditFlag> scoreDisagreements(
    const QList<Review>& reviews, const QList<const Criterion*>& criteria, int minLevels = 2);

/// Orders flags for reading: groups of one task and reviewer (criterion-wide flags first), the groups by their
/// weightiest flag, and inside a group errors, then real disagreements (contradictions, low agreement, score
/// disagreements, text conflicts), then the rest, with `review.no-evidence` last.
void sortFlags(QList<AuditFlag>& flags);
/// A flag's weight in sortFlags (lower reads first).
int flagRank(const AuditFlag& flag);

/// `review.contradicts-evidence` across reviewers: a review that scores a criterion at or above a
/// contradiction rule's level while another review of the same task cites (or attaches a report with) the
/// finding that rule names.
QList<AuditFlag> crossReviewContradictions(const QList<Review>& reviews, const QList<ReportDoc>& reports);

/// The finding ids a review stands on: those its scores cite, and those of the reports it attaches or cites
/// (when they are in `reports` and are of its task, and are against the candidate: findingblame.h), each once.
QStringList citedFindings(const Review& review, const QList<ReportDoc>& reports);

/// A task bundle found by taskBundlesUnder: its folder and its kind.
struct TaskBundleRef {
    QString dir;
    QString kind;
};
/// Task id → folder and kind of every bundle directly under `dir` (a folder of task folders), read from their
/// task.json; folders without one, or without an id, are skipped.
QMap<QString, TaskBundleRef> taskBundlesUnder(const QString& dir);
/// Task id → kind, for AuditOptions::taskKinds.
QMap<QString, QString> taskKinds(const QMap<QString, TaskBundleRef>& bundles);

/// The `kwb.audit/1` document; `details` adds `reviewer_agreement` and `statistics` (seed, resamples).
QJsonObject auditJson(const AuditResult& result, bool details = false);

} // namespace kwb

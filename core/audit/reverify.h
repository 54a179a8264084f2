// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/reverifyclaims.h"
#include "core/jobcontext.h"
#include "core/result.h"
#include "core/review/reportdoc.h"
#include "core/review/review.h"
#include "core/run/runengine.h"

#include <QJsonObject>

namespace kwb {

/// One way a re-run disagrees with what a review claimed.
struct ReverifyDifference {
    QString kind; ///< not-reproduced | new-finding | score-contradicted
    QString finding; ///< finding id (with `#case=` where the claim named one)
    QString criterion; ///< for score-contradicted
    QString message;
};

/// The outcome of re-running the correctness checks a review's scores depend on.
struct ReverifyResult {
    QString review; ///< Review::identity()
    QString taskDir;
    std::optional<quint64> seed; ///< the seed the re-run used (from the attached run report), empty: fresh
    int trials = 0;
    QString seedNote; ///< where the seed came from
    QStringList claimed; ///< run findings the review stands on (`id` or `id#case=NAME`)
    QStringList found; ///< run findings of the re-run (`id#case=NAME` where the finding has a case)
    QList<ReverifyDifference> differences;
    /// Every claim checked, per claim confirmed / differs / cannot be re-verified here: the run findings the
    /// review stands on, then the claims of its attached compile, bench and check reports.
    QList<ClaimCheck> claims;
    QJsonObject report; ///< the re-run's kwb.report/1 (empty when correctness could not be re-run here)

    /// Whether anything differs (a difference or a claim that differs).
    bool differs() const;
};

/// The run finding areas a re-run reproduces: correctness, runtime classes and sandbox limits.
bool isRunFinding(const QString& id);

/// The seeds to re-run with: from the review's attached `run` report's provenance (trial_seeds,
/// seed_source), found in `reports`. Fills seed, trials and seedNote of `out`.
void recordedSeeds(const Review& review, const QList<ReportDoc>& reports, ReverifyResult& out);

/// Compares what the review claimed (cited run findings, findings of its attached run reports, and what its
/// scores deny through the contradiction rules) with the findings of a re-run.
QList<ReverifyDifference> compareClaims(const Review& review, const QStringList& claimed, const Findings& found);

/// Re-runs `kwb run` on `taskDir` with the recorded seeds and compares, then re-verifies the claims of the
/// compile, bench and check reports the review attaches (reverifyReportClaims()). A task with a `cuda`
/// implementation is not re-run on a machine without a GPU: its run claims cannot be re-verified here. An Error
/// is a run that could not start (bad task, no sandbox); the review and the bundle must be of the same task id.
Result<ReverifyResult> reverifyReview(const Review& review, const QList<ReportDoc>& reports, const QString& taskDir,
    bool sandbox = true, const JobContext& job = {});

/// The `reverify` data of an audit log entry and of `kwb audit reverify --json`.
QJsonObject reverifyJson(const ReverifyResult& r);

} // namespace kwb

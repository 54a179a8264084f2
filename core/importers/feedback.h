// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/importers/batchworkspace.h"
#include "core/review/review.h"

#include <QByteArray>

namespace kwb {

/// The bundle ids that have a submitted review: what the queue counts as reviewed.
QSet<QString> reviewedBundleIds(const QList<Review>& reviews);

/// Where each bundle's review stands, by bundle id: Submitted (with the verdict of the latest submitted review)
/// when one is submitted, else Draft (with the draft's verdict so far) when a draft exists.
QHash<QString, QueueReview> queueReviewsByBundle(const QList<Review>& reviews);

struct FeedbackCounts {
    int reviewed = 0; ///< assignments with at least one submitted review
    int unreviewed = 0;
    int rows = 0;
};

/// The batch's feedback as JSONL (`kwb.feedback/1`), keyed by the platform's task_id, in batch order: one row per
/// submitted review of an assignment (reviewer, verdict, summary, scores, line comments, the whole kwb.review/1
/// document and the line's metadata), and one row with status "unreviewed" for each assignment without one, so
/// every assignment comes back. Drafts are not feedback.
QByteArray batchFeedbackJsonl(const BatchQueue& queue, const QList<Review>& reviews, FeedbackCounts* counts = nullptr);

} // namespace kwb

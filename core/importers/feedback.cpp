// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/feedback.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMultiHash>

namespace kwb {

QSet<QString> reviewedBundleIds(const QList<Review>& reviews)
{
    QSet<QString> ids;
    for (const Review& r : reviews) {
        if (r.status == Review::Status::Submitted)
            ids.insert(r.taskId);
    }
    return ids;
}

QHash<QString, QueueReview> queueReviewsByBundle(const QList<Review>& reviews)
{
    QHash<QString, QueueReview> out;
    QHash<QString, QDateTime> when; // of the review each entry was taken from
    for (const Review& r : reviews) {
        const QueueReview::State state
            = r.status == Review::Status::Submitted ? QueueReview::State::Submitted : QueueReview::State::Draft;
        const QDateTime at = r.updated.isValid() ? r.updated : r.created;
        const auto it = out.constFind(r.taskId);
        const bool better
            = it == out.constEnd() || state > it->state || (state == it->state && at > when.value(r.taskId));
        if (better) {
            out.insert(r.taskId, { state, r.verdict });
            when.insert(r.taskId, at);
        }
    }
    return out;
}

QByteArray batchFeedbackJsonl(const BatchQueue& queue, const QList<Review>& reviews, FeedbackCounts* counts)
{
    QMultiHash<QString, const Review*> byTask;
    for (const Review& r : reviews) {
        if (r.status == Review::Status::Submitted)
            byTask.insert(r.taskId, &r);
    }
    FeedbackCounts c;
    QByteArray out;
    for (const Assignment& a : queue.assignments()) {
        QList<const Review*> mine = byTask.values(a.bundleId);
        std::sort(mine.begin(), mine.end(), [](const Review* x, const Review* y) {
            return std::tie(x->reviewer, x->created) < std::tie(y->reviewer, y->created);
        });
        QJsonObject base { { QStringLiteral("format"), QStringLiteral("kwb.feedback/1") },
            { QStringLiteral("task_id"), a.taskId }, { QStringLiteral("kwb_task_id"), a.bundleId } };
        if (!a.metadata.isEmpty())
            base.insert(QStringLiteral("metadata"), a.metadata);
        if (mine.isEmpty()) {
            ++c.unreviewed;
            base.insert(QStringLiteral("status"), QStringLiteral("unreviewed"));
            out += QJsonDocument(base).toJson(QJsonDocument::Compact) + '\n';
            ++c.rows;
            continue;
        }
        ++c.reviewed;
        for (const Review* r : mine) {
            QJsonObject row = base;
            const QJsonObject doc = reviewToJson(*r);
            row.insert(QStringLiteral("status"), QStringLiteral("submitted"));
            row.insert(QStringLiteral("reviewer"), r->reviewer);
            row.insert(QStringLiteral("verdict"), r->verdict);
            row.insert(QStringLiteral("summary"), r->summary);
            row.insert(QStringLiteral("scores"), doc.value(QStringLiteral("scores")));
            row.insert(QStringLiteral("comments"), doc.value(QStringLiteral("comments")));
            row.insert(QStringLiteral("review"), doc);
            out += QJsonDocument(row).toJson(QJsonDocument::Compact) + '\n';
            ++c.rows;
        }
    }
    if (counts)
        *counts = c;
    return out;
}

} // namespace kwb

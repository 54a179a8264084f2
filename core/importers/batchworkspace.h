// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace kwb {

/// One assignment of a batch: the platform's task_id and the bundle made from it.
struct Assignment {
    QString taskId; ///< the platform's id, exactly as given (feedback is keyed by it)
    QString bundleId; ///< the kwb task id of the bundle (reviews refer to it)
    QString dir; ///< bundle folder, relative to the workspace
    QString title;
    QString loadError; ///< non-empty when the written bundle does not load (shown, never dropped)
    QJsonObject metadata; ///< the line's `metadata`, echoed into the feedback
};

/// Where an assignment's review stands in the review database: nothing yet, a draft, or a submitted review
/// (with its verdict: accept | minor | major | reject, empty while undecided).
struct QueueReview {
    enum class State { Unreviewed, Draft, Submitted };
    State state = State::Unreviewed;
    QString verdict;
    bool operator==(const QueueReview&) const = default;
};

/// A workspace (`kwb.workspace/1`): a folder of bundles plus workspace.json listing the assignments in batch
/// order. Opening reads workspace.json only — nothing is linted or digested up front — so a batch of 10,000
/// opens at once; the queue then walks it by review state.
class BatchQueue {
public:
    /// Reads `dir`/workspace.json. The Error names the file and what is wrong.
    static Result<BatchQueue> open(const QString& dir);
    /// True when `dir` holds a workspace.json.
    static bool isWorkspace(const QString& dir);

    QString dir() const { return m_dir; }
    QString source() const { return m_source; }
    const QList<Assignment>& assignments() const { return m_assignments; }
    qsizetype size() const { return m_assignments.size(); }
    /// Absolute bundle folder of assignment `i`.
    QString bundlePath(qsizetype i) const;
    /// Index of the assignment whose bundle has kwb task id `bundleId`, or -1.
    qsizetype indexOfBundle(const QString& bundleId) const;

    /// Marks the assignments whose bundle id is in `reviewedBundleIds` as reviewed (a submitted review exists).
    void setReviewed(const QSet<QString>& reviewedBundleIds);
    void setReviewed(qsizetype i, bool reviewed);
    /// The review state of every assignment, by bundle id (assignments not named are unreviewed).
    void setReviews(const QHash<QString, QueueReview>& byBundle);
    void setReview(qsizetype i, const QueueReview& review);
    QueueReview review(qsizetype i) const { return m_reviews.value(i); }
    /// Reviewed = a submitted review exists; a draft is still unreviewed for the queue.
    bool isReviewed(qsizetype i) const { return m_reviews.value(i).state == QueueReview::State::Submitted; }
    qsizetype reviewedCount() const { return m_reviewedCount; }
    qsizetype draftCount() const { return m_draftCount; }

    /// The next (previous) unreviewed assignment after (before) `from`, wrapping around; nullopt when none is left.
    std::optional<qsizetype> nextUnreviewed(qsizetype from) const;
    std::optional<qsizetype> previousUnreviewed(qsizetype from) const;

private:
    QString m_dir;
    QString m_source;
    QList<Assignment> m_assignments;
    QHash<QString, qsizetype> m_byBundle;
    QList<QueueReview> m_reviews;
    qsizetype m_reviewedCount = 0;
    qsizetype m_draftCount = 0;
};

/// workspace.json for `assignments` imported from `source`.
QJsonObject workspaceJson(const QString& source, const QList<Assignment>& assignments);

} // namespace kwb

#pragma once

#include "result.h"

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
    bool isReviewed(qsizetype i) const { return m_reviewed.value(i); }
    qsizetype reviewedCount() const { return m_reviewedCount; }

    /// The next (previous) unreviewed assignment after (before) `from`, wrapping around; nullopt when none is left.
    std::optional<qsizetype> nextUnreviewed(qsizetype from) const;
    std::optional<qsizetype> previousUnreviewed(qsizetype from) const;

private:
    QString m_dir;
    QString m_source;
    QList<Assignment> m_assignments;
    QHash<QString, qsizetype> m_byBundle;
    QList<bool> m_reviewed;
    qsizetype m_reviewedCount = 0;
};

/// workspace.json for `assignments` imported from `source`.
QJsonObject workspaceJson(const QString& source, const QList<Assignment>& assignments);

} // namespace kwb

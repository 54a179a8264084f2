// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/review/reportdoc.h"
#include "core/review/review.h"

#include <QString>

#include <optional>

namespace kwb {

/// A review as the store holds it, with its revision (1 on first save, +1 on every save).
struct StoredReview {
    Review review;
    qint64 revision = 0;
};

/// How importing one review went.
enum class ImportOutcome {
    Inserted, ///< new to the store
    Updated, ///< newer than the stored copy (by `updated`), which it replaced
    Unchanged, ///< the store already holds exactly this review
    Kept, ///< the stored copy is newer or as new, and was kept
};

/// The review database: SQLite through Qt SQL (QSQLITE), WAL mode, schema versioned with migrations.
/// Holds reviews (one row per identity: task id + reviewer + created), their history (every submitted
/// version), drafts (one per task and reviewer, for autosave and crash restore), attached reports and
/// their digests. Each object has its own connection, so two stores (two windows) can have the same
/// file open; a save based on an outdated revision fails with a conflict instead of overwriting.
class ReviewStore {
public:
    ReviewStore();
    ~ReviewStore();
    ReviewStore(const ReviewStore&) = delete;
    ReviewStore& operator=(const ReviewStore&) = delete;

    /// $KWB_DB when set, else `reviews.sqlite` in the user's data folder (`~/.local/share/kernel-workbench`),
    /// shared by the GUI and the CLI.
    static QString defaultPath();
    /// The schema version open() migrates to.
    static int latestSchemaVersion();

    /// Opens (creating when missing) the database at `path` and migrates it, step by step, to
    /// `upToVersion` (tests create older databases with a lower value).
    Status open(const QString& path, int upToVersion = latestSchemaVersion());
    bool isOpen() const;
    QString path() const { return m_path; }
    /// The schema version of the open database.
    int schemaVersion() const;

    /// Saves `review` when the stored revision is `expectedRevision` (0: the review must be new) and
    /// returns the new revision. Otherwise fails with findingId `store.conflict`: the review was saved
    /// elsewhere since it was loaded. A submitted review also adds a history entry. Removes the
    /// reviewer's draft of the task once the review is submitted.
    Result<qint64> save(const Review& review, qint64 expectedRevision);
    /// The stored review with this identity; an Error with findingId `store.not-found` when none.
    Result<StoredReview> load(const QString& taskId, const QString& reviewer, const QDateTime& created) const;
    /// Every stored review, ordered by task id, reviewer, created.
    Result<QList<StoredReview>> reviews() const;
    /// Every submitted version of the review with `identity`'s fields, oldest first.
    Result<QList<Review>> history(const Review& identity) const;
    /// Brings in a review from a file without duplicates (see ImportOutcome).
    Result<ImportOutcome> import(const Review& review);

    /// Stores the working copy of (review.taskId, review.reviewer), replacing the previous one.
    Status saveDraft(const Review& review);
    /// Stores the working copy when the stored draft's revision is `expectedRevision` (0: there must be no
    /// draft) and returns the new revision; otherwise fails with findingId `store.conflict` (another window
    /// saved the draft since this one loaded it).
    Result<qint64> saveDraft(const Review& review, qint64 expectedRevision);
    /// The draft of (taskId, reviewer), or nullopt when none.
    Result<std::optional<Review>> loadDraft(const QString& taskId, const QString& reviewer) const;
    /// The draft of (taskId, reviewer) with its revision, or nullopt when none.
    Result<std::optional<StoredReview>> loadDraftRevision(const QString& taskId, const QString& reviewer) const;
    Status discardDraft(const QString& taskId, const QString& reviewer);
    /// Every working copy (all tasks, all reviewers), ordered by task id and reviewer.
    Result<QList<Review>> drafts() const;
    /// Every stored review and working copy with only task id, reviewer, status, verdict and updated filled,
    /// read without parsing the documents: cheap enough for a batch queue to re-read on every move.
    Result<QList<Review>> reviewHeaders() const;

    /// Stores a kwb.report/1 document (deduplicated by digest) and returns it parsed.
    Result<ReportDoc> addReport(const QByteArray& bytes, const QString& file);
    /// The stored report with `digest`; findingId `store.not-found` when none.
    Result<ReportDoc> report(const QString& digest) const;
    /// The stored reports a review attaches or cites (those the store has).
    Result<QList<ReportDoc>> reportsFor(const Review& review) const;

private:
    Error sqlError(const QString& what, const QString& detail) const;
    Status migrate(int upToVersion);
    Result<std::optional<StoredReview>> find(const Review& identity, qint64* rowId) const;
    Status writeReview(const Review& review, qint64 rowId, qint64 revision, bool isNew);

    QString m_connection;
    QString m_path;
};

} // namespace kwb

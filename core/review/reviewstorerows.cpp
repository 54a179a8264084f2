// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReviewStore: reviews, history and reports (open and migrations: reviewstore.cpp; drafts: reviewstoredrafts.cpp).
#include "core/review/reviewstore.h"

#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace kwb {
namespace {
QByteArray body(const Review& r)
{
    return QJsonDocument(reviewToJson(r)).toJson(QJsonDocument::Compact);
}

QString now()
{
    return reviewTimestamp(QDateTime::currentDateTimeUtc());
}

Error notFound(const QString& path, const QString& what)
{
    return Error { path, {}, what, QStringLiteral("store.not-found") };
}
} // namespace

Result<std::optional<StoredReview>> ReviewStore::find(const Review& identity, qint64* rowId) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(
        QStringLiteral("SELECT id, revision, body FROM reviews WHERE task_id = ? AND reviewer = ? AND created = ?"));
    q.addBindValue(identity.taskId);
    q.addBindValue(identity.reviewer);
    q.addBindValue(reviewTimestamp(identity.created));
    if (!q.exec())
        return sqlError(QStringLiteral("cannot read reviews"), q.lastError().text());
    if (!q.next())
        return std::optional<StoredReview> {};
    if (rowId)
        *rowId = q.value(0).toLongLong();
    Result<Review> r
        = parseReview(q.value(2).toByteArray(), m_path + QStringLiteral(" (review %1)").arg(identity.identity()));
    if (!r)
        return r.error();
    return std::optional<StoredReview> { StoredReview { *r, q.value(1).toLongLong() } };
}

Status ReviewStore::writeReview(const Review& r, qint64 rowId, qint64 revision, bool isNew)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (isNew) {
        q.prepare(QStringLiteral("INSERT INTO reviews (task_id, reviewer, created, status, updated, revision, body,"
                                 " task_digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
        q.addBindValue(r.taskId);
        q.addBindValue(r.reviewer);
        q.addBindValue(reviewTimestamp(r.created));
    } else {
        q.prepare(QStringLiteral("UPDATE reviews SET status = ?, updated = ?, revision = ?, body = ?, task_digest = ?"
                                 " WHERE id = ?"));
    }
    q.addBindValue(statusName(r.status));
    q.addBindValue(reviewTimestamp(r.updated));
    q.addBindValue(revision);
    q.addBindValue(QString::fromUtf8(body(r)));
    q.addBindValue(r.taskDigest);
    if (!isNew)
        q.addBindValue(rowId);
    if (!q.exec())
        return sqlError(QStringLiteral("cannot save review %1").arg(r.identity()), q.lastError().text());
    if (isNew)
        rowId = q.lastInsertId().toLongLong();
    if (r.status == Review::Status::Submitted) {
        q.prepare(
            QStringLiteral("INSERT INTO review_history (review_id, revision, saved_at, body) VALUES (?, ?, ?, ?)"));
        q.addBindValue(rowId);
        q.addBindValue(revision);
        q.addBindValue(now());
        q.addBindValue(QString::fromUtf8(body(r)));
        if (!q.exec())
            return sqlError(QStringLiteral("cannot record history of %1").arg(r.identity()), q.lastError().text());
    }
    for (const ReportRef& rr : r.reports) {
        q.prepare(QStringLiteral("INSERT OR IGNORE INTO review_reports (review_id, digest) VALUES (?, ?)"));
        q.addBindValue(rowId);
        q.addBindValue(rr.digest);
        if (!q.exec())
            return sqlError(QStringLiteral("cannot link reports of %1").arg(r.identity()), q.lastError().text());
    }
    if (r.status == Review::Status::Submitted)
        return discardDraft(r.taskId, r.reviewer);
    return Ok {};
}

Result<qint64> ReviewStore::save(const Review& review, qint64 expectedRevision)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    // IMMEDIATE: take the write lock before reading the revision, so two stores cannot both pass the check.
    QSqlQuery begin(db);
    if (!begin.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(QStringLiteral("cannot start a transaction"), begin.lastError().text());
    qint64 rowId = 0;
    const auto existing = find(review, &rowId);
    auto rollback = [&](Error e) -> Result<qint64> {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return e;
    };
    if (!existing)
        return rollback(existing.error());
    const qint64 stored = *existing ? (*existing)->revision : 0;
    if (stored != expectedRevision) {
        return rollback(Error { m_path, review.identity(),
            QStringLiteral("conflict: the review was saved elsewhere (stored revision %1, this edit is based on "
                           "revision %2); reload it and merge")
                .arg(stored)
                .arg(expectedRevision),
            QStringLiteral("store.conflict") });
    }
    const Status written = writeReview(review, rowId, stored + 1, !existing->has_value());
    if (!written)
        return rollback(written.error());
    QSqlQuery commit(db);
    if (!commit.exec(QStringLiteral("COMMIT")))
        return rollback(sqlError(QStringLiteral("cannot commit"), commit.lastError().text()));
    return stored + 1;
}

Result<StoredReview> ReviewStore::load(const QString& taskId, const QString& reviewer, const QDateTime& created) const
{
    Review key;
    key.taskId = taskId;
    key.reviewer = reviewer;
    key.created = created;
    const auto found = find(key, nullptr);
    if (!found)
        return found.error();
    if (!*found)
        return notFound(m_path, QStringLiteral("no review %1").arg(key.identity()));
    return **found;
}

Result<QList<StoredReview>> ReviewStore::reviews() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("SELECT revision, body FROM reviews ORDER BY task_id, reviewer, created")))
        return sqlError(QStringLiteral("cannot read reviews"), q.lastError().text());
    QList<StoredReview> out;
    while (q.next()) {
        Result<Review> r = parseReview(q.value(1).toByteArray(), m_path);
        if (!r)
            return r.error();
        out.append({ *r, q.value(0).toLongLong() });
    }
    return out;
}

Result<QList<Review>> ReviewStore::history(const Review& identity) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT h.body FROM review_history h JOIN reviews r ON r.id = h.review_id"
                             " WHERE r.task_id = ? AND r.reviewer = ? AND r.created = ? ORDER BY h.revision"));
    q.addBindValue(identity.taskId);
    q.addBindValue(identity.reviewer);
    q.addBindValue(reviewTimestamp(identity.created));
    if (!q.exec())
        return sqlError(QStringLiteral("cannot read history"), q.lastError().text());
    QList<Review> out;
    while (q.next()) {
        Result<Review> r = parseReview(q.value(0).toByteArray(), m_path);
        if (!r)
            return r.error();
        out.append(*r);
    }
    return out;
}

Result<ImportOutcome> ReviewStore::import(const Review& review)
{
    const auto existing = find(review, nullptr);
    if (!existing)
        return existing.error();
    if (*existing && (*existing)->review == review)
        return ImportOutcome::Unchanged;
    if (*existing && (*existing)->review.updated >= review.updated)
        return ImportOutcome::Kept;
    const qint64 base = *existing ? (*existing)->revision : 0;
    const Result<qint64> saved = save(review, base);
    if (!saved)
        return saved.error();
    return *existing ? ImportOutcome::Updated : ImportOutcome::Inserted;
}

Result<ReportDoc> ReviewStore::addReport(const QByteArray& bytes, const QString& file)
{
    Result<ReportDoc> doc = parseReportDoc(bytes, file);
    if (!doc)
        return doc;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT OR IGNORE INTO reports (digest, action, task_id, body) VALUES (?, ?, ?, ?)"));
    q.addBindValue(doc->digest);
    q.addBindValue(doc->action);
    q.addBindValue(doc->taskId);
    q.addBindValue(bytes);
    if (!q.exec())
        return sqlError(QStringLiteral("cannot store report %1").arg(doc->digest), q.lastError().text());
    return doc;
}

Result<ReportDoc> ReviewStore::report(const QString& digest) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT body FROM reports WHERE digest = ?"));
    q.addBindValue(digest);
    if (!q.exec())
        return sqlError(QStringLiteral("cannot read reports"), q.lastError().text());
    if (!q.next())
        return notFound(m_path, QStringLiteral("no report %1").arg(digest));
    return parseReportDoc(q.value(0).toByteArray(), m_path + QStringLiteral(" (report %1)").arg(digest));
}

Result<QList<ReportDoc>> ReviewStore::reportsFor(const Review& review) const
{
    QStringList digests;
    for (const ReportRef& rr : review.reports)
        digests << rr.digest;
    for (const Score& s : review.scores) {
        for (const QString& e : s.evidence) {
            if (e.startsWith(QLatin1StringView("report:")))
                digests << e.mid(7).section(u'#', 0, 0);
        }
    }
    digests.removeDuplicates();
    QList<ReportDoc> out;
    for (const QString& d : digests) {
        Result<ReportDoc> doc = report(d);
        if (doc)
            out.append(*doc);
        else if (doc.error().findingId != QLatin1StringView("store.not-found"))
            return doc.error();
    }
    return out;
}

} // namespace kwb

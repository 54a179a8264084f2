// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReviewStore: the drafts (one working copy per task and reviewer, with a revision for conflicts).
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
} // namespace

Status ReviewStore::saveDraft(const Review& review)
{
    const Result<std::optional<StoredReview>> current = loadDraftRevision(review.taskId, review.reviewer);
    if (!current)
        return current.error();
    const Result<qint64> saved = saveDraft(review, *current ? (*current)->revision : 0);
    if (!saved)
        return saved.error();
    return Ok {};
}

Result<qint64> ReviewStore::saveDraft(const Review& review, qint64 expectedRevision)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    // One statement decides: the row is written only when its revision is still the expected one, so two
    // windows racing on one draft cannot both succeed.
    if (expectedRevision == 0) {
        q.prepare(QStringLiteral("INSERT OR IGNORE INTO drafts (task_id, reviewer, updated, body, revision)"
                                 " VALUES (?, ?, ?, ?, 1)"));
        q.addBindValue(review.taskId);
        q.addBindValue(review.reviewer);
        q.addBindValue(reviewTimestamp(review.updated));
        q.addBindValue(QString::fromUtf8(body(review)));
    } else {
        q.prepare(QStringLiteral("UPDATE drafts SET updated = ?, body = ?, revision = revision + 1"
                                 " WHERE task_id = ? AND reviewer = ? AND revision = ?"));
        q.addBindValue(reviewTimestamp(review.updated));
        q.addBindValue(QString::fromUtf8(body(review)));
        q.addBindValue(review.taskId);
        q.addBindValue(review.reviewer);
        q.addBindValue(expectedRevision);
    }
    if (!q.exec())
        return sqlError(QStringLiteral("cannot save the draft"), q.lastError().text());
    if (q.numRowsAffected() != 1)
        return Error { m_path, {},
            QStringLiteral("the draft of %1 by %2 was saved elsewhere (another window) since it was loaded")
                .arg(review.taskId, review.reviewer),
            QStringLiteral("store.conflict") };
    return expectedRevision + 1;
}

Result<std::optional<Review>> ReviewStore::loadDraft(const QString& taskId, const QString& reviewer) const
{
    const Result<std::optional<StoredReview>> d = loadDraftRevision(taskId, reviewer);
    if (!d)
        return d.error();
    if (!*d)
        return std::optional<Review> {};
    return std::optional<Review> { (*d)->review };
}

Result<std::optional<StoredReview>> ReviewStore::loadDraftRevision(const QString& taskId, const QString& reviewer) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT body, revision FROM drafts WHERE task_id = ? AND reviewer = ?"));
    q.addBindValue(taskId);
    q.addBindValue(reviewer);
    if (!q.exec())
        return sqlError(QStringLiteral("cannot read drafts"), q.lastError().text());
    if (!q.next())
        return std::optional<StoredReview> {};
    Result<Review> r = parseReview(q.value(0).toByteArray(), m_path + QStringLiteral(" (draft)"));
    if (!r)
        return r.error();
    return std::optional<StoredReview> { StoredReview { *r, q.value(1).toLongLong() } };
}

Result<QList<Review>> ReviewStore::drafts() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("SELECT body FROM drafts ORDER BY task_id, reviewer")))
        return sqlError(QStringLiteral("cannot read drafts"), q.lastError().text());
    QList<Review> out;
    while (q.next()) {
        Result<Review> r = parseReview(q.value(0).toByteArray(), m_path + QStringLiteral(" (draft)"));
        if (!r)
            return r.error();
        out.append(*r);
    }
    return out;
}

Result<QList<Review>> ReviewStore::reviewHeaders() const
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral(
            "SELECT task_id, reviewer, status, json_extract(body, '$.verdict'), updated FROM reviews"
            " UNION ALL SELECT task_id, reviewer, 'draft', json_extract(body, '$.verdict'), updated FROM drafts")))
        return sqlError(QStringLiteral("cannot read reviews"), q.lastError().text());
    QList<Review> out;
    while (q.next()) {
        Review r;
        r.taskId = q.value(0).toString();
        r.reviewer = q.value(1).toString();
        r.status = q.value(2).toString() == u"submitted" ? Review::Status::Submitted : Review::Status::Draft;
        r.verdict = q.value(3).toString();
        r.updated = QDateTime::fromString(q.value(4).toString(), Qt::ISODateWithMs);
        out.append(r);
    }
    return out;
}

Status ReviewStore::discardDraft(const QString& taskId, const QString& reviewer)
{
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("DELETE FROM drafts WHERE task_id = ? AND reviewer = ?"));
    q.addBindValue(taskId);
    q.addBindValue(reviewer);
    if (!q.exec())
        return sqlError(QStringLiteral("cannot discard the draft"), q.lastError().text());
    return Ok {};
}

} // namespace kwb

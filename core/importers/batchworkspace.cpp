// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/batchworkspace.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace kwb {

bool BatchQueue::isWorkspace(const QString& dir)
{
    return QFileInfo(QDir(dir).filePath(QStringLiteral("workspace.json"))).isFile();
}

Result<BatchQueue> BatchQueue::open(const QString& dir)
{
    const QString path = QDir(dir).filePath(QStringLiteral("workspace.json"));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &e);
    if (!doc.isObject())
        return Error { path, {},
            QStringLiteral("not a JSON object: %1 (offset %2)").arg(e.errorString()).arg(e.offset) };
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != u"kwb.workspace/1")
        return Error { path, QStringLiteral("/format"), QStringLiteral("expected \"kwb.workspace/1\"") };
    BatchQueue q;
    q.m_dir = QFileInfo(dir).absoluteFilePath();
    q.m_source = root.value(QStringLiteral("source")).toString();
    const QJsonArray list = root.value(QStringLiteral("assignments")).toArray();
    q.m_assignments.reserve(list.size());
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject a = list[i].toObject();
        Assignment as { a.value(QStringLiteral("task_id")).toString(), a.value(QStringLiteral("id")).toString(),
            a.value(QStringLiteral("dir")).toString(), a.value(QStringLiteral("title")).toString(),
            a.value(QStringLiteral("load_error")).toString(), a.value(QStringLiteral("metadata")).toObject() };
        if (as.taskId.isEmpty() || as.bundleId.isEmpty() || as.dir.isEmpty() || as.dir.contains(QStringLiteral("..")))
            return Error { path, QStringLiteral("/assignments/%1").arg(i),
                QStringLiteral("expected task_id, id and a dir inside the workspace") };
        if (q.m_byBundle.contains(as.bundleId))
            return Error { path, QStringLiteral("/assignments/%1/id").arg(i),
                QStringLiteral("bundle id '%1' is listed twice").arg(as.bundleId) };
        q.m_byBundle.insert(as.bundleId, i);
        q.m_assignments << as;
    }
    q.m_reviews.fill(QueueReview {}, q.m_assignments.size());
    return q;
}

QString BatchQueue::bundlePath(qsizetype i) const
{
    return QDir(m_dir).filePath(m_assignments.at(i).dir);
}

qsizetype BatchQueue::indexOfBundle(const QString& bundleId) const
{
    return m_byBundle.value(bundleId, -1);
}

void BatchQueue::setReviewed(const QSet<QString>& reviewedBundleIds)
{
    QHash<QString, QueueReview> byBundle;
    for (const QString& id : reviewedBundleIds)
        byBundle.insert(id, { QueueReview::State::Submitted, {} });
    setReviews(byBundle);
}

void BatchQueue::setReviewed(qsizetype i, bool reviewed)
{
    if (isReviewed(i) != reviewed)
        setReview(i, { reviewed ? QueueReview::State::Submitted : QueueReview::State::Unreviewed, {} });
}

void BatchQueue::setReviews(const QHash<QString, QueueReview>& byBundle)
{
    m_reviewedCount = m_draftCount = 0;
    for (qsizetype i = 0; i < m_assignments.size(); ++i) {
        m_reviews[i] = byBundle.value(m_assignments[i].bundleId);
        m_reviewedCount += m_reviews[i].state == QueueReview::State::Submitted;
        m_draftCount += m_reviews[i].state == QueueReview::State::Draft;
    }
}

void BatchQueue::setReview(qsizetype i, const QueueReview& review)
{
    if (i < 0 || i >= m_reviews.size())
        return;
    const auto count = [this](const QueueReview& r, int sign) {
        m_reviewedCount += sign * (r.state == QueueReview::State::Submitted);
        m_draftCount += sign * (r.state == QueueReview::State::Draft);
    };
    count(m_reviews[i], -1);
    m_reviews[i] = review;
    count(review, +1);
}

std::optional<qsizetype> BatchQueue::nextUnreviewed(qsizetype from) const
{
    const qsizetype n = m_assignments.size();
    for (qsizetype k = 1; k <= n; ++k) {
        const qsizetype i = ((from + k) % n + n) % n;
        if (!isReviewed(i))
            return i;
    }
    return std::nullopt;
}

std::optional<qsizetype> BatchQueue::previousUnreviewed(qsizetype from) const
{
    const qsizetype n = m_assignments.size();
    for (qsizetype k = 1; k <= n; ++k) {
        const qsizetype i = ((from - k) % n + n) % n;
        if (!isReviewed(i))
            return i;
    }
    return std::nullopt;
}

QJsonObject workspaceJson(const QString& source, const QList<Assignment>& assignments)
{
    QJsonArray list;
    for (const Assignment& a : assignments) {
        QJsonObject o { { QStringLiteral("task_id"), a.taskId }, { QStringLiteral("id"), a.bundleId },
            { QStringLiteral("dir"), a.dir }, { QStringLiteral("title"), a.title } };
        if (!a.loadError.isEmpty())
            o.insert(QStringLiteral("load_error"), a.loadError);
        if (!a.metadata.isEmpty())
            o.insert(QStringLiteral("metadata"), a.metadata);
        list.append(o);
    }
    return { { QStringLiteral("format"), QStringLiteral("kwb.workspace/1") }, { QStringLiteral("source"), source },
        { QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) },
        { QStringLiteral("assignments"), list } };
}

} // namespace kwb

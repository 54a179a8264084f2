// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/export/csvexport.h"

#include <QMap>
#include <QSet>

namespace kwb {
namespace {
QString scoreCell(const Review& r, const QString& id)
{
    const auto it = r.scores.constFind(id);
    if (it == r.scores.cend())
        return {};
    if (it->value)
        return QString::number(*it->value);
    return it->notApplicable ? QStringLiteral("NA") : QString();
}

void appendRow(QString& out, const QStringList& cells)
{
    QStringList quoted;
    for (const QString& c : cells)
        quoted << csvField(c);
    out += quoted.join(u',') + QStringLiteral("\r\n");
}
} // namespace

QString csvField(const QString& value)
{
    if (!value.contains(u',') && !value.contains(u'"') && !value.contains(u'\n') && !value.contains(u'\r'))
        return value;
    QString escaped = value;
    escaped.replace(u'"', QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

QByteArray reviewsCsv(const QList<Review>& reviews, const QStringList& criteria)
{
    QString out;
    QStringList header { QStringLiteral("task_id"), QStringLiteral("task_digest"), QStringLiteral("reviewer"),
        QStringLiteral("status"), QStringLiteral("verdict"), QStringLiteral("created"), QStringLiteral("updated"),
        QStringLiteral("time_spent_s") };
    for (const QString& id : criteria)
        header << id << id + QStringLiteral(".comment");
    appendRow(out, header);
    for (const Review& r : reviews) {
        QStringList row { r.taskId, r.taskDigest, r.reviewer, statusName(r.status), r.verdict,
            reviewTimestamp(r.created), reviewTimestamp(r.updated), QString::number(r.timeSpentS) };
        for (const QString& id : criteria)
            row << scoreCell(r, id) << r.scores.value(id).comment;
        appendRow(out, row);
    }
    return out.toUtf8();
}

QByteArray reviewsWideCsv(const QList<Review>& reviews, const QStringList& criteria)
{
    QStringList reviewers;
    QMap<QString, QMap<QString, const Review*>> byTask; // task → reviewer → latest review
    for (const Review& r : reviews) {
        if (!reviewers.contains(r.reviewer))
            reviewers << r.reviewer;
        const Review*& slot = byTask[r.taskId][r.reviewer];
        if (!slot || slot->updated < r.updated)
            slot = &r;
    }
    reviewers.sort();
    QString out;
    QStringList header { QStringLiteral("task_id"), QStringLiteral("task_digest") };
    for (const QString& who : reviewers) {
        header << who + QStringLiteral(".verdict");
        for (const QString& id : criteria)
            header << who + u'.' + id;
    }
    appendRow(out, header);
    for (auto t = byTask.begin(); t != byTask.end(); ++t) {
        const Review* latest = nullptr;
        for (const Review* r : t.value()) {
            if (!latest || latest->updated < r->updated)
                latest = r;
        }
        QStringList row { t.key(), latest ? latest->taskDigest : QString() };
        for (const QString& who : reviewers) {
            const Review* r = t->value(who);
            row << (r ? r->verdict : QString());
            for (const QString& id : criteria)
                row << (r ? scoreCell(*r, id) : QString());
        }
        appendRow(out, row);
    }
    return out.toUtf8();
}

} // namespace kwb

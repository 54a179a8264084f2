// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/review.h"

#include <QJsonArray>

namespace kwb {

QString statusName(Review::Status s)
{
    return s == Review::Status::Submitted ? QStringLiteral("submitted") : QStringLiteral("draft");
}

QString Review::identity() const
{
    return taskId + u'/' + reviewer + u'/' + reviewTimestamp(created);
}

bool Review::sameIdentity(const Review& other) const
{
    return taskId == other.taskId && reviewer == other.reviewer && created == other.created;
}

QString reviewTimestamp(const QDateTime& t)
{
    if (!t.isValid())
        return {};
    const QDateTime utc = t.toUTC();
    return utc.toString(utc.time().msec() ? Qt::ISODateWithMs : Qt::ISODate);
}

QJsonObject reviewToJson(const Review& r)
{
    QJsonObject scores;
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        const Score& s = it.value();
        QJsonObject o { { QStringLiteral("comment"), s.comment },
            { QStringLiteral("evidence"), QJsonArray::fromStringList(s.evidence) } };
        // Three states: a level, N/A (`null`), and not scored yet (no `value` key, drafts only).
        if (s.value)
            o.insert(QStringLiteral("value"), *s.value);
        else if (s.notApplicable)
            o.insert(QStringLiteral("value"), QJsonValue::Null);
        scores.insert(it.key(), o);
    }
    QJsonArray comments;
    for (const LineComment& c : r.comments) {
        QJsonObject o { { QStringLiteral("file"), c.file }, { QStringLiteral("start_line"), c.startLine },
            { QStringLiteral("end_line"), c.endLine }, { QStringLiteral("text"), c.text } };
        if (!c.criterion.isEmpty())
            o.insert(QStringLiteral("criterion"), c.criterion);
        comments.append(o);
    }
    QJsonArray reports;
    for (const ReportRef& rr : r.reports)
        reports.append(QJsonObject { { QStringLiteral("digest"), rr.digest }, { QStringLiteral("action"), rr.action },
            { QStringLiteral("created"), reviewTimestamp(rr.created) } });
    QJsonObject o {
        { QStringLiteral("format"), QStringLiteral("kwb.review/1") },
        { QStringLiteral("task"),
            QJsonObject { { QStringLiteral("id"), r.taskId }, { QStringLiteral("digest"), r.taskDigest } } },
        { QStringLiteral("rubric"),
            QJsonObject { { QStringLiteral("id"), r.rubricId }, { QStringLiteral("version"), r.rubricVersion } } },
        { QStringLiteral("reviewer"), r.reviewer },
        { QStringLiteral("status"), statusName(r.status) },
        { QStringLiteral("created"), reviewTimestamp(r.created) },
        { QStringLiteral("updated"), reviewTimestamp(r.updated) },
        { QStringLiteral("time_spent_s"), r.timeSpentS },
        { QStringLiteral("scores"), scores },
        { QStringLiteral("comments"), comments },
        { QStringLiteral("verdict"), r.verdict.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.verdict) },
        { QStringLiteral("summary"), r.summary },
        { QStringLiteral("confidence"), r.confidence ? QJsonValue(*r.confidence) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("reports"), reports },
    };
    return o;
}

} // namespace kwb

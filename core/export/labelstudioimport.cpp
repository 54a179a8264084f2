#include "export/labelstudio.h"

#include "rubric/jsonin.h"

#include <QJsonDocument>

#include <cmath>

namespace kwb {
namespace {
QString firstText(const QJsonObject& value, const QString& key)
{
    const QJsonValue v = value.value(key);
    return v.isArray() ? v.toArray().first().toString() : v.toString();
}

// Without the kwb.review/1 documents (an export edited in Label Studio), rebuild what the results hold.
// The reviewer of an annotation: our own `kwb_reviewer`, else the task's `meta.kwb_reviewers`, else what
// Label Studio wrote in `completed_by` (an email object, or a user id).
QString reviewerOf(const QJsonObject& a, const QJsonValue& metaName)
{
    const QString own = a.value(QStringLiteral("kwb_reviewer")).toString();
    if (!own.isEmpty())
        return own;
    if (metaName.isString() && !metaName.toString().isEmpty())
        return metaName.toString();
    const QJsonValue by = a.value(QStringLiteral("completed_by"));
    if (by.isObject())
        return by.toObject().value(QStringLiteral("email")).toString();
    if (by.isDouble())
        return QStringLiteral("labelstudio-user-%1").arg(by.toInteger());
    return by.toString();
}

Result<Review> rebuild(
    const QJsonObject& data, const QJsonObject& a, const QJsonValue& metaName, const QString& file, const QString& path)
{
    Review r;
    r.taskId = data.value(QStringLiteral("task_id")).toString();
    r.taskDigest = data.value(QStringLiteral("task_digest")).toString();
    r.rubricId = QStringLiteral("kernel-task-review");
    r.rubricVersion = 1;
    r.reviewer = reviewerOf(a, metaName);
    r.status = Review::Status::Submitted;
    r.created = QDateTime::fromString(a.value(QStringLiteral("created_at")).toString(), Qt::ISODateWithMs).toUTC();
    r.updated = QDateTime::fromString(a.value(QStringLiteral("updated_at")).toString(), Qt::ISODateWithMs).toUTC();
    if (!r.updated.isValid())
        r.updated = r.created;
    // Label Studio's lead_time: seconds, fractional. Anything that is not a plausible duration is an error (a
    // huge number would not even fit the integer it is stored in).
    const double leadTime = a.value(QStringLiteral("lead_time")).toDouble();
    if (!std::isfinite(leadTime) || leadTime < 0 || leadTime > 1e9)
        return Error { file, path + QStringLiteral("/lead_time"),
            QStringLiteral("expected the seconds spent (0 to 1e9), found %1").arg(leadTime) };
    r.timeSpentS = qint64(leadTime);
    if (r.taskId.isEmpty() || r.reviewer.isEmpty() || !r.created.isValid())
        return Error { file, path,
            QStringLiteral("expected data.task_id, completed_by and created_at to rebuild the review") };
    const QJsonArray results = a.value(QStringLiteral("result")).toArray();
    for (const QJsonValue& rv : results) {
        const QJsonObject res = rv.toObject();
        const QString from = res.value(QStringLiteral("from_name")).toString();
        const QJsonObject value = res.value(QStringLiteral("value")).toObject();
        if (from == QLatin1StringView("verdict"))
            r.verdict = firstText(value, QStringLiteral("choices"));
        else if (from == QLatin1StringView("summary"))
            r.summary = firstText(value, QStringLiteral("text"));
        else if (from == QLatin1StringView("confidence"))
            r.confidence = value.value(QStringLiteral("rating")).toInt();
        else if (from.endsWith(QLatin1StringView("_comment")))
            r.scores[from.chopped(8)].comment = firstText(value, QStringLiteral("text"));
        else if (!from.isEmpty())
            r.scores[from].value = value.value(QStringLiteral("rating")).toInt();
    }
    // What was rebuilt must be a valid kwb.review/1 document like any other import (a verdict choice edited to
    // one the rubric lacks, say), else it would be stored and then fail every later read: the same reader checks
    // it, its error pointing into this annotation.
    return reviewFromJson(reviewToJson(r), file, {}, path);
}
} // namespace

Result<QList<Review>> reviewsFromLabelStudio(const QJsonArray& tasks, const QString& file)
{
    QList<Review> out;
    for (qsizetype i = 0; i < tasks.size(); ++i) {
        const QString tp = QStringLiteral("/%1").arg(i);
        if (!tasks.at(i).isObject())
            return Error { file, tp, QStringLiteral("expected a Label Studio task object") };
        const QJsonObject task = tasks.at(i).toObject();
        const QJsonArray docs
            = task.value(QStringLiteral("meta")).toObject().value(QStringLiteral("kwb_reviews")).toArray();
        const QJsonArray annotations = task.value(QStringLiteral("annotations")).toArray();
        for (qsizetype j = 0; j < docs.size(); ++j) {
            Result<Review> r = reviewFromJson(
                docs.at(j).toObject(), file, {}, QStringLiteral("%1/meta/kwb_reviews/%2").arg(tp).arg(j));
            if (!r)
                return r.error();
            out.append(*r);
        }
        if (!docs.isEmpty())
            continue;
        for (qsizetype j = 0; j < annotations.size(); ++j) {
            const QJsonValue metaName
                = task.value(QStringLiteral("meta")).toObject().value(QStringLiteral("kwb_reviewers")).toArray().at(j);
            Result<Review> r = rebuild(task.value(QStringLiteral("data")).toObject(), annotations.at(j).toObject(),
                metaName, file, QStringLiteral("%1/annotations/%2").arg(tp).arg(j));
            if (!r)
                return r.error();
            out.append(*r);
        }
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Label Studio task lists → reviews: per annotation, which side is newer (see readLabelStudio in labelstudio.h).
#include "core/export/labelstudio.h"
#include "core/export/labelstudioresult.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace kwb {
namespace {
QDateTime lsTime(const QJsonValue& v)
{
    // Label Studio writes microseconds (`2026-12-01T21:30:00.123456Z`); kwb keeps milliseconds.
    QString s = v.toString();
    static const QRegularExpression micro(QStringLiteral(R"((\.\d{3})\d+)"));
    s.replace(micro, QStringLiteral("\\1"));
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC() : QDateTime {};
}

struct Identity {
    QString reviewer;
    QDateTime created;
    QString rubricId;
    int rubricVersion = 0;
};

// The hidden `kwb_review` result, when the annotation has one.
Result<std::optional<Identity>> identityOf(const QJsonArray& results, const QString& file, const QString& path)
{
    for (qsizetype k = 0; k < results.size(); ++k) {
        const QJsonObject res = results.at(k).toObject();
        if (res.value(QStringLiteral("from_name")).toString() != QLatin1StringView(kLabelStudioIdName))
            continue;
        const QString where = path + QStringLiteral("/result/%1/value/text").arg(k);
        const QJsonValue text = res.value(QStringLiteral("value")).toObject().value(QStringLiteral("text"));
        const QString s = text.isArray() ? text.toArray().at(0).toString() : text.toString();
        const QJsonObject o = QJsonDocument::fromJson(s.toUtf8()).object();
        Identity id { o.value(QStringLiteral("reviewer")).toString(),
            QDateTime::fromString(o.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs).toUTC(),
            o.value(QStringLiteral("rubric")).toString(), o.value(QStringLiteral("rubric_version")).toInt() };
        if (id.reviewer.isEmpty() || !id.created.isValid() || id.rubricId.isEmpty() || id.rubricVersion < 1)
            return Error { file, where,
                QStringLiteral("expected the review identity kwb exported ({\"reviewer\", \"created\", \"rubric\", "
                               "\"rubric_version\"}); it must not be edited") };
        return std::optional<Identity> { id };
    }
    return std::optional<Identity> {};
}

// The Label Studio user an annotation is credited to, as the mapping names it: an e-mail, else the id.
QString userOf(const QJsonObject& a)
{
    const QJsonValue by = a.value(QStringLiteral("completed_by"));
    if (by.isObject()) {
        const QJsonObject o = by.toObject();
        const QString email = o.value(QStringLiteral("email")).toString();
        return email.isEmpty() ? QString::number(o.value(QStringLiteral("id")).toInteger()) : email;
    }
    if (by.isDouble())
        return QString::number(by.toInteger());
    return by.toString();
}

struct TaskReader {
    const QString& file;
    const LabelStudioImportOptions& options;
    QSet<QString> seen; // identities produced so far in this file

    // `base` with the annotation's results: unchanged when they are what `base` exports to.
    Result<LabelStudioReview> compare(
        const Review& base, const QJsonObject& a, const QJsonArray& results, const QString& where)
    {
        if (labelStudioValues(labelStudioResult(base, {})) == labelStudioValues(results))
            return LabelStudioReview { base, LabelStudioOrigin::AsExported, where };
        Result<Review> edited = applyLabelStudioResults(base, results, file, where);
        if (!edited)
            return edited.error();
        if (*edited == base) // written differently (a summary split into entries, say), meaning the same
            return LabelStudioReview { base, LabelStudioOrigin::AsExported, where };
        const QDateTime at = lsTime(a.value(QStringLiteral("updated_at")));
        if (at.isValid() && at <= base.updated)
            return LabelStudioReview { base, LabelStudioOrigin::MetaNewer, where };
        edited->updated = at.isValid() ? at : base.updated.addMSecs(1);
        edited->status = Review::Status::Submitted;
        const double lead = a.value(QStringLiteral("lead_time")).toDouble();
        if (std::isfinite(lead) && lead > double(edited->timeSpentS) && lead < 1e9)
            edited->timeSpentS = qint64(lead);
        return LabelStudioReview { *edited, LabelStudioOrigin::Edited, where };
    }

    Result<LabelStudioReview> added(const QJsonObject& data, const QJsonObject& a, const QJsonArray& results,
        const QString& rubricId, int rubricVersion, const QString& where)
    {
        Review r;
        r.taskId = data.value(QStringLiteral("task_id")).toString();
        r.taskDigest = data.value(QStringLiteral("task_digest")).toString();
        r.rubricId = rubricId;
        r.rubricVersion = rubricVersion;
        const QString user = userOf(a);
        r.reviewer = options.reviewers.value(user, user);
        // Exports made before the identity travelled in the result named the reviewer here.
        const QString named = a.value(QStringLiteral("kwb_reviewer")).toString();
        if (named.isEmpty() && (user.isEmpty() || user == QLatin1StringView("0")))
            return Error { file, where + QStringLiteral("/completed_by"),
                QStringLiteral("expected the Label Studio user (an e-mail or a user id)") };
        if (!user.contains(u'@') && !options.reviewers.contains(user))
            r.reviewer = QStringLiteral("labelstudio-user-") + user;
        if (!named.isEmpty())
            r.reviewer = named;
        r.status = Review::Status::Submitted;
        r.created = lsTime(a.value(QStringLiteral("created_at")));
        if (r.taskId.isEmpty() || !r.created.isValid())
            return Error { file, where,
                QStringLiteral("expected data.task_id and created_at to make a review of an annotation added in "
                               "Label Studio") };
        // Identity is task, reviewer and created: two annotations made in the same millisecond (a bulk import
        // by another tool) stay two reviews, the later in file order one millisecond on.
        while (seen.contains(r.identity()))
            r.created = r.created.addMSecs(1);
        r.updated = lsTime(a.value(QStringLiteral("updated_at")));
        if (!r.updated.isValid() || r.updated < r.created)
            r.updated = r.created;
        const double lead = a.value(QStringLiteral("lead_time")).toDouble();
        if (!std::isfinite(lead) || lead < 0 || lead > 1e9)
            return Error { file, where + QStringLiteral("/lead_time"),
                QStringLiteral("expected the seconds spent (0 to 1e9), found %1").arg(lead) };
        r.timeSpentS = qint64(lead);
        if (options.stored) {
            if (const std::optional<Review> s = options.stored(r))
                return compare(*s, a, results, where);
        }
        Result<Review> rebuilt = applyLabelStudioResults(r, results, file, where);
        if (!rebuilt)
            return rebuilt.error();
        return LabelStudioReview { *rebuilt, LabelStudioOrigin::Added, where };
    }

    Status read(const QJsonObject& task, const QString& tp, QList<LabelStudioReview>& out)
    {
        const QJsonValue dataV = task.value(QStringLiteral("data"));
        if (!dataV.isObject())
            return Error { file, tp + QStringLiteral("/data"), QStringLiteral("expected the task's data object") };
        const QJsonObject data = dataV.toObject();
        const QJsonValue metaV = task.value(QStringLiteral("meta"));
        if (!metaV.isUndefined() && !metaV.isNull() && !metaV.isObject())
            return Error { file, tp + QStringLiteral("/meta"), QStringLiteral("expected an object") };
        const QJsonValue docsV = metaV.toObject().value(QStringLiteral("kwb_reviews"));
        if (!docsV.isUndefined() && !docsV.isArray())
            return Error { file, tp + QStringLiteral("/meta/kwb_reviews"), QStringLiteral("expected a list") };
        QList<Review> metas;
        const QJsonArray docs = docsV.toArray();
        for (qsizetype j = 0; j < docs.size(); ++j) {
            Result<Review> r = reviewFromJson(
                docs.at(j).toObject(), file, {}, QStringLiteral("%1/meta/kwb_reviews/%2").arg(tp).arg(j));
            if (!r)
                return r.error();
            metas.append(*r);
        }
        const QJsonValue annV = task.value(QStringLiteral("annotations"));
        if (!annV.isUndefined() && !annV.isArray())
            return Error { file, tp + QStringLiteral("/annotations"), QStringLiteral("expected a list") };
        const QJsonArray annotations = annV.toArray();
        QList<bool> used(metas.size(), false);
        bool anyIdentity = false;
        QList<std::optional<Identity>> ids;
        for (qsizetype j = 0; j < annotations.size(); ++j) {
            const QString ap = QStringLiteral("%1/annotations/%2").arg(tp).arg(j);
            if (!annotations.at(j).isObject())
                return Error { file, ap, QStringLiteral("expected an annotation object") };
            const QJsonValue res = annotations.at(j).toObject().value(QStringLiteral("result"));
            if (!res.isUndefined() && !res.isArray())
                return Error { file, ap + QStringLiteral("/result"), QStringLiteral("expected a list of results") };
            Result<std::optional<Identity>> id = identityOf(res.toArray(), file, ap);
            if (!id)
                return id.error();
            anyIdentity = anyIdentity || id->has_value();
            ids.append(*id);
        }
        const QString rubricId = metas.isEmpty() ? QStringLiteral("kernel-task-review") : metas.first().rubricId;
        const int rubricVersion = metas.isEmpty() ? 1 : metas.first().rubricVersion;
        for (qsizetype j = 0; j < annotations.size(); ++j) {
            const QString ap = QStringLiteral("%1/annotations/%2").arg(tp).arg(j);
            const QJsonObject a = annotations.at(j).toObject();
            if (a.value(QStringLiteral("was_cancelled")).toBool())
                continue; // skipped in Label Studio: no review
            const QJsonArray results = a.value(QStringLiteral("result")).toArray();
            Result<LabelStudioReview> r = Error {};
            if (!anyIdentity && j < metas.size()) {
                // An export made before the identity travelled in the result: the meta copy, as then.
                used[j] = true;
                r = LabelStudioReview { metas.at(j), LabelStudioOrigin::Legacy, ap };
            } else if (const std::optional<Identity>& id = ids.at(j)) {
                Review key;
                key.taskId = data.value(QStringLiteral("task_id")).toString();
                key.taskDigest = data.value(QStringLiteral("task_digest")).toString();
                key.reviewer = id->reviewer;
                key.created = id->created;
                key.rubricId = id->rubricId;
                key.rubricVersion = id->rubricVersion;
                key.status = Review::Status::Submitted;
                key.updated = key.created;
                qsizetype m = 0;
                while (m < metas.size() && (used.at(m) || !metas.at(m).sameIdentity(key)))
                    ++m;
                std::optional<Review> base;
                if (m < metas.size()) {
                    used[m] = true;
                    base = metas.at(m);
                } else if (options.stored) {
                    base = options.stored(key);
                }
                if (base) {
                    r = compare(*base, a, results, ap);
                } else {
                    // No copy to compare with (another tool dropped `meta`, and the store has none): what the
                    // results hold, new to kwb.
                    const QDateTime at = lsTime(a.value(QStringLiteral("updated_at")));
                    key.updated = at.isValid() && at > key.created ? at : key.created;
                    const double lead = a.value(QStringLiteral("lead_time")).toDouble();
                    key.timeSpentS = std::isfinite(lead) && lead >= 0 && lead < 1e9 ? qint64(lead) : 0;
                    if (Result<Review> rebuilt = applyLabelStudioResults(key, results, file, ap))
                        r = LabelStudioReview { *rebuilt, LabelStudioOrigin::Added, ap };
                    else
                        r = rebuilt.error();
                }
            } else {
                r = added(data, a, results, rubricId, rubricVersion, ap);
            }
            if (!r)
                return r.error();
            seen.insert(r->review.identity());
            out.append(*r);
        }
        for (qsizetype m = 0; m < metas.size(); ++m) {
            if (used.at(m))
                continue;
            // Legacy exports with more reviews than annotations keep them as before; otherwise the annotation was
            // deleted in Label Studio.
            out.append({ metas.at(m), anyIdentity ? LabelStudioOrigin::Deleted : LabelStudioOrigin::Legacy,
                QStringLiteral("%1/meta/kwb_reviews/%2").arg(tp).arg(m) });
        }
        return Ok {};
    }
};
} // namespace

Result<QList<LabelStudioReview>> readLabelStudio(
    const QJsonArray& tasks, const QString& file, const LabelStudioImportOptions& options)
{
    QList<LabelStudioReview> out;
    TaskReader reader { file, options, {} };
    for (qsizetype i = 0; i < tasks.size(); ++i) {
        const QString tp = QStringLiteral("/%1").arg(i);
        if (!tasks.at(i).isObject())
            return Error { file, tp, QStringLiteral("expected a Label Studio task object") };
        if (const Status s = reader.read(tasks.at(i).toObject(), tp, out); !s)
            return s.error();
    }
    return out;
}

Result<QList<Review>> reviewsFromLabelStudio(
    const QJsonArray& tasks, const QString& file, const LabelStudioImportOptions& options)
{
    const Result<QList<LabelStudioReview>> read = readLabelStudio(tasks, file, options);
    if (!read)
        return read.error();
    QList<Review> out;
    for (const LabelStudioReview& r : *read) {
        if (r.origin != LabelStudioOrigin::Deleted)
            out.append(r.review);
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/evidenceref.h"
#include "core/review/review.h"
#include "core/rubric/jsonin.h"
#include "core/rubric/rubric.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace kwb {
namespace {
QDateTime timestamp(JsonIn& in, const QJsonObject& o, const QString& path, const QString& key, bool required = true)
{
    const QString s = in.string(o, path, key, required);
    if (in.failed() || s.isEmpty())
        return {};
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!t.isValid() || t.timeSpec() == Qt::LocalTime) {
        in.fail(JsonIn::join(path, key),
            QStringLiteral("expected an ISO 8601 UTC time such as 2026-11-29T20:00:00Z, found '%1'").arg(s));
        return {};
    }
    return t.toUTC();
}

void readScores(JsonIn& in, const QJsonObject& scores, const QString& sp, Review& r)
{
    for (auto it = scores.begin(); it != scores.end() && !in.failed(); ++it) {
        const QString p = JsonIn::join(sp, it.key());
        const QJsonObject so = in.asObject(it.value(), p);
        in.onlyKeys(so, p, { QStringLiteral("value"), QStringLiteral("comment"), QStringLiteral("evidence") });
        Score s;
        if (so.contains(QStringLiteral("value"))) {
            const QJsonValue v = so.value(QStringLiteral("value"));
            if (v.isNull())
                s.notApplicable = true;
            else
                s.value = in.smallInteger(so, p, QStringLiteral("value"));
        }
        s.comment = in.string(so, p, QStringLiteral("comment"), false, true);
        const QJsonArray ev = in.array(so, p, QStringLiteral("evidence"), false);
        for (qsizetype i = 0; i < ev.size() && !in.failed(); ++i) {
            const QString ep = JsonIn::join(JsonIn::join(p, QStringLiteral("evidence")), i);
            const QString ref = in.asString(ev.at(i), ep);
            const Result<EvidenceRef> parsed = parseEvidenceRef(ref);
            if (!in.failed() && !parsed)
                in.fail(ep, parsed.error().what);
            s.evidence.append(ref);
        }
        r.scores.insert(it.key(), s);
    }
}

void readComments(JsonIn& in, const QJsonArray& comments, const QString& cp, Review& r)
{
    for (qsizetype i = 0; i < comments.size() && !in.failed(); ++i) {
        const QString p = JsonIn::join(cp, i);
        const QJsonObject co = in.asObject(comments.at(i), p);
        in.onlyKeys(co, p,
            { QStringLiteral("file"), QStringLiteral("start_line"), QStringLiteral("end_line"), QStringLiteral("text"),
                QStringLiteral("criterion") });
        LineComment c;
        c.file = in.string(co, p, QStringLiteral("file"));
        c.startLine = in.smallInteger(co, p, QStringLiteral("start_line"));
        c.endLine = in.smallInteger(co, p, QStringLiteral("end_line"), false, c.startLine);
        c.text = in.string(co, p, QStringLiteral("text"));
        c.criterion = in.string(co, p, QStringLiteral("criterion"), false);
        if (!in.failed() && (c.startLine < 1 || c.endLine < c.startLine))
            in.fail(JsonIn::join(p, QStringLiteral("start_line")),
                QStringLiteral("expected 1-based lines with start_line ≤ end_line, found %1..%2")
                    .arg(c.startLine)
                    .arg(c.endLine));
        r.comments.append(c);
    }
}

void readReports(JsonIn& in, const QJsonArray& reports, const QString& rp, Review& r)
{
    for (qsizetype i = 0; i < reports.size() && !in.failed(); ++i) {
        const QString p = JsonIn::join(rp, i);
        const QJsonObject ro = in.asObject(reports.at(i), p);
        in.onlyKeys(ro, p, { QStringLiteral("digest"), QStringLiteral("action"), QStringLiteral("created") });
        ReportRef ref;
        ref.digest = in.string(ro, p, QStringLiteral("digest"));
        if (!in.failed() && !isSha256Digest(ref.digest))
            in.fail(JsonIn::join(p, QStringLiteral("digest")),
                QStringLiteral("expected sha256:<64 hex digits>, found '%1'").arg(ref.digest));
        ref.action = in.string(ro, p, QStringLiteral("action"));
        ref.created = timestamp(in, ro, p, QStringLiteral("created"), false);
        r.reports.append(ref);
    }
}
} // namespace

Result<Review> reviewFromJson(const QJsonObject& o, const QString& file, const QByteArray& text, const QString& path)
{
    JsonIn in(file, text);
    in.onlyKeys(o, path,
        { QStringLiteral("format"), QStringLiteral("task"), QStringLiteral("rubric"), QStringLiteral("reviewer"),
            QStringLiteral("status"), QStringLiteral("created"), QStringLiteral("updated"),
            QStringLiteral("time_spent_s"), QStringLiteral("scores"), QStringLiteral("comments"),
            QStringLiteral("verdict"), QStringLiteral("summary"), QStringLiteral("confidence"),
            QStringLiteral("reports") });
    const QString format = in.string(o, path, QStringLiteral("format"));
    if (!in.failed() && format != QLatin1StringView("kwb.review/1"))
        in.fail(JsonIn::join(path, QStringLiteral("format")),
            QStringLiteral("expected \"kwb.review/1\", found \"%1\"").arg(format));
    Review r;
    const QString tp = JsonIn::join(path, QStringLiteral("task"));
    const QJsonObject task = in.object(o, path, QStringLiteral("task"));
    in.onlyKeys(task, tp, { QStringLiteral("id"), QStringLiteral("digest") });
    r.taskId = in.string(task, tp, QStringLiteral("id"));
    r.taskDigest = in.string(task, tp, QStringLiteral("digest"), true, true);
    const QString rp = JsonIn::join(path, QStringLiteral("rubric"));
    const QJsonObject rubric = in.object(o, path, QStringLiteral("rubric"));
    in.onlyKeys(rubric, rp, { QStringLiteral("id"), QStringLiteral("version") });
    r.rubricId = in.string(rubric, rp, QStringLiteral("id"));
    r.rubricVersion = in.integerAtLeast(rubric, rp, QStringLiteral("version"), 1); // as the rubric loader has it
    r.reviewer = in.string(o, path, QStringLiteral("reviewer"));
    const QString status = in.string(o, path, QStringLiteral("status"));
    if (!in.failed() && status != QLatin1StringView("draft") && status != QLatin1StringView("submitted"))
        in.fail(JsonIn::join(path, QStringLiteral("status")),
            QStringLiteral("expected \"draft\" or \"submitted\", found \"%1\"").arg(status));
    r.status = status == QLatin1StringView("submitted") ? Review::Status::Submitted : Review::Status::Draft;
    r.created = timestamp(in, o, path, QStringLiteral("created"));
    r.updated = timestamp(in, o, path, QStringLiteral("updated"));
    r.timeSpentS = in.integer(o, path, QStringLiteral("time_spent_s"), false, 0);
    if (!in.failed() && r.timeSpentS < 0)
        in.fail(JsonIn::join(path, QStringLiteral("time_spent_s")), QStringLiteral("expected seconds ≥ 0"));
    readScores(
        in, in.object(o, path, QStringLiteral("scores"), false), JsonIn::join(path, QStringLiteral("scores")), r);
    readComments(
        in, in.array(o, path, QStringLiteral("comments"), false), JsonIn::join(path, QStringLiteral("comments")), r);
    if (!o.value(QStringLiteral("verdict")).isNull()) {
        r.verdict = in.string(o, path, QStringLiteral("verdict"), false);
        if (!in.failed() && !r.verdict.isEmpty() && !kVerdicts.contains(r.verdict))
            in.fail(JsonIn::join(path, QStringLiteral("verdict")),
                QStringLiteral("expected one of %1 or null, found \"%2\"").arg(kVerdicts.join(u", "), r.verdict));
    }
    r.summary = in.string(o, path, QStringLiteral("summary"), false, true);
    if (!o.value(QStringLiteral("confidence")).isNull() && o.contains(QStringLiteral("confidence")))
        r.confidence = in.smallInteger(o, path, QStringLiteral("confidence"));
    readReports(
        in, in.array(o, path, QStringLiteral("reports"), false), JsonIn::join(path, QStringLiteral("reports")), r);
    if (in.failed())
        return in.error();
    return r;
}

Result<Review> parseReview(const QByteArray& text, const QString& file)
{
    const Result<QJsonObject> o = JsonIn::parseObject(text, file);
    if (!o)
        return o.error();
    return reviewFromJson(*o, file, text);
}

Result<QList<Review>> loadReviewFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    const QByteArray text = f.readAll();
    QList<Review> out;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error == QJsonParseError::NoError && doc.isArray()) {
        const QJsonArray a = doc.array();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a.at(i).isObject())
                return Error { path, QStringLiteral("/%1").arg(i), QStringLiteral("expected a kwb.review/1 object") };
            Result<Review> r = reviewFromJson(a.at(i).toObject(), path, text, QStringLiteral("/%1").arg(i));
            if (!r)
                return r.error();
            out.append(*r);
        }
        return out;
    }
    if (pe.error == QJsonParseError::NoError) {
        Result<Review> r = parseReview(text, path);
        if (!r)
            return r.error();
        return QList<Review> { *r };
    }
    // Not one JSON document: JSON Lines, one review a line (blank lines allowed).
    const QList<QByteArray> lines = text.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).trimmed().isEmpty())
            continue;
        const QString where = QStringLiteral("%1:%2").arg(path).arg(i + 1);
        Result<Review> r = parseReview(lines.at(i), where);
        if (!r) {
            Error e = r.error();
            e.line = int(i + 1);
            return e;
        }
        out.append(*r);
    }
    if (out.isEmpty())
        return Error { path, {},
            QStringLiteral("no review found (expected kwb.review/1 JSON, a JSON array or JSON Lines)") };
    return out;
}

} // namespace kwb

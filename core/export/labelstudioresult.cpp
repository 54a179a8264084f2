// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Label Studio results → the parts of a review they hold (scores, N/A, comments, evidence, line comments, verdict,
// summary, confidence), and the reviewer mapping file. Used by labelstudioimport.cpp.
#include "core/export/labelstudioresult.h"

#include "core/export/labelstudio.h"
#include "core/rubric/rubricloader.h"

#include <QFile>
#include <QRegularExpression>

#include <cmath>

namespace kwb {
namespace {
// A TextArea's entries (`text` is a list in Label Studio, a string in hand-written files).
Result<QStringList> textsOf(const QJsonObject& value, const QString& file, const QString& path)
{
    const QJsonValue v = value.value(QStringLiteral("text"));
    if (v.isString())
        return QStringList { v.toString() };
    if (!v.isArray())
        return Error { file, path + QStringLiteral("/value/text"), QStringLiteral("expected a list of texts") };
    QStringList out;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!a.at(i).isString())
            return Error { file, path + QStringLiteral("/value/text/%1").arg(i), QStringLiteral("expected a text") };
        out << a.at(i).toString();
    }
    return out;
}

Result<QStringList> choicesOf(const QJsonObject& value, const QString& file, const QString& path)
{
    const QJsonValue v = value.value(QStringLiteral("choices"));
    if (!v.isArray())
        return Error { file, path + QStringLiteral("/value/choices"), QStringLiteral("expected a list of choices") };
    QStringList out;
    for (const QJsonValue& c : v.toArray()) {
        if (!c.isString())
            return Error { file, path + QStringLiteral("/value/choices"), QStringLiteral("expected texts") };
        out << c.toString();
    }
    return out;
}

Result<int> ratingOf(const QJsonObject& value, const QString& file, const QString& path)
{
    const QJsonValue v = value.value(QStringLiteral("rating"));
    const double d = v.toDouble(-1);
    // Range first: converting a double outside int's range (1e78 in a hand-edited file) is undefined behaviour.
    if (!v.isDouble() || !(d >= 0 && d <= 1000) || d != std::floor(d))
        return Error { file, path + QStringLiteral("/value/rating"), QStringLiteral("expected a whole rating") };
    return int(d);
}

Result<LineComment> parseLineComment(const QString& text, const QString& file, const QString& path)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^(.+?)#L(\d{1,9})(?:-L(\d{1,9}))?(?: \[([^\]\s]+)\])?: ?(.*)$)"),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return Error { file, path,
            QStringLiteral("expected a line comment 'FILE#L10-L12 [CRITERION]: text', found '%1'").arg(text.left(80)) };
    LineComment c;
    c.file = m.captured(1).trimmed();
    c.startLine = m.captured(2).toInt();
    c.endLine = m.captured(3).isEmpty() ? c.startLine : m.captured(3).toInt();
    c.criterion = m.captured(4);
    c.text = m.captured(5);
    if (c.startLine < 1 || c.endLine < c.startLine)
        return Error { file, path, QStringLiteral("expected 1 <= first line <= last line in '%1'").arg(text.left(80)) };
    return c;
}
} // namespace

QMap<QString, QJsonValue> labelStudioValues(const QJsonArray& results)
{
    QMap<QString, QJsonValue> out;
    for (const QJsonValue& v : results) {
        const QJsonObject o = v.toObject();
        const QString from = o.value(QStringLiteral("from_name")).toString();
        if (from != QLatin1StringView(kLabelStudioIdName))
            out.insert(from, o.value(QStringLiteral("value")));
    }
    return out;
}

Result<Review> applyLabelStudioResults(
    const Review& base, const QJsonArray& results, const QString& file, const QString& path)
{
    Review r = base;
    // Everything a result can hold starts empty: what Label Studio no longer has was removed there.
    r.scores.clear();
    r.comments.clear();
    r.verdict.clear();
    r.summary.clear();
    r.confidence.reset();
    QMap<QString, LineComment> known; // encoded line comment → the base's own (kept exactly, whatever its file name)
    for (const LineComment& c : base.comments)
        known.insert(labelStudioLineComment(c), c);
    for (qsizetype k = 0; k < results.size(); ++k) {
        const QString rp = path + QStringLiteral("/result/%1").arg(k);
        if (!results.at(k).isObject())
            return Error { file, rp, QStringLiteral("expected a result object") };
        const QJsonObject res = results.at(k).toObject();
        const QString from = res.value(QStringLiteral("from_name")).toString();
        if (from.isEmpty())
            return Error { file, rp + QStringLiteral("/from_name"), QStringLiteral("expected a control name") };
        if (!res.value(QStringLiteral("value")).isObject())
            return Error { file, rp + QStringLiteral("/value"), QStringLiteral("expected an object") };
        const QJsonObject value = res.value(QStringLiteral("value")).toObject();
        if (from == QLatin1StringView(kLabelStudioIdName))
            continue;
        if (from == QLatin1StringView("verdict")) {
            const Result<QStringList> c = choicesOf(value, file, rp);
            if (!c)
                return c.error();
            r.verdict = c->value(0);
        } else if (from == QLatin1StringView("summary")) {
            const Result<QStringList> t = textsOf(value, file, rp);
            if (!t)
                return t.error();
            r.summary = t->join(u'\n');
        } else if (from == QLatin1StringView("confidence")) {
            const Result<int> v = ratingOf(value, file, rp);
            if (!v)
                return v.error();
            r.confidence = *v;
        } else if (from == QLatin1StringView(kLabelStudioLineComments)) {
            const Result<QStringList> t = textsOf(value, file, rp);
            if (!t)
                return t.error();
            for (qsizetype i = 0; i < t->size(); ++i) {
                const QString& line = t->at(i);
                if (known.contains(line)) {
                    r.comments.append(known.value(line));
                    continue;
                }
                if (line.trimmed().isEmpty())
                    continue;
                const Result<LineComment> c
                    = parseLineComment(line, file, rp + QStringLiteral("/value/text/%1").arg(i));
                if (!c)
                    return c.error();
                r.comments.append(*c);
            }
        } else if (from.endsWith(QLatin1StringView("_na"))) {
            const Result<QStringList> c = choicesOf(value, file, rp);
            if (!c)
                return c.error();
            if (c->contains(QString::fromLatin1(kLabelStudioNa)))
                r.scores[from.chopped(3)].notApplicable = true;
        } else if (from.endsWith(QLatin1StringView("_comment"))) {
            const Result<QStringList> t = textsOf(value, file, rp);
            if (!t)
                return t.error();
            r.scores[from.chopped(8)].comment = t->join(u'\n');
        } else if (from.endsWith(QLatin1StringView("_evidence"))) {
            const Result<QStringList> t = textsOf(value, file, rp);
            if (!t)
                return t.error();
            for (const QString& e : *t) {
                if (!e.trimmed().isEmpty())
                    r.scores[from.chopped(9)].evidence << e.trimmed();
            }
        } else {
            const Result<int> v = ratingOf(value, file, rp);
            if (!v)
                return v.error();
            r.scores[from].value = *v;
        }
    }
    for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
        if (it->notApplicable && it->value)
            return Error { file, path + QStringLiteral("/result"),
                QStringLiteral("%1 has both a rating and N/A; keep one").arg(it.key()) };
    }
    // Ratings on the rubric's scales, for its criteria (a control added to the config by hand is not a criterion).
    if (const Result<Rubric> rubric = findRubric(r.rubricId, r.rubricVersion)) {
        for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
            const Criterion* c = rubric->criterion(it.key());
            if (!c)
                return Error { file, path + QStringLiteral("/result"),
                    QStringLiteral("'%1' is not a criterion of rubric %2 v%3")
                        .arg(it.key(), r.rubricId)
                        .arg(r.rubricVersion) };
            if (it->value && !c->scale.contains(*it->value))
                return Error { file, path + QStringLiteral("/result"),
                    QStringLiteral("%1 rated %2, outside its scale %3–%4")
                        .arg(it.key())
                        .arg(*it->value)
                        .arg(c->scale.min)
                        .arg(c->scale.max) };
        }
    }
    // What was rebuilt must be a valid kwb.review/1 document like any other import (a verdict the rubric lacks, a
    // malformed evidence reference), else it would be stored and then fail every later read: the same reader
    // checks it, its error pointing into this annotation.
    return reviewFromJson(reviewToJson(r), file, {}, path);
}

Result<QMap<QString, QString>> loadLabelStudioUsers(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    QMap<QString, QString> out;
    int n = 0;
    while (!f.atEnd()) {
        ++n;
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const qsizetype eq = line.indexOf(u'=');
        const QString reviewer = line.left(eq).trimmed();
        const QString user = line.mid(eq + 1).trimmed();
        if (eq <= 0 || reviewer.isEmpty() || user.isEmpty())
            return Error { path, QStringLiteral("line %1").arg(n),
                QStringLiteral("expected REVIEWER=EMAIL (or REVIEWER=ID), found '%1'").arg(line.left(80)), {}, n };
        if (out.contains(reviewer))
            return Error { path, QStringLiteral("line %1").arg(n),
                QStringLiteral("reviewer '%1' is mapped twice").arg(reviewer), {}, n };
        out.insert(reviewer, user);
    }
    return out;
}

Result<QMap<QString, QString>> labelStudioUserMap(const QStringList& values, const QString& file)
{
    QMap<QString, QString> out;
    if (!file.isEmpty()) {
        Result<QMap<QString, QString>> loaded = loadLabelStudioUsers(file);
        if (!loaded)
            return loaded.error();
        out = *loaded;
    }
    for (const QString& v : values) {
        const qsizetype eq = v.indexOf(u'=');
        if (eq < 0)
            continue;
        if (eq == 0 || eq == v.size() - 1)
            return Error { QStringLiteral("Label Studio user map"), {},
                QStringLiteral("expected REVIEWER=EMAIL or REVIEWER=ID, got '%1'").arg(v) };
        out.insert(v.left(eq), v.mid(eq + 1));
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rubric/rubricloader.h"

#include "core/env/resourcepaths.h"
#include "core/rubric/jsonin.h"
#include "core/task/task.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

namespace kwb {
namespace {
Scale readScale(JsonIn& in, const QJsonObject& o, const QString& path)
{
    in.onlyKeys(o, path, { QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("levels") });
    Scale s;
    s.min = in.smallInteger(o, path, QStringLiteral("min"));
    s.max = in.smallInteger(o, path, QStringLiteral("max"));
    const QJsonArray levels = in.array(o, path, QStringLiteral("levels"));
    if (in.failed())
        return s;
    if (s.max <= s.min || s.max - s.min > 20) {
        in.fail(JsonIn::join(path, QStringLiteral("max")),
            QStringLiteral("expected max > min with at most 21 levels (min %1, max %2)").arg(s.min).arg(s.max));
        return s;
    }
    const QString lp = JsonIn::join(path, QStringLiteral("levels"));
    QList<ScaleLevel> byValue(s.max - s.min + 1);
    for (qsizetype i = 0; i < levels.size() && !in.failed(); ++i) {
        const QString ip = JsonIn::join(lp, i);
        const QJsonObject lo = in.asObject(levels.at(i), ip);
        in.onlyKeys(lo, ip, { QStringLiteral("value"), QStringLiteral("label"), QStringLiteral("description") });
        ScaleLevel l;
        l.value = in.smallInteger(lo, ip, QStringLiteral("value"));
        l.label = in.string(lo, ip, QStringLiteral("label"));
        l.description = in.string(lo, ip, QStringLiteral("description"));
        if (in.failed())
            break;
        if (!s.contains(l.value))
            in.fail(JsonIn::join(ip, QStringLiteral("value")),
                QStringLiteral("expected a value in %1..%2, found %3").arg(s.min).arg(s.max).arg(l.value));
        else if (!byValue[l.value - s.min].label.isEmpty())
            in.fail(JsonIn::join(ip, QStringLiteral("value")), QStringLiteral("duplicate level %1").arg(l.value));
        else
            byValue[l.value - s.min] = l;
    }
    for (int v = s.min; v <= s.max && !in.failed(); ++v) {
        if (byValue[v - s.min].label.isEmpty())
            in.fail(lp,
                QStringLiteral("expected a level with a description for value %1 (levels must cover %2..%3)")
                    .arg(v)
                    .arg(s.min)
                    .arg(s.max));
    }
    s.levels = byValue;
    return s;
}

QStringList readStrings(JsonIn& in, const QJsonObject& o, const QString& path, const QString& key,
    const QRegularExpression& pattern, const QString& expected)
{
    QStringList out;
    const QJsonArray a = in.array(o, path, key);
    const QString ap = JsonIn::join(path, key);
    for (qsizetype i = 0; i < a.size() && !in.failed(); ++i) {
        const QString s = in.asString(a.at(i), JsonIn::join(ap, i));
        if (!in.failed() && !pattern.match(s).hasMatch())
            in.fail(JsonIn::join(ap, i), QStringLiteral("expected %1, found '%2'").arg(expected, s));
        else if (!in.failed() && out.contains(s))
            in.fail(JsonIn::join(ap, i), QStringLiteral("duplicate entry '%1'").arg(s));
        out.append(s);
    }
    return out;
}

Criterion readCriterion(JsonIn& in, const QJsonObject& o, const QString& path)
{
    in.onlyKeys(o, path,
        { QStringLiteral("id"), QStringLiteral("title"), QStringLiteral("guidance"), QStringLiteral("scale"),
            QStringLiteral("na_allowed"), QStringLiteral("required"), QStringLiteral("comment_required_below"),
            QStringLiteral("applies_to"), QStringLiteral("evidence") });
    Criterion c;
    c.id = in.string(o, path, QStringLiteral("id"));
    static const QRegularExpression idRe(QStringLiteral("^[A-Z][A-Z0-9]*[0-9]+$"));
    if (!in.failed() && !idRe.match(c.id).hasMatch())
        in.fail(JsonIn::join(path, QStringLiteral("id")),
            QStringLiteral("expected an id like NC1 (capitals then digits), found '%1'").arg(c.id));
    c.title = in.string(o, path, QStringLiteral("title"));
    c.guidance = in.string(o, path, QStringLiteral("guidance"));
    c.scale = readScale(in, in.object(o, path, QStringLiteral("scale")), JsonIn::join(path, QStringLiteral("scale")));
    c.naAllowed = in.boolean(o, path, QStringLiteral("na_allowed"));
    c.required = in.boolean(o, path, QStringLiteral("required"), false, true);
    c.commentRequiredBelow = in.smallInteger(o, path, QStringLiteral("comment_required_below"));
    if (!in.failed() && (c.commentRequiredBelow < c.scale.min || c.commentRequiredBelow > c.scale.max + 1))
        in.fail(JsonIn::join(path, QStringLiteral("comment_required_below")),
            QStringLiteral("expected a value in %1..%2, found %3")
                .arg(c.scale.min)
                .arg(c.scale.max + 1)
                .arg(c.commentRequiredBelow));
    static const QRegularExpression kindRe(QStringLiteral("^(%1)$").arg(kTaskKinds.join(u'|')));
    c.appliesTo = readStrings(in, o, path, QStringLiteral("applies_to"), kindRe,
        QStringLiteral("a task kind (%1)").arg(kTaskKinds.join(u", ")));
    if (!in.failed() && c.appliesTo.isEmpty())
        in.fail(JsonIn::join(path, QStringLiteral("applies_to")), QStringLiteral("expected at least one task kind"));
    static const QRegularExpression findingRe(QStringLiteral("^[a-z]+\\.([a-z0-9_-]+|\\*)$"));
    c.evidence = readStrings(in, o, path, QStringLiteral("evidence"), findingRe,
        QStringLiteral("a finding id such as correct.mismatch or an area such as bench.*"));
    return c;
}

Overall readOverall(JsonIn& in, const QJsonObject& o, const QString& path)
{
    in.onlyKeys(
        o, path, { QStringLiteral("verdicts"), QStringLiteral("summary_required"), QStringLiteral("confidence") });
    Overall ov;
    const QJsonArray verdicts = in.array(o, path, QStringLiteral("verdicts"));
    const QString vp = JsonIn::join(path, QStringLiteral("verdicts"));
    for (qsizetype i = 0; i < verdicts.size() && !in.failed(); ++i) {
        const QString ip = JsonIn::join(vp, i);
        const QJsonObject vo = in.asObject(verdicts.at(i), ip);
        in.onlyKeys(vo, ip, { QStringLiteral("value"), QStringLiteral("description") });
        VerdictOption v { in.string(vo, ip, QStringLiteral("value")),
            in.string(vo, ip, QStringLiteral("description")) };
        if (!in.failed() && !kVerdicts.contains(v.value))
            in.fail(JsonIn::join(ip, QStringLiteral("value")),
                QStringLiteral("expected one of %1, found '%2'").arg(kVerdicts.join(u", "), v.value));
        ov.verdicts.append(v);
    }
    if (!in.failed() && ov.verdicts.isEmpty())
        in.fail(vp, QStringLiteral("expected at least one verdict"));
    ov.summaryRequired = in.boolean(o, path, QStringLiteral("summary_required"));
    ov.confidence = readScale(
        in, in.object(o, path, QStringLiteral("confidence")), JsonIn::join(path, QStringLiteral("confidence")));
    return ov;
}
} // namespace

Result<Rubric> parseRubric(const QByteArray& text, const QString& file)
{
    const Result<QJsonObject> doc = JsonIn::parseObject(text, file);
    if (!doc)
        return doc.error();
    const QJsonObject& root = *doc;
    JsonIn in(file, text);
    in.onlyKeys(root, {},
        { QStringLiteral("$schema"), QStringLiteral("format"), QStringLiteral("id"), QStringLiteral("version"),
            QStringLiteral("title"), QStringLiteral("description"), QStringLiteral("dimensions"),
            QStringLiteral("overall") });
    const QString format = in.string(root, {}, QStringLiteral("format"));
    if (!in.failed() && format != QLatin1StringView("kwb.rubric/1"))
        in.fail(QStringLiteral("/format"), QStringLiteral("expected \"kwb.rubric/1\", found \"%1\"").arg(format));
    Rubric r;
    r.file = file;
    r.id = in.string(root, {}, QStringLiteral("id"));
    r.version = in.integerAtLeast(root, {}, QStringLiteral("version"), 1);
    r.title = in.string(root, {}, QStringLiteral("title"));
    r.description = in.string(root, {}, QStringLiteral("description"), false, true);
    const QJsonArray dims = in.array(root, {}, QStringLiteral("dimensions"));
    if (!in.failed() && dims.isEmpty())
        in.fail(QStringLiteral("/dimensions"), QStringLiteral("expected at least one dimension"));
    QSet<QString> ids;
    for (qsizetype i = 0; i < dims.size() && !in.failed(); ++i) {
        const QString dp = JsonIn::join(QStringLiteral("/dimensions"), i);
        const QJsonObject dobj = in.asObject(dims.at(i), dp);
        in.onlyKeys(dobj, dp,
            { QStringLiteral("id"), QStringLiteral("title"), QStringLiteral("description"),
                QStringLiteral("criteria") });
        Dimension d;
        d.id = in.string(dobj, dp, QStringLiteral("id"));
        d.title = in.string(dobj, dp, QStringLiteral("title"));
        d.description = in.string(dobj, dp, QStringLiteral("description"), false, true);
        const QJsonArray crits = in.array(dobj, dp, QStringLiteral("criteria"));
        if (!in.failed() && crits.isEmpty())
            in.fail(JsonIn::join(dp, QStringLiteral("criteria")), QStringLiteral("expected at least one criterion"));
        for (qsizetype j = 0; j < crits.size() && !in.failed(); ++j) {
            const QString cp = JsonIn::join(JsonIn::join(dp, QStringLiteral("criteria")), j);
            Criterion c = readCriterion(in, in.asObject(crits.at(j), cp), cp);
            if (!in.failed() && ids.contains(c.id))
                in.fail(
                    JsonIn::join(cp, QStringLiteral("id")), QStringLiteral("duplicate criterion id '%1'").arg(c.id));
            ids.insert(c.id);
            c.dimension = d.id;
            d.criteria.append(c);
        }
        r.dimensions.append(d);
    }
    r.overall = readOverall(in, in.object(root, {}, QStringLiteral("overall")), QStringLiteral("/overall"));
    if (in.failed())
        return in.error();
    return r;
}

Result<Rubric> loadRubric(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read rubric: %1").arg(f.errorString()) };
    return parseRubric(f.readAll(), path);
}

Result<Rubric> findRubric(const QString& id, int version)
{
    const QString path = QDir(rubricsDir()).filePath(QStringLiteral("%1.v%2.json").arg(id).arg(version));
    if (!QFile::exists(path))
        return Error { path, {},
            QStringLiteral("no rubric '%1' version %2 in %3").arg(id).arg(version).arg(rubricsDir()) };
    return loadRubric(path);
}

} // namespace kwb

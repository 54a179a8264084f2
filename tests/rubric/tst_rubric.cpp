// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/env/resourcepaths.h"
#include "core/rubric/rubricloader.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace kwb;
using namespace Qt::StringLiterals;

namespace {
const QString kV1 = KWB_SOURCE_DIR + QStringLiteral("/rubrics/kernel-task-review.v1.json");

QJsonObject v1()
{
    QFile f(kV1);
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Sets (or, with an undefined value, removes) the value at a JSON pointer.
QJsonValue edited(const QJsonValue& node, QStringList path, const QJsonValue& value)
{
    if (path.isEmpty())
        return value;
    const QString key = path.takeFirst();
    if (node.isArray()) {
        QJsonArray a = node.toArray();
        const int i = key.toInt();
        if (path.isEmpty() && value.isUndefined())
            a.removeAt(i);
        else
            a[i] = edited(a.at(i), path, value);
        return a;
    }
    QJsonObject o = node.toObject();
    if (path.isEmpty() && value.isUndefined())
        o.remove(key);
    else
        o[key] = edited(o.value(key), path, value);
    return o;
}
} // namespace

class TestRubric : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void v1LoadsWithEveryLevelDescribed()
    {
        const Result<Rubric> r = loadRubric(kV1);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QCOMPARE(r->id, QStringLiteral("kernel-task-review"));
        QCOMPARE(r->version, 1);
        QStringList ids;
        for (const Criterion* c : r->criteria()) {
            ids << c->id;
            QCOMPARE(c->scale.levels.size(), c->scale.max - c->scale.min + 1);
            for (int v = c->scale.min; v <= c->scale.max; ++v) {
                QVERIFY2(c->scale.level(v) && c->scale.level(v)->description.size() > 20, qPrintable(c->id));
            }
            QVERIFY2(!c->evidence.isEmpty(), qPrintable(c->id));
            QVERIFY(!c->guidance.isEmpty());
        }
        QCOMPARE(ids, QStringLiteral("NC1 NC2 NC3 NC4 BF1 BF2 BF3 BF4 TS1 TS2 TS3 TS4 CR1 CR2 CR3 CR4").split(u' '));
        QStringList verdicts;
        for (const VerdictOption& v : r->overall.verdicts)
            verdicts << v.value;
        QCOMPARE(verdicts, kVerdicts);
        QVERIFY(r->overall.summaryRequired);
        QCOMPARE(r->overall.confidence.levels.size(), 5);
    }

    void criteriaForKind()
    {
        const Result<Rubric> r = loadRubric(kV1);
        QVERIFY(r.ok());
        QCOMPARE(r->criteriaFor(QStringLiteral("generation")).size(), 16);
        // A debugging task has no benchmark: the BF criteria do not apply.
        const auto debugging = r->criteriaFor(QStringLiteral("debugging"));
        QCOMPARE(debugging.size(), 12);
        for (const Criterion* c : debugging)
            QVERIFY(!c->id.startsWith(QLatin1StringView("BF")));
        QVERIFY(r->criterion(QStringLiteral("NC4"))->acceptsEvidence(QStringLiteral("correct.mismatch")));
        QVERIFY(!r->criterion(QStringLiteral("NC4"))->acceptsEvidence(QStringLiteral("bench.noisy")));
        QVERIFY(r->criterion(QStringLiteral("CR3"))->acceptsEvidence(QStringLiteral("sandbox.timeout")));
    }

    void rubricsDirFindsTheSourceTree()
    {
        const Result<Rubric> r = findRubric(QStringLiteral("kernel-task-review"), 1);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QVERIFY(!findRubric(QStringLiteral("kernel-task-review"), 99).ok());
    }

    void schemaErrors_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("what");
        const QString c0 = QStringLiteral("/dimensions/0/criteria/0");
        QTest::newRow("wrong format") << "/format" << QJsonValue(QStringLiteral("kwb.rubric/9")) << "/format"
                                      << "expected \"kwb.rubric/1\"";
        QTest::newRow("missing id") << "/id" << QJsonValue(QJsonValue::Undefined) << "/"
                                    << "missing required field 'id'";
        QTest::newRow("version not integer") << "/version" << QJsonValue(1.5) << "/version"
                                             << "expected an integer";
        QTest::newRow("version 0") << "/version" << QJsonValue(0) << "/version"
                                   << "expected an integer ≥ 1, found 0";
        QTest::newRow("version beyond int") << "/version" << QJsonValue(4294967297.0) << "/version"
                                            << "expected an integer, found 4294967297, too large";
        QTest::newRow("unknown top field") << "/colour" << QJsonValue(1) << "/colour"
                                           << "unknown field 'colour'";
        QTest::newRow("no dimensions") << "/dimensions" << QJsonValue(QJsonArray()) << "/dimensions"
                                       << "expected at least one dimension";
        QTest::newRow("bad criterion id")
            << c0 + u"/id"_s << QJsonValue(QStringLiteral("nc1")) << c0 + u"/id"_s << "expected an id like NC1";
        QTest::newRow("duplicate criterion")
            << "/dimensions/0/criteria/1/id" << QJsonValue(QStringLiteral("NC1")) << "/dimensions/0/criteria/1/id"
            << "duplicate criterion id 'NC1'";
        QTest::newRow("level missing") << c0 + u"/scale/levels/2"_s << QJsonValue(QJsonValue::Undefined)
                                       << c0 + u"/scale/levels"_s << "expected a level with a description for value 3";
        QTest::newRow("level empty description")
            << c0 + u"/scale/levels/1/description"_s << QJsonValue(QStringLiteral(" "))
            << c0 + u"/scale/levels/1/description"_s << "expected a non-empty string";
        QTest::newRow("level outside scale") << c0 + u"/scale/levels/4/value"_s << QJsonValue(9)
                                             << c0 + u"/scale/levels/4/value"_s << "expected a value in 1..5";
        QTest::newRow("na not boolean") << c0 + u"/na_allowed"_s << QJsonValue(QStringLiteral("yes"))
                                        << c0 + u"/na_allowed"_s << "expected true or false";
        QTest::newRow("comment threshold") << c0 + u"/comment_required_below"_s << QJsonValue(9)
                                           << c0 + u"/comment_required_below"_s << "expected a value in 1..6";
        QTest::newRow("unknown kind") << c0 + u"/applies_to/0"_s << QJsonValue(QStringLiteral("cooking"))
                                      << c0 + u"/applies_to/0"_s << "expected a task kind";
        QTest::newRow("bad evidence id") << c0 + u"/evidence/0"_s << QJsonValue(QStringLiteral("Correct Mismatch"))
                                         << c0 + u"/evidence/0"_s << "expected a finding id";
        QTest::newRow("missing guidance")
            << c0 + u"/guidance"_s << QJsonValue(QJsonValue::Undefined) << c0 << "missing required field 'guidance'";
        QTest::newRow("bad verdict") << "/overall/verdicts/0/value" << QJsonValue(QStringLiteral("maybe"))
                                     << "/overall/verdicts/0/value"
                                     << "expected one of accept, minor, major, reject";
        QTest::newRow("confidence scale") << "/overall/confidence/max" << QJsonValue(1) << "/overall/confidence/max"
                                          << "expected max > min";
    }

    void schemaErrors()
    {
        QFETCH(QString, pointer);
        QFETCH(QJsonValue, value);
        QFETCH(QString, where);
        QFETCH(QString, what);
        const QJsonValue doc = edited(v1(), pointer.mid(1).split(u'/'), value);
        const QByteArray text = QJsonDocument(doc.toObject()).toJson();
        const Result<Rubric> r = parseRubric(text, QStringLiteral("bad.json"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().file, QStringLiteral("bad.json"));
        QCOMPARE(r.error().where, where);
        QVERIFY2(r.error().what.startsWith(what), qPrintable(r.error().oneLine()));
        QVERIFY2(r.error().line > 0, qPrintable(r.error().oneLine()));
    }

    void syntaxErrorNamesLineAndColumn()
    {
        const Result<Rubric> r = parseRubric("{\n  \"id\": \"x\",\n  oops\n}", QStringLiteral("broken.json"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().line, 3);
        QVERIFY2(r.error().oneLine().startsWith(QLatin1StringView("broken.json: line 3, column")),
            qPrintable(r.error().oneLine()));
    }

    void missingFile()
    {
        const Result<Rubric> r = loadRubric(QStringLiteral("/nonexistent/r.json"));
        QVERIFY(!r.ok());
        QVERIFY(r.error().oneLine().startsWith(QLatin1StringView("/nonexistent/r.json: cannot read rubric")));
    }
};

QTEST_GUILESS_MAIN(TestRubric)
#include "tst_rubric.moc"

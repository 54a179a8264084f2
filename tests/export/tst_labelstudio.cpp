// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Label Studio import: which side is newer per annotation, identity without `meta`, the reviewer mapping, and
// malformed input (the real server round trip is tests/interop).
#include "../review/testreview.h"

#include "core/export/labelstudio.h"
#include "core/rubric/rubricloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <functional>

using namespace kwb;
using namespace Qt::StringLiterals;

namespace {
using Edit = std::function<void(QJsonObject& annotation)>;

QJsonObject* resultNamed(QJsonArray& results, const QString& from, QJsonObject& holder, qsizetype* at)
{
    for (qsizetype i = 0; i < results.size(); ++i) {
        if (results.at(i).toObject().value(u"from_name"_s).toString() == from) {
            holder = results.at(i).toObject();
            *at = i;
            return &holder;
        }
    }
    return nullptr;
}

// Sets `value` of the result named `from` (adding it when missing, removing it when `value` is empty).
void setResult(QJsonObject& a, const QString& from, const QString& type, const QJsonObject& value)
{
    QJsonArray results = a.value(u"result"_s).toArray();
    QJsonObject holder;
    qsizetype at = -1;
    if (resultNamed(results, from, holder, &at))
        results.removeAt(at);
    if (!value.isEmpty())
        results.append(QJsonObject {
            { u"from_name"_s, from }, { u"to_name"_s, u"candidate"_s }, { u"type"_s, type }, { u"value"_s, value } });
    a.insert(u"result"_s, results);
}

QJsonObject texts(const QStringList& t)
{
    return { { u"text"_s, QJsonArray::fromStringList(t) } };
}
} // namespace

class TestLabelStudio : public QObject {
    Q_OBJECT
    Rubric m_rubric;

    QJsonArray exported(const QList<Review>& reviews) const
    {
        ExportOptions o;
        o.format = ExportFormat::LabelStudio;
        o.rubric = &m_rubric;
        return QJsonDocument::fromJson(exportReviews(reviews, o)).array();
    }

    // What Label Studio does on import and export: drops unknown annotation fields, rewrites the timestamps.
    static QJsonArray throughLabelStudio(QJsonArray tasks, const QString& at)
    {
        for (qsizetype i = 0; i < tasks.size(); ++i) {
            QJsonObject t = tasks.at(i).toObject();
            QJsonArray anns = t.value(u"annotations"_s).toArray();
            for (qsizetype j = 0; j < anns.size(); ++j) {
                QJsonObject a = anns.at(j).toObject();
                a.insert(u"created_at"_s, at);
                a.insert(u"updated_at"_s, at);
                a.insert(u"completed_by"_s, 1);
                anns[j] = a;
            }
            t.insert(u"annotations"_s, anns);
            tasks[i] = t;
        }
        return tasks;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const Result<Rubric> r = findRubric(u"kernel-task-review"_s, 1);
        QVERIFY(r.ok());
        m_rubric = *r;
    }

    void unchangedRoundTripIsLossless()
    {
        const Review orig = test::completeReview();
        const QJsonArray tasks = throughLabelStudio(exported({ orig }), u"2026-12-01T21:30:00.123456Z"_s);
        const auto back = readLabelStudio(tasks, u"ls.json"_s);
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().oneLine()));
        QCOMPARE(back->size(), 1);
        QCOMPARE(back->first().origin, LabelStudioOrigin::AsExported);
        QCOMPARE(back->first().review, orig);
    }

    // Each edit made in Label Studio comes back as exactly that change, newer than the exported copy.
    void editsComeBack_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<std::function<void(Review&)>>("expect");
        QTest::newRow("score") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4"_s, u"rating"_s, { { u"rating"_s, 3 } });
        }) << std::function<void(Review&)>([](Review& r) { r.scores[u"NC4"_s].value = 3; });
        QTest::newRow("comment") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4_comment"_s, u"textarea"_s, texts({ u"Fixed in v2."_s }));
        }) << std::function<void(Review&)>([](Review& r) { r.scores[u"NC4"_s].comment = u"Fixed in v2."_s; });
        QTest::newRow("verdict") << Edit([](QJsonObject& a) {
            setResult(a, u"verdict"_s, u"choices"_s, { { u"choices"_s, QJsonArray { u"minor"_s } } });
        }) << std::function<void(Review&)>([](Review& r) { r.verdict = u"minor"_s; });
        QTest::newRow("N/A scored") << Edit([](QJsonObject& a) {
            setResult(a, u"BF1_na"_s, u"choices"_s, {});
            setResult(a, u"BF1"_s, u"rating"_s, { { u"rating"_s, 2 } });
        }) << std::function<void(Review&)>([](Review& r) {
            r.scores[u"BF1"_s].value = 2;
            r.scores[u"BF1"_s].notApplicable = false;
        });
        QTest::newRow("made N/A") << Edit([](QJsonObject& a) {
            setResult(a, u"NC1"_s, u"rating"_s, {});
            setResult(a, u"NC1_na"_s, u"choices"_s, { { u"choices"_s, QJsonArray { u"N/A"_s } } });
        }) << std::function<void(Review&)>([](Review& r) {
            r.scores[u"NC1"_s].value.reset();
            r.scores[u"NC1"_s].notApplicable = true;
        });
        QTest::newRow("evidence added") << Edit([](QJsonObject& a) {
            setResult(a, u"NC1_evidence"_s, u"textarea"_s,
                texts({ u"finding:correct.pass"_s, u"file:candidate.cu#L3-L5"_s }));
        }) << std::function<void(Review&)>([](Review& r) {
            r.scores[u"NC1"_s].evidence << u"file:candidate.cu#L3-L5"_s;
        });
        QTest::newRow("line comment added") << Edit([](QJsonObject& a) {
            setResult(a, u"line_comments"_s, u"textarea"_s,
                texts({ u"candidate.cu#L10-L12 [NC4]: Missing bounds check on the tail."_s,
                    u"my kernel.cu#L7: multi\nline"_s }));
        }) << std::function<void(Review&)>([](Review& r) {
            r.comments.append(LineComment { u"my kernel.cu"_s, 7, 7, u"multi\nline"_s, {} });
        });
        QTest::newRow("summary removed") << Edit([](QJsonObject& a) { setResult(a, u"summary"_s, u"textarea"_s, {}); })
                                         << std::function<void(Review&)>([](Review& r) { r.summary.clear(); });
    }

    void editsComeBack()
    {
        QFETCH(Edit, edit);
        QFETCH(std::function<void(Review&)>, expect);
        const Review orig = test::completeReview();
        QJsonArray tasks = throughLabelStudio(exported({ orig }), u"2026-12-01T21:30:00.123456Z"_s);
        QJsonObject t = tasks.at(0).toObject();
        QJsonArray anns = t.value(u"annotations"_s).toArray();
        QJsonObject a = anns.at(0).toObject();
        edit(a);
        a.insert(u"updated_at"_s, u"2026-12-01T22:00:00.5Z"_s);
        anns[0] = a;
        t.insert(u"annotations"_s, anns);
        tasks[0] = t;
        const auto back = readLabelStudio(tasks, u"ls.json"_s);
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().oneLine()));
        QCOMPARE(back->size(), 1);
        QCOMPARE(back->first().origin, LabelStudioOrigin::Edited);
        Review want = orig;
        expect(want);
        want.updated = QDateTime::fromString(u"2026-12-01T22:00:00.500Z"_s, Qt::ISODateWithMs);
        QCOMPARE(back->first().review, want);
        QVERIFY(back->first().review.sameIdentity(orig));
    }

    // A result that differs while Label Studio's updated_at is not newer than the copy: the copy, said so.
    void olderEditKeepsTheCopyAndSaysSo()
    {
        const Review orig = test::completeReview();
        QJsonArray tasks = exported({ orig });
        QJsonObject t = tasks.at(0).toObject();
        QJsonArray anns = t.value(u"annotations"_s).toArray();
        QJsonObject a = anns.at(0).toObject();
        setResult(a, u"NC4"_s, u"rating"_s, { { u"rating"_s, 5 } });
        anns[0] = a;
        t.insert(u"annotations"_s, anns);
        tasks[0] = t;
        const auto back = readLabelStudio(tasks, u"ls.json"_s);
        QVERIFY(back.ok());
        QCOMPARE(back->first().origin, LabelStudioOrigin::MetaNewer);
        QCOMPARE(back->first().review, orig);
    }

    // An annotation made in Label Studio is a new review; its reviewer comes from the e-mail mapping.
    void addedAnnotationIsANewReview()
    {
        const Review orig = test::completeReview();
        QJsonArray tasks = throughLabelStudio(exported({ orig }), u"2026-12-01T21:30:00Z"_s);
        QJsonObject t = tasks.at(0).toObject();
        QJsonArray anns = t.value(u"annotations"_s).toArray();
        QJsonObject added { { u"completed_by"_s, QJsonObject { { u"id"_s, 7 }, { u"email"_s, u"bob@lab.org"_s } } },
            { u"created_at"_s, u"2026-12-01T21:40:00.001234Z"_s }, { u"updated_at"_s, u"2026-12-01T21:45:00Z"_s },
            { u"lead_time"_s, 95.5 }, { u"result"_s, QJsonArray {} } };
        setResult(added, u"verdict"_s, u"choices"_s, { { u"choices"_s, QJsonArray { u"accept"_s } } });
        setResult(added, u"NC4"_s, u"rating"_s, { { u"rating"_s, 4 } });
        anns.append(added);
        t.insert(u"annotations"_s, anns);
        tasks[0] = t;
        LabelStudioImportOptions o;
        o.reviewers.insert(u"bob@lab.org"_s, u"bob"_s);
        const auto back = readLabelStudio(tasks, u"ls.json"_s, o);
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().oneLine()));
        QCOMPARE(back->size(), 2);
        QCOMPARE(back->at(0).origin, LabelStudioOrigin::AsExported);
        QCOMPARE(back->at(1).origin, LabelStudioOrigin::Added);
        const Review& r = back->at(1).review;
        QCOMPARE(r.reviewer, u"bob"_s);
        QCOMPARE(r.taskId, orig.taskId);
        QCOMPARE(r.taskDigest, orig.taskDigest);
        QCOMPARE(reviewTimestamp(r.created), u"2026-12-01T21:40:00.001Z"_s);
        QCOMPARE(r.timeSpentS, 95);
        QCOMPARE(r.verdict, u"accept"_s);
        QCOMPARE(r.scores.value(u"NC4"_s).value, 4);
        // Unmapped: the e-mail itself; a bare id says so.
        QCOMPARE(readLabelStudio(tasks, u"ls.json"_s)->at(1).review.reviewer, u"bob@lab.org"_s);
    }

    // Without `meta` (another tool rewrote the export) and all annotations imported in one millisecond, the
    // identity in the result keeps the reviews apart; annotations without one stay apart too.
    void withoutMetaNothingCollapses()
    {
        const QList<Review> three = [] {
            Review a = test::completeReview();
            Review b = a;
            b.reviewer = u"bob"_s;
            b.created = a.created.addMSecs(1);
            Review c = a;
            c.created = a.created.addSecs(60);
            c.verdict = u"reject"_s;
            return QList<Review> { a, b, c };
        }();
        QJsonArray tasks = throughLabelStudio(exported(three), u"2026-12-01T21:30:00.123Z"_s);
        QJsonObject t = tasks.at(0).toObject();
        t.remove(u"meta"_s);
        tasks[0] = t;
        const auto back = reviewsFromLabelStudio(tasks, u"ls.json"_s);
        QVERIFY(back.ok());
        QCOMPARE(back->size(), 3);
        for (qsizetype i = 0; i < 3; ++i) {
            QCOMPARE(back->at(i).reviewer, three.at(i).reviewer);
            QCOMPARE(back->at(i).created, three.at(i).created);
            QCOMPARE(back->at(i).verdict, three.at(i).verdict);
            QCOMPARE(back->at(i).scores, three.at(i).scores);
        }
        // No identity either: still three reviews, one millisecond apart.
        QJsonArray anns = t.value(u"annotations"_s).toArray();
        for (qsizetype j = 0; j < anns.size(); ++j) {
            QJsonObject a = anns.at(j).toObject();
            setResult(a, u"kwb_review"_s, u"textarea"_s, {});
            a.remove(u"kwb_reviewer"_s); // Label Studio drops it
            anns[j] = a;
        }
        t.insert(u"annotations"_s, anns);
        tasks[0] = t;
        const auto bare = reviewsFromLabelStudio(tasks, u"ls.json"_s);
        QVERIFY(bare.ok());
        QCOMPARE(bare->size(), 3);
        QSet<QString> ids;
        for (const Review& r : *bare)
            ids.insert(r.identity());
        QCOMPARE(ids.size(), 3);
        QCOMPARE(bare->at(0).reviewer, u"labelstudio-user-1"_s);
    }

    void annotationDeletedInLabelStudioIsReported()
    {
        Review b = test::completeReview();
        b.reviewer = u"bob"_s;
        QJsonArray tasks = exported({ test::completeReview(), b });
        QJsonObject t = tasks.at(0).toObject();
        QJsonArray anns = t.value(u"annotations"_s).toArray();
        anns.removeAt(1);
        t.insert(u"annotations"_s, anns);
        tasks[0] = t;
        const auto back = readLabelStudio(tasks, u"ls.json"_s);
        QVERIFY(back.ok());
        QCOMPARE(back->size(), 2);
        QCOMPARE(back->at(1).origin, LabelStudioOrigin::Deleted);
        QCOMPARE(back->at(1).where, u"/0/meta/kwb_reviews/1"_s);
        QCOMPARE(reviewsFromLabelStudio(tasks, u"ls.json"_s)->size(), 1);
    }

    // Every malformed input is an error naming the file and the JSON path.
    void malformedInputNamesFileAndPath_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("what");
        QTest::newRow("rating not a number") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4"_s, u"rating"_s, { { u"rating"_s, u"three"_s } });
        }) << u"/0/annotations/0/result/"_s << u"whole rating"_s;
        QTest::newRow("rating beyond any integer") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4"_s, u"rating"_s, { { u"rating"_s, 4.55556e+78 } });
        }) << u"/0/annotations/0/result/"_s << u"whole rating"_s;
        QTest::newRow("rating not whole") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4"_s, u"rating"_s, { { u"rating"_s, 3.5 } });
        }) << u"/0/annotations/0/result/"_s
                                          << u"whole rating"_s;
        QTest::newRow("rating off the scale") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4"_s, u"rating"_s, { { u"rating"_s, 9 } });
        }) << u"/0/annotations/0/result"_s << u"NC4 rated 9, outside its scale 1–5"_s;
        QTest::newRow("not a criterion") << Edit([](QJsonObject& a) {
            setResult(a, u"XX9"_s, u"rating"_s, { { u"rating"_s, 3 } });
        }) << u"/0/annotations/0/result"_s
                                         << u"'XX9' is not a criterion"_s;
        QTest::newRow("rating and N/A") << Edit([](QJsonObject& a) {
            setResult(a, u"NC4_na"_s, u"choices"_s, { { u"choices"_s, QJsonArray { u"N/A"_s } } });
        }) << u"/0/annotations/0/result"_s
                                        << u"both a rating and N/A"_s;
        QTest::newRow("verdict outside the rubric") << Edit([](QJsonObject& a) {
            setResult(a, u"verdict"_s, u"choices"_s, { { u"choices"_s, QJsonArray { u"great"_s } } });
        }) << u"/0/annotations/0"_s << u"verdict"_s;
        QTest::newRow("text not a list") << Edit([](QJsonObject& a) {
            setResult(a, u"summary"_s, u"textarea"_s, { { u"text"_s, 3 } });
        }) << u"/0/annotations/0/result/"_s
                                         << u"list of texts"_s;
        QTest::newRow("bad line comment") << Edit([](QJsonObject& a) {
            setResult(a, u"line_comments"_s, u"textarea"_s, texts({ u"line ten: off by one"_s }));
        }) << u"/0/annotations/0/result/"_s
                                          << u"FILE#L10-L12"_s;
        QTest::newRow("line range backwards") << Edit([](QJsonObject& a) {
            setResult(a, u"line_comments"_s, u"textarea"_s, texts({ u"a.cu#L9-L3: x"_s }));
        }) << u"/value/text/0"_s << u"first line <= last line"_s;
        QTest::newRow("bad evidence") << Edit([](QJsonObject& a) {
            setResult(a, u"NC1_evidence"_s, u"textarea"_s, texts({ u"see above"_s }));
        }) << u"/0/annotations/0"_s << u"evidence"_s;
        QTest::newRow("identity edited") << Edit(
            [](QJsonObject& a) { setResult(a, u"kwb_review"_s, u"textarea"_s, texts({ u"alice"_s })); })
                                         << u"/0/annotations/0/result/"_s << u"identity"_s;
        QTest::newRow("result not a list") << Edit([](QJsonObject& a) { a.insert(u"result"_s, 5); })
                                           << u"/0/annotations/0/result"_s << u"list of results"_s;
        QTest::newRow("value not an object") << Edit([](QJsonObject& a) {
            QJsonArray r = a.value(u"result"_s).toArray();
            r.append(QJsonObject { { u"from_name"_s, u"NC2"_s }, { u"value"_s, 4 } });
            a.insert(u"result"_s, r);
        }) << u"/value"_s << u"expected an object"_s;
    }

    void malformedInputNamesFileAndPath()
    {
        QFETCH(Edit, edit);
        QFETCH(QString, where);
        QFETCH(QString, what);
        QJsonArray tasks = throughLabelStudio(exported({ test::completeReview() }), u"2026-12-01T21:30:00Z"_s);
        QJsonObject t = tasks.at(0).toObject();
        QJsonArray anns = t.value(u"annotations"_s).toArray();
        QJsonObject a = anns.at(0).toObject();
        edit(a);
        anns[0] = a;
        t.insert(u"annotations"_s, anns);
        tasks[0] = t;
        const auto back = readLabelStudio(tasks, u"ls.json"_s);
        QVERIFY(!back.ok());
        QCOMPARE(back.error().file, u"ls.json"_s);
        QVERIFY2(back.error().where.contains(where), qPrintable(back.error().oneLine()));
        QVERIFY2(back.error().oneLine().contains(what), qPrintable(back.error().oneLine()));
    }

    void userMappingFile()
    {
        QTemporaryDir dir;
        const QString good = dir.filePath(u"users.txt"_s);
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# kwb reviewer = Label Studio account\nalice = alice@lab.org\n\nbob=7\n");
        f.close();
        const auto m = labelStudioUserMap({ u"carol=carol@lab.org"_s, u"bob=bob@lab.org"_s }, good);
        QVERIFY(m.ok());
        QCOMPARE(m->value(u"alice"_s), u"alice@lab.org"_s);
        QCOMPARE(m->value(u"bob"_s), u"bob@lab.org"_s); // the option wins
        QCOMPARE(m->value(u"carol"_s), u"carol@lab.org"_s);
        QFile bad(dir.filePath(u"bad.txt"_s));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("alice=alice@lab.org\nbob\n");
        bad.close();
        const auto e = loadLabelStudioUsers(bad.fileName());
        QVERIFY(!e.ok());
        QCOMPARE(e.error().where, u"line 2"_s);
        QCOMPARE(e.error().file, bad.fileName());
    }

    // The fuzz target's invariant on its seeds (real Label Studio exports among them), in every dev build: what is
    // read exports to Label Studio and reads back the same.
    void seedsRoundTrip_data()
    {
        QTest::addColumn<QString>("path");
        const QDir seeds(KWB_SOURCE_DIR + QStringLiteral("/tests/fuzz/seeds/fuzz_labelstudio"));
        for (const QString& name : seeds.entryList({ u"*.json"_s }, QDir::Files))
            QTest::newRow(qPrintable(name)) << seeds.filePath(name);
        QVERIFY(seeds.entryList({ u"*.json"_s }, QDir::Files).size() >= 4);
    }

    void seedsRoundTrip()
    {
        QFETCH(QString, path);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto read = reviewsFromLabelStudio(QJsonDocument::fromJson(f.readAll()).array(), path);
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().oneLine()));
        QVERIFY(!read->isEmpty());
        const auto back
            = reviewsFromLabelStudio(QJsonDocument::fromJson(labelStudioTasks(*read, ExportOptions {})).array(), path);
        QVERIFY(back.ok());
        QStringList before, after;
        for (const Review& r : *read)
            before << QString::fromUtf8(QJsonDocument(reviewToJson(r)).toJson(QJsonDocument::Compact));
        for (const Review& r : *back)
            after << QString::fromUtf8(QJsonDocument(reviewToJson(r)).toJson(QJsonDocument::Compact));
        before.sort();
        after.sort();
        QCOMPARE(after, before);
    }

    // The labeling config shows code with its indentation and labels every control.
    void configShowsCodeAndLabels()
    {
        const QString xml = QString::fromUtf8(labelStudioConfig(m_rubric));
        QVERIFY(xml.contains(u"<HyperText name=\"candidate\" value=\"$candidate_html\"/>"_s));
        QVERIFY(!xml.contains(u"<Text "_s));
        QVERIFY(xml.contains(u"NC4 evidence"_s) && xml.contains(u"NC4 comment"_s));
        QVERIFY(xml.contains(u"Confidence (1–5)"_s) && xml.contains(u"<Header value=\"Summary\""_s));
        QVERIFY(xml.contains(u"Line comments"_s));
        ExportOptions o;
        o.format = ExportFormat::LabelStudio;
        o.rubric = &m_rubric;
        o.tasks.insert(u"vector-add-f32"_s, TaskTexts { {}, {}, u"if (i < n) {\n    c[i] = a[i] & b[i];\n}"_s });
        o.labelStudioEmails.insert(u"alice"_s, u"alice@lab.org"_s);
        const QJsonArray tasks = QJsonDocument::fromJson(exportReviews({ test::completeReview() }, o)).array();
        const QJsonObject t = tasks.at(0).toObject();
        QCOMPARE(t.value(u"data"_s).toObject().value(u"candidate_html"_s).toString(),
            u"<pre>if (i &lt; n) {\n    c[i] = a[i] &amp; b[i];\n}</pre>"_s);
        QCOMPARE(t.value(u"annotations"_s).toArray().at(0).toObject().value(u"completed_by"_s).toObject(),
            QJsonObject({ { u"email"_s, u"alice@lab.org"_s } }));
    }
};

QTEST_GUILESS_MAIN(TestLabelStudio)
#include "tst_labelstudio.moc"

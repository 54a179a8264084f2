// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testreview.h"

#include "core/review/atomicfile.h"
#include "core/review/evidenceref.h"
#include "core/review/reportdoc.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace kwb;
using namespace Qt::StringLiterals;

// A JSON value from its text (wrapped, so scalars and arrays parse too).
static QJsonValue json(const char* text)
{
    return QJsonDocument::fromJson(QByteArray("[") + text + "]").array().first();
}

class TestReviewModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Run, compile, bench and check documents are all citable evidence; anything else is refused at /format.
    void reportFormats_data()
    {
        QTest::addColumn<QByteArray>("doc");
        QTest::addColumn<QString>("action"); // empty: refused
        const QByteArray body = R"("task": {"id": "t1"}, "findings": [{"id": "compile.error", "severity": "error"}]})";
        QTest::newRow("run") << QByteArray(R"({"format": "kwb.report/1", "action": "run", )" + body) << u"run"_s;
        QTest::newRow("compile") << QByteArray(R"({"format": "kwb.compile/1", )" + body) << u"compile"_s;
        QTest::newRow("bench") << QByteArray(R"({"format": "kwb.bench/1", )" + body) << u"bench"_s;
        QTest::newRow("check") << QByteArray(R"({"format": "kwb.check/1", )" + body) << u"check"_s;
        QTest::newRow("lint") << QByteArray(R"({"format": "kwb.lint/1", )" + body) << QString();
    }
    void reportFormats()
    {
        QFETCH(QByteArray, doc);
        QFETCH(QString, action);
        const Result<ReportDoc> r = parseReportDoc(doc, u"r.json"_s);
        if (action.isEmpty()) {
            QVERIFY(!r);
            QCOMPARE(r.error().where, u"/format"_s);
            return;
        }
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QCOMPARE(r->action, action);
        QCOMPARE(r->taskId, u"t1"_s);
        QCOMPARE(r->findings.size(), 1);
        QCOMPARE(r->findings.first().id, u"compile.error"_s);
    }

    void roundTrip()
    {
        const Review r = test::completeReview();
        QCOMPARE(r.scores.size(), 16);
        QVERIFY(r.scores.value(QStringLiteral("BF1")).notApplicable);
        QCOMPARE(*r.scores.value(QStringLiteral("NC4")).value, 2);
        QCOMPARE(r.comments.size(), 1);
        QCOMPARE(r.comments.first().endLine, 12);
        const QByteArray text = QJsonDocument(reviewToJson(r)).toJson();
        const Result<Review> back = parseReview(text, QStringLiteral("x.json"));
        QVERIFY(back.ok());
        QCOMPARE(*back, r);
        // A draft's unscored criterion survives as unscored, distinct from N/A.
        Review draft = r;
        draft.status = Review::Status::Draft;
        draft.scores[QStringLiteral("TS1")] = Score { {}, false, QStringLiteral("to do"), {} };
        draft.updated = draft.updated.addMSecs(250);
        const Result<Review> d = parseReview(QJsonDocument(reviewToJson(draft)).toJson(), QStringLiteral("d.json"));
        QVERIFY(d.ok());
        QCOMPARE(*d, draft);
        QVERIFY(!d->scores.value(QStringLiteral("TS1")).scored());
    }

    void parseErrors_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("format") << "format" << QJsonValue(QStringLiteral("kwb.review/2"))
                                << "x.json: /format: expected \"kwb.review/1\"";
        QTest::newRow("status") << "status" << QJsonValue(QStringLiteral("done"))
                                << "x.json: /status: expected \"draft\" or \"submitted\"";
        QTest::newRow("created") << "created" << QJsonValue(QStringLiteral("yesterday"))
                                 << "x.json: /created: expected an ISO 8601 UTC time";
        QTest::newRow("verdict") << "verdict" << QJsonValue(QStringLiteral("great"))
                                 << "x.json: /verdict: expected one of accept, minor, major, reject";
        QTest::newRow("score value") << "scores" << json(R"({"NC1": {"value": "4"}})")
                                     << "x.json: /scores/NC1/value: expected an integer, found a string";
        // 2^32 + 4 would wrap to a 4 in an int: a clear error instead.
        QTest::newRow("score value beyond int")
            << "scores" << json(R"({"NC1": {"value": 4294967300}})")
            << "x.json: /scores/NC1/value: expected an integer, found 4294967300, too large";
        QTest::newRow("rubric version 0") << "rubric" << json(R"({"id": "kernel-task-review", "version": 0})")
                                          << "x.json: /rubric/version: expected an integer ≥ 1, found 0";
        QTest::newRow("evidence") << "scores" << json(R"({"NC1": {"value": 4, "evidence": ["see above"]}})")
                                  << "x.json: /scores/NC1/evidence/0: bad evidence reference 'see above'";
        QTest::newRow("comment lines") << "comments"
                                       << json(R"([{"file": "a.cu", "start_line": 5, "end_line": 2, "text": "t"}])")
                                       << "x.json: /comments/0/start_line: expected 1-based lines";
        QTest::newRow("report digest") << "reports" << json(R"([{"digest": "md5:1", "action": "run"}])")
                                       << "x.json: /reports/0/digest: expected sha256:<64 hex digits>";
        QTest::newRow("unknown field") << "colour" << QJsonValue(1) << "x.json: /colour: unknown field 'colour'";
        QTest::newRow("missing reviewer")
            << "reviewer" << QJsonValue(QJsonValue::Undefined) << "x.json: /: missing required field 'reviewer'";
    }

    void parseErrors()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        QJsonObject o = reviewToJson(test::completeReview());
        if (value.isUndefined())
            o.remove(key);
        else
            o.insert(key, value);
        const Result<Review> r = parseReview(QJsonDocument(o).toJson(), QStringLiteral("x.json"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().oneLine().startsWith(expected), qPrintable(r.error().oneLine()));
        QVERIFY(r.error().line > 0);
    }

    void jsonlErrorNamesTheLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.jsonl"));
        const QByteArray good = QJsonDocument(reviewToJson(test::completeReview())).toJson(QJsonDocument::Compact);
        QVERIFY(writeFileAtomically(path, good + "\n\n" + good + "\n{\"format\": 3}\n").ok());
        const auto r = loadReviewFile(path);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().line, 4);
        QVERIFY2(r.error().oneLine().startsWith(path + QStringLiteral(":4: /format: expected a string")),
            qPrintable(r.error().oneLine()));
        QVERIFY(writeFileAtomically(path, good + "\n" + good + "\n").ok());
        QCOMPARE(loadReviewFile(path)->size(), 2);
    }

    void evidenceRefs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("canonical");
        const QString digest = QStringLiteral("sha256:") + QString(64, u'a');
        QTest::newRow("finding") << "finding:correct.mismatch" << true << "finding:correct.mismatch";
        QTest::newRow("finding qualified")
            << "finding:correct.mismatch#impl=cand&case=tail" << true << "finding:correct.mismatch#case=tail&impl=cand";
        QTest::newRow("runtime class") << "finding:runtime.illegal_memory_access" << true
                                       << "finding:runtime.illegal_memory_access";
        QTest::newRow("report") << u"report:"_s + digest << true << u"report:"_s + digest;
        QTest::newRow("file range") << "file:candidate.cu#L10-L12" << true << "file:candidate.cu#L10-L12";
        QTest::newRow("file range short") << "file:candidate.cu#L10-12" << true << "file:candidate.cu#L10-L12";
        QTest::newRow("file line") << "file:src/k.cu#L7" << true << "file:src/k.cu#L7";
        QTest::newRow("whole file") << "file:spec.md" << true << "file:spec.md";
        QTest::newRow("reversed range") << "file:a.cu#L9-L3" << false << "";
        QTest::newRow("line zero") << "file:a.cu#L0" << false << "";
        QTest::newRow("escaping path") << "file:../etc/passwd" << false << "";
        QTest::newRow("short digest") << "report:sha256:abc" << false << "";
        QTest::newRow("no scheme") << "correct.mismatch" << false << "";
        QTest::newRow("bad qualifier") << "finding:correct.mismatch#tail" << false << "";
    }

    void evidenceRefs()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, canonical);
        const Result<EvidenceRef> r = parseEvidenceRef(text);
        QCOMPARE(r.ok(), ok);
        if (ok)
            QCOMPARE(r->toString(), canonical);
        else
            QVERIFY(r.error().what.startsWith(QStringLiteral("bad evidence reference '%1': expected").arg(text)));
    }

    void atomicWriteReplaces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/autosave.json"));
        QVERIFY(writeFileAtomically(path, "one").ok());
        QVERIFY(writeFileAtomically(path, "two").ok());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("two"));
        QCOMPARE(QDir(dir.filePath(QStringLiteral("sub"))).entryList(QDir::Files),
            QStringList { QStringLiteral("autosave.json") });
        QVERIFY(!writeFileAtomically(QStringLiteral("/proc/kwb-no/x"), "x").ok());
    }
};

QTEST_GUILESS_MAIN(TestReviewModel)
#include "tst_reviewmodel.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../review/testreview.h"

#include "core/export/csvexport.h"
#include "core/export/exporter.h"
#include "core/export/labelstudio.h"
#include "core/review/atomicfile.h"
#include "core/review/reviewstore.h"
#include "core/rubric/rubricloader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>

using namespace kwb;
using namespace Qt::StringLiterals;

class TestExport : public QObject {
    Q_OBJECT
    Rubric m_rubric;
    QTemporaryDir m_dir;

    // Three reviews: two reviewers on one task (one a draft with an unscored criterion), one on another task.
    static QList<Review> sample()
    {
        Review a = test::completeReview();
        Review b = a;
        b.reviewer = QStringLiteral("bob, \"the\" reviewer");
        b.status = Review::Status::Draft;
        b.scores[QStringLiteral("TS1")] = Score { {}, false, QStringLiteral("unsure; line1\r\nline2"), {} };
        b.created = a.created.addSecs(30);
        b.updated = b.created.addMSecs(1500);
        b.verdict.clear();
        b.confidence.reset();
        Review c = a;
        c.taskId = QStringLiteral("transpose-f32-tail");
        c.summary = QStringLiteral("Ünïcödé, commas, and \"quotes\".");
        return { a, b, c };
    }

    QString write(const QString& name, const QByteArray& bytes)
    {
        const QString path = m_dir.filePath(name);
        if (!writeFileAtomically(path, bytes).ok())
            return {};
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const Result<Rubric> r = findRubric(QStringLiteral("kernel-task-review"), 1);
        QVERIFY(r.ok());
        m_rubric = *r;
    }

    void roundTrips_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("count");
        QTest::newRow("json, one") << "json" << 1;
        QTest::newRow("json, many") << "json" << 3;
        QTest::newRow("jsonl") << "jsonl" << 3;
        QTest::newRow("labelstudio") << "labelstudio" << 3;
    }

    void roundTrips()
    {
        QFETCH(QString, format);
        QFETCH(int, count);
        const QList<Review> reviews = sample().mid(0, count);
        ExportOptions o;
        o.format = *exportFormatFromName(format);
        o.rubric = &m_rubric;
        const QString path = write(QStringLiteral("rt-%1-%2").arg(format).arg(count), exportReviews(reviews, o));
        const Result<QList<Review>> back = importReviewFile(path);
        QVERIFY2(back.ok(), qPrintable(back ? QString() : back.error().oneLine()));
        QCOMPARE(*back, reviews);
        // Importing twice into a store adds nothing the second time.
        ReviewStore store;
        QVERIFY(store.open(m_dir.filePath(QStringLiteral("rt-%1-%2.sqlite").arg(format).arg(count))).ok());
        for (const Review& r : *back)
            QCOMPARE(*store.import(r), ImportOutcome::Inserted);
        for (const Review& r : *back)
            QCOMPARE(*store.import(r), ImportOutcome::Unchanged);
        QCOMPARE(store.reviews()->size(), count);
        const auto fromDb = collectReviews({ store.path() });
        QVERIFY(fromDb.ok());
        QStringList want;
        QStringList got;
        for (const Review& r : reviews)
            want << r.identity();
        for (const Review& r : *fromDb)
            got << r.identity();
        want.sort();
        got.sort();
        QCOMPARE(got, want);
    }

    void labelStudioRebuildsWithoutMeta()
    {
        ExportOptions o;
        o.format = ExportFormat::LabelStudio;
        o.rubric = &m_rubric;
        QJsonArray tasks = QJsonDocument::fromJson(exportReviews({ test::completeReview() }, o)).array();
        QJsonObject t = tasks.first().toObject();
        t.remove(QStringLiteral("meta"));
        tasks[0] = t;
        const Result<QList<Review>> back = reviewsFromLabelStudio(tasks, QStringLiteral("ls.json"));
        QVERIFY(back.ok());
        const Review& r = back->first();
        const Review orig = test::completeReview();
        QCOMPARE(r.reviewer, orig.reviewer);
        QCOMPARE(r.created, orig.created);
        QCOMPARE(r.verdict, orig.verdict);
        QCOMPARE(r.summary, orig.summary);
        QCOMPARE(r.confidence, orig.confidence);
        QCOMPARE(r.timeSpentS, orig.timeSpentS);
        QCOMPARE(r.scores.value(QStringLiteral("NC4")).value, orig.scores.value(QStringLiteral("NC4")).value);
        QCOMPARE(r.scores.value(QStringLiteral("NC4")).comment, orig.scores.value(QStringLiteral("NC4")).comment);
        // Everything Label Studio shows comes back; only what it has no control for (reports) is gone.
        QCOMPARE(r.scores, orig.scores);
        QCOMPARE(r.comments, orig.comments);
        QVERIFY(r.scores.value(QStringLiteral("BF1")).notApplicable);
        QVERIFY(r.reports.isEmpty());
    }

    // The names every result uses exist in the generated config with the right tag and target.
    void labelStudioMatchesConfig()
    {
        QMap<QString, QString> controls; // name → tag
        QSet<QString> objects;
        QMap<QString, QString> toNames;
        QXmlStreamReader xml(labelStudioConfig(m_rubric));
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            const QString name = xml.attributes().value(QLatin1StringView("name")).toString();
            if (xml.name() == QLatin1StringView("HyperText"))
                objects.insert(name);
            else if (!name.isEmpty()) {
                QVERIFY2(!controls.contains(name), qPrintable(QStringLiteral("duplicate control name ") + name));
                controls.insert(name, xml.name().toString());
                toNames.insert(name, xml.attributes().value(QLatin1StringView("toName")).toString());
                if (xml.name() == QLatin1StringView("Rating"))
                    QCOMPARE(xml.attributes().value(QLatin1StringView("maxRating")).toInt(), 5);
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(objects, QSet<QString>({ u"spec"_s, u"reference"_s, u"candidate"_s }));
        // Per criterion a rating, an N/A choice, a comment and evidence; verdict, summary, confidence, line comments
        // and the hidden identity.
        QCOMPARE(controls.size(), 16 * 4 + 5);
        ExportOptions o;
        o.format = ExportFormat::LabelStudio;
        o.rubric = &m_rubric;
        o.tasks.insert(QStringLiteral("vector-add-f32"),
            TaskTexts { QStringLiteral("spec"), QStringLiteral("ref"), QStringLiteral("cand") });
        const QJsonArray tasks = QJsonDocument::fromJson(exportReviews(sample(), o)).array();
        QCOMPARE(tasks.size(), 2);
        const QJsonObject data = tasks.first().toObject().value(QStringLiteral("data")).toObject();
        for (const QString& key : objects)
            QVERIFY2(data.contains(key + QStringLiteral("_html")), qPrintable(key));
        QCOMPARE(data.value(QStringLiteral("candidate")).toString(), QStringLiteral("cand"));
        QCOMPARE(data.value(QStringLiteral("candidate_html")).toString(), QStringLiteral("<pre>cand</pre>"));
        int results = 0;
        for (const QJsonValue& t : tasks) {
            for (const QJsonValue& a : t.toObject().value(QStringLiteral("annotations")).toArray()) {
                const QJsonObject ann = a.toObject();
                QVERIFY(ann.contains(QStringLiteral("completed_by")) && ann.contains(QStringLiteral("lead_time"))
                    && ann.contains(QStringLiteral("created_at")));
                // Label Studio imports completed_by only as a numeric user id (or an email object).
                QVERIFY(ann.value(QStringLiteral("completed_by")).isDouble());
                for (const QJsonValue& rv : ann.value(QStringLiteral("result")).toArray()) {
                    const QJsonObject res = rv.toObject();
                    const QString from = res.value(QStringLiteral("from_name")).toString();
                    QVERIFY2(controls.contains(from), qPrintable(from));
                    QCOMPARE(res.value(QStringLiteral("to_name")).toString(), toNames.value(from));
                    QVERIFY(objects.contains(res.value(QStringLiteral("to_name")).toString()));
                    QCOMPARE(res.value(QStringLiteral("type")).toString(), controls.value(from).toLower());
                    ++results;
                }
            }
        }
        QVERIFY(results > 40);
    }

    void csvParsesWithPythonCsv_data()
    {
        QTest::addColumn<bool>("wide");
        QTest::newRow("long") << false;
        QTest::newRow("wide") << true;
    }

    void csvParsesWithPythonCsv()
    {
        QFETCH(bool, wide);
        ExportOptions o;
        o.format = ExportFormat::Csv;
        o.rubric = &m_rubric;
        o.wide = wide;
        const QList<Review> reviews = sample();
        const QString path = write(QStringLiteral("out-%1.csv").arg(wide), exportReviews(reviews, o));
        // Python's csv module reads it back; we print it as JSON to compare cell by cell.
        QProcess py;
        py.start(QStringLiteral("/usr/bin/python3"),
            { QStringLiteral("-c"),
                QStringLiteral("import csv, json, sys\n"
                               "with open(sys.argv[1], newline='', encoding='utf-8') as f:\n"
                               "    print(json.dumps(list(csv.reader(f, strict=True))))\n"),
                path });
        QVERIFY(py.waitForFinished(30000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        const QJsonArray rows = QJsonDocument::fromJson(py.readAllStandardOutput()).array();
        const QJsonArray header = rows.first().toArray();
        auto cell = [&](int row, const QString& column) {
            for (qsizetype i = 0; i < header.size(); ++i) {
                if (header.at(i).toString() == column)
                    return rows.at(row).toArray().at(i).toString();
            }
            return QStringLiteral("<no column %1>").arg(column);
        };
        if (!wide) {
            QCOMPARE(rows.size(), 4);
            QCOMPARE(header.size(), 8 + 16 * 2);
            QCOMPARE(header.at(8).toString(), QStringLiteral("NC1"));
            QCOMPARE(header.at(9).toString(), QStringLiteral("NC1.comment"));
            QCOMPARE(cell(1, QStringLiteral("NC4")), QStringLiteral("2"));
            QCOMPARE(cell(1, QStringLiteral("NC4.comment")), reviews.at(0).scores.value(QStringLiteral("NC4")).comment);
            QCOMPARE(cell(1, QStringLiteral("BF1")), QStringLiteral("NA"));
            QCOMPARE(cell(2, QStringLiteral("reviewer")), reviews.at(1).reviewer);
            QCOMPARE(cell(2, QStringLiteral("TS1")), QString());
            QCOMPARE(cell(2, QStringLiteral("TS1.comment")), QStringLiteral("unsure; line1\r\nline2"));
            QCOMPARE(cell(2, QStringLiteral("status")), QStringLiteral("draft"));
            QCOMPARE(cell(3, QStringLiteral("time_spent_s")), QStringLiteral("2460"));
            for (const QJsonValue& row : rows)
                QCOMPARE(row.toArray().size(), header.size());
        } else {
            QCOMPARE(rows.size(), 3); // two tasks
            QCOMPARE(header.size(), 2 + 2 * 17);
            QCOMPARE(cell(2, QStringLiteral("task_id")), QStringLiteral("vector-add-f32"));
            QCOMPARE(cell(2, QStringLiteral("alice.NC4")), QStringLiteral("2"));
            QCOMPARE(cell(2, QStringLiteral("alice.verdict")), QStringLiteral("major"));
            QCOMPARE(cell(1, QStringLiteral("task_id")), QStringLiteral("transpose-f32-tail"));
            QCOMPARE(cell(1, reviews.at(1).reviewer + QStringLiteral(".NC4")), QString());
        }
    }

    void csvQuoting_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << "abc"
                               << "abc";
        QTest::newRow("comma") << "a,b"
                               << "\"a,b\"";
        QTest::newRow("quote") << "say \"hi\""
                               << "\"say \"\"hi\"\"\"";
        QTest::newRow("newline") << "a\nb"
                                 << "\"a\nb\"";
        QTest::newRow("cr") << "a\rb"
                            << "\"a\rb\"";
    }

    void csvQuoting()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(csvField(in), out);
    }

    void markdownReadable()
    {
        const QByteArray md = reviewsMarkdown({ test::completeReview() }, &m_rubric);
        const QString text = QString::fromUtf8(md);
        QVERIFY(text.startsWith(QLatin1StringView("# Review of vector-add-f32 by alice\n")));
        QVERIFY(text.contains(QLatin1StringView("**Verdict: major**")));
        QVERIFY(text.contains(QLatin1StringView("## Numerical correctness")));
        QVERIFY(text.contains(u"### NC4 — Candidate passes every case: 2/5 (Poor)"_s));
        QVERIFY(text.contains(u"### BF1 — Timing method: N/A"_s));
        QVERIFY(text.contains(u"- `candidate.cu:10–12` (NC4): Missing bounds check on the tail."_s));
    }

    void unknownFormat()
    {
        const auto f = exportFormatFromName(QStringLiteral("xml"));
        QVERIFY(!f.ok());
        QVERIFY(f.error().what.startsWith(QLatin1StringView("unknown format 'xml'")));
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"

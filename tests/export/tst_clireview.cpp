// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../review/testreview.h"

#include "core/review/atomicfile.h"
#include "tests/helpers/testpaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>

using namespace kwb;
using namespace Qt::StringLiterals;

// `kwb review validate`, `kwb export`, `kwb import` through the built binary: exit codes and outputs.
class TestCliReview : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    struct Run {
        int exit = -1;
        QByteArray out;
        QByteArray err;
    };

    Run kwb(const QStringList& args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KWB_DB"), m_dir.filePath(QStringLiteral("default.sqlite")));
        p.setProcessEnvironment(env);
        p.start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
        Run r;
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    QString reviewFile(const QString& name, const Review& r)
    {
        const QString path = m_dir.filePath(name);
        writeFileAtomically(path, QJsonDocument(reviewToJson(r)).toJson());
        return path;
    }

    static QString fixture()
    {
        return (KWB_SOURCE_DIR + QStringLiteral("/tests/review/fixtures/complete.review.json"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(KWB_BIN_DIR + QStringLiteral("/kwb")),
            qPrintable(KWB_BIN_DIR + QStringLiteral("/kwb not built")));
    }

    void validateExitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("expected"); // in stdout (exit 0/1) or stderr (exit 2)
        const QString report = test::reportFixture();
        Review contradicted = test::completeReview();
        contradicted.scores[QStringLiteral("NC4")].value = 4;
        const QString bad = reviewFile(QStringLiteral("contradicted.json"), contradicted);
        Review stale = test::completeReview();
        QTest::newRow("clean") << QStringList { fixture() } << 0 << "0 errors, 0 warnings";
        QTest::newRow("contradiction") << QStringList { QStringLiteral("--report"), report, bad } << 1
                                       << "error: /scores/NC4: NC4 = 4, but";
        QTest::newRow("stale is a warning")
            << QStringList { QStringLiteral("--task"), KWB_TASKS_DIR + QStringLiteral("/vector-add-f32"), fixture() }
            << 0 << "[review.stale-task]";
        QTest::newRow("missing file") << QStringList { m_dir.filePath(QStringLiteral("nope.json")) } << 2
                                      << "cannot read";
        QTest::newRow("bad report") << QStringList { QStringLiteral("--report"), fixture(), fixture() } << 2
                                    << "/format: expected \"kwb.report/1\"";
        QTest::newRow("no file") << QStringList {} << 2 << "no FILE given";
    }

    void validateExitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, expected);
        const Run r = kwb(QStringList { QStringLiteral("review"), QStringLiteral("validate") } + args);
        QCOMPARE(r.exit, exit);
        const QByteArray& text = exit == 2 ? r.err : r.out;
        QVERIFY2(text.contains(expected.toUtf8()), text.constData());
        if (exit == 2)
            QCOMPARE(r.err.count('\n'), 1);
    }

    // kwb review new|set|submit: a whole review by script, in the database as the reviewer's draft; the submit of a
    // rushed accept (an attached report's mismatch neither cited nor scored low) is refused until addressed.
    void scriptedReview()
    {
        const QString db = m_dir.filePath(QStringLiteral("scripted.sqlite"));
        const QString task = KWB_TASKS_DIR + QStringLiteral("/vector-add-f32");
        const QStringList where { QStringLiteral("--db"), db, QStringLiteral("--task"), task,
            QStringLiteral("--reviewer"), QStringLiteral("kim") };
        const auto review = [&](const QString& sub, const QStringList& args) {
            return kwb(QStringList { QStringLiteral("review"), sub } + where + args);
        };
        Run r = review(QStringLiteral("new"), {});
        QVERIFY2(r.exit == 0, r.err.constData());
        QVERIFY(r.out.startsWith("draft vector-add-f32/kim/"));
        QCOMPARE(review(QStringLiteral("new"), {}).exit, 1); // a draft exists
        // Bad values change nothing and say why, each.
        r = review(QStringLiteral("set"),
            { QStringLiteral("--score"), QStringLiteral("NC1=9"), QStringLiteral("--verdict"),
                QStringLiteral("great") });
        QCOMPARE(r.exit, 2);
        QCOMPARE(r.err.count('\n'), 2);
        QStringList set { QStringLiteral("--attach"), test::reportFixture() };
        for (const char* id : { "NC1", "NC2", "NC3", "NC4", "BF1", "BF2", "BF3", "BF4", "TS1", "TS2", "TS3", "TS4",
                 "CR1", "CR2", "CR3", "CR4" }) {
            const QString c = QString::fromLatin1(id);
            set << QStringLiteral("--score") << c + QStringLiteral("=4") << QStringLiteral("--comment")
                << c + QStringLiteral("=Checked by script.") << QStringLiteral("--evidence")
                << c + QStringLiteral("=file:candidate.cu#L1-L3");
        }
        set << QStringLiteral("--verdict") << QStringLiteral("minor") << QStringLiteral("--summary")
            << QStringLiteral("Scripted.") << QStringLiteral("--confidence") << QStringLiteral("3")
            << QStringLiteral("--line-comment") << QStringLiteral("candidate.cu#L2-L3@NC4=tail handling");
        r = review(QStringLiteral("set"), set);
        QVERIFY2(r.exit == 0, r.err.constData());
        QVERIFY2(r.out.contains("16 of 16 criteria scored, 1 error"), r.out.constData());
        QVERIFY2(r.err.contains("review.contradicts-evidence"), r.err.constData()); // the one error, named
        // NC4 = 4 under an attached mismatch: the review check refuses (a contradiction).
        r = review(QStringLiteral("submit"), {});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains("review.contradicts-evidence"), r.err.constData());
        r = review(QStringLiteral("set"), { QStringLiteral("--score"), QStringLiteral("NC4=3") });
        QCOMPARE(r.exit, 0);
        // NC4 = 3 no longer contradicts, but nothing cites the mismatch and no criterion scores it below 3.
        r = review(QStringLiteral("submit"), {});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.err.contains("unaddressed") && r.err.contains("correct.mismatch"), r.err.constData());
        r = review(QStringLiteral("set"),
            { QStringLiteral("--evidence"), QStringLiteral("NC4=finding:correct.mismatch#case=tail") });
        QCOMPARE(r.exit, 0);
        r = review(QStringLiteral("submit"), {});
        QVERIFY2(r.exit == 0, r.err.constData());
        QVERIFY(r.out.contains("submitted vector-add-f32/kim/"));
        // What the database holds is the submitted review, exported like any other.
        r = kwb({ QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("json"), db,
            QStringLiteral("-o"), QStringLiteral("-") });
        QCOMPARE(r.exit, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("status")).toString(), QStringLiteral("submitted"));
        QCOMPARE(doc.value(QStringLiteral("reviewer")).toString(), QStringLiteral("kim"));
        QCOMPARE(doc.value(QStringLiteral("comments")).toArray().size(), 1);
        QCOMPARE(doc.value(QStringLiteral("reports")).toArray().size(), 1);
        // The same in a file.
        const QString file = m_dir.filePath(QStringLiteral("scripted.review.json"));
        const QStringList inFile { QStringLiteral("--file"), file, QStringLiteral("--task"), task };
        QCOMPARE(kwb(QStringList { QStringLiteral("review"), QStringLiteral("new") } + inFile).exit, 0);
        QCOMPARE(kwb(QStringList { QStringLiteral("review"), QStringLiteral("set") } + inFile
                     + QStringList { QStringLiteral("--score"), QStringLiteral("NC1=na"), QStringLiteral("--comment"),
                         QStringLiteral("NC1=not verifiable here: no GPU") })
                     .exit,
            0);
        const Result<QList<Review>> written = loadReviewFile(file);
        QVERIFY(written);
        QVERIFY(written->first().scores.value(QStringLiteral("NC1")).notApplicable);
    }

    // One trial of a run again: `kwb run --case NAME --seed S --trials 1` runs that case alone with that seed.
    void runOneCaseWithItsSeed()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed");
        const Run r = kwb({ QStringLiteral("run"), QStringLiteral("--case"), QStringLiteral("tail"),
            QStringLiteral("--seed"), QStringLiteral("424242"), QStringLiteral("--trials"), QStringLiteral("1"),
            QStringLiteral("--heldout"), QStringLiteral("0"), QStringLiteral("--no-stress"), QStringLiteral("--json"),
            KWB_TASKS_DIR + QStringLiteral("/vector-add-f32") });
        QVERIFY2(r.exit == 0 || r.exit == 3, r.err.constData()); // 3: the cuda candidate is not run without a GPU
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonObject provenance = doc.value(QStringLiteral("provenance")).toObject();
        QCOMPARE(provenance.value(QStringLiteral("trial_seeds")).toArray(), QJsonArray { QStringLiteral("424242") });
        QCOMPARE(provenance.value(QStringLiteral("seed_source")).toString(), QStringLiteral("--seed"));
        QStringList cases;
        for (const QJsonValue& impl : doc.value(QStringLiteral("implementations")).toArray()) {
            for (const QJsonValue& c : impl.toObject().value(QStringLiteral("cases")).toArray()) {
                const QString name = c.toObject().value(QStringLiteral("name")).toString();
                if (!cases.contains(name))
                    cases << name;
            }
        }
        QVERIFY2(cases.isEmpty() || cases == QStringList { QStringLiteral("tail") }, qPrintable(cases.join(u',')));
    }

    void validateJson()
    {
        const Run r
            = kwb({ QStringLiteral("review"), QStringLiteral("validate"), QStringLiteral("--json"), fixture() });
        QCOMPARE(r.exit, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.review-check/1"));
        const QJsonObject first = doc.value(QStringLiteral("reviews")).toArray().first().toObject();
        QCOMPARE(first.value(QStringLiteral("reviewer")).toString(), QStringLiteral("alice"));
        QCOMPARE(first.value(QStringLiteral("findings")).toArray().size(), 0);
    }

    void exportImportThroughTheCli()
    {
        const QString ls = m_dir.filePath(QStringLiteral("ls.json"));
        const QString xml = m_dir.filePath(QStringLiteral("ls.xml"));
        Run r = kwb({ QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("labelstudio"),
            QStringLiteral("--labelstudio-config"), xml, QStringLiteral("--labelstudio-user"),
            QStringLiteral("alice=4"), fixture(), QStringLiteral("-o"), ls });
        QCOMPARE(r.exit, 0);
        QVERIFY(QFile::exists(xml));
        // The bundled task's texts fill `data`.
        const QJsonObject task = QJsonDocument::fromJson([&] {
            QFile f(ls);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }())
                                     .array()
                                     .first()
                                     .toObject();
        const QJsonObject data = task.value(QStringLiteral("data")).toObject();
        // completed_by is the Label Studio user id asked for; the name is kept beside it.
        const QJsonObject annotation = task.value(QStringLiteral("annotations")).toArray().first().toObject();
        QCOMPARE(annotation.value(QStringLiteral("completed_by")).toInt(), 4);
        // The identity travels in the hidden `kwb_review` result (Label Studio drops unknown annotation fields).
        const QJsonArray results = annotation.value(QStringLiteral("result")).toArray();
        QVERIFY(std::any_of(results.begin(), results.end(), [](const QJsonValue& v) {
            return v.toObject().value(QStringLiteral("from_name")).toString() == QLatin1StringView("kwb_review")
                && v.toObject()
                       .value(QStringLiteral("value"))
                       .toObject()
                       .value(QStringLiteral("text"))
                       .toArray()
                       .at(0)
                       .toString()
                       .contains(QLatin1StringView("\"reviewer\":\"alice\""));
        }));
        // By e-mail, and a mapping file; a bad line names the file and line.
        const QString users = m_dir.filePath(QStringLiteral("users.txt"));
        QFile uf(users);
        QVERIFY(uf.open(QIODevice::WriteOnly));
        uf.write("# reviewer = Label Studio account\nalice = alice@lab.org\n");
        uf.close();
        r = kwb({ QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("labelstudio"),
            QStringLiteral("--labelstudio-users"), users, fixture(), QStringLiteral("-o"), QStringLiteral("-") });
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("\"email\": \"alice@lab.org\""), r.out.constData());
        QVERIFY(uf.open(QIODevice::Append));
        uf.write("bob\n");
        uf.close();
        r = kwb({ QStringLiteral("import"), QStringLiteral("--db"), m_dir.filePath(QStringLiteral("u.sqlite")),
            QStringLiteral("--labelstudio-users"), users, ls });
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(users.toUtf8() + ": line 3: expected REVIEWER=EMAIL"), r.err.constData());
        QCOMPARE(kwb({ QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("labelstudio"),
                         QStringLiteral("--labelstudio-user"), QStringLiteral("alice"), fixture(), QStringLiteral("-o"),
                         QStringLiteral("-") })
                     .exit,
            2);
        QVERIFY(data.value(QStringLiteral("candidate")).toString().contains(QLatin1StringView("vector_add")));
        const QString db = m_dir.filePath(QStringLiteral("cli.sqlite"));
        r = kwb({ QStringLiteral("import"), QStringLiteral("--db"), db, ls });
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("1 inserted, 0 updated, 0 unchanged"), r.out.constData());
        QVERIFY2(r.out.contains("Label Studio: 0 edited there, 0 added there, 1 as exported"), r.out.constData());
        r = kwb({ QStringLiteral("import"), QStringLiteral("--db"), db, ls, fixture() });
        QVERIFY2(r.out.contains("0 inserted, 0 updated, 2 unchanged"), r.out.constData());
        r = kwb({ QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("json"), db,
            QStringLiteral("-o"), QStringLiteral("-") });
        QCOMPARE(r.exit, 0);
        QCOMPARE(parseReview(r.out, QStringLiteral("stdout"))->summary, test::completeReview().summary);
        r = kwb({ QStringLiteral("import"), fixture() }); // $KWB_DB
        QCOMPARE(r.exit, 0);
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("default.sqlite"))));
    }

    void exportUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no format") << QStringList { fixture(), QStringLiteral("-o"), QStringLiteral("-") }
                                   << "--format, -o";
        QTest::newRow("bad format") << QStringList { QStringLiteral("--format"), QStringLiteral("xml"), fixture(),
            QStringLiteral("-o"), QStringLiteral("-") }
                                    << "unknown format 'xml'";
        QTest::newRow("bad input") << QStringList { QStringLiteral("--format"), QStringLiteral("csv"),
            (KWB_SOURCE_DIR + QStringLiteral("/rubrics/schema.json")), QStringLiteral("-o"), QStringLiteral("-") }
                                   << "/$defs: unknown field '$defs'";
    }

    void exportUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = kwb(QStringList { QStringLiteral("export") } + args);
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliReview)
#include "tst_clireview.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit of review sets: contradictions with evidence (within a review and across reviewers),
// low agreement, per-reviewer agreement, re-verification claims, and the `kwb audit` command.
#include "core/audit/audit.h"
#include "core/audit/auditlog.h"
#include "core/audit/reverify.h"
#include "core/cli/cli.h"
#include "core/rubric/rubricloader.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
const QString kReviewFixtures = KWB_SOURCE_DIR + QStringLiteral("/tests/review/fixtures/");

Review fixtureReview()
{
    const Result<QList<Review>> r = loadReviewFile(kReviewFixtures + QStringLiteral("complete.review.json"));
    if (!r)
        qFatal("%s", qPrintable(r.error().oneLine()));
    return r->first();
}

ReportDoc mismatchReport()
{
    const Result<ReportDoc> d = loadReportDoc(kReviewFixtures + QStringLiteral("mismatch.report.json"));
    if (!d)
        qFatal("%s", qPrintable(d.error().oneLine()));
    return *d;
}

Rubric rubric()
{
    return *findRubric(QStringLiteral("kernel-task-review"), 1);
}

QList<AuditFlag> flagsWith(const QList<AuditFlag>& flags, const QString& id, const QString& reviewer = {})
{
    QList<AuditFlag> out;
    for (const AuditFlag& f : flags) {
        if (f.id == id && (reviewer.isEmpty() || f.reviewer == reviewer))
            out << f;
    }
    return out;
}

int runCli(const QStringList& args, QString* out, QString* err = nullptr)
{
    QString o;
    QString e;
    QTextStream os(&o);
    QTextStream es(&e);
    cli::Io io { os, es };
    const int rc = cli::run(QStringList { QStringLiteral("kwb") } + args, io);
    os.flush();
    es.flush();
    if (out)
        *out = o;
    if (err)
        *err = e;
    return rc;
}
} // namespace

class TestAudit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Correctness scored high while the attached report shows a mismatch: flagged.
    void highCorrectnessWithMismatchReport()
    {
        Review r = fixtureReview();
        r.scores[QStringLiteral("NC4")].value = 5;
        r.scores[QStringLiteral("NC4")].comment = QStringLiteral("Looks right.");
        r.scores[QStringLiteral("NC4")].evidence = { QStringLiteral("finding:correct.pass") };
        AuditOptions o;
        o.reports = { mismatchReport() };
        const auto result = auditReviews({ r }, rubric(), o);
        QVERIFY(result);
        const auto flags
            = flagsWith(result->flags, QStringLiteral("review.contradicts-evidence"), QStringLiteral("alice"));
        QCOMPARE(flags.size(), 1);
        QCOMPARE(flags.first().jsonPath, QStringLiteral("/scores/NC4"));
        QVERIFY(flags.first().message.contains(QStringLiteral("correct.mismatch")));
        // Without the report to re-read, the attached evidence cannot be checked.
        QVERIFY(flagsWith(auditReviews({ r }, rubric(), {})->flags, QStringLiteral("review.contradicts-evidence"))
                    .isEmpty());
    }

    // One reviewer cites a mismatch, the other scores correctness as perfect: the second is flagged.
    void contradictionAcrossReviewers()
    {
        Review alice = fixtureReview(); // NC4 = 2, cites correct.mismatch
        Review bob = alice;
        bob.reviewer = QStringLiteral("bob");
        bob.reports.clear();
        bob.scores[QStringLiteral("NC4")]
            = Score { 5, false, QStringLiteral("All good."), { QStringLiteral("finding:correct.pass") } };
        const auto result = auditReviews({ alice, bob }, rubric(), {});
        QVERIFY(result);
        const auto flags = flagsWith(result->flags, QStringLiteral("review.contradicts-evidence"));
        QCOMPARE(flags.size(), 1);
        QCOMPARE(flags.first().reviewer, QStringLiteral("bob"));
        QCOMPARE(flags.first().review, bob.identity());
        QVERIFY2(flags.first().message.contains(QStringLiteral("alice")), qPrintable(flags.first().message));
        // A review of another task is no evidence against bob.
        alice.taskId = QStringLiteral("other-task");
        QVERIFY(
            flagsWith(auditReviews({ alice, bob }, rubric(), {})->flags, QStringLiteral("review.contradicts-evidence"))
                .isEmpty());
    }

    // Statistics come from the items they are about: a task only one reviewer scored changes no criterion's κ and no
    // other task's agreement; one shared task is "n/a" for every chance-corrected figure.
    void statisticsFromTheirItemsOnly()
    {
        const Review base = fixtureReview();
        const auto review = [&](const QString& task, const QString& who, int nc1, int nc4) {
            Review r = base;
            r.taskId = task;
            r.reviewer = who;
            r.reports.clear();
            r.scores[QStringLiteral("NC1")].value = nc1;
            r.scores[QStringLiteral("NC4")].value = nc4;
            return r;
        };
        QList<Review> reviews { review(QStringLiteral("a"), QStringLiteral("kim"), 4, 2),
            review(QStringLiteral("a"), QStringLiteral("lee"), 2, 2),
            review(QStringLiteral("b"), QStringLiteral("kim"), 3, 4),
            review(QStringLiteral("b"), QStringLiteral("lee"), 3, 5),
            review(QStringLiteral("c"), QStringLiteral("kim"), 5, 1),
            review(QStringLiteral("c"), QStringLiteral("lee"), 4, 1) };
        AuditOptions o;
        o.criteria = { QStringLiteral("NC1"), QStringLiteral("NC4") };
        const auto before = auditReviews(reviews, rubric(), o);
        QVERIFY(before);
        // A task one reviewer scored, with scores nobody else gave.
        reviews << review(QStringLiteral("d"), QStringLiteral("kim"), 1, 5);
        const auto after = auditReviews(reviews, rubric(), o);
        QVERIFY(after);
        for (int i = 0; i < 2; ++i) {
            const CriterionAgreement& x = before->criteria[i];
            const CriterionAgreement& y = after->criteria[i];
            QCOMPARE(y.items, x.items);
            QCOMPARE(y.fleiss, x.fleiss);
            QCOMPARE(y.ac1, x.ac1);
            QCOMPARE(y.alpha[1], x.alpha[1]);
            QCOMPARE(y.cohen[0], x.cohen[0]);
        }
        QCOMPARE(after->perTask.size(), 4);
        for (int t = 0; t < 3; ++t) {
            QCOMPARE(after->perTask[t].task, before->perTask[t].task);
            QCOMPARE(after->perTask[t].percent, before->perTask[t].percent);
            QCOMPARE(after->perTask[t].alpha, before->perTask[t].alpha);
        }
        QCOMPARE(after->perTask[3].items, 0); // one reviewer: nothing to agree on
        QVERIFY(!after->perTask[3].percent);
        QCOMPARE(after->perTask[0].disagreements, QStringList { QStringLiteral("NC1 (kim 4, lee 2)") });
        // One shared task: n/a for everything chance-corrected.
        const QList<Review> one { reviews[0], reviews[1], reviews[6] };
        const auto single = auditReviews(one, rubric(), o);
        QVERIFY(single);
        const CriterionAgreement& nc1 = single->criteria.first();
        QCOMPARE(nc1.items, 1);
        QVERIFY(nc1.percent);
        QVERIFY(!nc1.fleiss && !nc1.ac1 && !nc1.alpha[1] && !nc1.cohen[0] && !nc1.alphaCi);
        // The disagreement of two levels on task a is flagged on one review.
        QCOMPARE(flagsWith(single->flags, QStringLiteral("audit.score-disagreement")).size(), 1);
    }

    // Flags read by weight: errors and real disagreements first, review.no-evidence last, grouped by task and
    // reviewer.
    void flagsSortedBySeverityAndGrouped()
    {
        QList<AuditFlag> flags {
            { QStringLiteral("b/kim/1"), QStringLiteral("b"), QStringLiteral("kim"),
                QStringLiteral("review.no-evidence"), Severity::Warning, QStringLiteral("NC1 = 4 cites no evidence"),
                {} },
            { QStringLiteral("a/lee/1"), QStringLiteral("a"), QStringLiteral("lee"),
                QStringLiteral("review.no-evidence"), Severity::Warning, QStringLiteral("NC2 = 4 cites no evidence"),
                {} },
            { QStringLiteral("b/kim/1"), QStringLiteral("b"), QStringLiteral("kim"),
                QStringLiteral("audit.score-disagreement"), Severity::Warning, QStringLiteral("NC4 differ"), {} },
            { QStringLiteral("a/lee/1"), QStringLiteral("a"), QStringLiteral("lee"),
                QStringLiteral("review.contradicts-evidence"), Severity::Error, QStringLiteral("NC4 = 5, but"), {} },
            { {}, {}, {}, QStringLiteral("audit.low-agreement"), Severity::Warning, QStringLiteral("NC1 low"), {} },
            { QStringLiteral("c/kim/1"), QStringLiteral("c"), QStringLiteral("kim"),
                QStringLiteral("review.no-evidence"), Severity::Warning, QStringLiteral("NC3 = 4 cites no evidence"),
                {} },
        };
        sortFlags(flags);
        QStringList order;
        for (const AuditFlag& f : flags)
            order << (f.task.isEmpty() ? QStringLiteral("*") : f.task) + u' ' + f.id;
        QCOMPARE(order,
            (QStringList { QStringLiteral("* audit.low-agreement"), QStringLiteral("a review.contradicts-evidence"),
                QStringLiteral("a review.no-evidence"), QStringLiteral("b audit.score-disagreement"),
                QStringLiteral("b review.no-evidence"), QStringLiteral("c review.no-evidence") }));
    }

    void lowAgreementAndPerReviewer()
    {
        const Review base = fixtureReview();
        QList<Review> reviews;
        // carol and dave never agree on NC1.
        const QList<std::pair<int, int>> values { { 5, 3 }, { 2, 4 }, { 4, 2 }, { 3, 5 }, { 5, 1 } };
        for (int i = 0; i < values.size(); ++i) {
            for (const auto& [who, v] : { std::pair { QStringLiteral("carol"), values[i].first },
                     std::pair { QStringLiteral("dave"), values[i].second } }) {
                Review r = base;
                r.taskId = QStringLiteral("task-%1").arg(i);
                r.reviewer = who;
                r.reports.clear();
                r.scores[QStringLiteral("NC1")].value = v;
                reviews << r;
            }
        }
        AuditOptions o;
        o.criteria = { QStringLiteral("NC1"), QStringLiteral("NC2") };
        o.adjudications = { { QStringLiteral("task-0"), QStringLiteral("NC1"), 3, QStringLiteral("r"), {}, {}, {} } };
        const auto result = auditReviews(reviews, rubric(), o);
        QVERIFY(result);
        QCOMPARE(result->tasks, 5);
        QCOMPARE(result->criteria.size(), 2);
        const CriterionAgreement& nc1 = result->criteria.first();
        QCOMPARE(nc1.items, 5);
        QCOMPARE(nc1.percent.value(), 0.0);
        QVERIFY(nc1.cohen[0]);
        const auto low = flagsWith(result->flags, QStringLiteral("audit.low-agreement"));
        QCOMPARE(low.size(), 1); // NC1 only: NC2 is 4 everywhere, α undefined
        QVERIFY(low.first().message.startsWith(QStringLiteral("NC1")));
        QVERIFY(!result->criteria.at(1).alpha[1]);
        QCOMPARE(result->perReviewer.size(), 2);
        const ReviewerAgreement& carol = result->perReviewer.first();
        QCOMPARE(carol.reviewer, QStringLiteral("carol"));
        QCOMPARE(carol.meanOffset.value(), 0.4); // +0.8 on NC1, 0 on NC2, averaged over 10 shared items
        QCOMPARE(carol.withOthers.value(), 0.5);
        QCOMPARE(carol.adjudicated, 1);
        QCOMPARE(carol.withAdjudicated.value(), 0.0);
        QCOMPARE(result->perReviewer.at(1).withAdjudicated.value(), 1.0);
        QCOMPARE(result->perReviewer.at(1).meanOffset.value(), -0.4);
    }

    void unknownCriterion()
    {
        AuditOptions o;
        o.criteria = { QStringLiteral("XX9") };
        const auto r = auditReviews({ fixtureReview() }, rubric(), o);
        QVERIFY(!r);
        QVERIFY(r.error().what.contains(QStringLiteral("XX9")));
    }

    void reverifyClaims_data()
    {
        QTest::addColumn<int>("nc4");
        QTest::addColumn<QStringList>("claimed");
        QTest::addColumn<QStringList>("found"); // id:case
        QTest::addColumn<QStringList>("kinds");
        QTest::newRow("reproduced") << 2 << QStringList { QStringLiteral("correct.mismatch#case=tail") }
                                    << QStringList { QStringLiteral("correct.mismatch:tail") } << QStringList {};
        QTest::newRow("not reproduced") << 2 << QStringList { QStringLiteral("correct.mismatch#case=tail") }
                                        << QStringList { QStringLiteral("correct.pass:") }
                                        << QStringList { QStringLiteral("not-reproduced") };
        QTest::newRow("other case only") << 2 << QStringList { QStringLiteral("correct.mismatch#case=tail") }
                                         << QStringList { QStringLiteral("correct.mismatch:large") }
                                         << QStringList { QStringLiteral("not-reproduced") };
        QTest::newRow("missed by a high score")
            << 5 << QStringList {} << QStringList { QStringLiteral("correct.mismatch:tail") }
            << QStringList { QStringLiteral("new-finding"), QStringLiteral("score-contradicted") };
    }
    void reverifyClaims()
    {
        QFETCH(int, nc4);
        QFETCH(QStringList, claimed);
        QFETCH(QStringList, found);
        QFETCH(QStringList, kinds);
        Review r = fixtureReview();
        r.scores[QStringLiteral("NC4")].value = nc4;
        Findings fs;
        for (const QString& f : found) {
            Finding x;
            x.id = f.section(u':', 0, 0);
            x.caseName = f.section(u':', 1);
            x.severity = x.id == QLatin1StringView("correct.pass") ? Severity::Info : Severity::Error;
            fs << x;
        }
        QStringList got;
        for (const ReverifyDifference& d : compareClaims(r, claimed, fs))
            got << d.kind;
        QCOMPARE(got, kinds);
    }

    void recordedSeedsFromReport()
    {
        Review r = fixtureReview();
        ReportDoc d = mismatchReport();
        QJsonObject doc = QJsonDocument::fromJson(d.bytes).object();
        doc.insert(QStringLiteral("provenance"),
            QJsonObject { { QStringLiteral("trial_seeds"), QJsonArray { QStringLiteral("41"), QStringLiteral("42") } },
                { QStringLiteral("seed_source"), QStringLiteral("--seed") } });
        d.bytes = QJsonDocument(doc).toJson();
        r.reports.first().digest = d.digest;
        ReverifyResult out;
        recordedSeeds(r, { d }, out);
        QCOMPARE(out.seed.value(), quint64(41));
        QCOMPARE(out.trials, 2);
        QVERIFY(out.seedNote.contains(QStringLiteral("41..42")));
        ReverifyResult none;
        recordedSeeds(r, {}, none);
        QVERIFY(!none.seed);
    }

    // A real re-run of a bundled cpp task (g++ and the sandbox): the seeded run reproduces alice's cited
    // mismatches; bob's NC4 = 5 is contradicted by the re-run.
    void reverifyRun()
    {
        const QString fixtures = KWB_FIXTURES_DIR + QStringLiteral("/reviews/");
        const auto reviews = loadReviewFile(fixtures + QStringLiteral("rmsnorm-f32-unrolled.reviews.jsonl"));
        const auto report = loadReportDoc(fixtures + QStringLiteral("rmsnorm-run.report.json"));
        QVERIFY(reviews && report);
        const QString task = KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled");
        const auto alice = reverifyReview(reviews->at(0), { *report }, task);
        if (!alice && alice.error().isEnvironment())
            QSKIP(qPrintable(QStringLiteral("no sandbox or compiler here: ") + alice.error().oneLine()));
        QVERIFY2(alice, qPrintable(alice ? QString() : alice.error().oneLine()));
        QCOMPARE(alice->seed.value(), quint64(1234));
        QCOMPARE(alice->trials, 3);
        QCOMPARE(alice->claimed,
            (QStringList {
                QStringLiteral("correct.mismatch#case=tail"), QStringLiteral("correct.mismatch#case=short-rows") }));
        QVERIFY2(alice->differences.isEmpty(), qPrintable(alice->differences.value(0).message));
        const auto bob = reverifyReview(reviews->at(1), { *report }, task);
        QVERIFY(bob);
        QVERIFY(!bob->seed);
        QStringList kinds;
        for (const ReverifyDifference& d : bob->differences)
            kinds << d.kind;
        QCOMPARE(kinds, (QStringList { QStringLiteral("new-finding"), QStringLiteral("score-contradicted") }));
        // A review of another task is refused.
        QVERIFY(!reverifyReview(reviews->at(0), {}, KWB_TASKS_DIR + QStringLiteral("/vector-add-f32")));
    }

    // `kwb audit --json` prints exactly the kwb.audit/1 shape.
    void cliJsonShape()
    {
        QTemporaryDir dir;
        QString out;
        QString err;
        const QString files = KWB_FIXTURES_DIR + QStringLiteral("/two-close.jsonl");
        const int rc
            = runCli({ QStringLiteral("audit"), QStringLiteral("--json"), QStringLiteral("--criteria"),
                         QStringLiteral("NC1"), QStringLiteral("--log"), dir.filePath(QStringLiteral("log")), files },
                &out, &err);
        QVERIFY2(rc == 0 || rc == 1, qPrintable(err));
        const QJsonObject doc = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(doc.keys(),
            (QStringList { QStringLiteral("criteria"), QStringLiteral("flags"), QStringLiteral("format"),
                QStringLiteral("reviewers"), QStringLiteral("reviews"), QStringLiteral("task_agreement"),
                QStringLiteral("tasks") }));
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.audit/1"));
        QCOMPARE(doc.value(QStringLiteral("reviews")).toInt(), 24);
        QCOMPARE(doc.value(QStringLiteral("tasks")).toInt(), 12);
        const QJsonObject nc1
            = doc.value(QStringLiteral("criteria")).toObject().value(QStringLiteral("NC1")).toObject();
        QCOMPARE(nc1.keys(),
            (QStringList { QStringLiteral("alpha_ci"), QStringLiteral("cohen_kappa"), QStringLiteral("fleiss_kappa"),
                QStringLiteral("gwet_ac1"), QStringLiteral("items"), QStringLiteral("krippendorff_alpha"),
                QStringLiteral("note"), QStringLiteral("percent_agreement") }));
        QCOMPARE(nc1.value(QStringLiteral("cohen_kappa")).toObject().keys(),
            (QStringList { QStringLiteral("linear"), QStringLiteral("quadratic"), QStringLiteral("unweighted") }));
        QCOMPARE(nc1.value(QStringLiteral("alpha_ci")).toArray().size(), 2);
        for (const QJsonValue& f : doc.value(QStringLiteral("flags")).toArray())
            QCOMPARE(f.toObject().keys(),
                (QStringList { QStringLiteral("id"), QStringLiteral("message"), QStringLiteral("review"),
                    QStringLiteral("reviewer"), QStringLiteral("severity"), QStringLiteral("task") }));
        // A criterion the rubric lacks is a usage error.
        QCOMPARE(runCli({ QStringLiteral("audit"), QStringLiteral("--criteria"), QStringLiteral("ZZ1"), files },
                     nullptr, &err),
            2);
        QVERIFY(err.contains(QStringLiteral("ZZ1")));
    }

    void cliLogCommands()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("audit.log.jsonl"));
        QString out;
        QString err;
        const QString id = QStringLiteral("vector-add-f32/alice/2026-11-29T20:00:00Z");
        QCOMPARE(runCli({ QStringLiteral("audit"), QStringLiteral("verdict"), QStringLiteral("--return"),
                            QStringLiteral("--log"), log, id },
                     &out, &err),
            2);
        QVERIFY(err.contains(QStringLiteral("--note")));
        QCOMPARE(runCli({ QStringLiteral("audit"), QStringLiteral("verdict"), QStringLiteral("--return"),
                            QStringLiteral("--note"), QStringLiteral("NC4=cite the report"), QStringLiteral("--log"),
                            log, id },
                     &out, &err),
            0);
        QCOMPARE(runCli({ QStringLiteral("audit"), QStringLiteral("adjudicate"), QStringLiteral("--task"),
                            QStringLiteral("vector-add-f32"), QStringLiteral("--criterion"), QStringLiteral("NC4"),
                            QStringLiteral("--value"), QStringLiteral("2"), QStringLiteral("--reason"),
                            QStringLiteral("the run report shows the tail mismatch"), QStringLiteral("--review"), id,
                            QStringLiteral("--review"), QStringLiteral("vector-add-f32/bob/2026-11-29T21:00:00Z"),
                            QStringLiteral("--log"), log },
                     &out, &err),
            0);
        QCOMPARE(runCli({ QStringLiteral("audit"), QStringLiteral("verify-log"), log }, &out, &err), 0);
        QVERIFY(out.contains(QStringLiteral("2 entries, chain intact")));
        // One edited byte.
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        const qsizetype at = bytes.indexOf("cite the report");
        bytes[at] = 'C';
        f.seek(0);
        f.write(bytes);
        f.close();
        QCOMPARE(runCli({ QStringLiteral("audit"), QStringLiteral("verify-log"), log }, &out, &err), 1);
        QVERIFY2(err.contains(QStringLiteral("line 1")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"

#include "testreview.h"

#include "core/review/reviewchecks.h"
#include "core/rubric/rubricloader.h"
#include "tests/helpers/testpaths.h"

#include <functional>

using namespace kwb;
using namespace Qt::StringLiterals;

using Edit = std::function<void(Review&, ReviewCheckContext&)>;
Q_DECLARE_METATYPE(Edit)

// One row per check, each firing and not firing, on the complete fixture review edited by the row.
class TestReviewChecks : public QObject {
    Q_OBJECT
    Rubric m_rubric;
    ReportDoc m_report;

private Q_SLOTS:
    void initTestCase()
    {
        const Result<Rubric> r = loadRubric(KWB_SOURCE_DIR + QStringLiteral("/rubrics/kernel-task-review.v1.json"));
        QVERIFY(r.ok());
        m_rubric = *r;
        const Result<ReportDoc> d = loadReportDoc(test::reportFixture());
        QVERIFY2(d.ok(), qPrintable(d ? QString() : d.error().oneLine()));
        m_report = *d;
        QCOMPARE(m_report.findings.size(), 1);
    }

    void checks_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<QString>("id"); // the check that must fire, or "" for none
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const ReportDoc report = m_report;
        auto withReport = [report](Review&, ReviewCheckContext& c) { c.reports = { report }; };
        QTest::newRow("complete review: nothing") << Edit(withReport) << ""
                                                  << ""
                                                  << "";
        QTest::newRow("incomplete: unscored")
            << Edit([](Review& r, ReviewCheckContext&) { r.scores.remove(QStringLiteral("TS3")); })
            << "review.incomplete"
            << "/scores/TS3"
            << "TS3 (Feasible and of the right difficulty) has no score";
        QTest::newRow("incomplete: not for this kind") << Edit([](Review& r, ReviewCheckContext& c) {
            c.taskKind = QStringLiteral("debugging");
            for (const QString& id : { QStringLiteral("BF2"), QStringLiteral("BF3"), QStringLiteral("BF4") })
                r.scores.remove(id);
        }) << ""
                                                       << ""
                                                       << "";
        QTest::newRow("incomplete: N/A without a reason") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("NC1")].value.reset();
            r.scores[QStringLiteral("NC1")].notApplicable = true;
            r.scores[QStringLiteral("NC1")].comment.clear();
        }) << "review.incomplete"
                                                          << "/scores/NC1"
                                                          << "NC1 is N/A without a reason";
        QTest::newRow("N/A with a reason: nothing") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("NC1")].value.reset();
            r.scores[QStringLiteral("NC1")].notApplicable = true;
            r.scores[QStringLiteral("NC1")].comment = QStringLiteral("not verifiable here: no GPU");
        }) << ""
                                                    << ""
                                                    << "";
        QTest::newRow("incomplete: low score no comment")
            << Edit([](Review& r, ReviewCheckContext&) { r.scores[QStringLiteral("NC4")].comment.clear(); })
            << "review.incomplete"
            << "/scores/NC4"
            << "NC4 = 2 needs a comment";
        QTest::newRow("incomplete: outside scale")
            << Edit([](Review& r, ReviewCheckContext&) { r.scores[QStringLiteral("TS1")].value = 6; })
            << "review.incomplete"
            << "/scores/TS1"
            << "TS1 = 6 is outside the scale 1..5";
        QTest::newRow("incomplete: no summary")
            << Edit([](Review& r, ReviewCheckContext&) { r.summary = QStringLiteral("  "); }) << "review.incomplete"
            << "/summary"
            << "no summary";
        QTest::newRow("incomplete: no verdict")
            << Edit([](Review& r, ReviewCheckContext&) { r.verdict.clear(); }) << "review.incomplete"
            << "/verdict"
            << "no verdict";
        QTest::newRow("incomplete: no confidence")
            << Edit([](Review& r, ReviewCheckContext&) { r.confidence.reset(); }) << "review.incomplete"
            << "/confidence"
            << "no reviewer confidence";
        QTest::newRow("incomplete: unknown criterion")
            << Edit([](Review& r, ReviewCheckContext&) { r.scores[QStringLiteral("XY9")].value = 3; })
            << "review.incomplete"
            << "/scores/XY9"
            << "'XY9' is not a criterion";
        QTest::newRow("no-evidence") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("TS2")].evidence.clear();
        }) << "review.no-evidence"
                                     << "/scores/TS2"
                                     << "TS2 = 4 cites no evidence";
        QTest::newRow("no-evidence: irrelevant finding") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("TS2")].evidence = { QStringLiteral("finding:bench.noisy") };
        }) << "review.no-evidence"
                                                         << "/scores/TS2"
                                                         << "TS2 = 4 cites no evidence";
        QTest::newRow("contradicts: attached report") << Edit([report](Review& r, ReviewCheckContext& c) {
            c.reports = { report };
            r.scores[QStringLiteral("NC4")].value = 4;
            r.scores[QStringLiteral("NC4")].evidence = { QStringLiteral("file:candidate.cu#L10-L12") };
        }) << "review.contradicts-evidence"
                                                      << "/scores/NC4"
                                                      << "NC4 = 4, but report";
        QTest::newRow("contradicts: cited finding") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("CR1")].evidence = { QStringLiteral("finding:compile.error") };
        }) << "review.contradicts-evidence"
                                                    << "/scores/CR1"
                                                    << "CR1 = 4, but cited finding:compile.error";
        QTest::newRow("contradicts: verdict accept") << Edit([report](Review& r, ReviewCheckContext& c) {
            c.reports = { report };
            r.verdict = QStringLiteral("accept");
        }) << "review.contradicts-evidence"
                                                     << "/verdict"
                                                     << "verdict accept, but";
        QTest::newRow("contradicts: report of another task ignored")
            << Edit([report](Review& r, ReviewCheckContext& c) {
                   ReportDoc other = report;
                   other.taskId = QStringLiteral("other-task");
                   c.reports = { other };
                   r.scores[QStringLiteral("NC4")].value = 4;
                   r.scores[QStringLiteral("NC4")].evidence = { QStringLiteral("file:candidate.cu#L10-L12") };
               })
            << ""
            << ""
            << "";
        QTest::newRow("stale-task") << Edit([](Review&, ReviewCheckContext& c) {
            c.currentTaskId = QStringLiteral("vector-add-f32");
            c.currentTaskDigest = QStringLiteral("sha256:") + QString(64, u'2');
        }) << "review.stale-task"
                                    << "/task/digest"
                                    << "the task changed after the review";
        QTest::newRow("stale-task: same digest") << Edit([](Review& r, ReviewCheckContext& c) {
            c.currentTaskId = r.taskId;
            c.currentTaskDigest = r.taskDigest;
        }) << ""
                                                 << ""
                                                 << "";
        QTest::newRow("text-score-conflict") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("CR3")].value = 5;
            r.scores[QStringLiteral("CR3")].comment
                = QStringLiteral("Racecheck shows a race on the shared accumulator.");
        }) << "review.text-score-conflict"
                                             << "/scores/CR3"
                                             << "CR3 has the top score 5, but its comment says \"race\"";
        QTest::newRow("text-score-conflict: line comment")
            << Edit([](Review& r, ReviewCheckContext&) {
                   r.scores[QStringLiteral("CR2")].value = 5;
                   r.comments.append({ QStringLiteral("candidate.cu"), 3, 3,
                       QStringLiteral("Grid is wrong for N < 256"), QStringLiteral("CR2") });
               })
            << "review.text-score-conflict"
            << "/scores/CR2"
            << "CR2 has the top score 5, but the comment on candidate.cu:3 says \"wrong\"";
        QTest::newRow("text-score-conflict: negated") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("CR3")].value = 5;
            r.scores[QStringLiteral("CR3")].comment
                = QStringLiteral("Race-free under racecheck; never fails, no data race.");
        }) << ""
                                                      << ""
                                                      << "";
        QTest::newRow("text-score-conflict: not top score") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("CR3")].comment = QStringLiteral("It crashes on N = 0.");
        }) << ""
                                                            << ""
                                                            << "";
    }

    void checks()
    {
        QFETCH(Edit, edit);
        QFETCH(QString, id);
        QFETCH(QString, path);
        QFETCH(QString, message);
        Review r = test::completeReview();
        ReviewCheckContext ctx;
        edit(r, ctx);
        const Findings found = checkReview(r, m_rubric, ctx);
        QStringList all;
        for (const Finding& f : found) {
            if (f.severity != Severity::Info)
                all << f.id + QStringLiteral(" ") + f.jsonPath + QStringLiteral(": ") + f.message;
        }
        if (id.isEmpty()) {
            QVERIFY2(all.isEmpty(), qPrintable(all.join(u'\n')));
            return;
        }
        QCOMPARE(all.size(), 1);
        const Finding* hit = nullptr;
        for (const Finding& f : found) {
            if (f.severity != Severity::Info)
                hit = &f;
        }
        QCOMPARE(hit->id, id);
        QCOMPARE(hit->jsonPath, path);
        QVERIFY2(hit->message.startsWith(message), qPrintable(hit->message));
        const bool error
            = id == QLatin1StringView("review.incomplete") || id == QLatin1StringView("review.contradicts-evidence");
        QCOMPARE(hit->severity, error ? Severity::Error : Severity::Warning);
    }

    void defectWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("word");
        QTest::newRow("race") << "possible race on smem"
                              << "race";
        QTest::newRow("fails") << "Fails on the tail"
                               << "Fails";
        QTest::newRow("incorrect") << "incorrect for N=1"
                                   << "incorrect";
        QTest::newRow("crash") << "a crash at exit"
                               << "crash";
        QTest::newRow("no race") << "no race found"
                                 << "";
        QTest::newRow("race-free") << "race-free"
                                   << "";
        QTest::newRow("does not fail") << "does not fail"
                                       << "";
        QTest::newRow("trace is not race") << "the trace looks fine"
                                           << "";
    }

    void defectWords()
    {
        QFETCH(QString, text);
        QFETCH(QString, word);
        QCOMPARE(defectWord(text), word);
    }
};

QTEST_GUILESS_MAIN(TestReviewChecks)
#include "tst_reviewchecks.moc"

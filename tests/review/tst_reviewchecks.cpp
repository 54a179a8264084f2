// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testreview.h"

#include "core/review/findingblame.h"
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
        // Findings that are not the candidate's fault never contradict a score, nor keep a review from a submit.
        QTest::newRow("contradicts: not for the environment's finding") << Edit([](Review& r, ReviewCheckContext&) {
            r.scores[QStringLiteral("CR1")].evidence = { QStringLiteral("finding:env.missing-framework") };
        }) << "review.no-evidence"
                                                                        << "/scores/CR1"
                                                                        << "CR1 = 4 cites no evidence";
        const auto belowFloor = [report](const QString& peaks, const QString& origin) {
            return Edit([report, peaks, origin](Review& r, ReviewCheckContext& c) {
                ReportDoc bench = report;
                bench.digest = QStringLiteral("sha256:") + QString(64, u'b');
                bench.action = QStringLiteral("bench");
                ReportFinding f;
                f.id = QStringLiteral("bench.below-floor");
                f.severity = QStringLiteral("error");
                f.impl = QStringLiteral("cand");
                f.caseName = QStringLiteral("large");
                f.origin = origin;
                f.evidence = QJsonObject { { QStringLiteral("peaks"), peaks } };
                bench.findings = { f };
                c.reports = { report, bench };
                r.reports.append({ bench.digest, bench.action, r.created });
                r.scores[QStringLiteral("BF4")].value = 4;
                r.scores[QStringLiteral("BF4")].evidence = { QStringLiteral("finding:bench.below-floor#case=large") };
            });
        };
        QTest::newRow("contradicts: below-floor on this machine's peaks")
            << belowFloor(QStringLiteral("this host: 28.3 GB/s measured"), QString()) << "review.contradicts-evidence"
            << "/scores/BF4"
            << "BF4 = 4, but cited finding:bench.below-floor";
        QTest::newRow("contradicts: not for below-floor on the task's declared peaks")
            << belowFloor(QStringLiteral("target.peak"), QString()) << ""
            << ""
            << "";
        QTest::newRow("contradicts: not when the finding names the host")
            << belowFloor(QStringLiteral("hardware table: H100"), QStringLiteral("host")) << ""
            << ""
            << "";
        QTest::newRow("contradicts: an explicit candidate origin wins")
            << belowFloor(QStringLiteral("target.peak"), QStringLiteral("implementation"))
            << "review.contradicts-evidence"
            << "/scores/BF4"
            << "BF4 = 4, but cited finding:bench.below-floor";
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
        // Praise names defects the code deals with: never a conflict with a top score.
        QTest::newRow("could not find a bug") << "I could not find a bug in the tail handling"
                                              << "";
        QTest::newRow("no bugs") << "No bugs, clean and fast."
                                 << "";
        QTest::newRow("fixes the bug") << "Nicely fixes the off-by-one bug of the previous version."
                                       << "";
        QTest::newRow("race is avoided") << "The classic race in the reduction is avoided by a tree."
                                         << "";
        QTest::newRow("bug-free") << "bug-free"
                                  << "";
        QTest::newRow("bug, then praise elsewhere") << "There is a bug in the tail. Otherwise fixed well."
                                                    << "bug";
        QTest::newRow("a fix that is wrong") << "The fix is wrong: it still races."
                                             << "wrong";
        QTest::newRow("bugs") << "Two bugs in the tail."
                              << "bugs";
    }

    void defectWords()
    {
        QFETCH(QString, text);
        QFETCH(QString, word);
        QCOMPARE(defectWord(text), word);
    }

    // A submit over the candidate's error findings that no score cites or scores low asks first (a rushed accept).
    void unaddressedErrorsAskFirst()
    {
        Review r = test::completeReview();
        for (Score& s : r.scores) {
            s.value = 4;
            s.evidence = { QStringLiteral("file:candidate.cu#L1-L3") };
        }
        r.verdict = QStringLiteral("accept");
        const auto finding = [](const char* id, Severity s, const QJsonObject& evidence = {}) {
            Finding f;
            f.id = QString::fromLatin1(id);
            f.severity = s;
            f.caseName = QStringLiteral("tail");
            f.evidence = evidence;
            return f;
        };
        const Findings findings { finding("correct.mismatch", Severity::Error),
            finding("correct.mismatch", Severity::Error), finding("bench.noisy", Severity::Warning),
            finding("runtime.no_device", Severity::Error),
            finding(
                "bench.below-floor", Severity::Error, { { QStringLiteral("peaks"), QStringLiteral("target.peak") } }),
            finding("scope.no-edge-cases", Severity::Warning) };
        Findings open = unaddressedErrors(r, m_rubric, findings);
        QCOMPARE(open.size(), 1); // one per id; the environment's and the declared peaks' never count
        QCOMPARE(open.first().id, QStringLiteral("correct.mismatch"));
        // Scoring the criterion that counts it low addresses it; so does citing it.
        Review low = r;
        low.scores[QStringLiteral("NC4")].value = 2;
        QVERIFY(unaddressedErrors(low, m_rubric, findings).isEmpty());
        Review cited = r;
        cited.scores[QStringLiteral("CR3")].evidence << QStringLiteral("finding:correct.mismatch#case=tail");
        QVERIFY(unaddressedErrors(cited, m_rubric, findings).isEmpty());
        // withBlameSeverity: an error that is not the candidate's becomes a warning saying why.
        const Findings shown = withBlameSeverity(findings);
        QCOMPARE(shown[3].severity, Severity::Warning);
        QCOMPARE(shown[4].severity, Severity::Warning);
        QVERIFY(shown[4].message.contains(u"declared peaks"));
        QCOMPARE(shown[0].severity, Severity::Error);
    }
};

QTEST_GUILESS_MAIN(TestReviewChecks)
#include "tst_reviewchecks.moc"

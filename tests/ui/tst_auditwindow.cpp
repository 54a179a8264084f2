// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit window, offscreen: the review table (sort, filters, search), two reviews of one task side by side
// with their differing scores highlighted, and the agreement table.
#include "core/audit/auditlog.h"
#include "core/review/reviewstore.h"
#include "tests/helpers/testpaths.h"
#include "ui/audit/agreementmodel.h"
#include "ui/audit/auditflagsview.h"
#include "ui/audit/auditwindow.h"
#include "ui/audit/reviewcompareview.h"
#include "ui/audit/reviewdetailview.h"
#include "ui/audit/reviewfilter.h"
#include "ui/audit/reviewtablemodel.h"
#include "ui/editor/codeeditor.h"
#include "ui/window/mainwindow.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace kwb;
using namespace kwb::ui;

namespace {
const QString kReviews = KWB_SOURCE_DIR + QStringLiteral("/tests/audit/fixtures/reviews");

QStringList reviewFiles()
{
    QStringList files;
    for (const QString& f : QDir(kReviews).entryList({ QStringLiteral("*.reviews.jsonl") }, QDir::Files, QDir::Name))
        files << QDir(kReviews).filePath(f);
    return files;
}
} // namespace

class TestAuditWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loadsAndChecksModels()
    {
        AuditWindow w;
        QAbstractItemModelTester t1(w.reviewModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(w.filter(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(w.agreementModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QTemporaryDir dir;
        const Status s = w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl")));
        QVERIFY2(s, qPrintable(s ? QString() : s.error().oneLine()));
        QCOMPARE(w.reviewModel()->rowCount(), 16);
        QCOMPARE(w.filter()->rowCount(), 16);
        QCOMPARE(w.agreementModel()->rowCount(), 16);
        QCOMPARE(w.reviewModel()->row(0).kind.isEmpty(), false); // bundled tasks give their kind
    }

    void filters()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl"))));
        auto* reviewer = w.findChild<QComboBox*>(QStringLiteral("filterReviewer"));
        QVERIFY(reviewer);
        reviewer->setCurrentText(QStringLiteral("bob"));
        QCOMPARE(w.filter()->rowCount(), 5);
        reviewer->setCurrentIndex(0);
        auto* kind = w.findChild<QComboBox*>(QStringLiteral("filterKind"));
        kind->setCurrentText(QStringLiteral("debugging"));
        QCOMPARE(w.filter()->rowCount(), 3);
        kind->setCurrentIndex(0);
        auto* verdict = w.findChild<QComboBox*>(QStringLiteral("filterVerdict"));
        verdict->setCurrentText(QStringLiteral("reject"));
        QCOMPARE(w.filter()->rowCount(), 3);
        verdict->setCurrentIndex(0);
        // NC4 between 1 and 1.
        w.findChild<QComboBox*>(QStringLiteral("filterCriterion"))->setCurrentText(QStringLiteral("NC4"));
        w.findChild<QSpinBox*>(QStringLiteral("filterMax"))->setValue(1);
        QCOMPARE(w.filter()->rowCount(), 4);
        w.findChild<QComboBox*>(QStringLiteral("filterCriterion"))->setCurrentIndex(0);
        w.findChild<QLineEdit*>(QStringLiteral("filterSearch"))->setText(QStringLiteral("REMAINDER loop"));
        QCOMPARE(w.filter()->rowCount(), 2);
        w.findChild<QLineEdit*>(QStringLiteral("filterSearch"))->clear();
        w.findChild<QCheckBox*>(QStringLiteral("filterFlagged"))->setChecked(true);
        bool bobRmsnormFlagged = false;
        for (int r = 0; r < w.filter()->rowCount(); ++r) {
            const AuditRow& row = w.reviewModel()->row(w.filter()->mapToSource(w.filter()->index(r, 0)).row());
            QVERIFY(!row.flags.isEmpty());
            if (row.review.reviewer == QLatin1StringView("bob")
                && row.review.taskId == QLatin1StringView("rmsnorm-f32-unrolled"))
                bobRmsnormFlagged = std::any_of(row.flags.begin(), row.flags.end(),
                    [](const AuditFlag& f) { return f.id == QLatin1StringView("review.contradicts-evidence"); });
        }
        QVERIFY(bobRmsnormFlagged);
    }

    void sortsNumerically()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl"))));
        w.reviewView()->sortByColumn(ReviewTableModel::Time, Qt::DescendingOrder);
        QCOMPARE(w.filter()->index(0, ReviewTableModel::Time).data().toString(), QStringLiteral("1 h 02 min"));
        QCOMPARE(w.filter()->index(0, ReviewTableModel::Task).data().toString(),
            QStringLiteral("gemm-f32-tf32-unfair-baseline"));
    }

    void sideBySideHighlightsDifferences()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl"))));
        // Selecting one review shows it beside the other reviews of its task.
        for (int r = 0; r < w.filter()->rowCount(); ++r) {
            const QModelIndex i = w.filter()->index(r, 0);
            const AuditRow& row = w.reviewModel()->row(w.filter()->mapToSource(i).row());
            if (row.review.taskId == QLatin1StringView("rmsnorm-f32-unrolled")
                && row.review.reviewer == QLatin1StringView("bob")) {
                w.reviewView()->selectionModel()->select(
                    i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                break;
            }
        }
        QTableWidget* table = w.compareView()->table();
        QCOMPARE(table->columnCount(), 3);
        QCOMPARE(w.compareView()->differingCriteria(),
            (QStringList { QStringLiteral("NC3"), QStringLiteral("NC4"), QStringLiteral("BF4") }));
        int nc4Row = -1;
        int nc1Row = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->verticalHeaderItem(r)->text().startsWith(QStringLiteral("NC4")))
                nc4Row = r;
            if (table->verticalHeaderItem(r)->text().startsWith(QStringLiteral("NC1")))
                nc1Row = r;
        }
        QVERIFY(nc4Row >= 0 && nc1Row >= 0);
        QCOMPARE(table->item(nc4Row, 0)->background().color(), ReviewCompareView::scoreDifferenceColor());
        QVERIFY(table->item(nc1Row, 0)->background().color() != ReviewCompareView::scoreDifferenceColor());
        // Verdicts differ too (major / accept / major).
        QCOMPARE(table->item(0, 1)->background().color(), ReviewCompareView::scoreDifferenceColor());
        // Two rows of one task selected: just those two.
        w.compareTask(QStringLiteral("rmsnorm-f32-unrolled"),
            { QStringLiteral("rmsnorm-f32-unrolled/alice/2026-11-20T10:00:00Z"),
                QStringLiteral("rmsnorm-f32-unrolled/carol/2026-11-22T09:15:00Z") });
        QCOMPARE(table->columnCount(), 2);
        QCOMPARE(w.compareView()->differingCriteria(),
            (QStringList { QStringLiteral("NC3"), QStringLiteral("NC4"), QStringLiteral("BF4") }));
    }

    // Review ▸ Audit Reviews opens the window on the shared review database.
    void openedFromMainWindow()
    {
        const QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("reviews.sqlite"));
        {
            ReviewStore store;
            QVERIFY(store.open(db));
            for (const QString& f : reviewFiles()) {
                const auto reviews = loadReviewFile(f);
                QVERIFY(reviews);
                for (const Review& r : *reviews)
                    QVERIFY(store.import(r));
            }
        }
        qputenv("KWB_DB", db.toLocal8Bit());
        qputenv("KWB_AUDIT_LOG", dir.filePath(QStringLiteral("log.jsonl")).toLocal8Bit());
        MainWindow main(MainWindow::Options { false });
        QVERIFY(main.actions().openAudit->isEnabled());
        main.actions().openAudit->trigger();
        auto* audit = main.findChild<AuditWindow*>(QStringLiteral("auditWindow"));
        QVERIFY(audit);
        QVERIFY(audit->isVisible());
        QCOMPARE(audit->reviewModel()->rowCount(), 16);
        // It opens no larger than the screen (a 1366×768 laptop included), whatever size it asks for.
        const QSize screen = audit->screen()->availableGeometry().size();
        QVERIFY2(audit->width() <= screen.width() && audit->height() <= screen.height(),
            qPrintable(QStringLiteral("%1×%2 on %3×%4")
                           .arg(audit->width())
                           .arg(audit->height())
                           .arg(screen.width())
                           .arg(screen.height())));
        main.actions().openAudit->trigger(); // the same window again
        QCOMPARE(main.findChildren<AuditWindow*>().size(), 1);
        qunsetenv("KWB_DB");
        qunsetenv("KWB_AUDIT_LOG");
    }

    // Decisions go to the audit log first, then show in the table and the statistics.
    void decisionsAreLogged()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("log.jsonl"));
        QVERIFY(w.openReviews(reviewFiles(), log));
        const QString bob = QStringLiteral("rmsnorm-f32-unrolled/bob/2026-11-21T14:30:00Z");
        const QString alice = QStringLiteral("rmsnorm-f32-unrolled/alice/2026-11-20T10:00:00Z");
        QVERIFY(!w.recordVerdict({ bob, QStringLiteral("return"), {}, QStringLiteral("lead"), {} })); // needs a note
        QVERIFY(w.recordVerdict({ bob, QStringLiteral("return"),
            { { QStringLiteral("NC4"), QStringLiteral("cite the tail mismatch") } }, QStringLiteral("lead"), {} }));
        QVERIFY(w.recordAdjudication({ QStringLiteral("rmsnorm-f32-unrolled"), QStringLiteral("NC4"), 1,
            QStringLiteral("the seeded re-run reproduces the mismatches"), { alice, bob }, QStringLiteral("lead"),
            {} }));
        const auto entries = auditlog::read(log);
        QVERIFY(entries);
        QCOMPARE(entries->size(), 2);
        for (int r = 0; r < w.reviewModel()->rowCount(); ++r) {
            const AuditRow& row = w.reviewModel()->row(r);
            QCOMPARE(row.decision, row.review.identity() == bob ? QStringLiteral("return") : QString());
        }
        for (const ReviewerAgreement& a : w.result().perReviewer) {
            QCOMPARE(a.adjudicated, 1);
            QCOMPARE(a.withAdjudicated.value(), a.reviewer == QLatin1StringView("alice") ? 1.0 : 0.0);
        }
    }

    // One review read-only beside its task: sources, scores, comments, the attached run report's findings and
    // the cited evidence resolved against them; nothing editable.
    void opensOneReviewReadOnly()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles() + QStringList { kReviews + QStringLiteral("/rmsnorm-run.report.json") },
            dir.filePath(QStringLiteral("no-log.jsonl"))));
        QCOMPARE(w.reviewModel()->rowCount(), 16); // the report is evidence, not a review
        QVERIFY(!w.openReview(QStringLiteral("no-such/review/2026-01-01T00:00:00Z")));
        // Double-click path: select alice's rmsnorm review and trigger Open Review.
        const QString alice = QStringLiteral("rmsnorm-f32-unrolled/alice/2026-11-20T10:00:00Z");
        for (int r = 0; r < w.filter()->rowCount(); ++r) {
            const QModelIndex i = w.filter()->index(r, 0);
            if (w.reviewModel()->row(w.filter()->mapToSource(i).row()).review.identity() == alice)
                w.reviewView()->selectionModel()->setCurrentIndex(
                    i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        }
        w.findChild<QAction*>(QStringLiteral("actionAuditOpenReview"))->trigger();
        ReviewDetailView* d = w.detailView();
        QCOMPARE(d->reviewIdentity(), alice);
        QCOMPARE(w.findChild<QTabWidget*>(QStringLiteral("auditTabs"))->currentWidget(), d);
        // Sources: spec, reference and the candidate, read-only, with alice's line comment marked.
        QVERIFY2(d->sources()->count() >= 3, qPrintable(QString::number(d->sources()->count())));
        CodeEditor* candidate = d->editorFor(QStringLiteral("candidate.cpp"));
        QVERIFY(candidate);
        QVERIFY(d->editorFor(QStringLiteral("spec.md")));
        QVERIFY(candidate->isReadOnly());
        QVERIFY(candidate->text().contains(QStringLiteral("rmsnorm")));
        const QString before = candidate->text();
        candidate->setFocus();
        QTest::keyClicks(candidate, QStringLiteral("edit"));
        QCOMPARE(candidate->text(), before);
        QVERIFY(candidate->markersAtLine(candidate->displayLine(14)) & (1 << CodeEditor::kCommentMarker));
        QCOMPARE(d->sources()->currentWidget(), candidate); // opens on the first line comment
        QCOMPARE(candidate->currentSourceLine(), 14);
        QVERIFY(d->header()->text().contains(QStringLiteral("differs from the reviewed digest"))); // fixture digest
        // Scores: every scored criterion, none editable.
        QTableWidget* scores = d->scores();
        QCOMPARE(scores->editTriggers(), QAbstractItemView::NoEditTriggers);
        QVERIFY(scores->rowCount() >= 12);
        bool nc4 = false;
        for (int r = 0; r < scores->rowCount(); ++r) {
            for (int c = 0; c < scores->columnCount(); ++c)
                QVERIFY(!(scores->item(r, c)->flags() & Qt::ItemIsEditable));
            if (scores->item(r, 0)->text() == QLatin1StringView("NC4")) {
                nc4 = true;
                QCOMPARE(scores->item(r, 1)->text(), QStringLiteral("1"));
                QVERIFY(scores->item(r, 2)->text().contains(QStringLiteral("remainder loop")));
            }
        }
        QVERIFY(nc4);
        // Evidence: the attached run report with its mismatches; the cited finding resolved against it.
        QTreeWidget* ev = d->evidence();
        QTreeWidgetItem* attached = ev->topLevelItem(0);
        QCOMPARE(attached->childCount(), 1);
        QVERIFY(attached->child(0)->text(0).startsWith(QStringLiteral("run report sha256:54a85ea6")));
        QVERIFY(attached->child(0)->childCount() >= 2);
        QVERIFY(attached->child(0)->child(0)->text(0).contains(QStringLiteral("correct.mismatch")));
        const auto cited = ev->findItems(QStringLiteral("NC4: finding:correct.mismatch#case=tail&impl=unrolled"),
            Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(cited.size(), 1);
        QVERIFY2(cited.first()->text(1).startsWith(QStringLiteral("shown by the run report")),
            qPrintable(cited.first()->text(1)));
        // Clicking a file reference shows that source.
        const auto spec = ev->findItems(QStringLiteral("TS1: file:spec.md"), Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(spec.size(), 1);
        Q_EMIT ev->itemClicked(spec.first(), 0);
        QCOMPARE(d->sources()->currentWidget(), d->editorFor(QStringLiteral("spec.md")));
        // Bob attaches nothing: his cited mismatch-free evidence and flags show; no report listed.
        QVERIFY(w.openReview(QStringLiteral("rmsnorm-f32-unrolled/bob/2026-11-21T14:30:00Z")));
        QCOMPARE(ev->topLevelItem(0)->childCount(), 0);
        QVERIFY(ev->topLevelItem(3)->text(0).startsWith(QStringLiteral("Audit flags (")));
        QVERIFY(ev->topLevelItem(3)->childCount() >= 1);
    }

    void agreementTableShowsLowAgreement()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl"))));
        AgreementModel* m = w.agreementModel();
        int nc4 = -1;
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->index(r, AgreementModel::Criterion).data().toString() == QLatin1StringView("NC4"))
                nc4 = r;
        }
        QVERIFY(nc4 >= 0);
        QCOMPARE(m->index(nc4, AgreementModel::Items).data().toInt(), 6);
        QVERIFY(m->index(nc4, AgreementModel::AlphaOrdinal).data().toString() != QStringLiteral("—"));
        // Per task: every task of the set, from its own reviews.
        QAbstractItemModelTester tester(w.taskAgreementModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(w.taskAgreementModel()->rowCount(), 6);
    }

    // A criterion scored on one task only reads n/a for every chance-corrected figure, never a number.
    void oneTaskIsNotApplicable()
    {
        const auto reviews = loadReviewFile(kReviews + QStringLiteral("/rmsnorm-f32-unrolled.reviews.jsonl"));
        QVERIFY(reviews);
        AuditWindow w;
        w.setReviews(*reviews);
        AgreementModel* m = w.agreementModel();
        QVERIFY(m->rowCount() > 0);
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->index(r, AgreementModel::Items).data().toInt() != 1)
                continue;
            for (int c : { int(AgreementModel::Fleiss), int(AgreementModel::AlphaOrdinal), int(AgreementModel::Ac1) })
                QCOMPARE(m->index(r, c).data().toString(), QStringLiteral("n/a"));
        }
    }

    // Flags grouped by task and reviewer, the weighty ones first, review.no-evidence last; each opens its review.
    void flagsGroupedAndOpenTheirReview()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl"))));
        AuditFlagsView* flags = w.flagsView();
        QVERIFY(flags->topLevelItemCount() > 0);
        int lastRank = -100;
        QTreeWidgetItem* flag = nullptr;
        for (int g = 0; g < flags->topLevelItemCount(); ++g) {
            QTreeWidgetItem* group = flags->topLevelItem(g);
            QVERIFY(group->childCount() > 0);
            if (group->text(0).startsWith(u"All reviews")) {
                QCOMPARE(g, 0); // criterion-wide flags lead
                continue;
            }
            int best = 1000;
            for (int c = 0; c < group->childCount(); ++c) {
                const QString id = group->child(c)->text(0);
                best = std::min(best, id == u"review.no-evidence" ? 19 : id.startsWith(u"review.contradicts") ? 0 : 10);
                if (!flag && !group->child(c)->data(0, Qt::UserRole).toString().isEmpty())
                    flag = group->child(c);
            }
            QVERIFY2(best >= lastRank, qPrintable(group->text(0))); // no-evidence-only groups come last
            lastRank = best;
        }
        QVERIFY(flag);
        const QString identity = flag->data(0, Qt::UserRole).toString();
        Q_EMIT flags->itemActivated(flag, 0);
        QCOMPARE(w.findChild<QTabWidget*>(QStringLiteral("auditTabs"))->currentWidget(), w.detailView());
        QCOMPARE(w.detailView()->reviewIdentity(), identity);
    }

    // At 1366×768 nothing reaches past the window, on every tab; with KWB_SHOTS=DIR the tabs are written there.
    void fitsTheSmallScreen()
    {
        AuditWindow w;
        const QTemporaryDir dir;
        QVERIFY(w.openReviews(reviewFiles(), dir.filePath(QStringLiteral("no-log.jsonl"))));
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectTask(w.firstSharedTask());
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        QVERIFY2(least.width() <= 1366 && least.height() <= 768,
            qPrintable(QStringLiteral("needs %1×%2").arg(least.width()).arg(least.height())));
        auto* tabs = w.findChild<QTabWidget*>(QStringLiteral("auditTabs"));
        for (int t = 0; t < tabs->count(); ++t) {
            tabs->setCurrentIndex(t);
            QTest::qWait(30);
            QCOMPARE(w.size(), QSize(1366, 768));
            const QString shots = qEnvironmentVariable("KWB_SHOTS");
            if (!shots.isEmpty())
                QVERIFY(w.grab().save(QStringLiteral("%1/screenshot-audit-1366x768-%2.png")
                                          .arg(shots,
                                              QStringList { QStringLiteral("side-by-side"), QStringLiteral("agreement"),
                                                  QStringLiteral("flags"), QStringLiteral("review") }
                                                  .value(t, QString::number(t)))));
        }
    }
};

KWB_UI_TEST_MAIN(TestAuditWindow)
#include "tst_auditwindow.moc"

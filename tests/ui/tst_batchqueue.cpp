// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A batch workspace opens in the window as a queue: lazy lint ("not opened"), every assignment's review state
// (unreviewed / draft / submitted with its verdict) from the review database, the counts, next/previous
// unreviewed, and rows that follow the reviewer's saves and submits.
#include "../review/testreview.h"
#include "core/importers/batch.h"
#include "core/review/reviewstore.h"
#include "tests/helpers/testpaths.h"
#include "ui/panes/tasklistpane.h"
#include "ui/rubric/reviewsession.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>

using namespace kwb;
using namespace kwb::ui;

class TestBatchQueue : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString m_ws;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_ws = m_tmp.filePath(QStringLiteral("ws"));
        QVERIFY(importBatch(KWB_SOURCE_DIR + QStringLiteral("/tests/importers/fixtures/batch/batch.jsonl"), m_ws));
        const QString db = m_tmp.filePath(QStringLiteral("reviews.sqlite"));
        ReviewStore store;
        QVERIFY(store.open(db));
        Review r = test::completeReview();
        r.taskId = QStringLiteral("proj-7-asg-002");
        r.status = Review::Status::Submitted;
        QVERIFY(store.import(r));
        Review draft = test::completeReview();
        draft.taskId = QStringLiteral("proj-7-asg-001");
        draft.reviewer = QStringLiteral("someone-else");
        draft.status = Review::Status::Draft;
        draft.verdict = QStringLiteral("minor");
        QVERIFY(store.import(draft));
        qputenv("KWB_DB", db.toUtf8());
    }

    void queueInTheTaskList()
    {
        Session session;
        TaskListPane pane(&session);
        QAbstractItemModelTester tester(pane.view()->model());
        QVERIFY(session.openPath(m_ws));
        QVERIFY(session.queue());
        QCOMPARE(session.bundles().size(), 3);
        auto* label = pane.findChild<QLabel*>(QStringLiteral("queueProgressLabel"));
        auto* next = pane.findChild<QToolButton*>(QStringLiteral("queueNextButton"));
        auto* previous = pane.findChild<QToolButton*>(QStringLiteral("queuePreviousButton"));
        QVERIFY(label && next && previous);
        QCOMPARE(label->text(), QStringLiteral("1 / 3 reviewed, 1 draft"));
        QVERIFY(!pane.findChild<QWidget*>(QStringLiteral("queueBar"))->isHidden());
        // Only the first (selected) bundle was linted; the others wait until they are opened.
        QCOMPARE(session.currentIndex(), 0);
        QVERIFY(!session.bundles()[0].digest.isEmpty());
        const QAbstractItemModel* model = pane.view()->model();
        QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("not opened"));
        QCOMPARE(model->index(2, 1).data().toString(), QStringLiteral("invalid"));
        next->click(); // 1 is reviewed: the next unreviewed after 0 is 2
        QCOMPARE(session.currentIndex(), 2);
        next->click(); // wraps around
        QCOMPARE(session.currentIndex(), 0);
        previous->click();
        QCOMPARE(session.currentIndex(), 2);
        session.selectTask(1);
        QVERIFY(model->index(1, 1).data().toString() != QStringLiteral("not opened")); // linted when opened
    }

    void plainFolderHasNoQueue()
    {
        Session session;
        TaskListPane pane(&session);
        QVERIFY(session.openPath(m_ws + QStringLiteral("/tasks/proj-7-asg-001")));
        QVERIFY(!session.queue());
        QVERIFY(pane.findChild<QWidget*>(QStringLiteral("queueBar"))->isHidden());
        QVERIFY(pane.view()->isColumnHidden(2));
    }

    // The Review column: what the database holds for each assignment, shown in batch workspaces only.
    void reviewColumnShowsEachAssignmentsState()
    {
        Session session;
        TaskListPane pane(&session);
        QAbstractItemModelTester tester(pane.view()->model());
        QVERIFY(session.openPath(m_ws));
        const QAbstractItemModel* model = pane.view()->model();
        QVERIFY(!pane.view()->isColumnHidden(2));
        QCOMPARE(model->headerData(2, Qt::Horizontal).toString(), QStringLiteral("Review"));
        const QString verdict = test::completeReview().verdict;
        QCOMPARE(model->index(0, 2).data().toString(), QStringLiteral("draft · minor"));
        QCOMPARE(model->index(1, 2).data().toString(), QStringLiteral("✓ %1").arg(verdict));
        QCOMPARE(model->index(2, 2).data().toString(), QStringLiteral("unreviewed"));
        QVERIFY(model->index(0, 2).data(Qt::FontRole).value<QFont>().italic());
        auto* label = pane.findChild<QLabel*>(QStringLiteral("queueProgressLabel"));
        QCOMPARE(label->text(), QStringLiteral("1 / 3 reviewed, 1 draft"));

        // A submit updates its row and the counts at once; a draft counts as unreviewed for next/previous.
        QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
        Review submitted = test::completeReview();
        submitted.taskId = session.queue()->assignments()[2].bundleId;
        submitted.status = Review::Status::Submitted;
        submitted.verdict = QStringLiteral("reject");
        ReviewStore store; // as the rubric panel does: stored first, then announced
        QVERIFY(store.open(qEnvironmentVariable("KWB_DB")));
        QVERIFY(store.import(submitted));
        pane.noteReview(submitted);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>(), model->index(2, 2));
        QCOMPARE(model->index(2, 2).data().toString(), QStringLiteral("✓ reject"));
        QCOMPARE(label->text(), QStringLiteral("2 / 3 reviewed, 1 draft"));
        auto* next = pane.findChild<QToolButton*>(QStringLiteral("queueNextButton"));
        session.selectTask(1);
        next->click(); // only the draft is left
        QCOMPARE(session.currentIndex(), 0);
        // A later draft of a submitted assignment leaves it reviewed.
        Review redraft = submitted;
        redraft.status = Review::Status::Draft;
        pane.noteReview(redraft);
        QCOMPARE(model->index(2, 2).data().toString(), QStringLiteral("✓ reject"));
    }

    // In the window, the reviewer's draft saves reach the queue without reopening the workspace.
    void windowRowsFollowTheReviewersSaves()
    {
        MainWindow w;
        QVERIFY(w.openPath(m_ws));
        auto* review = w.findChild<ReviewSession*>();
        auto* list = w.findChild<QTreeView*>(QStringLiteral("taskListView"));
        QVERIFY(review && list);
        // The first assignment is open (the third does not load: no review there).
        QTRY_VERIFY(review->hasReview() && review->review().taskId == w.session()->queue()->assignments()[0].bundleId);
        review->setVerdict(QStringLiteral("major"));
        QVERIFY(review->saveNow());
        QCOMPARE(list->model()->index(0, 2).data().toString(), QStringLiteral("draft · major"));
        // Re-read from the database (the working copy is in its drafts): the same state.
        auto* pane = w.findChild<TaskListPane*>();
        QVERIFY(pane);
        pane->refreshQueue();
        QCOMPARE(list->model()->index(0, 2).data().toString(), QStringLiteral("draft · major"));
    }
};

KWB_UI_TEST_MAIN(TestBatchQueue)
#include "tst_batchqueue.moc"

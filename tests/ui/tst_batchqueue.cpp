// A batch workspace opens in the window as a queue: lazy lint ("not opened"), the reviewed count from the review
// database, and next/previous unreviewed.
#include "../review/testreview.h"
#include "importers/batch.h"
#include "panes/tasklistpane.h"
#include "review/reviewstore.h"
#include "uitest.h"
#include "window/session.h"

#include <QAbstractItemModelTester>
#include <QLabel>
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
        QVERIFY(importBatch(QStringLiteral(KWB_SOURCE_DIR "/tests/importers/fixtures/batch/batch.jsonl"), m_ws));
        const QString db = m_tmp.filePath(QStringLiteral("reviews.sqlite"));
        ReviewStore store;
        QVERIFY(store.open(db));
        Review r = test::completeReview();
        r.taskId = QStringLiteral("proj-7-asg-002");
        r.status = Review::Status::Submitted;
        QVERIFY(store.import(r));
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
        QCOMPARE(label->text(), QStringLiteral("1 / 3 reviewed"));
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
    }
};

KWB_UI_TEST_MAIN(TestBatchQueue)
#include "tst_batchqueue.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The one GUI job runner (ui/jobs/jobrunner.h): results and progress on the GUI thread, Stop reaching the job's
// cancel flag, superseded and discarded jobs dropped, and the destructor waiting for the worker; the action board
// (ui/jobs/actionboard.h) over several runners: one Stop for all, the steps in start order, one progress bar.
#include "ui/jobs/actionboard.h"
#include "ui/jobs/jobrunner.h"
#include "uitest.h"

#include <QProgressBar>

#include <QSignalSpy>
#include <QThread>

#include <optional>

using namespace kwb;
using namespace kwb::ui;

namespace {
/// Waits on the worker until `cancel` is set or `ms` passed; says which.
bool waitForCancel(const JobContext& job, int ms)
{
    for (int i = 0; i < ms / 5; ++i) {
        if (job.cancelled())
            return true;
        QThread::msleep(5);
    }
    return false;
}
} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deliversOnTheGuiThreadWithProgressAndOutput()
    {
        JobRunner jobs;
        QSignalSpy progressed(&jobs, &JobRunner::progressed);
        QSignalSpy output(&jobs, &JobRunner::outputReceived);
        std::optional<int> got;
        QThread* workThread = nullptr;
        QThread* deliverThread = nullptr;
        jobs.start<int>(
            [&](const JobContext& job) -> Result<int> {
                workThread = QThread::currentThread();
                job.progress(QStringLiteral("run"), QStringLiteral("building cand"), 1, 4);
                job.output(QStringLiteral("cand"), OutputChannel::Stderr, "hello\n");
                return 42;
            },
            [&](Result<int> r, bool stopped) {
                deliverThread = QThread::currentThread();
                QVERIFY(!stopped);
                got = *r;
            });
        QVERIFY(jobs.isBusy());
        QTRY_VERIFY(got.has_value());
        QCOMPARE(*got, 42);
        QVERIFY(workThread != QThread::currentThread());
        QCOMPARE(deliverThread, QThread::currentThread());
        QCOMPARE(progressed.size(), 1);
        const auto p = progressed.first().first().value<JobProgress>();
        QCOMPARE(p.phase, QStringLiteral("run"));
        QCOMPARE(p.text, QStringLiteral("building cand"));
        QCOMPARE(p.fraction(), 0.25);
        QCOMPARE(output.size(), 1);
        QCOMPARE(output.first().at(0).toString(), QStringLiteral("cand"));
        QVERIFY(!jobs.isBusy());
        QTRY_VERIFY(!jobs.isRunning());
    }

    void stopSetsTheCancelFlag()
    {
        JobRunner jobs;
        std::optional<bool> stoppedSeen;
        jobs.start<int>(
            [](const JobContext& job) -> Result<int> {
                if (waitForCancel(job, 20000))
                    return Error::stopped();
                return 0;
            },
            [&](Result<int> r, bool stopped) {
                QVERIFY(!r);
                QVERIFY(r.error().isStopped());
                stoppedSeen = stopped;
            });
        QTest::qWait(50);
        jobs.stop();
        QTRY_VERIFY_WITH_TIMEOUT(stoppedSeen.has_value(), 10000);
        QVERIFY(*stoppedSeen);
    }

    void aSupersededJobIsStoppedAndDropped()
    {
        JobRunner jobs;
        QStringList delivered;
        std::atomic_bool firstCancelled { false };
        jobs.start<QString>(
            [&](const JobContext& job) -> Result<QString> {
                firstCancelled = waitForCancel(job, 20000);
                job.progress(QStringLiteral("run"), QStringLiteral("late progress of the first job"));
                return QStringLiteral("first");
            },
            [&](Result<QString> r, bool) { delivered << *r; });
        QSignalSpy progressed(&jobs, &JobRunner::progressed);
        jobs.start<QString>([](const JobContext&) -> Result<QString> { return QStringLiteral("second"); },
            [&](Result<QString> r, bool) { delivered << *r; });
        QTRY_VERIFY(delivered.contains(QStringLiteral("second")));
        QTRY_VERIFY(firstCancelled.load());
        QTest::qWait(200); // the first job has ended by now; what it sent must not arrive
        QCOMPARE(delivered, QStringList { QStringLiteral("second") });
        QCOMPARE(progressed.size(), 0);
    }

    void aDiscardedJobDeliversNothing()
    {
        JobRunner jobs;
        bool delivered = false;
        jobs.start<int>(
            [](const JobContext& job) -> Result<int> {
                waitForCancel(job, 20000);
                return 1;
            },
            [&](Result<int>, bool) { delivered = true; });
        jobs.discard();
        QVERIFY(!jobs.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.isRunning(), 10000);
        QTest::qWait(100);
        QVERIFY(!delivered);
    }

    void theDestructorStopsAndWaits()
    {
        std::atomic_bool ended { false };
        {
            JobRunner jobs;
            jobs.start<int>(
                [&](const JobContext& job) -> Result<int> {
                    waitForCancel(job, 20000);
                    ended = true;
                    return 0;
                },
                [](Result<int>, bool) {});
            QTest::qWait(20);
        }
        QVERIFY(ended.load());
    }
    // A finished job's thread deletes itself later (deleteLater), and another queued slot forgets it: when the events
    // for the thread ran first (its deleteLater, then a flush of deferred deletes, as QTest does after each test
    // function), the destructor waited on a deleted thread and hung (tst_walkthrough, once, under load).
    void theDestructorSurvivesItsThreadDeletedFirst()
    {
        std::atomic<QThread*> worker { nullptr };
        auto* jobs = new JobRunner;
        jobs->start<int>(
            [&](const JobContext&) -> Result<int> {
                worker = QThread::currentThread();
                return 0;
            },
            [](Result<int>, bool) {});
        while (!worker.load() || !worker.load()->isFinished())
            QThread::msleep(1);
        QCoreApplication::sendPostedEvents(worker.load(), QEvent::MetaCall); // its deleteLater, nothing for `jobs`
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // the thread is gone
        QVERIFY(!jobs->isRunning());
        delete jobs;
    }
    void theBoardHasOneStopOneLineOneBar()
    {
        JobRunner run, compile;
        ActionBoard board;
        board.track(QStringLiteral("run"), &run);
        board.track(QStringLiteral("compile"), &compile);
        QProgressBar bar;
        board.drive(&bar);
        QVERIFY(!board.anyBusy());
        QVERIFY(bar.isHidden());
        std::atomic_int stopped { 0 };
        const auto waitAndCount = [&](const JobContext& job) -> Result<int> {
            if (waitForCancel(job, 20000))
                ++stopped;
            return 0;
        };
        run.start<int>(waitAndCount, [](Result<int>, bool) {});
        board.setStep(QStringLiteral("run"), QStringLiteral("run of t: building"), 1, 4);
        QVERIFY(board.busy(QStringLiteral("run")));
        QVERIFY(!board.busy(QStringLiteral("compile")));
        QVERIFY(!bar.isHidden());
        QCOMPARE(bar.maximum(), 4);
        QCOMPARE(bar.value(), 1);
        compile.start<int>(waitAndCount, [](Result<int>, bool) {});
        board.setStep(QStringLiteral("compile"), QStringLiteral("compile of t"), 0, 0);
        QCOMPARE(board.steps(), (QStringList { QStringLiteral("run of t: building"), QStringLiteral("compile of t") }));
        QCOMPARE(board.progress()->action, QStringLiteral("compile")); // the last started shows on the bar
        QCOMPARE(bar.maximum(), 0); // its total is not known: a busy bar
        QSignalSpy changed(&board, &ActionBoard::changed);
        board.stopAll(); // one Stop reaches both
        QTRY_VERIFY_WITH_TIMEOUT(!board.anyBusy(), 5000);
        QCOMPARE(stopped.load(), 2);
        QVERIFY(bar.isHidden());
        QVERIFY(board.steps().isEmpty()); // each runner's end cleared its step
        QVERIFY(changed.count() >= 2);
    }
};

KWB_UI_TEST_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"

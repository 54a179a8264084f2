// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The one GUI job runner (ui/jobs/jobrunner.h): results and progress on the GUI thread, Stop reaching the job's
// cancel flag, superseded and discarded jobs dropped, and the destructor waiting for the worker.
#include "ui/jobs/jobrunner.h"
#include "uitest.h"

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
};

KWB_UI_TEST_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"

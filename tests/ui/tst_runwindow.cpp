// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run (Ctrl+R) and Stop (Ctrl+., the toolbar) from the window: a real sandboxed run of a small C++ task, its findings
// in the findings pane and its comparisons in the correctness pane; Stop kills a hanging candidate.
#include "scaletask.h"
#include "ui/correctness/comparisonsummarymodel.h"
#include "ui/correctness/correctnesspane.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/window/actions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace kwb;
using namespace kwb::ui;

class TestRunWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the cpp runner cannot be built");
        qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir.filePath(QStringLiteral("cache"))));
    }

    void runShowsFindingsAndComparisons()
    {
        const QString task = m_dir.filePath(QStringLiteral("good"));
        writeScaleTask(task,
            "#include <cstdint>\nextern \"C\" void scale(const float* x, float* y, int64_t n) { for (int64_t i = 0; i "
            "< n; ++i) y[i] = x[i] + x[i]; }\n");
        MainWindow window(MainWindow::Options { false });
        QVERIFY(window.openPath(task).ok());
        QSignalSpy finished(window.runController(), &RunController::finished);
        window.actions().run->trigger();
        QVERIFY(window.actions().stop->isEnabled());
        QVERIFY(finished.wait(240000));
        QVERIFY(!window.actions().stop->isEnabled());
        const auto ids = [&] {
            QStringList l;
            for (const Finding& f : window.session()->findings())
                l << f.id;
            return l;
        }();
        QVERIFY2(ids.contains(QStringLiteral("correct.pass")), qPrintable(ids.join(QLatin1Char(' '))));
        // One case × three trials, then the generated (held-out and stress) cases, one trial each.
        const int rows = window.runResults()->correctness()->summaryModel()->rowCount();
        QVERIFY2(rows >= 3, qPrintable(QString::number(rows)));
        // A second run replaces the run's findings rather than adding to them.
        window.actions().run->trigger();
        QVERIFY(finished.wait(240000));
        QCOMPARE(int(std::count_if(window.session()->findings().begin(), window.session()->findings().end(),
                     [](const Finding& f) { return f.id == u"correct.pass"; })),
            1);
    }

    void stopKillsAHangingCandidate()
    {
        const QString task = m_dir.filePath(QStringLiteral("hang"));
        writeScaleTask(task,
            "#include <cstdint>\nextern \"C\" void scale(const float*, float*, int64_t) { volatile int k = 0; for (;;) "
            "++k; }\n");
        MainWindow window(MainWindow::Options { false });
        QVERIFY(window.openPath(task).ok());
        QSignalSpy failed(window.runController(), &RunController::failed);
        QSignalSpy progressed(window.runController(), &RunController::progressed);
        window.actions().run->trigger();
        // Wait until the candidate is running, then stop.
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(progressed.begin(), progressed.end(),
                [](const QList<QVariant>& a) { return a.at(0).toString().startsWith(u"running candidate"); }),
            240000);
        QTest::qWait(500);
        QElapsedTimer clock;
        clock.start();
        window.actions().stop->trigger();
        QVERIFY(failed.wait(20000));
        QVERIFY2(clock.elapsed() < 10000, "Stop must kill the process tree promptly");
        QCOMPARE(failed.first().at(1).toBool(), true);
    }
};

KWB_UI_TEST_MAIN(TestRunWindow)
#include "tst_runwindow.moc"

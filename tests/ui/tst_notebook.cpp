// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces that replace the notebook beside the workbench, without running anything: a finding pointed at the line
// its log names, a scratch copy of a bundle, the inputs table and its statistics, the speedup-by-case chart, NOT
// TIMED HERE for an interpreted timing and no GPU roofline for a CPU run; and the window's habits: Stop's shortcut
// never fires from a text field, a job's console lines go to its own task, the e-mail only for its own reviewer.
#include "core/task/taskloader.h"
#include "core/tensor/npy.h"
#include "tests/helpers/testpaths.h"
#include "ui/panes/consolepane.h"
#include "ui/panes/tasklistpane.h"
#include "ui/performance/benchtablemodel.h"
#include "ui/performance/benchview.h"
#include "ui/performance/speedupchart.h"
#include "ui/rubric/reviewsettings.h"
#include "ui/run/tensortablemodel.h"
#include "ui/scratch/scratchbundle.h"
#include "ui/window/findinglocation.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>

using namespace kwb;
using namespace kwb::ui;

namespace {
ImplCaseResult caseResult(
    const QString& id, double speedup, std::optional<Verdict> verdict, const QString& invalid = {})
{
    ImplCaseResult r {};
    r.id = id;
    r.stats.medianNs = 1e6 / speedup;
    r.stats.samples = 100;
    r.speedup = Speedup { speedup, speedup * 0.9, speedup * 1.1, 8 };
    r.verdict = verdict;
    r.invalidReason = invalid;
    return r;
}
} // namespace

class TestNotebook : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QSettings().clear(); }

    void findingPointsAtTheLineItsLogNames_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::newRow("traceback, innermost frame")
            << "Traceback (most recent call last):\n  File \"/w/impl/python_main.py\", line 80, in call\n  File "
               "\"/w/impl/candidate.py\", line 12, in layernorm\n  File \"/w/impl/candidate.py\", line 23, in _fwd"
            << "candidate.py" << 23;
        QTest::newRow("compiler") << "candidate.cu:41:7: error: expected ';'"
                                  << "candidate.cu" << 41;
        QTest::newRow("nvcc style") << "candidate.cu(17): error: identifier undefined"
                                    << "candidate.cu" << 17;
        QTest::newRow("not a task file") << "glue.cpp:3:1: error: x"
                                         << "" << 0;
    }

    void findingPointsAtTheLineItsLogNames()
    {
        QFETCH(QString, text);
        QFETCH(QString, file);
        QFETCH(int, line);
        const auto [f, l] = locationIn(
            text, { QStringLiteral("reference.py"), QStringLiteral("candidate.py"), QStringLiteral("candidate.cu") });
        QCOMPARE(f, file);
        QCOMPARE(l, line);
        // Through locateFindings, from a finding's evidence (the lines a diagnosis kept).
        const Result<LoadedTask> task = loadTask(KWB_TASKS_DIR + QStringLiteral("/layernorm-triton-spec-gap"));
        QVERIFY(task);
        Finding finding;
        finding.id = QStringLiteral("runtime.crash");
        finding.evidence = QJsonObject { { QStringLiteral("lines"), QJsonArray { text } } };
        Findings all { finding };
        locateFindings(all, task->task);
        if (file == u"candidate.py") {
            QCOMPARE(all.first().file, file);
            QCOMPARE(all.first().line, line);
        }
    }

    void scratchCopyOfABundle()
    {
        const Result<LoadedTask> loaded = loadTask(KWB_TASKS_DIR + QStringLiteral("/vector-add-f32"));
        QVERIFY(loaded);
        const Task& task = loaded->task;
        QVERIFY(!task.candidates.isEmpty());
        const QString candidate = task.candidates.first().id;
        const QString folder = m_dir.filePath(QStringLiteral("scratch"));
        const Result<QString> made = makeScratchBundle(task, candidate, QStringLiteral("// edited\n"), folder);
        QVERIFY2(made, qPrintable(made ? QString() : made.error().oneLine()));
        const Result<LoadedTask> copy = loadTask(*made);
        QVERIFY2(copy, qPrintable(copy ? QString() : copy.error().oneLine()));
        const Implementation* scratch = copy->task.implementation(scratchId(candidate));
        QVERIFY(scratch);
        QVERIFY(isScratchId(scratch->id));
        QVERIFY(scratch->source.contains(u"scratch_"));
        QFile edited(QDir(*made).filePath(scratch->source));
        QVERIFY(edited.open(QIODevice::ReadOnly));
        QCOMPARE(edited.readAll(), QByteArray("// edited\n"));
        QVERIFY(copy->task.implementation(candidate)); // the original beside it
        QVERIFY(copy->task.title.endsWith(u"[scratch copy]"));
        QVERIFY(!QFile::exists(task.dir + u'/' + scratch->source)); // the bundle is never written
        QVERIFY(!makeScratchBundle(task, task.reference.id, {}, folder)); // only candidates
    }

    void inputsTableAndStatistics()
    {
        const QString path = m_dir.filePath(QStringLiteral("x.npy"));
        const std::vector<float> values { 1, 2, 3, 4, 5, 6, std::nanf(""), 0 };
        QVERIFY(writeNpy(path, DType::Float32, { 2, 4 }, values.data()));
        const Result<Tensor> t = loadTensor(path);
        QVERIFY(t);
        const TensorStats s = tensorStats(*t);
        QCOMPARE(s.nan, 1);
        QCOMPARE(s.zeros, 1);
        QCOMPARE(s.min.value(), 0.0);
        QCOMPARE(s.max.value(), 6.0);
        QVERIFY(tensorSummary(*t, s).startsWith(u"float32 [2, 4]"));
        TensorTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTensor(*t);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("6"));
        QCOMPARE(model.headerData(1, Qt::Vertical).toString(), QStringLiteral("[1, :]"));
        QVERIFY(!model.truncated());
    }

    void speedupByCase()
    {
        auto result = std::make_shared<BenchResult>();
        BenchCase big { QStringLiteral("big"), 1e6, 4e8, {},
            { caseResult(QStringLiteral("cand"), 2.0, Verdict::Fast) } };
        BenchCase small { QStringLiteral("small"), 1e3, 4e5, {},
            { caseResult(QStringLiteral("cand"), 0.8, Verdict::Slow),
                caseResult(QStringLiteral("interp"), 0.01, Verdict::Invalid, QStringLiteral("interpreted")) } };
        result->cases = { big, small };
        auto view = std::make_shared<BenchView>();
        view->result = result;
        SpeedupChart chart;
        chart.setView(view, {});
        QCOMPARE(chart.cases(), (QStringList { QStringLiteral("small"), QStringLiteral("big") })); // by bytes
        QCOMPARE(chart.pointCount(), 2); // the interpreted one is left out
        QVERIFY(chart.chart()->title().contains(u"interp"));
        chart.setView(view, { { QStringLiteral("cand"), QStringLiteral("failed 3 of 9 trials") } });
        QCOMPARE(chart.pointCount(), 0); // an incorrect candidate has no speedup worth plotting
    }

    // Could not be timed here (an interpreter on the CPU) is no failure: it reads and looks different.
    void notTimedHereIsNoFailure()
    {
        const ImplCaseResult interp = caseResult(QStringLiteral("t"), 0.004, Verdict::Invalid,
            QStringLiteral("interpreted (provenance \"interpret\": true)"));
        QVERIFY(notTimedHere(interp, {}));
        QCOMPARE(shownVerdictText(interp, {}), QStringLiteral("NOT TIMED HERE"));
        QVERIFY(shownVerdictColor(interp, {}) != verdictColor(Verdict::Invalid));
        const ImplCaseResult tampered
            = caseResult(QStringLiteral("t"), 9, Verdict::Invalid, QStringLiteral("bench.timer-tampered"));
        QVERIFY(!notTimedHere(tampered, {}));
        QCOMPARE(shownVerdictText(tampered, {}), QStringLiteral("INVALID"));
        // Incorrect wins: INVALID for a wrong answer, interpreted or not.
        QCOMPARE(
            shownVerdictText(interp, { { QStringLiteral("t"), QStringLiteral("failed") } }), QStringLiteral("INVALID"));
    }

    // No GPU roofline for a run on the CPU: the Triton task's candidate, interpreted here, is no point under H100
    // roofs.
    void noGpuRooflineForACpuRun()
    {
        const Result<LoadedTask> loaded = loadTask(KWB_TASKS_DIR + QStringLiteral("/layernorm-triton-spec-gap"));
        QVERIFY(loaded);
        BenchResult r;
        r.task = loaded->task;
        ImplBench ref { QStringLiteral("reference"), ImplRole::Reference, QStringLiteral("python"), kwb::ImplStatus::Ok,
            {}, {}, {}, {}, {} };
        ImplBench cand = ref;
        cand.id = QStringLiteral("triton");
        cand.role = ImplRole::Candidate;
        BenchCase c { QStringLiteral("bert"), 8.0 * 512 * 768, 4.0 * 512 * 768, {}, {} };
        c.candidates = { caseResult(QStringLiteral("triton"), 0.01, Verdict::Invalid, QStringLiteral("interpreted")) };
        r.cases = { c };
        r.impls = { ref, cand };
        const BenchView onGpu = makeBenchView(r);
        QVERIFY2(onGpu.roofline, qPrintable(onGpu.rooflineNote)); // as if it ran on the device
        r.impls[1].provenance = QJsonObject { { QStringLiteral("interpret"), true },
            { QStringLiteral("device"), QStringLiteral("cpu") } };
        r.cases[0].candidates[0].floorNs = 12500;
        r.cases[0].candidates[0].floorSource = QStringLiteral("hardware table: H100 SXM (float16)");
        const BenchView onCpu = makeBenchView(r);
        QVERIFY(!onCpu.roofline);
        QVERIFY2(onCpu.rooflineNote.contains(u"CPU"), qPrintable(onCpu.rooflineNote));
        // Nor a GPU floor in the table for it.
        BenchTableModel table;
        QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        table.setView(std::make_shared<BenchView>(onCpu));
        const int row = table.rowCount() - 1;
        QCOMPARE(table.index(row, BenchTableModel::Implementation).data().toString(), QStringLiteral("triton"));
        QCOMPARE(table.index(row, BenchTableModel::Floor).data().toString(), QStringLiteral("— (CPU run)"));
        QCOMPARE(table.index(row, BenchTableModel::Verdict).data().toString(), QStringLiteral("NOT TIMED HERE"));
    }

    // Stop's shortcut goes to a text field that has the focus (it never stops a job from there); elsewhere it stops.
    void stopNeverFiresFromATextField()
    {
        MainWindow w(MainWindow::Options { false });
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QAction* stop = w.actions().stop;
        stop->setEnabled(true); // as while a job runs
        QSignalSpy stopped(stop, &QAction::triggered);
        auto* field = new QLineEdit(&w);
        field->show();
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        QTest::keyClick(field, Qt::Key_Period, Qt::ControlModifier);
        QTest::keyClick(field, Qt::Key_Escape);
        QCOMPARE(stopped.size(), 0);
        w.taskList()->view()->setFocus();
        QTRY_VERIFY(!field->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Period, Qt::ControlModifier);
        QCOMPARE(stopped.size(), 1);
        QVERIFY(!stop->shortcuts().contains(QKeySequence(Qt::Key_Escape)));
    }

    // At 1366×768 the rubric's content fits its dock: nothing cut off at either side (the verdict row, the comments).
    void rubricFitsItsDockAtTheSmallScreen()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled")).ok());
        w.resize(1920, 1080); // from a larger size down, as a window moved to the laptop's screen
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.actions().resetLayout->trigger();
        QTest::qWait(50);
        w.resize(1366, 768);
        w.actions().resetLayout->trigger();
        QTest::qWait(50);
        QStringList problems;
        for (QScrollArea* area : w.findChildren<QScrollArea*>()) {
            if (!area->isVisible() || !area->widget() || area->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
                continue;
            const int room = area->viewport()->width();
            if (area->widget()->width() <= room + 1)
                continue;
            QString widest;
            int most = 0;
            for (QWidget* c : area->widget()->findChildren<QWidget*>()) {
                const int need = c->minimumSizeHint().width();
                if (c->isVisible() && need > most) {
                    most = need;
                    widest = QStringLiteral("%1 '%2' needs %3")
                                 .arg(QString::fromLatin1(c->metaObject()->className()), c->objectName())
                                 .arg(need);
                }
            }
            problems << QStringLiteral("%1: content %2 px in %3 px (%4)")
                            .arg(area->objectName())
                            .arg(area->widget()->width())
                            .arg(room)
                            .arg(widest);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void consoleLinesGoToTheirTask()
    {
        Session session;
        ConsolePane console(&session);
        console.showTask(QStringLiteral("/tasks/a"));
        console.appendLineTo(QStringLiteral("/tasks/b"), QStringLiteral("run: from b's job"));
        console.appendOutputTo(QStringLiteral("/tasks/b"), QStringLiteral("cand"), QStringLiteral("b out\n"), false);
        QVERIFY(!console.toPlainText().contains(u"from b"));
        console.showTask(QStringLiteral("/tasks/b"));
        QVERIFY(console.toPlainText().contains(u"run: from b's job"));
        QVERIFY(console.toPlainText().contains(u"cand | b out"));
    }

    void emailOnlyForItsReviewer()
    {
        reviewsettings::setReviewer(QStringLiteral("ada"));
        reviewsettings::setEmail(QStringLiteral("ada@example.org"));
        QCOMPARE(reviewsettings::emailOf(QStringLiteral("ada")), QStringLiteral("ada@example.org"));
        QVERIFY(reviewsettings::emailOf(QStringLiteral("kim")).isEmpty());
    }
};

KWB_UI_TEST_MAIN(TestNotebook)
#include "tst_notebook.moc"

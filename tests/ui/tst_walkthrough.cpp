// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A whole review day by keyboard on two tasks, switching between them while their jobs run (issue: nothing stale,
// nothing blamed wrongly, no lost run): after every switch no pane shows the other task's results; a run goes on
// after a switch and its results stay with its task; Esc in a comment and Stop's shortcut in a text field never stop
// a job; a submit over unaddressed error findings asks first; the e-mail of another reviewer is never shown. Counts
// the actions of the review of the bundled Triton task (a key chord or a filled field is one action).
#include "core/run/runengine.h"
#include "tests/helpers/testpaths.h"
#include "ui/compile/compilecontroller.h"
#include "ui/compile/compilepane.h"
#include "ui/correctness/comparisonsummarymodel.h"
#include "ui/correctness/correctnesspane.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/consolepane.h"
#include "ui/performance/performancepane.h"
#include "ui/rubric/criterionwidget.h"
#include "ui/rubric/overallwidget.h"
#include "ui/rubric/reviewsession.h"
#include "ui/rubric/rubricpanel.h"
#include "ui/rubric/scalebar.h"
#include "ui/run/inputsdialog.h"
#include "ui/run/rerundialog.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/run/tensortablemodel.h"
#include "ui/scratch/scratchwindow.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace kwb;
using namespace kwb::ui;

namespace {
const QString kTriton = QStringLiteral("layernorm-triton-spec-gap");
const QString kCpp = QStringLiteral("rmsnorm-f32-unrolled");

// Keys and typed fields, counted as a reviewer's actions.
struct Counted {
    int count = 0;
    void key(int k, Qt::KeyboardModifiers m = Qt::NoModifier)
    {
        // A key goes to the focused widget, else to the active window (its shortcuts).
        QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : QApplication::activeWindow();
        QVERIFY2(target, "no window is active");
        QTest::keyClick(target, Qt::Key(k), m);
        QApplication::processEvents(); // a person's keys come one event loop apart: what a key showed is shown
        ++count;
    }
    void type(const QString& text)
    {
        QWidget* target = QApplication::focusWidget();
        QVERIFY2(target, "nothing has the keyboard focus");
        QTest::keyClicks(target, text);
        QApplication::processEvents();
        ++count; // one filled field
    }
};

// With KWB_SHOTS=DIR set, the test writes what it looked at as PNGs there (the docs' screenshots).
void shot(QWidget* w, const QString& name)
{
    const QString dir = qEnvironmentVariable("KWB_SHOTS");
    if (dir.isEmpty())
        return;
    QApplication::processEvents();
    QVERIFY(w->grab().save(dir + u'/' + name + QStringLiteral(".png"), "PNG"));
}

QString describe(const QWidget* w)
{
    return w ? QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
             : QStringLiteral("nothing");
}

// The ids of the current task's implementations.
QStringList implIds(const Task& t)
{
    QStringList ids { t.reference.id };
    if (t.oracle)
        ids << t.oracle->id;
    for (const Implementation& c : t.candidates)
        ids << c.id;
    return ids;
}
} // namespace

class TestWalkthrough : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    RubricPanel* m_panel = nullptr;

    MainWindow& w() { return *m_window; }

    // Opens task `id` with Alt+Down / Alt+Up (counted), from wherever the list is.
    void go(Counted& a, const QString& id)
    {
        const QList<LintReport>& bundles = w().session()->bundles();
        int target = -1;
        for (int i = 0; i < bundles.size(); ++i)
            target = bundles[i].id == id ? i : target;
        QVERIFY(target >= 0);
        while (w().session()->currentIndex() != target && !QTest::currentTestFailed()) {
            const bool down = w().session()->currentIndex() < target;
            a.key(down ? Qt::Key_Down : Qt::Key_Up, Qt::AltModifier);
        }
        QCOMPARE(w().session()->task()->id, id);
    }

    // No pane shows another task's results: each shows the current task's, or a message about the current task.
    void assertOnlyCurrent(const QString& where)
    {
        const Task* task = w().session()->task();
        QVERIFY(task);
        const QString id = task->id;
        const QStringList impls = implIds(*task);
        const QString ctx = where + QStringLiteral(" (on ") + id + QStringLiteral("): ");
        RunResultsPane* run = w().runResults();
        QVERIFY2(run->shownTask().isEmpty() || run->shownTask() == id, qPrintable(ctx + run->summaryText()));
        if (run->shownTask().isEmpty())
            QVERIFY2(run->summaryText().contains(id), qPrintable(ctx + run->summaryText()));
        for (const ComparisonView& v : run->correctness()->summaryModel()->comparisons()) {
            const QString impl = v.caseName.section(QStringLiteral(" · "), 0, 0);
            QVERIFY2(impls.contains(impl), qPrintable(ctx + QStringLiteral("correctness row of ") + impl));
        }
        auto* compile = w().findChild<CompilePane*>();
        QVERIFY2(compile->shownTask().isEmpty() || compile->shownTask() == id, qPrintable(ctx + compile->shownTask()));
        if (compile->shownTask().isEmpty())
            QVERIFY2(compile->summaryText().contains(id), qPrintable(ctx + compile->summaryText()));
        PerformancePane* perf = w().performancePane();
        QVERIFY2(perf->shownTask().isEmpty() || perf->shownTask() == id, qPrintable(ctx + perf->statusText()));
        if (perf->shownTask().isEmpty())
            QVERIFY2(perf->statusText().contains(id), qPrintable(ctx + perf->statusText()));
        for (const Finding& f : w().session()->findings())
            QVERIFY2(f.impl.isEmpty() || impls.contains(f.impl), qPrintable(ctx + f.id + u' ' + f.impl));
        QCOMPARE(w().findChild<ConsolePane*>()->shownTask(), w().session()->currentReport()->path);
        QVERIFY(m_panel->reviewSession()->hasReview());
        QCOMPARE(m_panel->reviewSession()->review().taskId, id);
        QVERIFY(w().windowTitle().startsWith(id));
    }

    // Scores every criterion by keyboard with a comment each: Alt+7, then per criterion a digit (or N), Enter, the
    // comment, Tab; then verdict, summary, confidence.
    void scoreAll(Counted& a, const QMap<QString, int>& scores, int defaultScore, int verdictPosition)
    {
        a.key(Qt::Key_7, Qt::AltModifier);
        const QList<const Criterion*> criteria = m_panel->reviewSession()->criteria();
        QVERIFY(!criteria.isEmpty());
        for (const Criterion* c : criteria) {
            CriterionWidget* cw = m_panel->criterionWidget(c->id);
            QVERIFY2(cw->scale()->hasFocus(),
                qPrintable(c->id + QStringLiteral(": ") + describe(QApplication::focusWidget())));
            const int v = scores.value(c->id, defaultScore);
            a.key(Qt::Key_0 + v);
            a.key(Qt::Key_Return);
            QVERIFY(cw->commentEdit()->hasFocus());
            a.type(QStringLiteral("%1 = %2: checked against the run and the sources.").arg(c->id).arg(v));
            a.key(Qt::Key_Tab);
            QCOMPARE(m_panel->reviewSession()->review().scores.value(c->id).value, std::optional<int>(v));
        }
        OverallWidget* overall = m_panel->overall();
        QVERIFY2(overall->verdictRow()->hasFocus(), qPrintable(describe(QApplication::focusWidget())));
        a.key(Qt::Key_0 + verdictPosition);
        a.key(Qt::Key_Tab);
        QVERIFY(overall->summaryEdit()->hasFocus());
        a.type(QStringLiteral("Reviewed by keyboard in the walkthrough."));
        a.key(Qt::Key_Tab);
        QVERIFY(overall->confidence()->hasFocus());
        a.key(Qt::Key_3);
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir.filePath(QStringLiteral("cache"))));
        qputenv("KWB_DB", QFile::encodeName(m_dir.filePath(QStringLiteral("reviews.sqlite"))));
        QSettings().clear();
        // Preferences were saved by somebody else; KWB_REVIEWER says kim reviews now.
        QSettings().setValue(QStringLiteral("review/reviewer"), QStringLiteral("ada"));
        QSettings().setValue(QStringLiteral("review/email"), QStringLiteral("ada@example.org"));
        qputenv("KWB_REVIEWER", "kim");
        // The runner's venv (packaging/install-python-deps.sh) in the user's data folder, which the test mode of
        // QStandardPaths hides: the Triton task runs in Triton's interpreter with its torch and triton.
        if (qEnvironmentVariableIsEmpty("KWB_VENV") && qEnvironmentVariableIsEmpty("KWB_PYTHON")) {
            const QString data
                = qEnvironmentVariable("XDG_DATA_HOME", QDir::homePath() + QStringLiteral("/.local/share"));
            qputenv("KWB_VENV", QFile::encodeName(data + QStringLiteral("/kernel-workbench/venv")));
        }
    }

    void cleanupTestCase()
    {
        qunsetenv("KWB_REVIEWER");
        m_window.reset();
    }

    void reviewDayOnTwoTasks()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the C++ task cannot run");
        m_window = std::make_unique<MainWindow>(MainWindow::Options { false });
        QStringList questions;
        w().setConfirm([&](const QString& title, const QString&) {
            questions << title;
            return false;
        });
        w().resize(1366, 768);
        w().show();
        QVERIFY(QTest::qWaitForWindowActive(&w()));
        m_panel = w().findChild<RubricPanel*>(QStringLiteral("rubricPanel"));
        QVERIFY(m_panel);
        QVERIFY(w().openPath(KWB_TASKS_DIR).ok());

        Counted triton; // the actions of the Triton task's review, from the open folder to the submit
        triton.count = 3; // File ▸ Open: Ctrl+O, the folder typed, Enter (tst_reviewday does them by keyboard)
        go(triton, kTriton);
        if (QTest::currentTestFailed())
            return;
        assertOnlyCurrent(QStringLiteral("opened"));
        if (QTest::currentTestFailed())
            return;
        const QString header = m_panel->findChild<QLabel*>(QStringLiteral("reviewHeader"))->text();
        QVERIFY2(header.contains(u"kim") && !header.contains(u"ada@"), qPrintable(header));

        // Run and compile the Triton task (interpreted on this CPU).
        QSignalSpy ran(w().runController(), &RunController::finished);
        triton.key(Qt::Key_R, Qt::ControlModifier);
        QVERIFY(ran.wait(300000));
        QCOMPARE(w().runResults()->shownTask(), kTriton);
        auto* compiler = w().findChild<CompileController*>(QStringLiteral("compileController"));
        QSignalSpy compiled(compiler, &CompileController::finished);
        triton.key(Qt::Key_B, Qt::ControlModifier);
        QVERIFY(compiled.wait(300000));
        assertOnlyCurrent(QStringLiteral("after run and compile"));
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(w().runResults()->correctness()->summaryModel()->rowCount() > 0,
            qPrintable(w().runResults()->summaryText()));

        // Over to the C++ task: its panes are its own, empty; its run starts and goes on while we go back.
        Counted cpp;
        go(cpp, kCpp);
        if (QTest::currentTestFailed())
            return;
        assertOnlyCurrent(QStringLiteral("switched"));
        if (QTest::currentTestFailed())
            return;
        QVERIFY(w().runResults()->shownTask().isEmpty());
        QCOMPARE(w().runResults()->correctness()->summaryModel()->rowCount(), 0);
        QVERIFY(!w().findChild<CompilePane*>()->hasResult());
        cpp.key(Qt::Key_R, Qt::ControlModifier);
        QTRY_VERIFY(w().runController()->isBusy());
        go(cpp, kTriton);
        if (QTest::currentTestFailed())
            return;
        assertOnlyCurrent(QStringLiteral("back while the other runs"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w().runResults()->shownTask(), kTriton); // its own run, kept
        QVERIFY2(w().jobStatusText().contains(kCpp), qPrintable(w().jobStatusText()));
        shot(&w(), QStringLiteral("screenshot-switch-while-running-1366x768"));
        // Esc in a comment field, and Stop's shortcut while typing, never stop the job.
        firstComment()->setFocus();
        QTest::keyClick(firstComment(), Qt::Key_Escape);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Period, Qt::ControlModifier);
        QVERIFY(w().runController()->isBusy());
        QVERIFY(w().actions().stop->isEnabled());
        firstComment()->clear();

        // Score the Triton task meanwhile; the C++ run ends in the background and keeps its results.
        scoreAll(triton, {}, 4, 2);
        if (QTest::currentTestFailed())
            return; // all 4, verdict minor
        QTRY_VERIFY_WITH_TIMEOUT(ran.size() >= 2, 300000);
        QTRY_VERIFY(!w().runController()->isBusy());
        assertOnlyCurrent(QStringLiteral("after the other run ended"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w().runResults()->shownTask(), kTriton);
        QTRY_VERIFY2(m_panel->submitButton()->isEnabled(), qPrintable(m_panel->submitReason()->text()));
        triton.key(Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE(m_panel->reviewSession()->review().status, Review::Status::Submitted);
        QVERIFY(questions.isEmpty()); // nothing unaddressed here
        qInfo("actions for the review of %s: %d (keys, chords and filled fields; comments on every criterion)",
            qPrintable(kTriton), triton.count);
        QVERIFY2(triton.count <= 90, qPrintable(QString::number(triton.count)));
        // Compiling again after the submit does not turn it back into a draft.
        triton.key(Qt::Key_B, Qt::ControlModifier);
        QVERIFY(compiled.wait(300000));
        QTRY_VERIFY(!m_panel->reviewSession()->heldReports().isEmpty());
        QCOMPARE(m_panel->reviewSession()->review().status, Review::Status::Submitted);
        QVERIFY(!m_panel->reviewSession()->hasChangesToSubmit());

        // The C++ task: its run (made while the Triton task was shown) is there, with its failing tail cases.
        go(cpp, kCpp);
        if (QTest::currentTestFailed())
            return;
        assertOnlyCurrent(QStringLiteral("back to the C++ task"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w().runResults()->shownTask(), kCpp);
        bool failing = false;
        for (const ComparisonView& v : w().runResults()->correctness()->summaryModel()->comparisons())
            failing = failing || (v.result && !v.result->pass);
        QVERIFY(failing);
        // A rushed accept: NC4 = 3 (no contradiction) with the mismatches neither cited nor scored low: asks first.
        scoreAll(cpp, { { QStringLiteral("NC4"), 3 } }, 4, 2);
        if (QTest::currentTestFailed())
            return; // verdict minor
        QTRY_VERIFY2(m_panel->submitButton()->isEnabled(), qPrintable(m_panel->submitReason()->text()));
        QVERIFY2(m_panel->submitReason()->text().contains(u"unaddressed"), qPrintable(m_panel->submitReason()->text()));
        cpp.key(Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE(questions.size(), 1);
        QVERIFY(questions.first().contains(u"Unaddressed"));
        QCOMPARE(m_panel->reviewSession()->review().status, Review::Status::Draft);
        // Scored for what the run shows, it submits without a question.
        m_panel->criterionWidget(QStringLiteral("NC4"))->scale()->setFocus();
        cpp.key(Qt::Key_2);
        m_panel->overall()->verdictRow()->setFocus();
        cpp.key(Qt::Key_3); // major
        cpp.key(Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE(m_panel->reviewSession()->review().status, Review::Status::Submitted);
        QCOMPARE(questions.size(), 1);
        qInfo("actions for the review of %s: %d", qPrintable(kCpp), cpp.count);

        // Both reviews are kept; the Triton task still shows its own results.
        go(cpp, kTriton);
        if (QTest::currentTestFailed())
            return;
        assertOnlyCurrent(QStringLiteral("at the end"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(m_panel->reviewSession()->review().status, Review::Status::Submitted);
    }

    // What kept the notebook open beside the workbench, on the C++ task the day's review ran: its inputs per case and
    // trial (saved as .npy), one case again with a trial's seed, and a scratch copy of the candidate with the tail
    // fixed, run beside the original — marked scratch, never the review's evidence.
    void notebookPowers()
    {
        if (!m_window)
            QSKIP("the review day did not leave its window");
        w().setConfirm([](const QString& title, const QString&) {
            qWarning("unexpected question: %s", qPrintable(title));
            return false;
        });
        Counted a;
        go(a, kCpp);
        const TaskResults* kept = w().results().find(w().session()->currentReport()->path);
        QVERIFY(kept && kept->run && !kept->run->workDir.isEmpty());
        const RunResult run = *kept->run;

        // Inputs: a tree of case ▸ trial ▸ input, stats and values, Save as .npy.
        w().actions().showInputs->trigger();
        InputsDialog* inputs = nullptr;
        QTRY_VERIFY((inputs = w().findChild<InputsDialog*>(QStringLiteral("inputsDialog"))) != nullptr);
        QVERIFY(inputs->tree()->topLevelItemCount() >= 3);
        const TrialInputs& tail = *std::find_if(run.trials.begin(), run.trials.end(),
            [](const TrialInputs& t) { return t.caseName == u"tail" && t.trial == 1; });
        QVERIFY(inputs->showFile(tail.dir + QStringLiteral("/x.npy")));
        QVERIFY2(inputs->summaryText().contains(u"float32 [257, 1001]"), qPrintable(inputs->summaryText()));
        QCOMPARE(inputs->model()->rowCount(), 257);
        QCOMPARE(inputs->model()->columnCount(), 256); // capped; the summary says so
        QAbstractItemModelTester tester(inputs->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        inputs->resize(1100, 600);
        if (QTreeWidgetItem* item = inputs->tree()->topLevelItem(1)) {
            inputs->tree()->expandAll();
            inputs->tree()->setCurrentItem(item->child(1) ? item->child(1)->child(1) : item); // tail ▸ t1 ▸ x.npy
        }
        QVERIFY(inputs->showFile(tail.dir + QStringLiteral("/x.npy")));
        shot(inputs, QStringLiteral("screenshot-inputs"));
        const QString saved = m_dir.filePath(QStringLiteral("tail-t1-x.npy"));
        QVERIFY(inputs->saveShownAs(saved));
        const Result<Tensor> back = loadTensor(saved);
        QVERIFY(back && back->shape == (std::vector<std::int64_t> { 257, 1001 }));
        inputs->close();

        // One case again, with the seed of trial 1: the same inputs, judged alone.
        RerunDialog again(*w().session()->task(), run, QStringLiteral("tail"), tail.seed);
        QCOMPARE(again.request().cases, QStringList { QStringLiteral("tail") });
        QCOMPARE(again.request().seed, std::optional<quint64>(tail.seed));
        QCOMPARE(again.request().trials, 1);
        QSignalSpy ran(w().runController(), &RunController::finished);
        w().startRunRequest(again.request(), again.scope());
        QVERIFY(ran.wait(300000));
        const auto rerun = ran.first().at(0).value<std::shared_ptr<const RunResult>>();
        QCOMPARE(rerun->trials.size(), 1);
        QCOMPARE(rerun->trials.first().seed, tail.seed);
        QVERIFY2(
            w().runResults()->summaryText().contains(u"case tail, seed"), qPrintable(w().runResults()->summaryText()));
        const Result<Tensor> x0 = loadTensor(tail.dir + QStringLiteral("/x.npy"));
        const Result<Tensor> x1 = loadTensor(rerun->trials.first().dir + QStringLiteral("/x.npy"));
        QVERIFY(x0 && x1 && x0->byteSize() == x1->byteSize());
        QVERIFY(std::memcmp(x0->data, x1->data, x0->byteSize()) == 0); // the very inputs of that trial
        assertOnlyCurrent(QStringLiteral("after one case again"));
        if (QTest::currentTestFailed())
            return;

        // A scratch copy with the remainder loop added: it passes where the original fails, beside it.
        const int reports
            = int(m_panel->reviewSession()->reports().size() + m_panel->reviewSession()->heldReports().size());
        w().actions().editScratch->trigger();
        ScratchWindow* scratch = w().scratchWindow();
        QVERIFY(scratch && scratch->isVisible());
        QString text = scratch->editor()->text();
        const QString sum = QStringLiteral("        const float ss =");
        QVERIFY(text.contains(sum));
        text.replace(sum,
            QStringLiteral(
                "        for (int64_t d = D - D % kUnroll; d < D; ++d)\n            acc[0] += row[d] * row[d];\n")
                + sum);
        scratch->editor()->setText(text);
        QSignalSpy done(scratch, &ScratchWindow::runFinished);
        QTest::mouseClick(scratch->runButton(), Qt::LeftButton);
        QVERIFY(done.wait(300000));
        const auto result = done.first().at(1).value<std::shared_ptr<const RunResult>>();
        const auto failing = [&](const QString& id) {
            for (const CaseVerdict& c : result->judgements.value(id).cases)
                for (const TrialVerdict& t : c.trials)
                    for (const OutputVerdict& o : t.outputs)
                        if (!o.pass)
                            return true;
            return false;
        };
        QVERIFY(result->judgements.contains(QStringLiteral("scratch-unrolled")));
        QVERIFY(failing(QStringLiteral("unrolled")));
        QVERIFY(!failing(QStringLiteral("scratch-unrolled")));
        QVERIFY(scratch->results()->summaryText().contains(u"SCRATCH"));
        scratch->resize(1100, 720);
        shot(scratch, QStringLiteral("screenshot-scratch"));
        // Never the task's evidence: no report attached, no finding in the task's list, the bundle untouched.
        QCOMPARE(
            int(m_panel->reviewSession()->reports().size() + m_panel->reviewSession()->heldReports().size()), reports);
        for (const Finding& f : w().session()->findings())
            QVERIFY(!f.impl.startsWith(u"scratch-"));
        QVERIFY(!QFile::exists(w().session()->task()->dir + QStringLiteral("/scratch_candidate.cpp")));
        scratch->close();
    }

private:
    QPlainTextEdit* firstComment() const { return m_panel->criterionWidget(QStringLiteral("NC1"))->commentEdit(); }
};

KWB_UI_TEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"

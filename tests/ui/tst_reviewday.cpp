// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A reviewer's day in the window (issue: stable layout, fast scoring, honest suggestions, legible results):
// the Review layout at the four screen sizes reviewers use, checked for widgets outside the window and key panes
// below a readable size; a whole review of a bundled C++ task by keyboard only (open, run, compile, score every
// part, cite evidence, submit, export); suggestions never offering the environment's or the host's findings;
// whole console lines; INVALID instead of FAST/SLOW for an incorrect candidate; Preferences; the export dialog.
#include "core/rubric/rubricloader.h"
#include "tests/helpers/testpaths.h"
#include "ui/compile/compilecontroller.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/consolepane.h"
#include "ui/panes/sourceview.h"
#include "ui/performance/benchtablemodel.h"
#include "ui/performance/benchview.h"
#include "ui/performance/performancepane.h"
#include "ui/rubric/criterionwidget.h"
#include "ui/rubric/exportdialog.h"
#include "ui/rubric/overallwidget.h"
#include "ui/rubric/preferencesdialog.h"
#include "ui/rubric/reviewsession.h"
#include "ui/rubric/reviewsettings.h"
#include "ui/rubric/rubricpanel.h"
#include "ui/rubric/scalebar.h"
#include "ui/rubric/suggestions.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/window/actions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QGroupBox>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>

using namespace kwb;
using namespace kwb::ui;

namespace {

const QString kTask = KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled");

// True when `w` lies in the scrolled viewport of a scroll area inside `window` (it may extend past what is shown).
bool scrolled(const QWidget* w, const QWidget* window)
{
    for (const QWidget* p = w->parentWidget(); p && p != window; p = p->parentWidget()) {
        if (const auto* area = qobject_cast<const QAbstractScrollArea*>(p->parentWidget());
            area && area->viewport() == p)
            return true;
    }
    return false;
}

QString describe(const QWidget* w)
{
    if (!w)
        return QStringLiteral("nothing");
    return QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName());
}

// What is wrong with the window's layout at its size: widgets (outside scroll areas) reaching past the window, a
// minimum size larger than the window, key panes smaller than a reviewer can read.
QStringList layoutProblems(MainWindow& w, const QSize& size)
{
    QStringList problems;
    if (w.size() != size)
        problems << QStringLiteral("the window is %1×%2, not %3×%4")
                        .arg(w.width())
                        .arg(w.height())
                        .arg(size.width())
                        .arg(size.height());
    const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
    if (least.width() > size.width() || least.height() > size.height())
        problems << QStringLiteral("the window needs at least %1×%2").arg(least.width()).arg(least.height());
    const QRect frame = w.rect().adjusted(-1, -1, 1, 1);
    for (QWidget* c : w.findChildren<QWidget*>()) {
        if (!c->isVisibleTo(&w) || c->isWindow() || scrolled(c, &w))
            continue;
        const QRect r(c->mapTo(&w, QPoint(0, 0)), c->size());
        if (!r.intersects(w.rect()))
            continue; // a dock behind another's tab is parked outside the window, not shown
        if (!frame.contains(r))
            problems << QStringLiteral("%1 at %2,%3 %4×%5 reaches past the window")
                            .arg(describe(c))
                            .arg(r.x())
                            .arg(r.y())
                            .arg(r.width())
                            .arg(r.height());
    }
    // Long texts wrap or elide: no dock's content is wider than the dock (it would scroll sideways).
    for (QDockWidget* d : w.findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        auto* area = qobject_cast<QScrollArea*>(d->widget());
        if (!d->isVisibleTo(&w) || !area || !area->widget() || !area->isVisibleTo(&w)
            || !QRect(d->mapTo(&w, QPoint(0, 0)), d->size()).intersects(w.rect()))
            continue;
        if (area->widget()->width() > area->viewport()->width() + 1)
            problems << QStringLiteral("%1's content is %2 px wide in %3 px")
                            .arg(d->objectName())
                            .arg(area->widget()->width())
                            .arg(area->viewport()->width());
    }
    // Panes that scroll only vertically (the rubric) fit their content to their width: nothing cut at the right.
    for (QScrollArea* area : w.findChildren<QScrollArea*>()) {
        if (!area->isVisibleTo(&w) || !area->widget() || area->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
            continue;
        if (area->widget()->width() <= area->viewport()->width() + 1)
            continue;
        QString widest;
        int most = 0;
        for (QWidget* c : area->widget()->findChildren<QWidget*>()) {
            // What the layout grants it at least: its minimum size, else its hint unless its policy ignores it.
            const int need = c->minimumWidth() > 0                           ? c->minimumWidth()
                : c->sizePolicy().horizontalPolicy() == QSizePolicy::Ignored ? 0
                                                                             : c->minimumSizeHint().width();
            if (c->isVisibleTo(&w) && need > most && !qobject_cast<QGroupBox*>(c) && !qobject_cast<CriterionWidget*>(c)
                && c->width() >= need) {
                most = need;
                widest = describe(c);
            }
        }
        problems << QStringLiteral("%1's content is %2 px wide in %3 px (cut at the right; %4 needs %5)")
                        .arg(area->objectName())
                        .arg(area->widget()->width())
                        .arg(area->viewport()->width())
                        .arg(widest)
                        .arg(most);
    }
    const auto atLeast = [&](const char* name, int minW, int minH) {
        auto* c = w.findChild<QWidget*>(QLatin1StringView(name));
        if (!c) {
            problems << QStringLiteral("no %1").arg(QLatin1StringView(name));
            return;
        }
        if (c->width() < minW || c->height() < minH)
            problems << QStringLiteral("%1 is %2×%3, below the readable %4×%5")
                            .arg(QLatin1StringView(name))
                            .arg(c->width())
                            .arg(c->height())
                            .arg(minW)
                            .arg(minH);
    };
    atLeast("specView", 260, 250);
    atLeast("leftEditor", 260, 250);
    atLeast("rightEditor", 260, 250);
    atLeast("rubricPanel", 340, 300);
    atLeast("findingsView", 220, 90);
    atLeast("consoleDock", 320, 160);
    return problems;
}

// With KWB_SHOTS=DIR set, the test also writes what it checked as PNGs there (the docs' screenshots).
void shot(QWidget* w, const QString& name)
{
    const QString dir = qEnvironmentVariable("KWB_SHOTS");
    if (dir.isEmpty())
        return;
    QApplication::processEvents();
    QVERIFY(w->grab().save(dir + u'/' + name + QStringLiteral(".png"), "PNG"));
}

QWidget* focused()
{
    return QApplication::focusWidget();
}

void key(int k, Qt::KeyboardModifiers m = Qt::NoModifier)
{
    QWidget* target = focused();
    QVERIFY2(target, "nothing has the keyboard focus");
    QTest::keyClick(target, Qt::Key(k), m);
}

void type(const QString& text)
{
    QWidget* target = focused();
    QVERIFY2(target, "nothing has the keyboard focus");
    QTest::keyClicks(target, text);
}

} // namespace

class TestReviewDay : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window; ///< the layout checks' window, with a run's results shown
    std::shared_ptr<const RunResult> m_run; ///< that run

    const RunResult* lastRun() const { return m_run.get(); }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", QFile::encodeName(m_dir.filePath(QStringLiteral("cache"))));
        qputenv("KWB_DB", QFile::encodeName(m_dir.filePath(QStringLiteral("reviews.sqlite"))));
        qunsetenv("KWB_REVIEWER");
        QSettings().clear();
    }

    void preferencesStoreTheReviewer()
    {
        PreferencesDialog dialog;
        dialog.nameEdit()->setText(QStringLiteral("a/b"));
        QVERIFY(!dialog.save()); // '/' is part of a review's identity
        dialog.nameEdit()->setText(QStringLiteral("Ada Reviewer"));
        dialog.emailEdit()->setText(QStringLiteral("not-an-address"));
        QVERIFY(!dialog.save());
        dialog.emailEdit()->setText(QStringLiteral("ada@example.org"));
        QVERIFY(dialog.save());
        QCOMPARE(reviewsettings::reviewer(), QStringLiteral("Ada Reviewer"));
        QCOMPARE(reviewsettings::email(), QStringLiteral("ada@example.org"));
    }

    void suggestionsSkipEnvironmentAndNoise()
    {
        const Result<Rubric> rubric = findRubric(QStringLiteral("kernel-task-review"), 1);
        QVERIFY(rubric.ok());
        QList<const Criterion*> criteria;
        for (const Dimension& d : rubric->dimensions) {
            for (const Criterion& c : d.criteria)
                criteria << &c;
        }
        Review review;
        const auto finding = [](const char* id, const char* caseName, const char* impl) {
            Finding f;
            f.id = QString::fromLatin1(id);
            f.severity = Severity::Error;
            f.caseName = QString::fromLatin1(caseName);
            f.impl = QString::fromLatin1(impl);
            f.message = f.id;
            return f;
        };
        Findings findings;
        for (const char* c : { "tail", "short-rows", "odd" })
            findings << finding("correct.mismatch", c, "unrolled");
        for (const char* id : { "runtime.driver_runtime_mismatch", "runtime.no_device", "env.missing-framework",
                 "sandbox.connection-lost", "bench.noisy", "bench.throttled", "bench.warmup-transient" })
            findings << finding(id, "tail", "unrolled");
        const QList<EvidenceSuggestion> s = suggestEvidence(findings, criteria, review);
        QSet<QString> seen;
        for (const EvidenceSuggestion& e : s) {
            QVERIFY2(findingOrigin(e.findingId) == FindingOrigin::Implementation, qPrintable(e.findingId));
            QVERIFY2(!seen.contains(e.criterion + e.findingId), "one suggestion per kind and criterion");
            seen.insert(e.criterion + e.findingId);
            QCOMPARE(e.count, 3);
        }
        QVERIFY(!s.isEmpty());
        // Ignoring the kind drops it for that criterion, however many cases raised it.
        const QSet<QString> ignored { s.first().criterion + u'|' + s.first().findingId };
        for (const EvidenceSuggestion& e : suggestEvidence(findings, criteria, review, ignored))
            QVERIFY(!(e.criterion == s.first().criterion && e.findingId == s.first().findingId));
    }

    void consoleKeepsLinesWhole()
    {
        Session session;
        ConsolePane console(&session);
        console.appendOutput(QStringLiteral("cand"), QStringLiteral("first ha"), false);
        QVERIFY(!console.toPlainText().contains(u"first"));
        console.appendOutput(QStringLiteral("cand"), QStringLiteral("lf\nsecond\npartial"), false);
        QVERIFY(console.toPlainText().contains(u"cand | first half"));
        QVERIFY(console.toPlainText().contains(u"cand | second"));
        QVERIFY(!console.toPlainText().contains(u"partial"));
        console.flushOutput();
        QVERIFY(console.toPlainText().contains(u"cand | partial"));
        QVERIFY(ConsolePane::isErrorLine(QStringLiteral("candidate.cpp:3:5: error: expected ';'")));
        QVERIFY(ConsolePane::isErrorLine(QStringLiteral("Traceback (most recent call last):")));
        QVERIFY(!ConsolePane::isErrorLine(QStringLiteral("building runner with g++ -O2")));
        // One log per task: another task starts empty, coming back shows the first one's lines.
        console.showTask(QStringLiteral("/tasks/a"));
        const QString a = console.toPlainText();
        console.showTask(QStringLiteral("/tasks/b"));
        QVERIFY(console.toPlainText().isEmpty());
        console.appendLine(QStringLiteral("only in b"));
        console.showTask(QStringLiteral("/tasks/a"));
        QCOMPARE(console.toPlainText(), a);
    }

    void keyboardOnlyReview()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the cpp runner cannot be built");
        m_window = std::make_unique<MainWindow>(MainWindow::Options { false });
        MainWindow& window = *m_window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto* panel = window.findChild<RubricPanel*>(QStringLiteral("rubricPanel"));
        QVERIFY(panel);

        // Open (Ctrl+O): type the folder into the dialog and press Enter.
        QTimer::singleShot(300, [] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            if (name) {
                name->setFocus();
                name->selectAll();
                QTest::keyClicks(name, kTask);
                QTest::keyClick(name, Qt::Key_Return);
            }
            if (dialog->isVisible())
                QMetaObject::invokeMethod(dialog, "accept");
        });
        QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->task() != nullptr, 10000);
        window.activateWindow(); // the dialog has closed: the window's shortcuts again
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QCOMPARE(window.session()->task()->id, QStringLiteral("rmsnorm-f32-unrolled"));
        QTRY_VERIFY(panel->reviewSession()->hasReview());
        QCOMPARE(panel->reviewSession()->review().reviewer, QStringLiteral("Ada Reviewer"));

        // Run (Ctrl+R), then compile (Ctrl+B).
        QSignalSpy ran(window.runController(), &RunController::finished);
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(ran.wait(240000));
        m_run = ran.first().at(0).value<std::shared_ptr<const RunResult>>();
        auto* compiler = window.findChild<CompileController*>(QStringLiteral("compileController"));
        QSignalSpy compiled(compiler, &CompileController::finished);
        QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
        QVERIFY(compiled.wait(240000));
        QTRY_VERIFY(panel->reviewSession()->reports().size() >= 2);

        // Score every criterion: Alt+7 focuses the first; a digit scores; Enter opens the comment; Tab moves on.
        QTest::keyClick(&window, Qt::Key_7, Qt::AltModifier);
        const QList<const Criterion*> criteria = panel->reviewSession()->criteria();
        QVERIFY(!criteria.isEmpty());
        for (qsizetype i = 0; i < criteria.size(); ++i) {
            CriterionWidget* cw = panel->criterionWidget(criteria[i]->id);
            QVERIFY2(cw->scale()->hasFocus(),
                qPrintable(criteria[i]->id + QStringLiteral(" does not have the focus, ") + describe(focused())));
            if (i == 0) {
                // E opens the Cite menu; Down and Enter cite the first entry.
                QTimer::singleShot(300, [] {
                    QWidget* menu = QApplication::activePopupWidget();
                    if (!menu)
                        return;
                    QTest::keyClick(menu, Qt::Key_Down);
                    QTest::keyClick(menu, Qt::Key_Return);
                });
                key(Qt::Key_E);
                QTRY_COMPARE(panel->reviewSession()->review().scores.value(criteria[i]->id).evidence.size(), 1);
            }
            if (i % 4 == 3) {
                key(Qt::Key_N); // N/A moves to the comment for its reason
                QVERIFY(cw->commentEdit()->hasFocus());
                type(QStringLiteral("not verifiable here: no GPU"));
            } else {
                key(Qt::Key_2);
                key(Qt::Key_Return);
                QVERIFY(cw->commentEdit()->hasFocus());
                type(QStringLiteral("The tail rows are wrong: the unrolled loop skips the last D % 8 elements."));
            }
            key(Qt::Key_Tab);
            const Score s = panel->reviewSession()->review().scores.value(criteria[i]->id);
            QVERIFY(s.scored());
            QVERIFY(!s.comment.isEmpty());
        }
        // Verdict (digit = position), summary, confidence.
        auto* overall = panel->overall();
        QVERIFY2(overall->verdictRow()->hasFocus(), qPrintable(describe(focused())));
        key(Qt::Key_3);
        QCOMPARE(panel->reviewSession()->review().verdict, QStringLiteral("major"));
        key(Qt::Key_Tab);
        QVERIFY(overall->summaryEdit()->hasFocus());
        type(QStringLiteral("Correct only when D is a multiple of 8; fix the tail loop."));
        key(Qt::Key_Tab);
        QVERIFY(overall->confidence()->hasFocus());
        key(Qt::Key_3);
        QCOMPARE(panel->reviewSession()->review().confidence, std::optional<int>(3));

        shot(&window, QStringLiteral("screenshot-keyboard-review"));
        // Submit (Ctrl+Enter).
        QTRY_VERIFY2(panel->submitButton()->isEnabled(),
            qPrintable(panel->findChild<QLabel*>(QStringLiteral("reviewChecks"))->text()));
        QSignalSpy submitted(panel->reviewSession(), &ReviewSession::submitted);
        key(Qt::Key_Return, Qt::ControlModifier);
        QTRY_COMPARE(submitted.size(), 1);

        // Export (Ctrl+Shift+E): the dialog opens on the keyboard, Enter exports, it says what it wrote.
        QTest::keyClick(&window, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        ExportDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<ExportDialog*>(QStringLiteral("exportDialog"))) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        dialog->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        const QString out = m_dir.filePath(QStringLiteral("exported.json"));
        dialog->outputEdit()->setFocus();
        dialog->outputEdit()->selectAll();
        QTest::keyClicks(dialog->outputEdit(), out);
        QVERIFY(!dialog->configBox()->isEnabled()); // Label Studio's fields do not apply to JSON
        QVERIFY(!dialog->wideBox()->isEnabled());
        QTest::keyClick(dialog->outputEdit(), Qt::Key_Return);
        QTRY_VERIFY2(QFile::exists(out),
            qPrintable(dialog->lastMessage() + u'|' + dialog->outputEdit()->text() + u'|' + describe(focused()) + u'|'
                + describe(QApplication::activeModalWidget()) + u'|' + describe(QApplication::activeWindow())));
        shot(dialog, QStringLiteral("screenshot-export"));
        QVERIFY2(dialog->lastMessage().contains(u"Wrote 1 review"), qPrintable(dialog->lastMessage()));
        QVERIFY(dialog->lastMessage().contains(out));
        QCOMPARE(QSettings().value(QStringLiteral("export/folder")).toString(), m_dir.path());
        key(Qt::Key_Escape);
        QTRY_VERIFY(!window.findChild<ExportDialog*>(QStringLiteral("exportDialog")));
    }

    void layoutAtEverySize_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1600x900") << QSize(1600, 900);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
        QTest::newRow("2560x1440") << QSize(2560, 1440);
    }

    void layoutAtEverySize()
    {
        QFETCH(QSize, size);
        if (!m_window)
            QSKIP("the keyboard review did not leave its window (g++ missing?)");
        m_window->resize(size);
        m_window->actions().resetLayout->trigger();
        for (const char* name : { "correctnessDock", "consoleDock" }) {
            m_window->dock(QLatin1StringView(name))->raise();
            QTest::qWait(50);
            const QStringList problems = layoutProblems(*m_window, size);
            QVERIFY2(problems.isEmpty(),
                qPrintable(QString::fromLatin1(name) + QStringLiteral(": ") + problems.join(u'\n')));
        }
        m_window->dock(QStringLiteral("correctnessDock"))->raise();
        shot(m_window.get(), QStringLiteral("screenshot-review-%1x%2").arg(size.width()).arg(size.height()));
        if (size.width() == 1920) {
            auto* details = m_window->findChild<QTabWidget*>(QStringLiteral("correctnessDetails"));
            QVERIFY(details);
            // The plots as a reviewer reads them: the pane floated out at a comfortable size, then docked again.
            QDockWidget* correctness = m_window->dock(QStringLiteral("correctnessDock"));
            correctness->setFloating(true);
            correctness->resize(1200, 640);
            for (int tab : { 1, 2 }) {
                details->setCurrentIndex(tab);
                QTest::qWait(50);
                shot(correctness,
                    tab == 1 ? QStringLiteral("screenshot-histogram") : QStringLiteral("screenshot-mismatch-map"));
            }
            correctness->setFloating(false);
            details->setCurrentIndex(0);
            shot(m_window->dock(QStringLiteral("rubricDock")), QStringLiteral("screenshot-suggestions"));
            m_window->dock(QStringLiteral("consoleDock"))->raise();
            shot(m_window->dock(QStringLiteral("consoleDock")), QStringLiteral("screenshot-console"));
            m_window->dock(QStringLiteral("correctnessDock"))->raise();
        }
        // Long texts wrap or elide: a long status line does not widen the Rubric dock.
        const int rubricWidth = m_window->dock(QStringLiteral("rubricDock"))->width();
        auto* saveState = m_window->findChild<QLabel*>(QStringLiteral("saveState"));
        QVERIFY(saveState);
        const QString status = saveState->text();
        saveState->setText(QString(400, u'x'));
        QTest::qWait(50);
        QCOMPARE(m_window->dock(QStringLiteral("rubricDock"))->width(), rubricWidth);
        QCOMPARE(m_window->size(), size);
        saveState->setText(status); // the next size's screenshot shows the real status
    }

    void incorrectCandidateIsInvalidNotFast()
    {
        QVERIFY(m_window && m_run);
        // The run above failed the candidate on its tail cases: the results say so per implementation.
        const QString summary = m_window->findChild<QLabel*>(QStringLiteral("runSummary"))->text();
        QVERIFY2(summary.contains(u"failed") && summary.contains(u" of "), qPrintable(summary));
        QVERIFY2(summary.contains(u"reference"), qPrintable(summary));
        // A FAST timing of that candidate reads INVALID, in the table and the pane's status and claim lines.
        BenchResult r;
        r.task = *m_window->session()->task();
        ImplBench ref { QStringLiteral("reference"), ImplRole::Reference, QStringLiteral("cpp"), kwb::ImplStatus::Ok,
            {}, {}, {}, {}, {} };
        ImplBench cand = ref;
        cand.id = QStringLiteral("unrolled");
        cand.role = ImplRole::Candidate;
        BenchCase c;
        c.name = QStringLiteral("aligned");
        // Timings as a bench of this task gives them on a CPU (the reference ~0.55 ms, the candidate 1.6x faster).
        const auto timings = [](double centre) {
            std::vector<double> v;
            for (int i = 0; i < 400; ++i)
                v.push_back(centre * (1 + 0.02 * ((i * 7) % 11 - 5) / 5.0));
            return v;
        };
        ref.cases[QStringLiteral("aligned")].samplesNs = timings(550e3);
        cand.cases[QStringLiteral("aligned")].samplesNs = timings(550e3 / 1.6);
        r.impls = { ref, cand };
        r.provenance = { { QStringLiteral("host"), QStringLiteral("review-host") },
            { QStringLiteral("cpu"), QStringLiteral("x86-64, 2 CPUs") },
            { QStringLiteral("os"), QStringLiteral("Debian 12") },
            { QStringLiteral("input_seed"), QStringLiteral("7") },
            { QStringLiteral("bootstrap"),
                QJsonObject {
                    { QStringLiteral("seed"), QStringLiteral("7") }, { QStringLiteral("resamples"), 2000 } } },
            { QStringLiteral("budget_s"), 2.0 }, { QStringLiteral("rounds"), 8 }, { QStringLiteral("warmup_ms"), 50.0 },
            { QStringLiteral("flush"), QStringLiteral("2x LLC") }, { QStringLiteral("sandbox"), true } };
        ImplCaseResult refCase {};
        refCase.id = QStringLiteral("reference");
        refCase.stats = summarize(timings(550e3));
        c.reference = refCase;
        ImplCaseResult fast {};
        fast.id = QStringLiteral("unrolled");
        fast.stats = summarize(timings(550e3 / 1.6));
        fast.speedup = Speedup { 1.6, 1.5, 1.7, 8 };
        fast.verdict = Verdict::Fast;
        c.candidates = { fast };
        r.cases = { c };
        auto view = std::make_shared<BenchView>();
        view->result = std::make_shared<const BenchResult>(r);
        PerformancePane pane;
        pane.showView(view);
        const int candRow = 1;
        QCOMPARE(pane.tableModel()->data(pane.tableModel()->index(candRow, BenchTableModel::Verdict)).toString(),
            QStringLiteral("FAST"));
        QVERIFY2(pane.claimText().contains(u"3.10") && pane.claimText().contains(u"below the claim"),
            qPrintable(pane.claimText()));
        pane.setIncorrect(failedCandidates(*lastRun()));
        QCOMPARE(pane.tableModel()->data(pane.tableModel()->index(candRow, BenchTableModel::Verdict)).toString(),
            QStringLiteral("INVALID"));
        QVERIFY2(!pane.statusText().contains(u"FAST"), qPrintable(pane.statusText()));
        QVERIFY(pane.statusText().contains(u"INVALID"));
        QVERIFY(pane.claimText().contains(u"INVALID"));
        pane.resize(1100, 420);
        shot(&pane, QStringLiteral("screenshot-invalid-claim"));
    }

    void editorWrapAndZoom()
    {
        MainWindow window(MainWindow::Options { false });
        QVERIFY(window.openPath(kTask).ok());
        CodeEditor* e = window.sourceView()->rightEditor();
        window.actions().wordWrap->setChecked(true);
        QCOMPARE(e->wrapMode(), QsciScintilla::WrapWord);
        window.sourceView()->setDiffMode(true); // aligned views never wrap
        QCOMPARE(e->wrapMode(), QsciScintilla::WrapNone);
        window.sourceView()->setDiffMode(false);
        QCOMPARE(e->wrapMode(), QsciScintilla::WrapWord);
        const int before = e->zoomLevel();
        window.actions().zoomIn->trigger();
        window.actions().zoomIn->trigger();
        QCOMPARE(e->zoomLevel(), before + 2);
        QCOMPARE(window.sourceView()->leftEditor()->zoomLevel(), before + 2);
        window.actions().zoomOut->trigger();
        QCOMPARE(e->zoomLevel(), before + 1);
        window.actions().zoomReset->trigger();
        QCOMPARE(e->zoomLevel(), 0);
        for (int i = 0; i < 40; ++i)
            window.actions().zoomIn->trigger();
        QCOMPARE(e->zoomLevel(), CodeEditor::kMaxZoom);
    }
};

KWB_UI_TEST_MAIN(TestReviewDay)
#include "tst_reviewday.moc"

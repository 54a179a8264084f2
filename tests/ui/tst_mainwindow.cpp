// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The review window end to end, offscreen: open ▸ editors hold the files; activate a finding ▸ the
// cursor is on its line; diff mode aligns and marks; next/previous task; a broken bundle is listed.
#include "samplebundle.h"
#include "tests/helpers/testpaths.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/diffcontroller.h"
#include "ui/panes/findingsmodel.h"
#include "ui/panes/sourceview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>

using namespace kwb;
using namespace kwb::ui;

namespace {

QString editorText(const CodeEditor* e)
{
    QString t = e->text();
    if (t.endsWith(u'\n'))
        t.chop(1);
    return t;
}

// The display text of an editor as lines (diff mode: with filler lines as empty strings).
QStringList displayLines(const CodeEditor* e)
{
    return e->text().split(u'\n');
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_root;

    template <typename T> static T* child(QWidget* w, const char* name)
    {
        T* c = w->findChild<T*>(QLatin1StringView(name));
        if (!c)
            qWarning("no child %s", name);
        return c;
    }

    static Finding marker(const QString& file, int line)
    {
        Finding f;
        f.id = QStringLiteral("test.marker");
        f.severity = Severity::Warning;
        f.message = QStringLiteral("look at this line");
        f.file = file;
        f.line = line;
        return f;
    }

    // Selects the findings row whose location is `location` and presses Enter on it.
    static bool activateFinding(MainWindow& w, const QString& location)
    {
        auto* view = child<QTableView>(&w, "findingsView");
        auto* model = qobject_cast<FindingsModel*>(view->model());
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex index = model->index(r, FindingsModel::LocationColumn);
            if (model->data(index).toString() == location) {
                view->setFocus();
                view->setCurrentIndex(index);
                QTest::keyClick(view, Qt::Key_Return);
                return true;
            }
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.filePath(QStringLiteral("tasks"));
        QVERIFY(test::writeBundle(m_root + QStringLiteral("/a-scale"), QStringLiteral("scale-a")));
        QVERIFY(test::writeBundle(m_root + QStringLiteral("/b-scale"), QStringLiteral("scale-b")));
        QVERIFY(test::writeBrokenBundle(m_root + QStringLiteral("/c-broken")));
    }

    void openShowsFiles()
    {
        MainWindow w(MainWindow::Options { false });
        w.resize(1400, 900);
        w.show();
        QSignalSpy opened(w.session(), &Session::taskOpened);
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        QCOMPARE(opened.count(), 1);
        auto* left = child<CodeEditor>(&w, "leftEditor");
        auto* right = child<CodeEditor>(&w, "rightEditor");
        QCOMPARE(left->fileName(), QStringLiteral("reference.cpp"));
        QCOMPARE(right->fileName(), QStringLiteral("candidate.cu"));
        QCOMPARE(editorText(left), test::referenceLines().join(u'\n'));
        QCOMPARE(editorText(right), test::candidateLines().join(u'\n'));
        QCOMPARE(int(left->language()), int(Language::Cpp));
        QCOMPARE(int(right->language()), int(Language::Cuda));
        QVERIFY(left->isReadOnly() && right->isReadOnly());
        auto* spec = child<QTextBrowser>(&w, "specView");
        QVERIFY(spec->toPlainText().contains(u"Compute y = 2 x"));
        QVERIFY(spec->toPlainText().contains(u"Scale a vector, float32"));
        QVERIFY(w.windowTitle().contains(u"scale-a"));
        // The findings pane says what it holds, lint findings included.
        const auto* summary = child<QLabel>(&w, "findingsSummary");
        const FindingCounts counts = countFindings(w.session()->findings());
        QVERIFY(summary->text().contains(
            w.session()->findings().isEmpty() ? QStringLiteral("No findings") : countsText(counts)));
    }

    void candidateSelector()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        auto* combo = child<QComboBox>(&w, "candidateSelector");
        auto* right = child<CodeEditor>(&w, "rightEditor");
        QSignalSpy changed(w.session(), &Session::candidateChanged);
        combo->setCurrentIndex(combo->findData(QStringLiteral("alt.cu")));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(w.session()->candidate(), QStringLiteral("alt"));
        QCOMPARE(editorText(right), test::altLines().join(u'\n'));
        // Alt+Left/Right step through the candidates, wrapping.
        w.actions().nextCandidate->trigger();
        QCOMPARE(w.session()->candidate(), QStringLiteral("cand"));
        QCOMPARE(right->fileName(), QStringLiteral("candidate.cu"));
        QCOMPARE(combo->currentData().toString(), QStringLiteral("candidate.cu"));
    }

    void activateFindingMovesCursor_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("editor");
        QTest::newRow("candidate (right)") << "candidate.cu" << 6 << "rightEditor";
        QTest::newRow("reference (left)") << "reference.cpp" << 5 << "leftEditor";
        QTest::newRow("manifest opens task.json") << "task.json" << 9 << "leftEditor";
        QTest::newRow("spec source") << "spec.md" << 3 << "leftEditor";
    }

    void activateFindingMovesCursor()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, editor);
        MainWindow w(MainWindow::Options { false });
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        w.session()->addFindings({ marker(file, line) });
        QVERIFY(activateFinding(w, QStringLiteral("%1:%2").arg(file).arg(line)));
        auto* e = child<CodeEditor>(&w, editor.toLatin1().constData());
        QCOMPARE(e->fileName(), file);
        QCOMPARE(e->currentSourceLine(), line);
        // The finding is marked in the margin, with its message under the line.
        QVERIFY(e->hasMarker(line - 1, CodeEditor::WarningMarker));
        QVERIFY(e->annotation(line - 1).contains(u"look at this line"));
    }

    void nextFindingKey()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        const qsizetype lintCount = w.session()->findings().size();
        w.session()->addFindings({ marker(QStringLiteral("candidate.cu"), 2) });
        auto* right = child<CodeEditor>(&w, "rightEditor");
        // F8 walks every finding; the test marker is among them and moves the cursor when reached.
        bool reached = false;
        for (qsizetype i = 0; i <= lintCount; ++i) {
            w.actions().nextFinding->trigger();
            reached = reached || (right->fileName() == u"candidate.cu" && right->currentSourceLine() == 2);
        }
        QVERIFY(reached);
    }

    void diffModeAligns()
    {
        MainWindow w(MainWindow::Options { false });
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        auto* left = child<CodeEditor>(&w, "leftEditor");
        auto* right = child<CodeEditor>(&w, "rightEditor");
        w.actions().toggleDiff->trigger(); // Ctrl+D
        QVERIFY(w.sourceView()->isDiffMode());
        QVERIFY(left->isAligned() && right->isAligned());

        // Reference 7 lines, candidate 8: line 1 changed, one line inserted after line 4.
        const QStringList l = displayLines(left);
        const QStringList r = displayLines(right);
        QCOMPARE(left->lines(), 8);
        QCOMPARE(right->lines(), 8);
        QCOMPARE(l.at(4), QString()); // filler opposite the insertion
        QCOMPARE(r.at(4), QStringLiteral("    #pragma unroll 4"));
        QVERIFY(left->hasMarker(4, CodeEditor::FillerMarker));
        QVERIFY(right->hasMarker(4, CodeEditor::AddedMarker));
        QVERIFY(left->hasMarker(0, CodeEditor::ChangedMarker));
        QVERIFY(right->hasMarker(0, CodeEditor::ChangedMarker));
        for (int row : { 1, 2, 3, 5, 6, 7 }) {
            QCOMPARE(l.at(row), r.at(row)); // equal lines sit side by side
            QVERIFY(!left->hasMarker(row, CodeEditor::ChangedMarker));
        }
        // The margin shows file line numbers: display row 5 is reference line 5.
        QCOMPARE(left->sourceLine(5), 5);
        QCOMPARE(right->sourceLine(5), 6);
        QCOMPARE(w.sourceView()->diffController()->changeCount(), 2);

        // Next change walks the hunks (F7), wrapping.
        left->setCursorPosition(0, 0);
        w.actions().nextChange->trigger();
        int line = 0, index = 0;
        left->getCursorPosition(&line, &index);
        QCOMPARE(line, 4);
        w.actions().nextChange->trigger();
        left->getCursorPosition(&line, &index);
        QCOMPARE(line, 0);
        w.actions().previousChange->trigger();
        left->getCursorPosition(&line, &index);
        QCOMPARE(line, 4);

        // Toggling back restores the plain files.
        w.actions().toggleDiff->trigger();
        QVERIFY(!left->isAligned());
        QCOMPARE(editorText(left), test::referenceLines().join(u'\n'));
    }

    void diffCandidateAgainstCandidate()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        w.sourceView()->setDiffMode(true);
        QVERIFY(w.session()->setBaseline(QStringLiteral("cand")));
        QVERIFY(w.session()->setCandidate(QStringLiteral("alt")));
        auto* left = child<CodeEditor>(&w, "leftEditor");
        auto* right = child<CodeEditor>(&w, "rightEditor");
        QCOMPARE(left->fileName(), QStringLiteral("candidate.cu"));
        QCOMPARE(right->fileName(), QStringLiteral("alt.cu"));
        QVERIFY(left->isAligned());
        QCOMPARE(left->lines(), right->lines());
        // Candidate line 7 and alt line 6 differ: "2.0f * x[i]" against "x[i] + x[i]".
        const int row = left->displayLine(7);
        QCOMPARE(right->sourceLine(row), 6);
        QVERIFY(left->hasMarker(row, CodeEditor::ChangedMarker));
        QVERIFY(right->hasMarker(row, CodeEditor::ChangedMarker));
    }

    void diffScrollsTogether()
    {
        const QString big = m_dir.filePath(QStringLiteral("big"));
        QVERIFY(test::writeBundle(big, QStringLiteral("big")));
        {
            QFile f(big + QStringLiteral("/alt.cu"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            for (int i = 0; i < 400; ++i)
                f.write(QByteArray("int v") + QByteArray::number(i) + " = " + QByteArray::number(i % 7) + ";\n");
        }
        MainWindow w(MainWindow::Options { false });
        w.resize(1200, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openPath(big).ok());
        QVERIFY(w.session()->setBaseline(QStringLiteral("alt")));
        QVERIFY(w.session()->setCandidate(QStringLiteral("alt")));
        w.sourceView()->setDiffMode(true);
        auto* left = child<CodeEditor>(&w, "leftEditor");
        auto* right = child<CodeEditor>(&w, "rightEditor");
        QTest::qWait(20); // let the editors lay out their scroll bars
        left->setFirstVisibleLine(120);
        QTRY_COMPARE_WITH_TIMEOUT(right->firstVisibleLine(), 120, 2000);
        right->setFirstVisibleLine(30);
        QTRY_COMPARE_WITH_TIMEOUT(left->firstVisibleLine(), 30, 2000);
        // Out of diff mode the two scroll on their own.
        w.sourceView()->setDiffMode(false);
        QTest::qWait(20);
        const int rightLine = right->firstVisibleLine();
        left->setFirstVisibleLine(200);
        QTest::qWait(50);
        QCOMPARE(left->firstVisibleLine(), 200);
        QCOMPARE(right->firstVisibleLine(), rightLine);
    }

    void nextPreviousTask()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(m_root).ok());
        Session* s = w.session();
        QCOMPARE(s->bundles().size(), 3);
        QCOMPARE(s->currentIndex(), 0);
        auto* list = child<QTreeView>(&w, "taskListView");
        QCOMPARE(list->model()->rowCount(), 3);
        QCOMPARE(list->currentIndex().row(), 0);
        w.actions().nextTask->trigger();
        QCOMPARE(s->currentIndex(), 1);
        QCOMPARE(s->task()->id, QStringLiteral("scale-b"));
        QCOMPARE(list->currentIndex().row(), 1);
        QVERIFY(w.windowTitle().contains(u"scale-b"));
        w.actions().previousTask->trigger();
        QCOMPARE(s->currentIndex(), 0);
        w.actions().previousTask->trigger(); // stays at the first
        QCOMPARE(s->currentIndex(), 0);
        // Selecting in the list opens the task.
        list->setCurrentIndex(list->model()->index(1, 0));
        QCOMPARE(s->currentIndex(), 1);
    }

    void brokenBundleListed()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(m_root).ok());
        QVERIFY(w.session()->selectTask(2));
        QVERIFY(w.session()->task() == nullptr);
        QVERIFY(!w.session()->currentReport()->loaded);
        QVERIFY(!w.session()->findings().isEmpty());
        QCOMPARE(w.session()->findings().first().id, QStringLiteral("scope.invalid-manifest"));
        QCOMPARE(child<CodeEditor>(&w, "leftEditor")->text(), QString());
        QVERIFY(child<QTextBrowser>(&w, "specView")->toPlainText().contains(u"does not load"));
        auto* list = child<QTreeView>(&w, "taskListView");
        QCOMPARE(list->model()->data(list->model()->index(2, 1)).toString(), QStringLiteral("invalid"));
    }

    void badPathKeepsState()
    {
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
        const Status s = w.openPath(m_dir.filePath(QStringLiteral("nowhere")));
        QVERIFY(!s.ok());
        QVERIFY(s.error().oneLine().contains(u"nowhere"));
        QCOMPARE(w.session()->task()->id, QStringLiteral("scale-a"));
        const Status empty = w.openPath(m_dir.path() + QStringLiteral("/tasks/a-scale/spec.md"));
        QVERIFY(empty.ok()); // a file of a bundle opens its bundle
    }

    void layoutIsDockable()
    {
        MainWindow w(MainWindow::Options { false });
        for (const char* name : { "taskListDock", "findingsDock", "consoleDock", "correctnessDock", "compileDock",
                 "performanceDock", "rubricDock" }) {
            QDockWidget* d = w.dock(QLatin1StringView(name));
            QVERIFY2(d, name);
            QVERIFY(d->features() & QDockWidget::DockWidgetMovable);
        }
        QCOMPARE(w.dockWidgetArea(w.dock(QStringLiteral("rubricDock"))), Qt::RightDockWidgetArea);
        QCOMPARE(w.dockWidgetArea(w.dock(QStringLiteral("consoleDock"))), Qt::BottomDockWidgetArea);
        QCOMPARE(w.tabifiedDockWidgets(w.dock(QStringLiteral("consoleDock"))).size(), 3);
        // State round-trips: what a restart restores.
        const QByteArray state = w.saveState(1);
        QVERIFY(w.restoreState(state, 1));
        // Every action with a shortcut is listed; focus shortcuts reach their panes.
        QVERIFY(w.actions().all().size() >= 20);
        QCOMPARE(w.actions().toggleDiff->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_D));
        QCOMPARE(w.actions().nextFinding->shortcut(), QKeySequence(Qt::Key_F8));
    }

    void recentFolders()
    {
        QSettings().remove(QStringLiteral("recent/paths"));
        {
            MainWindow w; // persistent: remembers what was opened
            QVERIFY(w.openPath(m_root + QStringLiteral("/a-scale")).ok());
            QVERIFY(w.openPath(m_root).ok());
        }
        const QStringList recent = QSettings().value(QStringLiteral("recent/paths")).toStringList();
        QCOMPARE(recent.size(), 2);
        QCOMPARE(recent.first(), QDir::cleanPath(m_root));
        auto* menu = MainWindow().findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(menu);
        QSettings().remove(QStringLiteral("recent/paths"));
    }

    void shortcutsReachWindowFromEditor()
    {
        // QScintilla binds Ctrl+D itself; the editor must let the window's shortcut through.
        MainWindow w(MainWindow::Options { false });
        w.show();
        w.activateWindow();
        if (!QTest::qWaitForWindowActive(&w))
            QSKIP("the platform did not activate the window (shortcuts need an active window)");
        QVERIFY(w.openPath(m_root).ok());
        auto* right = child<CodeEditor>(&w, "rightEditor");
        right->setFocus();
        QTest::keyClick(right, Qt::Key_D, Qt::ControlModifier);
        QVERIFY(w.sourceView()->isDiffMode());
        QTest::keyClick(right, Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(w.session()->currentIndex(), 1);
        QTest::keyClick(right, Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(w.session()->currentIndex(), 0);
    }

    void bundledTasksSmoke()
    {
        const QString tasks = KWB_TASKS_DIR;
        if (!QDir(tasks).exists() || QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty())
            QSKIP("no bundled tasks");
        MainWindow w(MainWindow::Options { false });
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openPath(tasks).ok());
        Session* s = w.session();
        QVERIFY(s->bundles().size() >= 1);
        for (int i = 0; i < s->bundles().size(); ++i) {
            QVERIFY(s->selectTask(i));
            const LintReport* r = s->currentReport();
            QVERIFY2(r->loaded, qPrintable(r->path + QStringLiteral(": ") + r->loadError));
            QVERIFY2(!child<CodeEditor>(&w, "leftEditor")->text().isEmpty(), qPrintable(r->path));
            w.sourceView()->setDiffMode(i % 2 == 1);
        }
    }
};

KWB_UI_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"

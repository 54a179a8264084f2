// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compile (Ctrl+B) from the window: a candidate with a type error gets its diagnostic in the table and on its
// line in the editor (margin marker, squiggle, annotation), ▸ opens the line, the kernels and disassembly of the
// bundled CUDA task, and Stop ends a compile that would never finish.
#include "core/compile/compiler.h"
#include "core/env/toolprobe.h"
#include "scaletask.h"
#include "tests/helpers/testpaths.h"
#include "ui/compile/compilecontroller.h"
#include "ui/compile/compilepane.h"
#include "ui/compile/diagnosticsmodel.h"
#include "ui/compile/disassemblyview.h"
#include "ui/compile/kernelresourcesmodel.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/sourceview.h"
#include "ui/window/actions.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"
#include "uitest.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>

using namespace kwb;
using namespace kwb::ui;

namespace {
// A cpp task whose candidate assigns a const pointer to a non-const one on line 4 (column 16).
void writeCppTask(const QString& dir)
{
    writeScaleTask(dir,
        "#include <cstdint>\nextern \"C\" void scale(const float* x, float* y, int64_t n)\n{\n    float* in = x;\n"
        "    for (int64_t i = 0; i < n; ++i)\n        y[i] = 2 * in[i];\n}\n",
        QStringLiteral("scale-typo"), QStringLiteral("typo"));
}

// A python task whose candidate never finishes importing: only Stop ends its compile.
void writeHangingTask(const QString& dir)
{
    QDir().mkpath(dir);
    writeTestFile(dir + QStringLiteral("/reference.py"), "def scale(x, N):\n    return 2 * x\n");
    writeTestFile(dir + QStringLiteral("/candidate.py"), "import time\nwhile True:\n    time.sleep(0.05)\n");
    writeTestFile(dir + QStringLiteral("/task.json"), R"({
  "format": "kwb.task/1", "id": "scale-hang", "title": "Scale", "kind": "generation",
  "target": {"framework": "numpy", "hardware": "H100", "arch": "sm_90"},
  "dims": {"N": "elements"},
  "inputs": [{"name": "x", "dtype": "float32", "shape": ["N"], "init": {"dist": "normal", "mean": 0, "std": 1}}],
  "outputs": [{"name": "y", "dtype": "float32", "shape": ["N"]}],
  "cases": [{"name": "tail", "dims": {"N": 1000}}],
  "tolerance": {"rtol": 1e-6, "atol": 1e-6},
  "reference": {"backend": "python", "framework": "numpy", "source": "reference.py", "entry": "scale", "args": ["x", "N"]},
  "candidates": [{"id": "hang", "backend": "python", "framework": "numpy", "source": "candidate.py", "entry": "scale", "args": ["x", "N"]}]
})");
}

CompileController* controller(MainWindow& w)
{
    return w.findChild<CompileController*>(QStringLiteral("compileController"));
}

CompilePane* pane(MainWindow& w)
{
    return w.findChild<CompilePane*>(QStringLiteral("compilePane"));
}

// The row of the diagnostics table at `file:line`, or -1.
int rowAt(const DiagnosticsModel* m, const QString& file, int line)
{
    for (int r = 0; r < m->rowCount(); ++r) {
        const auto* row = m->row(m->index(r, 0));
        if (row->diagnostic.file == file && row->diagnostic.line == line)
            return r;
    }
    return -1;
}

// Compiles with Ctrl+B and waits for the result.
bool compileWithShortcut(MainWindow& w, int timeoutMs)
{
    QSignalSpy done(controller(w), &CompileController::finished);
    QSignalSpy failed(controller(w), &CompileController::failed);
    w.activateWindow();
    if (QTest::qWaitForWindowActive(&w)) {
        // From the candidate's editor (QScintilla must let the window's Ctrl+B through).
        w.sourceView()->rightEditor()->setFocus();
        QTest::keyClick(w.sourceView()->rightEditor(), Qt::Key_B, Qt::ControlModifier);
    } else {
        qWarning("the platform did not activate the window: triggering Compile without its shortcut");
        w.actions().compile->trigger();
    }
    if (!controller(w)->isRunning())
        return false;
    QElapsedTimer t;
    t.start();
    while (done.isEmpty() && failed.isEmpty() && t.elapsed() < timeoutMs)
        done.wait(200);
    if (!failed.isEmpty())
        qWarning("compile failed: %s", qPrintable(failed.first().first().toString()));
    return !done.isEmpty();
}
} // namespace

class TestCompileWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // CodeEditor::setDiagnostics on its own: the symbol, the squiggle's extent, the annotation, other files ignored.
    void editorDiagnostics_data()
    {
        QTest::addColumn<QString>("severity");
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("squiggleFrom"); // 0-based index of the first underlined character, -1: none
        QTest::addColumn<int>("squiggleTo"); // one past the last
        QTest::addColumn<int>("marker");
        QTest::newRow("error at a column: the word")
            << "error" << 12 << 11 << 16 << int(CodeEditor::DiagnosticErrorMarker);
        QTest::newRow("error without a column: the code")
            << "error" << 0 << 4 << 21 << int(CodeEditor::DiagnosticErrorMarker);
        QTest::newRow("warning") << "warning" << 5 << 4 << 10 << int(CodeEditor::DiagnosticWarningMarker);
        QTest::newRow("note: symbol only") << "note" << 5 << -1 << -1 << int(CodeEditor::DiagnosticNoteMarker);
    }

    void editorDiagnostics()
    {
        QFETCH(QString, severity);
        QFETCH(int, column);
        QFETCH(int, squiggleFrom);
        QFETCH(int, squiggleTo);
        QFETCH(int, marker);
        CodeEditor e;
        e.setSource(QStringLiteral("k.cu"), QStringLiteral("int f()\n{\n    return value + 1;\n}\n"));
        Diagnostic d { QStringLiteral("k.cu"), 3, column, diagnosticSeverityFromText(severity),
            QStringLiteral("the message"), QStringLiteral("nvcc"), {}, {} };
        Diagnostic other = d;
        other.file = QStringLiteral("other.cu");
        other.line = 1;
        e.setDiagnostics({ d, other });
        QVERIFY(e.hasMarker(2, static_cast<CodeEditor::Marker>(marker)));
        QVERIFY(!e.hasMarker(0, static_cast<CodeEditor::Marker>(marker))); // other.cu:1 is not this file
        QCOMPARE(e.annotation(2), QStringLiteral("%1: the message").arg(severity));
        const bool error = severity == u"error";
        for (int i = 0; i < 22; ++i) {
            const bool expected = i >= squiggleFrom && i < squiggleTo;
            QVERIFY2(e.hasSquiggle(2, i, error) == expected, qPrintable(QString::number(i)));
        }
        // Cleared with an empty list; kept across a new text of the same file.
        e.setSource(QStringLiteral("k.cu"), QStringLiteral("int f()\n{\n    return value + 1;\n}\n"));
        QVERIFY(e.hasMarker(2, static_cast<CodeEditor::Marker>(marker)));
        e.setDiagnostics({});
        QVERIFY(!e.hasMarker(2, static_cast<CodeEditor::Marker>(marker)));
        QVERIFY(e.annotation(2).isEmpty());
    }

    void typeErrorOnItsLine()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed");
        const QString dir = m_dir.filePath(QStringLiteral("typo"));
        writeCppTask(dir);
        MainWindow w(MainWindow::Options { false });
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openPath(dir).ok());
        QVERIFY(w.actions().compile->isEnabled());
        QAbstractItemModelTester tester(pane(w)->diagnostics(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(compileWithShortcut(w, 60000));

        QVERIFY(!w.findChild<QToolButton*>(QStringLiteral("compileStopButton"))->isEnabled());
        QVERIFY(w.findChild<QToolButton*>(QStringLiteral("compileButton"))->isEnabled());
        const DiagnosticsModel* m = pane(w)->diagnostics();
        const int row = rowAt(m, QStringLiteral("candidate.cpp"), 4);
        QVERIFY2(row >= 0, "no diagnostic on candidate.cpp:4");
        const Diagnostic& d = m->row(m->index(row, 0))->diagnostic;
        QCOMPARE(diagnosticSeverityName(d.severity), QStringLiteral("error"));
        QCOMPARE(d.column, 17);
        QVERIFY2(d.message.contains(u"invalid conversion"), qPrintable(d.message));
        QCOMPARE(
            m->data(m->index(row, DiagnosticsModel::LocationColumn)).toString(), QStringLiteral("candidate.cpp:4:17"));

        // The candidate's editor (right) shows it on line 4: marker, squiggle under `x`, annotation.
        CodeEditor* right = w.sourceView()->rightEditor();
        QCOMPARE(right->fileName(), QStringLiteral("candidate.cpp"));
        QVERIFY(right->hasMarker(3, CodeEditor::DiagnosticErrorMarker));
        QVERIFY(!right->hasMarker(2, CodeEditor::DiagnosticErrorMarker));
        QVERIFY(right->hasSquiggle(3, 16));
        QVERIFY(!right->hasSquiggle(3, 4));
        QVERIFY2(right->annotation(3).contains(u"invalid conversion"), qPrintable(right->annotation(3)));
        // The reference compiled cleanly: nothing on its editor.
        CodeEditor* left = w.sourceView()->leftEditor();
        for (int l = 0; l < left->lines(); ++l)
            QVERIFY(!left->hasMarker(l, CodeEditor::DiagnosticErrorMarker));

        // The findings of the compile went to the session.
        bool error = false;
        for (const Finding& f : w.session()->findings())
            error = error || (f.id == u"compile.error" && f.file == u"candidate.cpp" && f.line == 4);
        QVERIFY(error);

        // ▸ opens the line.
        right->setCursorPosition(0, 0);
        auto* table = w.findChild<QTableView*>(QStringLiteral("compileDiagnostics"));
        QVERIFY(table);
        const QModelIndex open = m->index(row, DiagnosticsModel::OpenColumn);
        QCOMPARE(m->data(open).toString(), QStringLiteral("▸"));
        const QRect rect = table->visualRect(open);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(right->currentSourceLine(), 4);

        // The command line and the compiler version are shown.
        auto* command = w.findChild<QLineEdit*>(QStringLiteral("compileCommand"));
        QVERIFY(command->text().contains(u"-Wall -Wextra"));
        QVERIFY(command->text().contains(u"g++"));
        QVERIFY(w.findChild<QLabel*>(QStringLiteral("compilerVersion"))->text().startsWith(u"g++"));
    }

    void cudaBundle()
    {
        if (findNvcc().isEmpty())
            QSKIP("nvcc is not installed");
        MainWindow w(MainWindow::Options { false });
        w.resize(1400, 900);
        w.show();
        QVERIFY(w.openPath(KWB_TASKS_DIR + QStringLiteral("/row-scale-f32-build-error")).ok());
        QVERIFY(w.session()->setCandidate(QStringLiteral("vec4")));
        QAbstractItemModelTester tester(pane(w)->kernels(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(compileWithShortcut(w, 240000));

        QVERIFY(rowAt(pane(w)->diagnostics(), QStringLiteral("candidate_vec4.cu"), 11) >= 0);
        CodeEditor* right = w.sourceView()->rightEditor();
        QCOMPARE(right->fileName(), QStringLiteral("candidate_vec4.cu"));
        QVERIFY(right->hasMarker(10, CodeEditor::DiagnosticErrorMarker));

        // The scalar candidate's kernel, with ptxas's figures and occupancy at its 256-thread block.
        const KernelResourcesModel* k = pane(w)->kernels();
        int scalar = -1;
        for (int r = 0; r < k->rowCount(); ++r) {
            if (k->row(k->index(r, 0))->implId == u"scalar")
                scalar = r;
        }
        QVERIFY(scalar >= 0);
        const KernelResources& kr = k->row(k->index(scalar, 0))->kernel;
        QCOMPARE(kr.name, QStringLiteral("row_scale"));
        QCOMPARE(kr.arch, QStringLiteral("sm_90"));
        QVERIFY(kr.registers > 0);
        QVERIFY(kr.occupancy.has_value());
        QVERIFY(k->data(k->index(scalar, KernelResourcesModel::OccupancyColumn)).toString().contains(u"%"));

        // A click on a source line of the scalar candidate highlights the PTX it made.
        QVERIFY(w.session()->setCandidate(QStringLiteral("scalar")));
        QCOMPARE(right->fileName(), QStringLiteral("candidate_scalar.cu"));
        DisassemblyView* dis = pane(w)->disassembly();
        QVERIFY(!dis->entries().isEmpty());
        right->setCursorPosition(9, 4); // line 10: y[r * C + c] = x[r * C + c] * s[r];
        const auto highlighted = [dis] {
            int n = 0;
            for (int l = 0; l < dis->editor()->lines(); ++l)
                n += dis->editor()->hasMarker(l, CodeEditor::HighlightMarker);
            return n;
        };
        // QScintilla reports the cursor move once it has updated the view.
        QTRY_VERIFY2_WITH_TIMEOUT(highlighted() > 0, "no PTX line highlighted for line 10", 5000);
        // Every highlighted line comes from line 10.
        for (int l = 0; l < dis->editor()->lines(); ++l) {
            if (dis->editor()->hasMarker(l, CodeEditor::HighlightMarker))
                QVERIFY(!dis->editor()->text(l).trimmed().isEmpty());
        }
        QVERIFY(dis->entries().join(u'\n').contains(u"scalar · row_scale · sm_90 · PTX"));
    }

    void stopKillsTheCompile()
    {
        if (runnerPython().isEmpty())
            QSKIP("no python3");
        const QString dir = m_dir.filePath(QStringLiteral("hang"));
        writeHangingTask(dir);
        MainWindow w(MainWindow::Options { false });
        w.show();
        QVERIFY(w.openPath(dir).ok());
        QSignalSpy failed(controller(w), &CompileController::failed);
        QSignalSpy done(controller(w), &CompileController::finished);
        w.actions().compile->trigger();
        QVERIFY(controller(w)->isRunning());
        QTest::qWait(1500); // the reference imports, then the candidate's import hangs
        if (!done.isEmpty())
            QSKIP("the import check did not run (no usable sandbox here), so nothing hung");
        auto* stop = w.findChild<QToolButton*>(QStringLiteral("compileStopButton"));
        QVERIFY(stop && stop->isEnabled());
        QElapsedTimer t;
        t.start();
        QTest::mouseClick(stop, Qt::LeftButton);
        QVERIFY(failed.wait(15000));
        QVERIFY(t.elapsed() < 15000);
        QCOMPARE(failed.first().at(1).toBool(), true);
        QVERIFY(done.isEmpty());
        QVERIFY(!stop->isEnabled());
        auto* summary = w.findChild<QLabel*>(QStringLiteral("compileSummary"));
        QVERIFY2(summary->text().contains(u"stopped"), qPrintable(summary->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!controller(w)->isRunning(), 5000);
    }

    // Opening another task while one compiles: the compile runs on for its own task, its result is kept for that
    // task and never shown on the other; coming back shows it.
    void compileRunsOnForItsTask()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed");
        const QString root = m_dir.filePath(QStringLiteral("two"));
        writeCppTask(root + QStringLiteral("/a-typo"));
        writeHangingTask(root + QStringLiteral("/b-hang"));
        MainWindow w(MainWindow::Options { false });
        QVERIFY(w.openPath(root).ok());
        QVERIFY(w.session()->selectTask(0));
        const QString first = w.session()->task()->id;
        QSignalSpy done(controller(w), &CompileController::finished);
        w.actions().compile->trigger();
        QVERIFY(w.session()->selectTask(1));
        QVERIFY(done.wait(60000)); // not stopped by the switch
        QTest::qWait(50);
        QCOMPARE(pane(w)->diagnostics()->rowCount(), 0);
        QVERIFY(!pane(w)->hasResult());
        QVERIFY2(pane(w)->summaryText().contains(w.session()->task()->id), qPrintable(pane(w)->summaryText()));
        QVERIFY2(!pane(w)->summaryText().contains(first), qPrintable(pane(w)->summaryText()));
        QVERIFY(w.results().find(w.session()->bundles()[0].path)->compile);
        QVERIFY(w.session()->selectTask(0));
        QVERIFY(pane(w)->hasResult());
        QCOMPARE(pane(w)->shownTask(), first);
        QVERIFY(pane(w)->diagnostics()->rowCount() > 0);
    }
};

KWB_UI_TEST_MAIN(TestCompileWindow)
#include "tst_compilewindow.moc"

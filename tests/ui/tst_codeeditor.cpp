// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The one editor class: languages, aligned (diff) display with its line mapping, finding markers.
#include "ui/editor/codeeditor.h"
#include "ui/editor/qsci.h"
#include "uitest.h"

using namespace kwb;
using namespace kwb::ui;

class TestCodeEditor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void language_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("language");
        QTest::newRow("cuda") << "kernel.cu" << int(Language::Cuda);
        QTest::newRow("cuda header") << "k.cuh" << int(Language::Cuda);
        QTest::newRow("c++") << "reference.cpp" << int(Language::Cpp);
        QTest::newRow("header") << "a/b.h" << int(Language::Cpp);
        QTest::newRow("python") << "triton_kernel.py" << int(Language::Python);
        QTest::newRow("markdown") << "spec.md" << int(Language::Markdown);
        QTest::newRow("json") << "task.json" << int(Language::Json);
        QTest::newRow("other") << "NOTES" << int(Language::Plain);
    }

    void language()
    {
        QFETCH(QString, file);
        QFETCH(int, language);
        QCOMPARE(int(languageForFile(file)), language);
        CodeEditor editor;
        editor.setSource(file, QStringLiteral("x\n"));
        QCOMPARE(int(editor.language()), language);
        QCOMPARE(editor.lexer() != nullptr, Language(language) != Language::Plain);
    }

    void cudaKeywords()
    {
        CodeEditor editor;
        editor.setSource(QStringLiteral("k.cu"), QStringLiteral("__global__ void k() { __syncthreads(); }\n"));
        const QString set1 = QString::fromLatin1(editor.lexer()->keywords(1));
        const QString set2 = QString::fromLatin1(editor.lexer()->keywords(2));
        QVERIFY(set1.contains(u"__global__"));
        QVERIFY(set1.contains(u"__shared__"));
        QVERIFY(set1.contains(u"while")); // C++ keywords stay
        QVERIFY(set2.contains(u"threadIdx"));
        QVERIFY(set2.contains(u"__syncthreads"));
        QVERIFY(editor.isReadOnly());
    }

    void sourceAndFindings()
    {
        CodeEditor editor;
        editor.setSource(QStringLiteral("a.cpp"), QStringLiteral("l1\nl2\nl3\n"));
        QCOMPARE(editor.text(1), QStringLiteral("l2\n"));
        Finding f;
        f.id = QStringLiteral("compile.warning");
        f.severity = Severity::Warning;
        f.message = QStringLiteral("unused variable");
        f.file = QStringLiteral("a.cpp");
        f.line = 2;
        Finding other = f;
        other.file = QStringLiteral("b.cpp"); // not this file: ignored
        other.line = 1;
        editor.setFindings({ f, other });
        QCOMPARE(editor.findings().size(), 1);
        QVERIFY(editor.hasMarker(1, CodeEditor::WarningMarker));
        QVERIFY(!editor.hasMarker(0, CodeEditor::WarningMarker));
        QVERIFY(editor.annotation(1).contains(u"unused variable"));
        editor.goToSourceLine(3);
        QCOMPARE(editor.currentSourceLine(), 3);
    }

    void alignedMapping()
    {
        CodeEditor editor;
        QList<AlignedLine> lines;
        lines << AlignedLine { QStringLiteral("a"), 1, AlignedLine::None, 0, 0 }
              << AlignedLine { QString(), 0, AlignedLine::Filler, 0, 0 }
              << AlignedLine { QStringLiteral("b2"), 2, AlignedLine::Changed, 1, 2 }
              << AlignedLine { QStringLiteral("c"), 3, AlignedLine::Removed, 0, 0 };
        editor.setAligned(QStringLiteral("x.cu"), lines, CodeEditor::Side::Left);
        QVERIFY(editor.isAligned());
        QCOMPARE(editor.lines(), 4);
        QCOMPARE(editor.displayLine(1), 0);
        QCOMPARE(editor.displayLine(2), 2);
        QCOMPARE(editor.displayLine(3), 3);
        QCOMPARE(editor.displayLine(4), -1);
        QCOMPARE(editor.sourceLine(1), 0);
        QCOMPARE(editor.sourceLine(3), 3);
        QVERIFY(editor.hasMarker(1, CodeEditor::FillerMarker));
        QVERIFY(editor.hasMarker(2, CodeEditor::ChangedMarker));
        QVERIFY(editor.hasMarker(3, CodeEditor::RemovedMarker));
        QVERIFY(!editor.hasMarker(0, CodeEditor::ChangedMarker));
        // The cursor on a filler line belongs to the real line above.
        editor.setCursorPosition(1, 0);
        QCOMPARE(editor.currentSourceLine(), 1);
        // Findings land on the display line of their source line, without annotations.
        Finding f;
        f.id = QStringLiteral("t");
        f.severity = Severity::Error;
        f.file = QStringLiteral("x.cu");
        f.line = 2;
        editor.setFindings({ f });
        QVERIFY(editor.hasMarker(2, CodeEditor::ErrorMarker));
        QVERIFY(editor.annotation(2).isEmpty());
        // Back to plain display.
        editor.setSource(QStringLiteral("x.cu"), QStringLiteral("a\nb\nc\n"));
        QVERIFY(!editor.isAligned());
        QCOMPARE(editor.displayLine(2), 1);
    }

    void findWraps()
    {
        CodeEditor editor;
        editor.setSource(QStringLiteral("a.cpp"), QStringLiteral("alpha\nbeta\nalpha\n"));
        editor.setCursorPosition(0, 0);
        QVERIFY(editor.findText(QStringLiteral("alpha"), true, true));
        int line = -1, index = -1;
        editor.getCursorPosition(&line, &index);
        QCOMPARE(line, 0);
        QVERIFY(editor.findText(QStringLiteral("alpha"), true, true));
        editor.getCursorPosition(&line, &index);
        QCOMPARE(line, 2);
        QVERIFY(editor.findText(QStringLiteral("alpha"), true, true)); // wraps
        editor.getCursorPosition(&line, &index);
        QCOMPARE(line, 0);
        QVERIFY(!editor.findText(QStringLiteral("gamma"), true, true));
    }

    void releaseKeys()
    {
        CodeEditor editor;
        const int ctrlD = QKeySequence(Qt::CTRL | Qt::Key_D)[0].toCombined();
        QVERIFY(editor.standardCommands()->boundTo(ctrlD) != nullptr); // QScintilla's line duplicate
        editor.releaseKeys({ QKeySequence(Qt::CTRL | Qt::Key_D) });
        QCOMPARE(editor.standardCommands()->boundTo(ctrlD), nullptr);
    }
};

KWB_UI_TEST_MAIN(TestCodeEditor)
#include "tst_codeeditor.moc"

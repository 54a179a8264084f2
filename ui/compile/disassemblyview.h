// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compileresult.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace kwb::ui {

class CodeEditor;

/// What the compiler made of each kernel: PTX per kernel and arch (SASS when cuobjdump exists, TTIR/TTGIR for
/// Triton), its instruction mix, and why something is missing (no cuobjdump, …). A source line given to
/// highlightSource() paints the instructions generated from it (PTX `.loc` line info).
class DisassemblyView : public QWidget {
    Q_OBJECT
public:
    explicit DisassemblyView(QWidget* parent = nullptr);

    void setResult(const CompileResult& result);
    void clear();
    /// Prefers kernels compiled for `arch` (the pane's arch selector).
    void setArch(const QString& arch);
    /// Highlights the instructions of `line` of `file` (bundle-relative); returns how many there are.
    int highlightSource(const QString& file, int line);

    CodeEditor* editor() const { return m_editor; }
    /// Entries of the kernel selector: `impl · kernel · arch · kind`.
    QStringList entries() const;
    void selectEntry(int index);

private:
    struct Entry {
        QString implId;
        QString source;
        DisassembledKernel kernel;
    };
    void showEntry(int index);

    QList<Entry> m_entries;
    QStringList m_notes;
    QComboBox* m_selector;
    QLabel* m_mix;
    QLabel* m_notesLabel;
    QLabel* m_lineInfo;
    CodeEditor* m_editor;
};

} // namespace kwb::ui

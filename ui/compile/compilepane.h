// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compileresult.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTableView;
class QToolButton;

namespace kwb::ui {

class DiagnosticsModel;
class DisassemblyView;
class KernelResourcesModel;

/// The Compile dock: a summary line with the arch selector (tasks built for several archs), the command line
/// and compiler version of the implementation under review, and tabs for the diagnostics (▸ opens the line),
/// the per-kernel resources with occupancy, the disassembly, and every implementation's build record.
class CompilePane : public QWidget {
    Q_OBJECT
public:
    explicit CompilePane(QWidget* parent = nullptr);

    /// Shows a compile; `focusImpl` is the implementation whose command line is shown first.
    void showResult(const CompileResult& result, const QString& focusImpl);
    /// Replaces the result with a message (compiling…, stopped, no task).
    void showMessage(const QString& message);
    void setBusy(bool busy);
    /// Shows the build record of this implementation in the command line (the candidate under review).
    void setFocusImpl(const QString& implId);

    DiagnosticsModel* diagnostics() const { return m_diagnostics; }
    KernelResourcesModel* kernels() const { return m_kernels; }
    DisassemblyView* disassembly() const { return m_disassembly; }
    QComboBox* archSelector() const { return m_arch; }
    bool hasResult() const { return m_hasResult; }
    /// The task whose compile is shown ("" while a message is).
    QString shownTask() const { return m_hasResult ? m_result.taskId : QString(); }
    QString summaryText() const;

Q_SIGNALS:
    void compileRequested();
    void stopRequested();
    /// The reviewer clicked a diagnostic: open `file` at `line`.
    void locationActivated(const QString& file, int line);

private:
    void updateCommand();

    CompileResult m_result;
    bool m_hasResult = false;
    QString m_focusImpl;
    QLabel* m_summary;
    QComboBox* m_arch;
    QToolButton* m_compileButton;
    QToolButton* m_stopButton;
    QLineEdit* m_command;
    QLabel* m_version;
    QWidget* m_commandRow;
    QTabWidget* m_tabs;
    DiagnosticsModel* m_diagnostics;
    QTableView* m_diagnosticsView;
    KernelResourcesModel* m_kernels;
    QTableView* m_kernelsView;
    DisassemblyView* m_disassembly;
    QPlainTextEdit* m_build;
};

} // namespace kwb::ui

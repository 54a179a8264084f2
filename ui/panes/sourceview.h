// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/diagnostic.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;

namespace kwb::ui {

class CodeEditor;
class DiffController;
class FindBar;
class Session;

/// Two source editors side by side: the baseline (reference by default) on the left and the
/// candidate on the right, each with a selector that can also show task.json or the spec's source.
/// In diff mode the two are aligned and scroll together.
class SourceView : public QWidget {
    Q_OBJECT
public:
    explicit SourceView(Session* session, QWidget* parent = nullptr);

    CodeEditor* leftEditor() const { return m_left; }
    CodeEditor* rightEditor() const { return m_right; }
    FindBar* findBar() const { return m_findBar; }
    DiffController* diffController() const { return m_diff; }

    bool isDiffMode() const { return m_diffMode; }
    /// Puts `file` (bundle-relative) in an editor — the one already showing it, else the left one —
    /// and the cursor on `line` (1-based; 0 leaves it). False when the file is not part of the task.
    bool showLocation(const QString& file, int line);
    /// Compiler diagnostics about the task's files (bundle-relative): each editor shows those about the file
    /// it shows, whichever file that becomes. Cleared when another task opens.
    void setDiagnostics(const QList<Diagnostic>& diagnostics);

public Q_SLOTS:
    void setDiffMode(bool on);
    void nextChange();
    void previousChange();
    /// Opens the find bar on the editor that has (or last had) focus.
    void activateFind();
    /// Steps the right side through the candidates (with wrap-around).
    void stepCandidate(int delta);

Q_SIGNALS:
    void diffModeChanged(bool on);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuildSelectors();
    void selectFile(QComboBox* combo, const QString& file);
    void onSelectorChanged(QComboBox* combo);
    void refresh();
    void updateChangeLabel();
    QWidget* header(QComboBox* combo, QLabel* info);

    Session* m_session;
    QComboBox* m_leftSelector;
    QComboBox* m_rightSelector;
    QLabel* m_leftInfo;
    QLabel* m_rightInfo;
    CodeEditor* m_left;
    CodeEditor* m_right;
    FindBar* m_findBar;
    DiffController* m_diff;
    QToolButton* m_diffButton;
    QLabel* m_changeLabel;
    bool m_diffMode = false;
    bool m_updating = false;
};

} // namespace kwb::ui

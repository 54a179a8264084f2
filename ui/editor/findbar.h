// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace kwb::ui {

class CodeEditor;

/// The Ctrl+F bar under the code: searches the editor that had focus last.
/// Enter finds the next match, Shift+Enter the previous one, Escape closes the bar.
class FindBar : public QWidget {
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);

    void setEditor(CodeEditor* editor);
    CodeEditor* editor() const { return m_editor; }
    /// Shows the bar with the editor's selection (if any) as the search text, focused.
    void activate();
    bool findNext();
    bool findPrevious();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool find(bool forward);

    QPointer<CodeEditor> m_editor;
    QLineEdit* m_edit;
    QCheckBox* m_case;
    QLabel* m_status;
};

} // namespace kwb::ui

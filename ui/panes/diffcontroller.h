// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diff/linediff.h"

#include <QObject>

namespace kwb::ui {

class CodeEditor;

/// Diff mode of the two source editors: fills them with aligned text (filler lines opposite
/// insertions and deletions, changed lines and their edited characters marked), keeps their
/// scrolling in step, and walks the changes.
class DiffController : public QObject {
    Q_OBJECT
public:
    DiffController(CodeEditor* left, CodeEditor* right, QObject* parent = nullptr);

    /// Compares the two texts and shows them aligned; scrolling is synchronized until stop().
    void show(const QString& leftFile, const QString& leftText, const QString& rightFile, const QString& rightText);
    void stop();
    bool isActive() const { return m_active; }

    const LineDiff& diff() const { return m_diff; }
    int changeCount() const { return static_cast<int>(m_diff.hunks.size()); }
    /// Index of the change the cursor was last moved to, -1 before the first move.
    int currentChange() const { return m_current; }

    /// Moves both cursors to the next (previous) change after (before) the cursor, wrapping
    /// around; returns its index, or -1 when the texts are equal.
    int nextChange();
    int previousChange();

Q_SIGNALS:
    void changeSelected(int index, int count);

private:
    void syncVertical(CodeEditor* from, CodeEditor* to);
    int cursorRow() const;
    void selectChange(int index);

    CodeEditor* m_left;
    CodeEditor* m_right;
    LineDiff m_diff;
    bool m_active = false;
    bool m_syncing = false;
    int m_current = -1;
};

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/diffcontroller.h"

#include "ui/editor/codeeditor.h"

#include <QScrollBar>

namespace kwb::ui {

DiffController::DiffController(CodeEditor* left, CodeEditor* right, QObject* parent)
    : QObject(parent)
    , m_left(left)
    , m_right(right)
{
    connect(m_left->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { syncVertical(m_left, m_right); });
    connect(m_right->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { syncVertical(m_right, m_left); });
    // Scintilla reports scrolling it did itself (keyboard, wheel, SCI_SETFIRSTVISIBLELINE) on update-UI,
    // which also covers scrolling before the scroll bars have their final range.
    for (CodeEditor* e : { m_left, m_right }) {
        connect(e, &QsciScintillaBase::SCN_UPDATEUI, this, [this, e](int updated) {
            if (updated & QsciScintillaBase::SC_UPDATE_V_SCROLL)
                syncVertical(e, e == m_left ? m_right : m_left);
        });
    }
    auto syncHorizontal = [this](CodeEditor* to, int value) {
        if (m_active && !m_syncing) {
            m_syncing = true;
            to->horizontalScrollBar()->setValue(value);
            m_syncing = false;
        }
    };
    connect(m_left->horizontalScrollBar(), &QScrollBar::valueChanged, this,
        [this, syncHorizontal](int v) { syncHorizontal(m_right, v); });
    connect(m_right->horizontalScrollBar(), &QScrollBar::valueChanged, this,
        [this, syncHorizontal](int v) { syncHorizontal(m_left, v); });
}

void DiffController::syncVertical(CodeEditor* from, CodeEditor* to)
{
    // Both sides have the same number of display lines, so the first visible line is the link.
    if (!m_active || m_syncing)
        return;
    m_syncing = true;
    to->setFirstVisibleLine(from->firstVisibleLine());
    m_syncing = false;
}

void DiffController::show(
    const QString& leftFile, const QString& leftText, const QString& rightFile, const QString& rightText)
{
    const QStringList a = splitLines(leftText);
    const QStringList b = splitLines(rightText);
    m_diff = diffLines(a, b);
    m_current = -1;

    QList<AlignedLine> left;
    QList<AlignedLine> right;
    left.reserve(m_diff.rows.size());
    right.reserve(m_diff.rows.size());
    for (const DiffRow& row : std::as_const(m_diff.rows)) {
        AlignedLine l;
        AlignedLine r;
        if (row.left >= 0) {
            l.text = a[row.left];
            l.sourceLine = row.left + 1;
        }
        if (row.right >= 0) {
            r.text = b[row.right];
            r.sourceLine = row.right + 1;
        }
        switch (row.kind) {
        case DiffRow::Equal:
            break;
        case DiffRow::Changed: {
            l.mark = r.mark = AlignedLine::Changed;
            const IntralineRange range = intralineChange(l.text, r.text);
            l.changeStart = range.leftStart;
            l.changeEnd = range.leftEnd;
            r.changeStart = range.rightStart;
            r.changeEnd = range.rightEnd;
            break;
        }
        case DiffRow::Removed:
            l.mark = AlignedLine::Removed;
            r.mark = AlignedLine::Filler;
            break;
        case DiffRow::Added:
            l.mark = AlignedLine::Filler;
            r.mark = AlignedLine::Added;
            break;
        }
        left << l;
        right << r;
    }
    m_active = true;
    m_left->setAligned(leftFile, left, CodeEditor::Side::Left);
    m_right->setAligned(rightFile, right, CodeEditor::Side::Right);
    m_right->setFirstVisibleLine(m_left->firstVisibleLine());
    Q_EMIT changeSelected(m_current, changeCount());
}

void DiffController::stop()
{
    m_active = false;
    m_diff = {};
    m_current = -1;
}

int DiffController::cursorRow() const
{
    const CodeEditor* editor = m_right->hasFocus() ? m_right : m_left;
    int line = 0;
    int index = 0;
    editor->getCursorPosition(&line, &index);
    return line;
}

int DiffController::nextChange()
{
    if (!m_active || m_diff.hunks.isEmpty())
        return -1;
    const int row = cursorRow();
    int index = 0; // wraps to the first change
    for (int i = 0; i < m_diff.hunks.size(); ++i) {
        if (m_diff.hunks[i].firstRow > row) {
            index = i;
            break;
        }
    }
    selectChange(index);
    return index;
}

int DiffController::previousChange()
{
    if (!m_active || m_diff.hunks.isEmpty())
        return -1;
    const int row = cursorRow();
    int index = static_cast<int>(m_diff.hunks.size()) - 1; // wraps to the last change
    for (int i = index; i >= 0; --i) {
        if (m_diff.hunks[i].firstRow < row) {
            index = i;
            break;
        }
    }
    selectChange(index);
    return index;
}

void DiffController::selectChange(int index)
{
    m_current = index;
    const int row = m_diff.hunks[index].firstRow;
    for (CodeEditor* e : { m_left, m_right })
        e->setCursorPosition(row, 0);
    const int visible = static_cast<int>(m_left->SendScintilla(QsciScintillaBase::SCI_LINESONSCREEN));
    m_syncing = true;
    for (CodeEditor* e : { m_left, m_right })
        e->setFirstVisibleLine(std::max(0, row - visible / 3));
    m_syncing = false;
    Q_EMIT changeSelected(index, changeCount());
}

} // namespace kwb::ui

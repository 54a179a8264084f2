// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/editor/findbar.h"

#include "ui/editor/codeeditor.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace kwb::ui {

FindBar::FindBar(QWidget* parent)
    : QWidget(parent)
    , m_edit(new QLineEdit(this))
    , m_case(new QCheckBox(tr("Match case"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("findBar"));
    m_edit->setObjectName(QStringLiteral("findEdit"));
    m_edit->setPlaceholderText(tr("Find in source"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(new QLabel(tr("Find:"), this));
    layout->addWidget(m_edit, 1);
    auto button = [this, layout](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, this, slot);
        layout->addWidget(b);
    };
    button(QStringLiteral("↑"), tr("Previous match (Shift+Enter)"), [this] { findPrevious(); });
    button(QStringLiteral("↓"), tr("Next match (Enter)"), [this] { findNext(); });
    layout->addWidget(m_case);
    layout->addWidget(m_status);
    button(QStringLiteral("✕"), tr("Close (Esc)"), [this] { hide(); });
    connect(m_edit, &QLineEdit::textEdited, this, [this] { find(true); });
    hide();
}

void FindBar::setEditor(CodeEditor* editor)
{
    m_editor = editor;
}

void FindBar::activate()
{
    if (m_editor && m_editor->hasSelectedText() && !m_editor->selectedText().contains(u'\n'))
        m_edit->setText(m_editor->selectedText());
    show();
    m_edit->setFocus();
    m_edit->selectAll();
}

bool FindBar::findNext()
{
    return find(true);
}
bool FindBar::findPrevious()
{
    return find(false);
}

bool FindBar::find(bool forward)
{
    const bool found = m_editor && m_editor->findText(m_edit->text(), forward, m_case->isChecked());
    m_status->setText(found || m_edit->text().isEmpty() ? QString() : tr("not found"));
    return found;
}

bool FindBar::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            find(!(key->modifiers() & Qt::ShiftModifier));
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            hide();
            if (m_editor)
                m_editor->setFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace kwb::ui

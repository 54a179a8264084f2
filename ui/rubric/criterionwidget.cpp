// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/criterionwidget.h"

#include "ui/rubric/flowlayout.h"
#include "ui/rubric/scalebar.h"
#include "ui/rubric/suggestions.h"

#include <QAbstractTextDocumentLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb::ui {

CriterionWidget::CriterionWidget(const Criterion& criterion, QWidget* parent)
    : QFrame(parent)
    , m_criterion(criterion)
    , m_title(new QLabel(this))
    , m_scale(new ScaleBar(criterion.scale, true, this)) // any criterion may be N/A, with a reason
    , m_comment(new QPlainTextEdit(this))
    , m_commentHint(new QLabel(this))
    , m_chipBox(new QWidget(this))
    , m_chipLayout(new FlowLayout(m_chipBox, 3))
    , m_cite(new QToolButton(this))
{
    setObjectName(QStringLiteral("criterion_") + criterion.id);
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(3);

    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // wraps, never widens the dock
    m_title->setText(QStringLiteral("<b>%1</b> %2").arg(criterion.id, criterion.title.toHtmlEscaped()));
    m_title->setToolTip(QStringLiteral("<p>%1</p>").arg(criterion.guidance.toHtmlEscaped()));
    layout->addWidget(m_title);
    layout->addWidget(m_scale);

    m_comment->setObjectName(QStringLiteral("comment"));
    m_comment->setTabChangesFocus(true);
    m_comment->setFocusPolicy(Qt::ClickFocus); // Tab goes criterion to criterion; Enter on the scale edits it
    growWithText(m_comment, 2, 10);
    m_comment->setPlaceholderText(criterion.commentRequiredBelow > criterion.scale.min
            ? tr("Comment — required for a score below %1 and for N/A").arg(criterion.commentRequiredBelow)
            : tr("Comment — required for N/A"));
    layout->addWidget(m_comment);
    m_commentHint->setObjectName(QStringLiteral("commentHint"));
    m_commentHint->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_commentHint->hide();
    layout->addWidget(m_commentHint);

    auto* evidenceRow = new QHBoxLayout;
    evidenceRow->setSpacing(4);
    m_cite->setObjectName(QStringLiteral("citeButton"));
    m_cite->setText(tr("Cite"));
    m_cite->setToolTip(
        tr("Cite a finding, a report or the lines selected in an editor as evidence for %1").arg(criterion.id));
    m_cite->setPopupMode(QToolButton::InstantPopup);
    m_cite->setFocusPolicy(Qt::ClickFocus);
    auto* menu = new QMenu(m_cite);
    m_cite->setMenu(menu);
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        menu->clear();
        Q_EMIT citeMenuRequested(m_criterion.id, menu);
    });
    evidenceRow->addWidget(m_cite, 0, Qt::AlignTop);
    m_chipBox->setObjectName(QStringLiteral("evidenceChips"));
    evidenceRow->addWidget(m_chipBox, 1);
    layout->addLayout(evidenceRow);

    connect(m_scale, &ScaleBar::chosen, this, [this](std::optional<int> v, bool na) {
        updateCommentHint();
        Q_EMIT scoreChosen(m_criterion.id, v, na);
        if (na && m_scale->hasFocus() && m_comment->toPlainText().trimmed().isEmpty())
            m_comment->setFocus(Qt::OtherFocusReason); // N/A needs its reason
    });
    setFocusProxy(m_scale);
    connect(m_comment, &QPlainTextEdit::textChanged, this, [this] {
        updateCommentHint();
        Q_EMIT commentEdited(m_criterion.id, m_comment->toPlainText());
    });
}

QList<QToolButton*> CriterionWidget::chips() const
{
    QList<QToolButton*> out;
    for (int i = 0; i < m_chipLayout->count(); ++i) {
        if (QWidget* w = m_chipLayout->itemAt(i)->widget())
            out << w->findChild<QToolButton*>(QStringLiteral("evidenceChip"));
    }
    return out;
}

void CriterionWidget::refresh(const Score& score)
{
    m_scale->setChoice(score.value, score.notApplicable);
    if (m_comment->toPlainText() != score.comment) {
        const QSignalBlocker block(m_comment);
        m_comment->setPlainText(score.comment);
    }
    if (score.evidence != m_evidence)
        rebuildChips(score.evidence);
    updateCommentHint();
}

void CriterionWidget::rebuildChips(const QStringList& evidence)
{
    m_evidence = evidence;
    while (QLayoutItem* item = m_chipLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const QString& ref : evidence) {
        auto* chip = new QFrame(m_chipBox);
        chip->setObjectName(QStringLiteral("chip"));
        chip->setStyleSheet(
            QStringLiteral("QFrame#chip { background: #e8eefb; border: 1px solid #b8c7ea; border-radius: 9px; }"
                           "QToolButton { border: none; padding: 0 2px; }"));
        auto* row = new QHBoxLayout(chip);
        row->setContentsMargins(4, 0, 2, 0);
        row->setSpacing(0);
        auto* show = new QToolButton(chip);
        show->setObjectName(QStringLiteral("evidenceChip"));
        show->setProperty("ref", ref);
        // A long reference is shortened in the middle (the whole of it is in the tooltip): a chip never makes the
        // criterion wider than a 1366×768 screen's rubric dock.
        show->setText(show->fontMetrics().elidedText(evidenceLabel(ref), Qt::ElideMiddle, 190));
        show->setToolTip(tr("%1<br><i>Click to show the evidence.</i>").arg(ref.toHtmlEscaped()));
        show->setFocusPolicy(Qt::ClickFocus);
        connect(show, &QToolButton::clicked, this, [this, ref] { Q_EMIT evidenceActivated(ref); });
        auto* remove = new QToolButton(chip);
        remove->setObjectName(QStringLiteral("removeEvidence"));
        remove->setText(QStringLiteral("×"));
        remove->setToolTip(tr("Remove this evidence"));
        remove->setFocusPolicy(Qt::ClickFocus);
        connect(remove, &QToolButton::clicked, this, [this, ref] { Q_EMIT evidenceRemoved(m_criterion.id, ref); });
        row->addWidget(show);
        row->addWidget(remove);
        m_chipLayout->addWidget(chip);
    }
    m_chipBox->updateGeometry();
}

void CriterionWidget::updateCommentHint()
{
    const std::optional<int> v = m_scale->value();
    const bool empty = m_comment->toPlainText().trimmed().isEmpty();
    const bool low = v && *v < m_criterion.commentRequiredBelow && empty;
    const bool na = m_scale->isNotApplicable() && empty;
    m_commentHint->setText(na ? tr("N/A needs a reason, e.g. \u201cnot verifiable here: no GPU\u201d.")
                              : tr("A score below %1 needs a comment.").arg(m_criterion.commentRequiredBelow));
    m_commentHint->setVisible(low || na);
}

void CriterionWidget::keyPressEvent(QKeyEvent* event)
{
    if (event->modifiers() == Qt::NoModifier || event->modifiers() == Qt::KeypadModifier) {
        if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
            m_comment->setFocus(Qt::OtherFocusReason);
            m_comment->moveCursor(QTextCursor::End);
            event->accept();
            return;
        }
        if (event->key() == Qt::Key_E) {
            m_cite->showMenu();
            event->accept();
            return;
        }
    }
    QFrame::keyPressEvent(event);
}

void growWithText(QPlainTextEdit* edit, int minLines, int maxLines)
{
    const auto fit = [edit, minLines, maxLines] {
        // A plain-text document's height is counted in (wrapped) lines.
        const int lines = std::clamp(int(edit->document()->size().height()), minLines, maxLines);
        const int margins = int(edit->document()->documentMargin() * 2) + edit->frameWidth() * 2
            + edit->contentsMargins().top() + edit->contentsMargins().bottom();
        edit->setFixedHeight(edit->fontMetrics().lineSpacing() * lines + margins + 2);
    };
    QObject::connect(edit->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, edit, fit);
    fit();
}

} // namespace kwb::ui

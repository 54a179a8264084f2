// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/overallwidget.h"

#include "ui/rubric/criterionwidget.h"
#include "ui/rubric/scalebar.h"

#include <QButtonGroup>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {

OverallWidget::OverallWidget(const Overall& overall, QWidget* parent)
    : QWidget(parent)
    , m_verdictRow(new QFrame(this))
    , m_verdicts(new QButtonGroup(this))
    , m_summary(new QPlainTextEdit(this))
    , m_confidence(new ScaleBar(overall.confidence, false, this))
{
    setObjectName(QStringLiteral("overall"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    layout->addWidget(new QLabel(tr("Verdict (a digit picks: 1 = the first)"), this));
    m_verdictRow->setObjectName(QStringLiteral("verdictRow"));
    m_verdictRow->setFocusPolicy(Qt::StrongFocus);
    m_verdictRow->setStyleSheet(
        QStringLiteral("QFrame#verdictRow { border: 2px solid transparent; border-radius: 3px; }"
                       "QFrame#verdictRow:focus { border-color: palette(highlight); }"));
    m_verdictRow->installEventFilter(this);
    auto* row = new QHBoxLayout(m_verdictRow);
    row->setContentsMargins(2, 2, 2, 2);
    row->setSpacing(0);
    for (const VerdictOption& v : overall.verdicts) {
        auto* b = new QToolButton(m_verdictRow);
        b->setFocusPolicy(Qt::NoFocus);
        b->setObjectName(QStringLiteral("verdict_") + v.value);
        b->setText(v.value);
        b->setToolTip(v.description);
        b->setCheckable(true);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        m_verdicts->addButton(b, int(m_values.size()));
        m_values << v.value;
        row->addWidget(b);
    }
    layout->addWidget(m_verdictRow);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTabChangesFocus(true);
    m_summary->setPlaceholderText(overall.summaryRequired ? tr("Summary (required): what the author must change, "
                                                               "and why")
                                                          : tr("Summary"));
    growWithText(m_summary, 3, 14);
    layout->addWidget(new QLabel(tr("Summary"), this));
    layout->addWidget(m_summary);
    layout->addWidget(new QLabel(tr("Confidence"), this));
    m_confidence->setObjectName(QStringLiteral("confidence"));
    layout->addWidget(m_confidence);

    connect(m_verdicts, &QButtonGroup::idClicked, this, [this](int id) { Q_EMIT verdictChosen(m_values.value(id)); });
    connect(m_summary, &QPlainTextEdit::textChanged, this, [this] { Q_EMIT summaryEdited(m_summary->toPlainText()); });
    connect(m_confidence, &ScaleBar::chosen, this, [this](std::optional<int> v, bool) { Q_EMIT confidenceChosen(v); });
}

bool OverallWidget::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_verdictRow && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const int index = key->key() - Qt::Key_1;
        if (key->modifiers() == Qt::NoModifier && index >= 0 && index < m_values.size()) {
            m_verdicts->button(index)->setChecked(true);
            Q_EMIT verdictChosen(m_values.value(index));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void OverallWidget::refresh(const Review& review)
{
    const qsizetype index = m_values.indexOf(review.verdict);
    if (index >= 0) {
        m_verdicts->button(int(index))->setChecked(true);
    } else if (QAbstractButton* checked = m_verdicts->checkedButton()) {
        m_verdicts->setExclusive(false);
        checked->setChecked(false);
        m_verdicts->setExclusive(true);
    }
    if (m_summary->toPlainText() != review.summary) {
        const QSignalBlocker block(m_summary);
        m_summary->setPlainText(review.summary);
    }
    m_confidence->setChoice(review.confidence, false);
}

} // namespace kwb::ui

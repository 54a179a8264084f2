// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/rubric/scalebar.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
constexpr int kNaId = -1000;
constexpr int kDescriptionLines = 3;
} // namespace

ScaleBar::ScaleBar(const Scale& scale, bool naAllowed, QWidget* parent)
    : QWidget(parent)
    , m_scale(scale)
    , m_naAllowed(naAllowed)
    , m_group(new QButtonGroup(this))
    , m_description(new QLabel(this))
{
    setFocusPolicy(Qt::StrongFocus);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(2, 2, 2, 2);
    column->setSpacing(2);
    auto* row = new QHBoxLayout;
    row->setSpacing(0);
    m_group->setExclusive(false); // a click on the chosen level clears it (handled below)
    const auto addButton = [&](int id, const QString& text, const QString& name) {
        auto* b = new QToolButton(this);
        b->setObjectName(name);
        b->setText(text);
        b->setCheckable(true);
        b->setAutoRaise(false);
        b->setMinimumWidth(30);
        b->setFocusPolicy(Qt::NoFocus); // the bar takes the focus; digits choose
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        b->installEventFilter(this); // hover shows the level in the description area, never a tooltip
        m_group->addButton(b, id);
        row->addWidget(b);
    };
    for (const ScaleLevel& l : scale.levels)
        addButton(l.value, QString::number(l.value), QStringLiteral("level_%1").arg(l.value));
    if (naAllowed)
        addButton(kNaId, tr("N/A"), QStringLiteral("level_na"));
    column->addLayout(row);
    m_description->setObjectName(QStringLiteral("levelDescription"));
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::RichText);
    m_description->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_description->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * kDescriptionLines + 2);
    column->addWidget(m_description);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) {
        const bool na = id == kNaId;
        const bool again = na ? m_na : (m_value == id);
        if (again)
            choose(std::nullopt, false); // clicking the chosen level again clears the score
        else
            choose(na ? std::nullopt : std::optional<int>(id), na);
    });
    showDescription();
}

QToolButton* ScaleBar::button(std::optional<int> value) const
{
    return qobject_cast<QToolButton*>(m_group->button(value ? *value : kNaId));
}

void ScaleBar::setChoice(std::optional<int> value, bool notApplicable)
{
    m_value = notApplicable ? std::nullopt : value;
    m_na = notApplicable;
    for (QAbstractButton* b : m_group->buttons()) {
        const int id = m_group->id(b);
        b->setChecked(id == kNaId ? m_na : (m_value && *m_value == id));
    }
    showDescription();
}

void ScaleBar::choose(std::optional<int> value, bool notApplicable)
{
    setChoice(value, notApplicable);
    Q_EMIT chosen(m_value, m_na);
}

void ScaleBar::keyPressEvent(QKeyEvent* event)
{
    const int key = event->key();
    if (event->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier)) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (key >= Qt::Key_0 && key <= Qt::Key_9) {
        const int v = key - Qt::Key_0;
        if (m_scale.level(v))
            choose(v, false);
        event->accept();
        return;
    }
    if (key == Qt::Key_N && m_naAllowed) {
        choose(std::nullopt, true);
        event->accept();
        return;
    }
    if (key == Qt::Key_Backspace || key == Qt::Key_Delete) {
        choose(std::nullopt, false);
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void ScaleBar::paintEvent(QPaintEvent* event)
{
    QWidget::paintEvent(event);
    if (!hasFocus())
        return;
    QPainter p(this);
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 3, 3);
}

void ScaleBar::focusInEvent(QFocusEvent* event)
{
    QWidget::focusInEvent(event);
    update();
}

void ScaleBar::focusOutEvent(QFocusEvent* event)
{
    QWidget::focusOutEvent(event);
    update();
}

bool ScaleBar::eventFilter(QObject* watched, QEvent* event)
{
    if (auto* b = qobject_cast<QAbstractButton*>(watched)) {
        if (event->type() == QEvent::Enter) {
            const int id = m_group->id(b);
            showDescription(id == kNaId ? std::nullopt : std::optional<int>(id), id == kNaId);
        } else if (event->type() == QEvent::Leave) {
            showDescription();
        } else if (event->type() == QEvent::ToolTip) {
            return true; // the description area says it; a tooltip would cover the next button
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ScaleBar::showDescription(std::optional<int> hovered, bool hoveredNa)
{
    const bool na = hovered || hoveredNa ? hoveredNa : m_na;
    const std::optional<int> value = hovered || hoveredNa ? hovered : m_value;
    const QString prefix = hovered || hoveredNa ? tr("<span style='color:#6b7280'>Hovered:</span> ") : QString();
    QString text;
    if (na) {
        text = prefix
            + tr("<b>N/A</b> — not applicable, or not verifiable here (no GPU, no framework): say why in "
                 "the comment.");
    } else if (const ScaleLevel* l = value ? m_scale.level(*value) : nullptr) {
        text = prefix
            + QStringLiteral("<b>%1 — %2</b> %3")
                  .arg(*value)
                  .arg(l->label.toHtmlEscaped(), l->description.toHtmlEscaped());
    } else {
        text = m_naAllowed ? tr("<i>Not scored — a digit scores, N is N/A; hover a level for what it means.</i>")
                           : tr("<i>Not chosen — a digit chooses; hover a level for what it means.</i>");
    }
    m_description->setText(text);
    m_description->setToolTip(text); // the area has a fixed height: the full text when a long one is cut
}

} // namespace kwb::ui

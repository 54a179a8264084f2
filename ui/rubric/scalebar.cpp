#include "rubric/scalebar.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace kwb::ui {
namespace {
constexpr int kNaId = -1000;
}

ScaleBar::ScaleBar(const Scale& scale, bool naAllowed, QWidget* parent)
    : QWidget(parent)
    , m_scale(scale)
    , m_group(new QButtonGroup(this))
    , m_description(new QLabel(this))
{
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto* row = new QHBoxLayout;
    row->setSpacing(0);
    m_group->setExclusive(false); // a click on the chosen level clears it (handled below)
    const auto addButton = [&](int id, const QString& text, const QString& tip, const QString& name) {
        auto* b = new QToolButton(this);
        b->setObjectName(name);
        b->setText(text);
        b->setToolTip(tip);
        b->setCheckable(true);
        b->setAutoRaise(false);
        b->setMinimumWidth(30);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        m_group->addButton(b, id);
        row->addWidget(b);
    };
    for (const ScaleLevel& l : scale.levels) {
        addButton(l.value, QString::number(l.value),
            QStringLiteral("<b>%1 — %2</b><br>%3")
                .arg(l.value)
                .arg(l.label.toHtmlEscaped(), l.description.toHtmlEscaped()),
            QStringLiteral("level_%1").arg(l.value));
    }
    if (naAllowed)
        addButton(
            kNaId, tr("N/A"), tr("Not applicable to this task (say why in the comment)."), QStringLiteral("level_na"));
    column->addLayout(row);
    m_description->setObjectName(QStringLiteral("levelDescription"));
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::RichText);
    column->addWidget(m_description);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) {
        const bool na = id == kNaId;
        const bool again = na ? m_na : (m_value == id);
        if (again)
            setChoice(std::nullopt, false); // clicking the chosen level again clears the score
        else
            setChoice(na ? std::nullopt : std::optional<int>(id), na);
        Q_EMIT chosen(m_value, m_na);
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

void ScaleBar::showDescription()
{
    if (m_na) {
        m_description->setText(tr("<i>N/A — not applicable to this task.</i>"));
        return;
    }
    const ScaleLevel* l = m_value ? m_scale.level(*m_value) : nullptr;
    m_description->setText(l
            ? QStringLiteral("<b>%1</b> — %2").arg(l->label.toHtmlEscaped(), l->description.toHtmlEscaped())
            : tr("<i>Not scored yet — hover a level for what it means.</i>"));
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit window's filter bar: reviewer, kind, verdict, flagged, a criterion's score range, comment search.
#include "ui/audit/auditwindow.h"

#include "ui/audit/reviewfilter.h"
#include "ui/audit/reviewtablemodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace kwb::ui {
namespace {
QComboBox* combo(QWidget* parent, const char* name)
{
    auto* c = new QComboBox(parent);
    c->setObjectName(QString::fromLatin1(name));
    c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return c;
}
} // namespace

void AuditWindow::buildFilters(QWidget* bar)
{
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(6, 0, 0, 0);
    m_reviewer = combo(bar, "filterReviewer");
    m_kind = combo(bar, "filterKind");
    m_verdict = combo(bar, "filterVerdict");
    m_criterion = combo(bar, "filterCriterion");
    m_flagged = new QCheckBox(tr("Flagged only"), bar);
    m_flagged->setObjectName(QStringLiteral("filterFlagged"));
    m_min = new QSpinBox(bar);
    m_min->setObjectName(QStringLiteral("filterMin"));
    m_max = new QSpinBox(bar);
    m_max->setObjectName(QStringLiteral("filterMax"));
    m_min->setRange(0, 10);
    m_max->setRange(0, 10);
    m_min->setValue(1);
    m_max->setValue(5);
    m_search = new QLineEdit(bar);
    m_search->setObjectName(QStringLiteral("filterSearch"));
    m_search->setPlaceholderText(tr("Search comments…"));
    m_search->setClearButtonEnabled(true);
    for (QWidget* w : std::initializer_list<QWidget*> { new QLabel(tr("Reviewer"), bar), m_reviewer,
             new QLabel(tr("Kind"), bar), m_kind, new QLabel(tr("Verdict"), bar), m_verdict, m_flagged,
             new QLabel(tr("Score"), bar), m_criterion, m_min, new QLabel(QStringLiteral("–"), bar), m_max, m_search })
        row->addWidget(w);
    const auto text = [](QComboBox* c) { return c->currentIndex() <= 0 ? QString() : c->currentText(); };
    connect(m_reviewer, &QComboBox::currentIndexChanged, this, [=, this] { m_filter->setReviewer(text(m_reviewer)); });
    connect(m_kind, &QComboBox::currentIndexChanged, this, [=, this] { m_filter->setKind(text(m_kind)); });
    connect(m_verdict, &QComboBox::currentIndexChanged, this, [=, this] { m_filter->setVerdict(text(m_verdict)); });
    connect(m_flagged, &QCheckBox::toggled, m_filter, &ReviewFilter::setFlaggedOnly);
    const auto range = [=, this] { m_filter->setCriterionRange(text(m_criterion), m_min->value(), m_max->value()); };
    connect(m_criterion, &QComboBox::currentIndexChanged, this, range);
    connect(m_min, &QSpinBox::valueChanged, this, range);
    connect(m_max, &QSpinBox::valueChanged, this, range);
    connect(m_search, &QLineEdit::textChanged, m_filter, &ReviewFilter::setSearch);
}

void AuditWindow::refreshFilterChoices()
{
    const auto fill = [](QComboBox* c, const QString& any, QStringList values) {
        const QSignalBlocker block(c);
        values.removeAll(QString());
        values.removeDuplicates();
        values.sort();
        c->clear();
        c->addItem(any);
        c->addItems(values);
    };
    QStringList reviewers;
    QStringList kinds;
    QStringList verdicts;
    for (const AuditRow& r : m_model->rows()) {
        reviewers << r.review.reviewer;
        kinds << r.kind;
        verdicts << r.review.verdict;
    }
    fill(m_reviewer, tr("any"), reviewers);
    fill(m_kind, tr("any"), kinds);
    fill(m_verdict, tr("any"), verdicts);
    fill(m_criterion, tr("any criterion"), m_model->criteria());
    m_filter->setReviewer({});
    m_filter->setKind({});
    m_filter->setVerdict({});
    m_filter->setCriterionRange({}, 0, 0);
}

} // namespace kwb::ui

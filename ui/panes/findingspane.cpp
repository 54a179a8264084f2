// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/findingspane.h"

#include "ui/panes/findingsmodel.h"
#include "ui/window/session.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace kwb::ui {

FindingsPane::FindingsPane(Session* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new FindingsModel(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("findingsPane"));
    m_view->setObjectName(QStringLiteral("findingsView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView* header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setSectionResizeMode(FindingsModel::SeverityColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FindingsModel::IdColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FindingsModel::MessageColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(FindingsModel::LocationColumn, QHeaderView::ResizeToContents);

    auto* summary = new QLabel(this);
    summary->setObjectName(QStringLiteral("findingsSummary"));
    summary->setContentsMargins(6, 3, 6, 3);
    summary->setStyleSheet(QStringLiteral("color: #57606a;"));
    summary->setWordWrap(true); // the counts line wraps instead of widening the dock
    summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(summary);
    layout->addWidget(m_view);
    auto updateSummary = [this, summary] {
        const Findings& all = m_model->findings();
        summary->setText(all.isEmpty() ? (m_session->currentReport() ? tr("No findings for this task.")
                                                                     : tr("Findings of the open task appear here."))
                                       : tr("%1 — F8 / Shift+F8 step through them, Enter opens the location.")
                                             .arg(countsText(countFindings(all))));
    };
    connect(m_model, &QAbstractItemModel::modelReset, this, updateSummary);

    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (const Finding* f = m_model->finding(index))
            Q_EMIT findingActivated(*f);
    });
    connect(m_session, &Session::findingsChanged, this, [this] { m_model->setFindings(m_session->findings()); });
    m_model->setFindings(m_session->findings());
    updateSummary();
}

void FindingsPane::nextFinding()
{
    step(1);
}
void FindingsPane::previousFinding()
{
    step(-1);
}

void FindingsPane::step(int delta)
{
    const int rows = m_model->rowCount();
    if (rows == 0)
        return;
    const QModelIndex current = m_view->currentIndex();
    int row = current.isValid() ? current.row() + delta : (delta > 0 ? 0 : rows - 1);
    row = (row % rows + rows) % rows;
    const QModelIndex index = m_model->index(row, FindingsModel::MessageColumn);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    Q_EMIT findingActivated(*m_model->finding(index));
}

} // namespace kwb::ui

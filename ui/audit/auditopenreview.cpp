// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit window's Review tab: one review read-only beside its task's sources and evidence.
#include "ui/audit/auditwindow.h"

#include "ui/audit/reviewdetailview.h"
#include "ui/audit/reviewfilter.h"
#include "ui/audit/reviewtablemodel.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>

namespace kwb::ui {

bool AuditWindow::openReview(const QString& identity)
{
    for (const Review& r : m_reviews) {
        if (r.identity() != identity)
            continue;
        // Its row selected first (which shows its task side by side), then the Review tab on top.
        for (int row = 0; row < m_filter->rowCount(); ++row) {
            const QModelIndex i = m_filter->index(row, 0);
            if (m_model->row(m_filter->mapToSource(i).row()).review.identity() != identity)
                continue;
            if (!m_view->selectionModel()->isRowSelected(row, {}))
                m_view->selectionModel()->setCurrentIndex(
                    i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_view->scrollTo(i);
            break;
        }
        m_detail->showReview(
            r, m_reports, m_result.flags, m_rubric ? &*m_rubric : nullptr, m_tasks.value(r.taskId).dir);
        m_tabs->setCurrentWidget(m_detail);
        return true;
    }
    return false;
}

void AuditWindow::openCurrentReview()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    const QModelIndex index = current.isValid() ? current : rows.value(0);
    if (!index.isValid()) {
        m_status->setText(tr("Select a review to open it."));
        return;
    }
    openReview(m_model->row(m_filter->mapToSource(index).row()).review.identity());
}

} // namespace kwb::ui

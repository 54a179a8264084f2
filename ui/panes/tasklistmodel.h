// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/batch/batchview.h"
#include "core/importers/batchworkspace.h"
#include "core/task/lint.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// The bundles of the open folder with their lint status: task id (and a status icon), findings
/// summary. A bundle whose manifest does not load shows its folder name and the load error.
class TaskListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TaskColumn, StatusColumn, ReviewColumn, BatchColumn, ColumnCount };

    explicit TaskListModel(QObject* parent = nullptr);

    void setBundles(const QList<LintReport>& bundles, const QString& root);
    /// Replaces one row's report (a workspace bundle linted when first opened).
    void updateBundle(int row, const LintReport& report);
    /// Batch workspaces: the review state of every row (ReviewColumn); empty for a plain folder.
    void setReviews(const QList<QueueReview>& reviews);
    void updateReview(int row, const QueueReview& review);
    /// The state of each task in a batch's output folder (BatchColumn), matched by task id; nullopt: no batch.
    void setBatch(const std::optional<BatchView>& batch);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<LintReport> m_bundles;
    QList<QueueReview> m_reviews;
    QString m_root;
    std::optional<BatchView> m_batch;
};

} // namespace kwb::ui

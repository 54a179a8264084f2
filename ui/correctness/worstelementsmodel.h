// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compare/comparison.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// The k worst elements of one comparison: index, actual, expected, abs, rel, ULP.
class WorstElementsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Index, Actual, Expected, Abs, Rel, Ulp, ColumnCount };

    explicit WorstElementsModel(QObject* parent = nullptr);

    void setElements(const std::vector<WorstElement>& elements);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<WorstElement> m_rows;
};

} // namespace kwb::ui

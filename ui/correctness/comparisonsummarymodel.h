// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/correctness/comparisonview.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// One row per output × case: verdict, max abs, max rel, max ULP, mismatches, NaN/Inf agreement, and for a
/// generated case (held-out size, stress pattern) what was generated.
class ComparisonSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Output, Case, Verdict, MaxAbs, MaxRel, MaxUlp, Mismatches, NanAgreement, Generated, ColumnCount };

    explicit ComparisonSummaryModel(QObject* parent = nullptr);

    void setComparisons(const QList<ComparisonView>& comparisons);
    const QList<ComparisonView>& comparisons() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ComparisonView> m_rows;
};

/// "agree", or how many positions differ for NaN and ±Inf.
QString nanAgreementText(const Comparison& c);

} // namespace kwb::ui

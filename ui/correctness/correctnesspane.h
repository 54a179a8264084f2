// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/correctness/comparisonview.h"

#include <QWidget>

class QLabel;
class QTabWidget;
class QTableView;

namespace kwb::ui {

class ComparisonSummaryModel;
class ErrorHistogramChart;
class MismatchHeatMap;
class WorstElementsModel;

/// Shows comparison results: a summary table (one row per output × case) and, for the selected row, its
/// verdict reason, worst elements, error histogram and — for outputs of two or more dimensions — a map of
/// where the mismatches sit. Fed by File ▸ Compare Tensors and by the run engine.
class CorrectnessPane : public QWidget {
    Q_OBJECT
public:
    explicit CorrectnessPane(QWidget* parent = nullptr);

    /// Replaces what the pane shows and selects the first failing row (or the first row).
    void setComparisons(const QList<ComparisonView>& comparisons);
    /// The summary row whose details are shown, or −1.
    int currentRow() const { return m_current; }
    /// Its case label (`cand · tail/t1`), "" when none.
    QString currentLabel() const;
    void setCurrentRow(int row);

    ComparisonSummaryModel* summaryModel() const { return m_summary; }
    WorstElementsModel* worstModel() const { return m_worst; }

Q_SIGNALS:
    void currentRowChanged(int row);

private:
    void showDetails(int row);

    ComparisonSummaryModel* m_summary;
    WorstElementsModel* m_worst;
    QTableView* m_summaryView;
    QTableView* m_worstView;
    QLabel* m_reason;
    QTabWidget* m_details;
    ErrorHistogramChart* m_histogram;
    MismatchHeatMap* m_heatMap;
    int m_current = -1;
};

} // namespace kwb::ui

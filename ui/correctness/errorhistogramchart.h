// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compare/comparison.h"

#include <QCategoryAxis>
#include <QChartView>

namespace kwb::ui {

/// The engine's log-spaced histogram of absolute errors as a bar chart (empty outer bins trimmed).
class ErrorHistogramChart : public QChartView {
    Q_OBJECT
public:
    explicit ErrorHistogramChart(QWidget* parent = nullptr);

    void setHistogram(const ErrorHistogram& histogram);
    /// The bar labels and counts now shown (for tests and screen readers).
    QStringList categories() const { return m_categories; }
    QList<qint64> counts() const { return m_counts; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Labels under every k-th bar, k chosen so that each has room for its whole text at the current width.
    void layoutLabels();

    QStringList m_categories;
    QList<qint64> m_counts;
    QCategoryAxis* m_x = nullptr;
};

/// `0`, `<2^-48`, `2^-48`, …, `≥2^10`: the label of histogram bin `i`.
QString histogramBinLabel(const ErrorHistogram& histogram, int i);

} // namespace kwb::ui

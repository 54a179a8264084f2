// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/performance/benchview.h"

#include <QChartView>

namespace kwb::ui {

/// The timed samples of one case as a strip plot: one column per implementation, a dot per sample (jittered
/// sideways by a fixed hash so redraws are identical), with a box from Q1 to Q3, the median as a bar and
/// whiskers to the furthest samples within 1.5 IQR. Candidates are coloured by their verdict. The time axis
/// turns logarithmic when the implementations' medians differ by more than 8×. When a sample lies beyond twice
/// the highest whisker, the axis stops at 1.3× that whisker and the samples above it are drawn as triangles on
/// the top edge, counted in the title.
class SampleStripChart : public QChartView {
    Q_OBJECT
public:
    explicit SampleStripChart(QWidget* parent = nullptr);

    /// `incorrect`: candidates that fail correctness (id → why), drawn and labelled INVALID whatever their timing.
    void setCase(
        std::shared_ptr<const BenchView> view, const QString& caseName, const QMap<QString, QString>& incorrect = {});
    void clear();
    /// The implementations drawn, in column order, and the dots drawn for each (for tests).
    QStringList implementations() const { return m_impls; }
    QList<int> dotCounts() const { return m_dots; }
    bool logarithmic() const { return m_log; }
    /// Dots drawn as triangles on the top edge: samples far above every whisker.
    int clippedDots() const { return m_clipped; }

private:
    QStringList m_impls;
    QList<int> m_dots;
    bool m_log = false;
    int m_clipped = 0;
};

/// Dots drawn per implementation at most: more are thinned evenly (every k-th sample), and the title says so.
constexpr int kMaxStripDots = 1500;

} // namespace kwb::ui

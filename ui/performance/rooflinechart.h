// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/performance/benchview.h"

#include <QChartView>

namespace kwb::ui {

/// The roofline on log-log axes: the bandwidth roof (bytes/s × intensity) up to the ridge point, the compute
/// roof (peak FLOP/s) after it, and each implementation's kernels at their arithmetic intensity and achieved
/// FLOP/s (from benchmark.flops/bytes over the measured median, or ncu's counters). Without roofs the chart
/// says why.
class RooflineChart : public QChartView {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    void setView(std::shared_ptr<const BenchView> view, const QString& selectedCase);
    void clear(const QString& why = {});
    /// Points drawn (for tests).
    int pointCount() const { return m_points; }

private:
    int m_points = 0;
};

} // namespace kwb::ui

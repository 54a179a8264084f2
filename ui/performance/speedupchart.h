// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/performance/benchview.h"

#include <QChartView>
#include <QMap>

namespace kwb::ui {

/// Speedup over the cases: per candidate its speedup over the reference (dot) with the 95 % CI (bar) in each
/// case, the cases ordered by the bytes they move (smallest first), a dashed line at 1×. Candidates whose timing
/// does not count (incorrect, interpreted, tampered) are left out and named in the title. The notebook's
/// "speedup versus size" plot.
class SpeedupChart : public QChartView {
    Q_OBJECT
public:
    explicit SpeedupChart(QWidget* parent = nullptr);

    void setView(std::shared_ptr<const BenchView> view, const QMap<QString, QString>& incorrect);
    void clear(const QString& why = {});
    /// Points drawn (for tests).
    int pointCount() const { return m_points; }
    /// The cases on the x axis, in order.
    const QStringList& cases() const { return m_cases; }

private:
    int m_points = 0;
    QStringList m_cases;
};

} // namespace kwb::ui

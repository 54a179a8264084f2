// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/bench/benchengine.h"
#include "core/bench/roofline.h"
#include "core/profile/profileengine.h"

#include <QList>
#include <QString>

#include <optional>

namespace kwb {

/// One kernel's position on the roofline chart.
struct RooflinePoint {
    QString impl;
    QString caseName;
    double intensity = 0; ///< FLOP per byte
    double flopsPerS = 0; ///< achieved
    QString source; ///< `bench` (benchmark.flops/bytes over the measured median) or `ncu` (measured counters)
};

/// The data of one roofline chart: the roofs (from the peaks) and the points.
struct RooflineData {
    Peaks peaks; ///< bytesPerS and flopsPerS both > 0
    QList<RooflinePoint> points;
    QString note; ///< what was left out and why (e.g. cpp implementations have no device peaks)
};

/// The roofline of a bench (and, when given, ncu) result: points for every implementation and case with a
/// median and a task with benchmark.flops and benchmark.bytes, and ncu kernels with measured flops and DRAM
/// bytes. std::nullopt with `note` set when there are no peaks to draw roofs from (no target.peak, and no
/// implementation runs on the table's device) or no point has both work figures.
std::optional<RooflineData> rooflineData(const BenchResult& bench, const ProfileResult* profile, QString* note);

} // namespace kwb

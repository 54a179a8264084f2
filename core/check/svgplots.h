// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/check/rooflinedata.h"

#include <QList>
#include <QString>

#include <vector>

namespace kwb {

/// One implementation's timing samples in one case.
struct SampleSeries {
    QString label;
    std::vector<double> samplesNs;
};

/// A self-contained SVG: one row per series, its samples as a jittered strip over a box plot (quartiles, median,
/// whiskers at 1.5 IQR), on a shared time axis (logarithmic when the samples span more than a decade).
QString samplesSvg(const QString& title, const QList<SampleSeries>& series);

/// A self-contained SVG roofline chart: log-log, attainable FLOP/s over arithmetic intensity (FLOP/byte), the
/// bandwidth and compute roofs from `data.peaks`, the ridge point, and every point labelled.
QString rooflineSvg(const RooflineData& data);

/// `&`, `<`, `>`, `"` and `'` as XML entities.
QString xmlEscape(const QString& text);

/// `850 ns`, `12.3 µs`, `4.56 ms`, `1.2 s`.
QString formatNs(double ns);

/// `950 MFLOP/s`, `1.2 TFLOP/s` (or B/s with `unit`).
QString formatRate(double perS, const QString& unit = QStringLiteral("FLOP/s"));

} // namespace kwb

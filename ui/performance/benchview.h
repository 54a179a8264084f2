// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/bench/benchengine.h"
#include "core/check/rooflinedata.h"
#include "core/profile/profileengine.h"

#include <QMap>
#include <QString>

#include <memory>
#include <optional>
#include <utility>

namespace kwb::ui {

/// What the performance pane shows of one bench (and, for Profile and Check All, the profilers' result):
/// the engines' results plus what the pane derives from them, computed off the GUI thread (a bootstrap of
/// each median takes a while for many samples).
struct BenchView {
    std::shared_ptr<const BenchResult> result;
    /// case → implementation → 95 % bootstrap CI {low, high} of the median, in ns (seeded like the speedups).
    QMap<QString, QMap<QString, std::pair<double, double>>> medianCi;
    std::optional<ProfileResult> profile; ///< set when the profilers were asked for
    std::optional<RooflineData> roofline; ///< std::nullopt: no roofs to draw, `rooflineNote` says why
    QString rooflineNote;

    /// The samples of `implId` in case `caseName`, or nullptr.
    const CaseSamples* samples(const QString& caseName, const QString& implId) const;
};

/// Builds the view of `result` (and `profile`): the median CIs with the provenance's bootstrap seed, the
/// roofline data.
BenchView makeBenchView(BenchResult result, std::optional<ProfileResult> profile = std::nullopt);

/// What the profilers did, one line each: the missing tools exactly as the profile engine names them, then
/// each tool run that failed or was skipped. Empty when nothing was asked for.
QStringList profileLines(const BenchView& view);

/// `812 ns`, `3.41 µs`, `12.5 ms`, `1.2 s`: a duration for a table cell (4 significant digits).
QString formatDuration(double ns);

} // namespace kwb::ui

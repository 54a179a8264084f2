// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/env/hostpeaks.h"
#include "core/result.h"
#include "core/task/task.h"

#include <optional>

namespace kwb {

/// The peak rates a floor is computed against, and where they come from.
struct Peaks {
    double bytesPerS = 0; ///< 0: unknown
    double flopsPerS = 0; ///< 0: unknown
    QString source; ///< `target.peak` or `hardware table: H100 SXM (float32)`
};

/// The peaks an implementation is judged against, or std::nullopt with `note` saying why there is no floor.
/// `target.peak` in the manifest always wins (the author states what the run's machine can do). Otherwise the
/// hardware table's figures for `target.hardware` — but only for implementations that run on that device
/// (`cuda`, python on a GPU framework): a `cpp` run on the host CPU is never judged against GPU peaks.
std::optional<Peaks> peaksFor(const Task& task, const Implementation& impl, QString* note);

/// The peaks of this host's CPU for an implementation that ran on it (locally): the measured read bandwidth from
/// memory when the bench flushed at least the last-level cache before every sample (`flushedBytes`), else the
/// bandwidth from cache, and the ISA's compute bound — with a 4x margin on the bandwidth, since a measurement can
/// fall short of what the memory gives (a loaded machine, a better access pattern). fp64 outputs halve the FLOPs.
Peaks hostCpuPeaks(const Task& task, const HostPeaks& host, qint64 flushedBytes);

/// max(flops / peak FLOP/s, bytes / peak bytes/s) in nanoseconds; terms with a zero peak or zero work are
/// left out; 0 when neither term applies.
double floorNs(double flops, double bytes, const Peaks& peaks);

/// benchmark.flops and benchmark.bytes of the task evaluated over the dims of `c` (0 where the manifest has
/// none). An Error names the expression and what went wrong.
Result<std::pair<double, double>> caseWork(const Task& task, const Case& c);

} // namespace kwb

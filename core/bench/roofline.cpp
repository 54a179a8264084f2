// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/roofline.h"

#include "core/hardware/hardware.h"
#include "core/task/expression.h"
#include "core/task/placement.h"

#include <algorithm>

namespace kwb {

std::optional<Peaks> peaksFor(const Task& task, const Implementation& impl, QString* note)
{
    if (task.target.peakBytesPerS || task.target.peakFlopsPerS)
        return Peaks { task.target.peakBytesPerS.value_or(0), task.target.peakFlopsPerS.value_or(0),
            QStringLiteral("target.peak") };
    const HardwareSpec* hw = findHardware(task.target.hardware);
    if (!hw) {
        if (note)
            *note = QStringLiteral("no floor: target.hardware '%1' is not in the hardware table and the manifest "
                                   "gives no target.peak")
                        .arg(task.target.hardware);
        return std::nullopt;
    }
    if (!mayUseAccelerator(impl)) {
        if (note)
            *note = QStringLiteral("no floor: '%1' runs on the host CPU, and the task's peaks are %2's; a CPU run is "
                                   "not judged against GPU peaks (give target.peak for a CPU floor)")
                        .arg(impl.id, hw->name);
        return std::nullopt;
    }
    // The work's dtype: the widest output type is a fair stand-in for the arithmetic precision.
    DType t = DType::Float32;
    if (!task.outputs.isEmpty())
        t = task.outputs.first().dtype;
    return Peaks { hw->memoryBandwidth, hw->peakFlops(t),
        QStringLiteral("hardware table: %1 (%2)").arg(hw->name, dtypeName(t)) };
}

Peaks hostCpuPeaks(const Task& task, const HostPeaks& host, qint64 flushedBytes)
{
    // 4x: a probe taken on a loaded machine reads at half what the memory gives or less, and an honest
    // single-threaded loop already matches the all-thread figure here (vector-add's largest case ran at 50 %
    // of a 2x floor); the floor is for impossible times, which are many times faster than that.
    constexpr double kBandwidthMargin = 4;
    const bool fromMemory = host.lastLevelCacheBytes > 0 && double(flushedBytes) >= host.lastLevelCacheBytes;
    const bool fp64 = !task.outputs.isEmpty() && task.outputs.first().dtype == DType::Float64;
    Peaks p;
    p.bytesPerS = kBandwidthMargin * (fromMemory ? host.dramBytesPerS : host.cacheBytesPerS);
    p.flopsPerS = host.fp32FlopsPerS() / (fp64 ? 2 : 1);
    p.source = QStringLiteral("%1; floor at 4x the %2 bandwidth (%3)")
                   .arg(host.describe(), fromMemory ? QStringLiteral("memory") : QStringLiteral("cache"),
                       fromMemory ? QStringLiteral("the caches were flushed before every sample")
                                  : QStringLiteral("a flush of %1 MiB is smaller than the %2 MiB last-level cache, "
                                                   "so inputs may come from cache")
                                        .arg(double(flushedBytes) / (1 << 20), 0, 'f', 0)
                                        .arg(host.lastLevelCacheBytes / (1 << 20), 0, 'f', 0));
    return p;
}

double floorNs(double flops, double bytes, const Peaks& peaks)
{
    double s = 0;
    if (flops > 0 && peaks.flopsPerS > 0)
        s = std::max(s, flops / peaks.flopsPerS);
    if (bytes > 0 && peaks.bytesPerS > 0)
        s = std::max(s, bytes / peaks.bytesPerS);
    return s * 1e9;
}

Result<std::pair<double, double>> caseWork(const Task& task, const Case& c)
{
    std::pair<double, double> work { 0, 0 };
    const QString texts[2] = { task.benchmarkFlops, task.benchmarkBytes };
    const char* fields[2] = { "/benchmark/flops", "/benchmark/bytes" };
    for (int i = 0; i < 2; ++i) {
        if (texts[i].trimmed().isEmpty())
            continue;
        auto e = Expression::parse(texts[i]);
        if (!e)
            return Error { QStringLiteral("task.json"), QString::fromLatin1(fields[i]), e.error().oneLine() };
        auto v = e->evaluate(c.dims);
        if (!v)
            return Error { QStringLiteral("task.json"), QString::fromLatin1(fields[i]),
                QStringLiteral("case '%1': %2").arg(c.name, v.error().oneLine()) };
        (i ? work.second : work.first) = static_cast<double>(*v);
    }
    return work;
}

} // namespace kwb

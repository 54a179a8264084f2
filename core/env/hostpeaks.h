// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace kwb {

/// What this host's CPU can do at most: the rates a CPU implementation's roofline floor is computed against.
/// Bandwidths are measured (all threads reading, best of several passes); compute is the ISA's upper bound
/// (logical CPUs × 2 FMA units × vector lanes × 2 × clock), since a measured FLOP rate would depend on the
/// flags the probe was built with. Both are meant as upper bounds: a floor must never be above an honest time.
struct HostPeaks {
    QString identity; ///< host name, CPU model, logical CPUs, memory: the cache key
    QString cpuModel;
    int logicalCpus = 0;
    double clockGhz = 0; ///< the highest clock the OS reports (cpufreq maximum, else /proc/cpuinfo)
    bool clockIsMaximum = false; ///< from cpufreq's cpuinfo_max_freq; else a current clock (turbo unknown)
    QString isa; ///< the widest vector extension found: avx512f, avx2+fma, avx, sse2
    int fp32FlopsPerCycle = 0; ///< per logical CPU, assuming two FMA units
    double lastLevelCacheBytes = 0;
    double dramBytesPerS = 0; ///< reading a buffer 4x the last-level cache
    double cacheBytesPerS = 0; ///< reading a per-thread buffer of half the L1 data cache
    QString measuredAt; ///< ISO date of the bandwidth passes (the largest figures kept over re-measurements)

    double fp32FlopsPerS() const;
    /// One line for reports: the figures and where they come from.
    QString describe() const;
    QJsonObject toJson() const;
    static HostPeaks fromJson(const QJsonObject& o);
};

/// This host's last-level cache in bytes: the kernel's view (/sys/devices/system/cpu/cpu0/cache, what lscpu
/// shows) first — glibc's sysconf reads CPUID, which some hypervisors fill with the whole host's cache — then
/// sysconf, then 32 MiB. Read by the workbench, outside any sandbox, and handed to the runners.
qint64 hostLastLevelCacheBytes();

/// This host's identity (cache key): host name, CPU model, logical CPUs, total memory.
QString hostIdentity();

/// The CPU's model name (/proc/cpuinfo), or the architecture where the file does not name it.
QString cpuModel();

/// Measures this host now (about half a second of memory reads on every CPU).
HostPeaks measureHostPeaks();

/// This host's peaks: from cacheDir()/host-peaks.json when they were measured for this identity, else measured
/// and cached. `remeasure` measures again and keeps, per figure, the larger of the old and the new (a pass on a
/// loaded machine reads less than the memory can give, never more).
HostPeaks hostPeaks(bool remeasure = false);

} // namespace kwb

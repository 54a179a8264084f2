// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/env/hostpeaks.h"

#include "core/env/resourcepaths.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QMutex>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSysInfo>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace kwb {

namespace {

QString fileText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString cpuInfoField(const QString& cpuinfo, const QString& key)
{
    const QRegularExpression re(
        QStringLiteral("^%1\\s*:\\s*(.+)$").arg(QRegularExpression::escape(key)), QRegularExpression::MultilineOption);
    const auto m = re.match(cpuinfo);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

double cacheBytes(int name, double fallback)
{
    const long v = sysconf(name);
    return v > 0 ? double(v) : fallback;
}

using Words = std::uint64_t __attribute__((vector_size(64))); // one cache line

// Sums `lines` cache lines. One body, compiled three times: for AVX-512, for AVX2 and for the baseline; sumLines()
// picks the widest this CPU has at run time (a read rate measured with narrower loads than a candidate may use
// would not be an upper bound). Plain target attributes, not target_clones: an ifunc resolver runs before the
// sanitizers' runtimes start, and crashes a TSan build at load.
#define KWB_SUM_LINES_BODY                                                                                             \
    Words a {}, b {}, c {}, d {};                                                                                      \
    std::size_t i = 0;                                                                                                 \
    for (; i + 4 <= lines; i += 4) {                                                                                   \
        a += p[i];                                                                                                     \
        b += p[i + 1];                                                                                                 \
        c += p[i + 2];                                                                                                 \
        d += p[i + 3];                                                                                                 \
    }                                                                                                                  \
    for (; i < lines; ++i)                                                                                             \
        a += p[i];                                                                                                     \
    a += b + c + d;                                                                                                    \
    std::uint64_t s = 0;                                                                                               \
    for (int k = 0; k < 8; ++k)                                                                                        \
        s += a[k];                                                                                                     \
    return s;

std::uint64_t sumLinesBaseline(const Words* p, std::size_t lines)
{
    KWB_SUM_LINES_BODY
}
#if defined(__x86_64__)
__attribute__((target("avx2"))) std::uint64_t sumLinesAvx2(const Words* p, std::size_t lines)
{
    KWB_SUM_LINES_BODY
}
__attribute__((target("avx512f"))) std::uint64_t sumLinesAvx512(
    const Words* p, std::size_t lines) { KWB_SUM_LINES_BODY }
#endif
#undef KWB_SUM_LINES_BODY

std::uint64_t sumLines(const Words* p, std::size_t lines)
{
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx512f"))
        return sumLinesAvx512(p, lines);
    if (__builtin_cpu_supports("avx2"))
        return sumLinesAvx2(p, lines);
#endif
    return sumLinesBaseline(p, lines);
}

/// Every thread sums its own slice of `words` 64-bit words, `passes` times; returns the bytes read per second of
/// the fastest round (each round starts all threads together and ends when the last one finishes).
double readBandwidth(std::size_t wordsPerThread, int passesPerRound, int threads, int rounds)
{
    const std::size_t lines = std::max<std::size_t>(4, wordsPerThread / 8);
    std::vector<std::unique_ptr<Words[]>> buffers;
    for (int t = 0; t < threads; ++t) {
        buffers.emplace_back(new Words[lines]);
        for (std::size_t i = 0; i < lines; ++i)
            buffers.back()[i] = Words {} + std::uint64_t(i * 2654435761u + std::uint64_t(t));
    }
    std::vector<std::uint64_t> sinks(std::size_t(threads) * 8, 0); // one cache line per thread
    double best = 0;
    for (int r = 0; r < rounds; ++r) {
        const auto start = std::chrono::steady_clock::now();
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t) {
            pool.emplace_back([&, t] {
                const Words* p = buffers[std::size_t(t)].get();
                std::uint64_t sum = 0;
                for (int pass = 0; pass < passesPerRound; ++pass) {
                    sum += sumLines(p, lines);
                    asm volatile("" : : "r"(p) : "memory"); // every pass must really read
                }
                sinks[std::size_t(t) * 8] = sum;
            });
        }
        for (auto& th : pool)
            th.join();
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double bytes = double(lines) * sizeof(Words) * passesPerRound * threads;
        if (s > 0)
            best = std::max(best, bytes / s);
    }
    asm volatile("" : : "r"(sinks.data()) : "memory");
    return best;
}

QString cachePath()
{
    return QDir(cacheDir()).filePath(QStringLiteral("host-peaks.json"));
}

} // namespace

double HostPeaks::fp32FlopsPerS() const
{
    return double(logicalCpus) * fp32FlopsPerCycle * clockGhz * 1e9 * (clockIsMaximum ? 1.0 : 1.5);
}

QString HostPeaks::describe() const
{
    return QStringLiteral("this host (%1, %2 logical CPUs): read bandwidth %3 GB/s from memory and %4 GB/s from "
                          "cache, measured %5; compute at most %6 GFLOP/s fp32 (%2 × %7 FLOP/cycle %8 × %9 GHz%10)")
        .arg(cpuModel)
        .arg(logicalCpus)
        .arg(dramBytesPerS / 1e9, 0, 'f', 1)
        .arg(cacheBytesPerS / 1e9, 0, 'f', 1)
        .arg(measuredAt)
        .arg(fp32FlopsPerS() / 1e9, 0, 'f', 0)
        .arg(fp32FlopsPerCycle)
        .arg(isa)
        .arg(clockGhz, 0, 'f', 2)
        .arg(clockIsMaximum ? QString() : QStringLiteral(" + 50 % for an unknown turbo"));
}

QJsonObject HostPeaks::toJson() const
{
    return { { QStringLiteral("identity"), identity }, { QStringLiteral("cpu_model"), cpuModel },
        { QStringLiteral("logical_cpus"), logicalCpus }, { QStringLiteral("clock_ghz"), clockGhz },
        { QStringLiteral("clock_is_maximum"), clockIsMaximum }, { QStringLiteral("isa"), isa },
        { QStringLiteral("fp32_flops_per_cycle"), fp32FlopsPerCycle },
        { QStringLiteral("fp32_flops_per_s"), fp32FlopsPerS() },
        { QStringLiteral("last_level_cache_bytes"), lastLevelCacheBytes },
        { QStringLiteral("dram_bytes_per_s"), dramBytesPerS }, { QStringLiteral("cache_bytes_per_s"), cacheBytesPerS },
        { QStringLiteral("measured_at"), measuredAt } };
}

HostPeaks HostPeaks::fromJson(const QJsonObject& o)
{
    HostPeaks p;
    p.identity = o.value(QStringLiteral("identity")).toString();
    p.cpuModel = o.value(QStringLiteral("cpu_model")).toString();
    p.logicalCpus = o.value(QStringLiteral("logical_cpus")).toInt();
    p.clockGhz = o.value(QStringLiteral("clock_ghz")).toDouble();
    p.clockIsMaximum = o.value(QStringLiteral("clock_is_maximum")).toBool();
    p.isa = o.value(QStringLiteral("isa")).toString();
    p.fp32FlopsPerCycle = o.value(QStringLiteral("fp32_flops_per_cycle")).toInt();
    p.lastLevelCacheBytes = o.value(QStringLiteral("last_level_cache_bytes")).toDouble();
    p.dramBytesPerS = o.value(QStringLiteral("dram_bytes_per_s")).toDouble();
    p.cacheBytesPerS = o.value(QStringLiteral("cache_bytes_per_s")).toDouble();
    p.measuredAt = o.value(QStringLiteral("measured_at")).toString();
    return p;
}

QString cpuModel()
{
    const QString model = cpuInfoField(fileText(QStringLiteral("/proc/cpuinfo")), QStringLiteral("model name"));
    return model.isEmpty() ? QSysInfo::currentCpuArchitecture() : model;
}

QString hostIdentity()
{
    const QString cpuinfo = fileText(QStringLiteral("/proc/cpuinfo"));
    const QString mem = cpuInfoField(fileText(QStringLiteral("/proc/meminfo")), QStringLiteral("MemTotal"));
    return QStringLiteral("%1 | %2 | %3 CPUs | %4")
        .arg(QSysInfo::machineHostName(), cpuInfoField(cpuinfo, QStringLiteral("model name")))
        .arg(std::max(1u, std::thread::hardware_concurrency()))
        .arg(mem);
}

HostPeaks measureHostPeaks()
{
    HostPeaks p;
    p.identity = hostIdentity();
    const QString cpuinfo = fileText(QStringLiteral("/proc/cpuinfo"));
    p.cpuModel = cpuInfoField(cpuinfo, QStringLiteral("model name"));
    p.logicalCpus = int(std::max(1u, std::thread::hardware_concurrency()));

    const QString maxKhz = fileText(QStringLiteral("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")).trimmed();
    if (bool ok = false; !maxKhz.isEmpty() && maxKhz.toDouble(&ok) > 0 && ok) {
        p.clockGhz = maxKhz.toDouble() / 1e6;
        p.clockIsMaximum = true;
    } else {
        static const QRegularExpression mhz(
            QStringLiteral("^cpu MHz\\s*:\\s*([0-9.]+)"), QRegularExpression::MultilineOption);
        for (auto it = mhz.globalMatch(cpuinfo); it.hasNext();)
            p.clockGhz = std::max(p.clockGhz, it.next().captured(1).toDouble() / 1e3);
        if (p.clockGhz <= 0)
            p.clockGhz = 5.0; // nothing reported: a clock no CPU sustains, so the bound stays an upper bound
    }
    // fp32 FLOP per cycle per CPU with two FMA (or add + multiply) units: lanes × 2 units × 2 (multiply-add).
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        p.isa = QStringLiteral("avx512f");
        p.fp32FlopsPerCycle = 16 * 2 * 2;
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        p.isa = QStringLiteral("avx2+fma");
        p.fp32FlopsPerCycle = 8 * 2 * 2;
    } else if (__builtin_cpu_supports("avx")) {
        p.isa = QStringLiteral("avx");
        p.fp32FlopsPerCycle = 8 * 2;
    } else {
        p.isa = QStringLiteral("sse2");
        p.fp32FlopsPerCycle = 4 * 2;
    }

    p.lastLevelCacheBytes = double(hostLastLevelCacheBytes());
    const double l1 = cacheBytes(_SC_LEVEL1_DCACHE_SIZE, 32 << 10);
    // Memory: 4x the last-level cache over all threads (at least 256 MiB, at most 1 GiB), read 3 rounds.
    const double dramTotal = std::clamp(4 * p.lastLevelCacheBytes, 256.0 * (1 << 20), 1024.0 * (1 << 20));
    p.dramBytesPerS = readBandwidth(std::size_t(dramTotal / 8 / p.logicalCpus), 1, p.logicalCpus, 3);
    // Cache: half the L1 data cache per thread, read over and over (about 256 MiB per thread per round) — the
    // fastest reads there are, so the bound holds for inputs small enough to stay in L1.
    const std::size_t cacheWords = std::size_t(std::max(512.0, l1 / 2 / 8));
    p.cacheBytesPerS
        = readBandwidth(cacheWords, int(std::max<std::size_t>(1, (256u << 20) / (cacheWords * 8))), p.logicalCpus, 3);
    p.measuredAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return p;
}

qint64 hostLastLevelCacheBytes()
{
    for (const char* index : { "index3", "index2" }) {
        QFile f(QStringLiteral("/sys/devices/system/cpu/cpu0/cache/%1/size").arg(QLatin1StringView(index)));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = f.readAll().trimmed();
        bool ok = false;
        const qint64 value = text.chopped(text.isEmpty() ? 0 : 1).toLongLong(&ok);
        if (ok && value > 0 && text.endsWith('K'))
            return value << 10;
        if (ok && value > 0 && text.endsWith('M'))
            return value << 20;
        if (const qint64 plain = text.toLongLong(&ok); ok && plain > 0)
            return plain;
    }
    return qint64(cacheBytes(_SC_LEVEL3_CACHE_SIZE, cacheBytes(_SC_LEVEL2_CACHE_SIZE, 32.0 * (1 << 20))));
}

HostPeaks hostPeaks(bool remeasure)
{
    // Read (or measured) once per process: a bench asks for every CPU implementation and case.
    static QMutex mutex;
    static std::optional<HostPeaks> known;
    const QMutexLocker lock(&mutex);
    if (known && !remeasure)
        return *known;
    const QString identity = hostIdentity();
    QJsonObject all;
    {
        QFile f(cachePath());
        if (f.open(QIODevice::ReadOnly))
            all = QJsonDocument::fromJson(f.readAll()).object();
    }
    const QJsonObject cached = all.value(identity).toObject();
    if (!cached.isEmpty() && !remeasure)
        return *(known = HostPeaks::fromJson(cached));
    HostPeaks p = measureHostPeaks();
    if (!cached.isEmpty()) {
        const HostPeaks old = HostPeaks::fromJson(cached);
        p.dramBytesPerS = std::max(p.dramBytesPerS, old.dramBytesPerS);
        p.cacheBytesPerS = std::max(p.cacheBytesPerS, old.cacheBytesPerS);
    }
    all.insert(identity, p.toJson());
    QDir().mkpath(cacheDir());
    QSaveFile out(cachePath());
    if (out.open(QIODevice::WriteOnly)) {
        out.write(QJsonDocument(all).toJson(QJsonDocument::Indented));
        out.commit(); // a cache that cannot be written only means measuring again next time
    }
    known = p;
    return p;
}

} // namespace kwb

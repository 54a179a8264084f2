// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/occupancy.h"

#include <QJsonArray>

#include <algorithm>
#include <climits>

namespace kwb {

namespace {
qint64 roundUp(qint64 x, qint64 unit)
{
    return (x + unit - 1) / unit * unit;
}

// Registers: allocated per warp in units, and a block's warps are spread over the SM's sub-partitions,
// each holding a quarter of the register file (cudaOccMaxBlocksPerSMRegsLimit).
int blocksByRegisters(const ArchLimits& a, const OccupancyInput& in, int warpsPerBlock, Occupancy& o)
{
    const qint64 perWarp = roundUp(qint64(in.registersPerThread) * a.warpSize, a.registerAllocationUnit);
    o.registersPerBlockAllocated = int(perWarp * warpsPerBlock);
    const qint64 assumed = perWarp * roundUp(warpsPerBlock, a.warpAllocationGranularity);
    if (in.registersPerThread > a.maxRegistersPerThread) {
        o.why = QStringLiteral("%1 registers per thread exceed the %2 limit of %3")
                    .arg(in.registersPerThread)
                    .arg(a.maxRegistersPerThread)
                    .arg(a.arch);
        return 0;
    }
    if (assumed > a.registersPerBlock || o.registersPerBlockAllocated > a.registersPerBlock) {
        o.why = QStringLiteral("%1 registers × %2 threads need %3 registers per block, the SM has %4")
                    .arg(in.registersPerThread)
                    .arg(in.blockThreads)
                    .arg(std::max<qint64>(assumed, o.registersPerBlockAllocated))
                    .arg(a.registersPerBlock);
        return 0;
    }
    if (perWarp == 0)
        return INT_MAX;
    const int subPartitions = a.warpAllocationGranularity;
    const qint64 warpsPerSub = (a.registersPerSm / subPartitions) / perWarp;
    return int(warpsPerSub * subPartitions / warpsPerBlock);
}

// Shared memory: static + dynamic + the driver's reserved part, rounded to the allocation unit, against
// the per-block limit (48 KB, or the opt-in maximum) and the SM's largest carveout.
int blocksBySmem(const ArchLimits& a, const OccupancyInput& in, Occupancy& o)
{
    const qint64 fixed = in.staticSmem + a.reservedSmemPerBlock;
    o.smemPerBlockAllocated = roundUp(fixed + in.dynamicSmem, a.smemAllocationUnit);
    const bool optIn = in.smemOptIn && fixed + in.dynamicSmem > a.smemPerBlockStatic;
    const qint64 limit = (optIn ? a.smemPerBlockOptIn : a.smemPerBlockStatic) + a.reservedSmemPerBlock;
    if (o.smemPerBlockAllocated > limit) {
        o.why = QStringLiteral("%1 bytes of shared memory per block exceed the %2 limit of %3 bytes%4")
                    .arg(in.staticSmem + in.dynamicSmem)
                    .arg(a.arch)
                    .arg(limit - a.reservedSmemPerBlock)
                    .arg(optIn ? QString() : QStringLiteral(" without opt-in"));
        return 0;
    }
    return o.smemPerBlockAllocated > 0 ? int(a.smemPerSm / o.smemPerBlockAllocated) : INT_MAX;
}
} // namespace

Result<Occupancy> computeOccupancy(const ArchLimits& a, const OccupancyInput& in)
{
    if (in.blockThreads <= 0 || in.registersPerThread < 0 || in.staticSmem < 0 || in.dynamicSmem < 0 || in.barriers < 0)
        return Error { {}, {}, QStringLiteral("occupancy needs a positive block size and non-negative resources") };
    Occupancy o;
    const int warpsPerBlock = int(roundUp(in.blockThreads, a.warpSize) / a.warpSize);
    if (in.blockThreads > a.maxThreadsPerBlock) {
        o.why = QStringLiteral("%1 threads per block exceed the limit of %2")
                    .arg(in.blockThreads)
                    .arg(a.maxThreadsPerBlock);
        o.limiter = QStringLiteral("warps");
        o.limiters = QStringList { o.limiter };
        return o;
    }
    o.blocksByWarps = a.maxWarpsPerSm / warpsPerBlock;
    o.blocksByBlockLimit = a.maxBlocksPerSm;
    o.blocksByRegisters = blocksByRegisters(a, in, warpsPerBlock, o);
    o.blocksBySmem = blocksBySmem(a, in, o);
    // Barriers limit blocks from Hopper on (cuda_occupancy.h applies it for compute capability ≥ 9 only).
    o.blocksByBarriers
        = in.barriers > 0 && a.major >= 9 ? a.maxBlocksPerSm * a.blockBarriersPerBlockSlot / in.barriers : INT_MAX;

    const std::pair<int, QString> factors[] = {
        { o.blocksByWarps, QStringLiteral("warps") },
        { o.blocksByRegisters, QStringLiteral("registers") },
        { o.blocksBySmem, QStringLiteral("shared memory") },
        { o.blocksByBlockLimit, QStringLiteral("blocks") },
        { o.blocksByBarriers, QStringLiteral("barriers") },
    };
    o.activeBlocks = INT_MAX;
    for (const auto& f : factors)
        o.activeBlocks = std::min(o.activeBlocks, f.first);
    for (const auto& f : factors) {
        if (f.first == o.activeBlocks)
            o.limiters << f.second;
    }
    o.limiter = o.limiters.value(0);
    o.activeWarps = o.activeBlocks * warpsPerBlock;
    o.occupancy = double(o.activeWarps) / a.maxWarpsPerSm;
    return o;
}

QJsonObject Occupancy::toJson() const
{
    QJsonObject j {
        { QStringLiteral("active_blocks"), activeBlocks },
        { QStringLiteral("active_warps"), activeWarps },
        { QStringLiteral("occupancy"), occupancy },
        { QStringLiteral("limiter"), limiter },
        { QStringLiteral("limiters"), QJsonArray::fromStringList(limiters) },
    };
    if (!why.isEmpty())
        j.insert(QStringLiteral("why"), why);
    return j;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/archlimits.h"
#include "core/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace kwb {

/// What a block of a kernel asks of an SM.
struct OccupancyInput {
    int blockThreads = 0;
    int registersPerThread = 0; ///< as ptxas reports (`Used N registers`)
    qint64 staticSmem = 0; ///< `__shared__` bytes (ptxas `N bytes smem`)
    qint64 dynamicSmem = 0; ///< launch-time dynamic shared memory
    int barriers = 0; ///< named barriers (ptxas `used N barriers`)
    /// true: the kernel raised cudaFuncAttributeMaxDynamicSharedMemorySize to `dynamicSmem` (needed above 48 KB).
    bool smemOptIn = false;
};

/// Theoretical occupancy of one SM, computed with the same rules as the CUDA Toolkit's `cuda_occupancy.h`.
struct Occupancy {
    int activeBlocks = 0; ///< resident blocks per SM (0: the block cannot run on this arch)
    int activeWarps = 0;
    double occupancy = 0; ///< activeWarps / maximum resident warps per SM, 0–1
    QString limiter; ///< `warps`, `registers`, `shared memory`, `blocks` or `barriers`
    QStringList limiters; ///< every factor that reaches the minimum
    int blocksByWarps = 0;
    int blocksByRegisters = 0; ///< INT_MAX when no registers are used
    int blocksBySmem = 0; ///< INT_MAX when no shared memory is used
    int blocksByBlockLimit = 0;
    int blocksByBarriers = 0; ///< INT_MAX when no barriers are used
    qint64 smemPerBlockAllocated = 0; ///< with the reserved part and the allocation unit
    int registersPerBlockAllocated = 0;
    QString why; ///< when activeBlocks is 0: which limit the block exceeds

    /// `{"active_blocks", "active_warps", "occupancy", "limiter", …}`.
    QJsonObject toJson() const;
};

/// Occupancy of `in` on `arch`. Errors only for meaningless input (block ≤ 0, negative sizes); a block that
/// cannot run (too many threads, registers or shared memory) gives activeBlocks == 0 with `why`.
Result<Occupancy> computeOccupancy(const ArchLimits& arch, const OccupancyInput& in);

} // namespace kwb

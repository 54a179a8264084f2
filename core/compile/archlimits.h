// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace kwb {

/// Per-architecture limits that decide occupancy and launch validity (NVIDIA compute capabilities).
/// Figures: CUDA C++ Programming Guide, "Compute Capabilities" → "Technical Specifications per Compute
/// Capability", and the allocation rules of the toolkit's `cuda_occupancy.h` (CUDA 13.0). Sizes in bytes.
struct ArchLimits {
    QString arch; ///< `sm_90`
    int major = 0;
    int minor = 0;
    int maxThreadsPerBlock = 1024;
    int maxBlockDim[3] = { 1024, 1024, 64 };
    qint64 maxGridDim[3] = { 2147483647, 65535, 65535 };
    int warpSize = 32;
    int maxWarpsPerSm = 0;
    int maxBlocksPerSm = 0;
    int registersPerSm = 65536;
    int registersPerBlock = 65536;
    int maxRegistersPerThread = 255;
    int registerAllocationUnit = 256; ///< registers are allocated per warp in units of this many
    int warpAllocationGranularity = 4; ///< warps of a block are placed on this many SM sub-partitions
    int smemAllocationUnit = 128; ///< shared memory per block is rounded up to this
    qint64 smemPerSm = 0; ///< the largest shared-memory carveout of the SM
    qint64 smemPerBlockStatic = 48 * 1024; ///< static `__shared__` limit and the limit without opt-in
    qint64 smemPerBlockOptIn = 0; ///< max dynamic + static per block with cudaFuncAttributeMaxDynamicSharedMemorySize
    qint64 reservedSmemPerBlock = 0; ///< shared memory the driver reserves per block (1 KB from sm_80)
    int blockBarriersPerBlockSlot = 2; ///< named barriers available per block slot (cuda_occupancy.h)
};

/// The table: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120.
const QList<ArchLimits>& archLimitsTable();

/// The limits of `arch` (`sm_90`, `sm_90a`, `compute_90`, `90` or `9.0`); nullptr when not in the table.
const ArchLimits* findArchLimits(QStringView arch);

} // namespace kwb

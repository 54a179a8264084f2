// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/archlimits.h"
#include "core/compile/kernelresources.h"
#include "core/finding.h"
#include "core/task/task.h"

#include <QList>

namespace kwb {

/// One evaluated launch of a `__global__` entry.
struct LaunchConfig {
    QString caseName;
    qint64 grid[3] = { 1, 1, 1 };
    qint64 block[3] = { 1, 1, 1 };
    qint64 dynamicSmem = 0;
    qint64 threads() const { return block[0] * block[1] * block[2]; }
};

/// The first limit of `arch` that `launch` breaks (grid dims, block dims and size, dynamic shared memory
/// without opt-in — the runner launches with `<<<grid, block, smem>>>` and never raises the limit), or an
/// empty string.
QString launchViolation(const LaunchConfig& launch, const ArchLimits& arch);

/// Validates `impl`'s `launch` over every case on every arch in `archs`, with the resources ptxas reported
/// for the entry kernel (`kernels`, matched by entry name) when there are any: registers × threads against
/// the register file and static + dynamic shared memory. Fills the entry kernels' occupancy (at the first
/// case's launch) and returns `launch.invalid-config` (one per arch and distinct reason) and
/// `launch.low-occupancy` findings. Kernels of any implementation whose static shared memory alone exceeds
/// the 48 KB static limit are reported too.
Findings validateLaunches(
    const Task& task, const Implementation& impl, const QStringList& archs, QList<KernelResources>& kernels);

/// True when the kernel `k` (mangled or demangled) is the implementation's entry `entry`.
bool isEntryKernel(const KernelResources& k, const QString& entry);

} // namespace kwb

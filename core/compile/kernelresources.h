// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/occupancy.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace kwb {

/// What ptxas reports for one entry function on one arch (`-Xptxas -v`).
struct KernelResources {
    QString name; ///< mangled, as ptxas prints it
    QString demangled; ///< the C++ name (same as `name` for extern "C" kernels)
    QString arch; ///< `sm_90`
    int registers = 0;
    int stackBytes = 0; ///< stack frame
    int spillStores = 0; ///< bytes
    int spillLoads = 0; ///< bytes
    int smemBytes = 0; ///< static shared memory
    int cmemBytes = 0; ///< constant bank 0 (kernel parameters and constants)
    int barriers = 0;
    std::optional<Occupancy> occupancy; ///< at the launch's block size, where the task states one
    // Kernels of the python frameworks (Triton launches, Pallas calls, NKI tiles), compiled as launched:
    QString framework; ///< empty (nvcc), `triton`, `pallas` or `nki`
    QString config; ///< Triton: constexprs and options of the launch (`BLOCK=128,num_warps=4`); Pallas: grid
    int line = 0; ///< the kernel's line in the implementation's file, 0 when unknown
    int numWarps = 0; ///< Triton
    int numStages = 0; ///< Triton
    qint64 dynamicSmemBytes = 0; ///< Triton: the shared memory the launch asks for (metadata.shared)
    qint64 vmemBytes = -1; ///< Pallas on TPU: VMEM the blocks take per grid step (double-buffered), -1: n/a
    QString error; ///< this kernel did not compile / lower for `arch`: the tool's message
    QJsonObject details; ///< what the framework reported besides (grids, blocks, cases, artifacts)

    /// `{"name", "demangled", "arch", "registers", "stack_bytes", "spill_stores", "spill_loads", "smem_bytes",
    /// "cmem_bytes", "barriers", "occupancy"}` (`occupancy` null when not computed); python frameworks add
    /// "framework", "config", "line", "num_warps", "num_stages", "dynamic_smem_bytes", "vmem_bytes", "error",
    /// "details" where set.
    QJsonObject toJson() const;
};

/// The entry functions of a `-Xptxas -v` log, in the order ptxas compiled them (one per kernel and arch).
QList<KernelResources> parsePtxasResources(const QString& text);

/// The demangled C++ name of an Itanium-mangled symbol, or `symbol` itself when it is not one.
QString demangle(const QString& symbol);

} // namespace kwb

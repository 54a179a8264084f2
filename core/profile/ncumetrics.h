// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile/csvreader.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

namespace kwb {

/// One kernel launch as Nsight Compute measured it, mapped to the curated metric set.
struct KernelProfile {
    QString impl; ///< implementation id (set by the caller)
    QString caseName; ///< set by the caller
    int launchId = 0; ///< ncu's `ID`
    QString kernel; ///< `Kernel Name` (demangled)
    QString device; ///< `Device Name`
    QString grid; ///< `Grid Size`, e.g. `(4096, 1, 1)`
    QString block; ///< `Block Size`
    std::optional<double> durationNs; ///< gpu__time_duration.sum
    std::optional<double> dramBytesRead; ///< dram__bytes_read.sum
    std::optional<double> dramBytesWritten; ///< dram__bytes_write.sum
    std::optional<double> dramBytesPerS; ///< dram__bytes.sum.per_second, else (read + written) / duration
    std::optional<double> flops; ///< from the sass fadd/fmul/ffma (×2) counts of fp16/fp32/fp64
    std::optional<double> flopsPerS; ///< flops / duration
    std::optional<double> smThroughputPct; ///< sm__throughput.avg.pct_of_peak_sustained_elapsed
    std::optional<double> memoryThroughputPct; ///< gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed
    std::optional<double> achievedOccupancyPct; ///< sm__warps_active.avg.pct_of_peak_sustained_active
    std::optional<double> registersPerThread; ///< launch__registers_per_thread
    std::optional<double> sharedMemoryPerBlockBytes; ///< launch__shared_mem_per_block_static + _dynamic
    std::optional<double> sharedBankConflicts; ///< l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld + _st
    std::optional<double> loadSectorsPerRequest; ///< l1tex__t_sectors_pipe_lsu_mem_global_op_ld / requests
    std::optional<double> storeSectorsPerRequest; ///< l1tex__t_sectors_pipe_lsu_mem_global_op_st / requests
    QMap<QString, double> raw; ///< every numeric metric column of the row, by ncu's metric name

    QJsonObject toJson() const;
};

/// The metrics `kwb profile` asks ncu for (`--metrics a,b,…`): what KernelProfile needs.
QStringList ncuMetricNames();

/// Parses `ncu --csv --page raw --print-units base` output (one row per kernel launch, a units row after the
/// header, ncu's `==PROF==` chatter and the program's own output before it) into kernel profiles. Metric
/// values may be `n/a`, quoted, or use thousands separators. An Error names the file and line (no header,
/// unterminated quote, a row of the wrong width, no `Kernel Name` column).
Result<QList<KernelProfile>> parseNcuCsv(const QByteArray& text, const QString& fileName);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compileresult.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// The ptxas resource report of a compile, one row per kernel and arch, filtered to one arch (or all):
/// implementation, kernel (demangled, mangled in the tooltip and its own column), arch, registers, stack,
/// spill stores/loads, static shared memory, constant memory, barriers, occupancy and its limiter; for Triton,
/// Pallas and NKI kernels also how they were launched (or why they did not compile).
class KernelResourcesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ImplColumn,
        KernelColumn,
        MangledColumn,
        ArchColumn,
        RegistersColumn,
        StackColumn,
        SpillsColumn,
        SmemColumn,
        CmemColumn,
        BarriersColumn,
        OccupancyColumn,
        LimiterColumn,
        LaunchColumn, ///< python frameworks: Triton config, num_warps/num_stages, dynamic shared memory, grids;
                      ///< Pallas grid, blocks, VMEM per grid step; NKI tile; the error when it did not compile
        ColumnCount
    };
    struct Row {
        QString implId;
        KernelResources kernel;
    };

    explicit KernelResourcesModel(QObject* parent = nullptr);

    void setResult(const CompileResult& result);
    void clear();
    /// Shows the kernels of `arch` only (empty: every arch).
    void setArch(const QString& arch);
    QString arch() const { return m_arch; }
    const Row* row(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The Launch column's text of `k` (empty for nvcc's kernels).
    static QString launchText(const KernelResources& k);

private:
    void refilter();

    QList<Row> m_all;
    QList<Row> m_rows;
    QString m_arch;
};

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compile/kernelresourcesmodel.h"

#include <QJsonArray>

#include <QColor>

namespace kwb::ui {

KernelResourcesModel::KernelResourcesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelResourcesModel::setResult(const CompileResult& result)
{
    m_all.clear();
    for (const ImplementationCompile& c : result.implementations) {
        for (const KernelResources& k : c.kernels)
            m_all << Row { c.id, k };
    }
    refilter();
}

void KernelResourcesModel::clear()
{
    m_all.clear();
    refilter();
}

void KernelResourcesModel::setArch(const QString& arch)
{
    m_arch = arch;
    refilter();
}

void KernelResourcesModel::refilter()
{
    beginResetModel();
    m_rows.clear();
    for (const Row& r : m_all) {
        if (m_arch.isEmpty() || r.kernel.arch == m_arch)
            m_rows << r;
    }
    endResetModel();
}

QString KernelResourcesModel::launchText(const KernelResources& k)
{
    if (!k.error.isEmpty())
        return tr("failed: %1").arg(k.error.left(200));
    if (k.framework == u"triton") {
        QStringList grids;
        for (const QJsonValue& g : k.details.value(u"grids").toArray()) {
            QStringList dims;
            for (const QJsonValue& d : g.toArray())
                dims << QString::number(d.toInteger());
            grids << QStringLiteral("(%1)").arg(dims.join(u','));
        }
        return tr("num_warps %1 · num_stages %2 · dynamic smem %3 B · grid %4")
            .arg(k.numWarps)
            .arg(k.numStages)
            .arg(k.dynamicSmemBytes)
            .arg(grids.join(QStringLiteral(" ")));
    }
    if (k.framework == u"pallas")
        return k.vmemBytes >= 0 ? tr("%1 · VMEM %2 B per grid step").arg(k.config).arg(k.vmemBytes) : k.config;
    return k.config;
}

const KernelResourcesModel::Row* KernelResourcesModel::row(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_rows.size())
        return nullptr;
    return &m_rows[index.row()];
}

int KernelResourcesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int KernelResourcesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelResourcesModel::data(const QModelIndex& index, int role) const
{
    const Row* r = row(index);
    if (!r)
        return {};
    const KernelResources& k = r->kernel;
    const bool spills = k.spillStores > 0 || k.spillLoads > 0;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case ImplColumn:
            return r->implId;
        case KernelColumn:
            return k.demangled;
        case MangledColumn:
            return k.name;
        case ArchColumn:
            return k.arch;
        case RegistersColumn:
            return k.registers;
        case StackColumn:
            return QStringLiteral("%1 B").arg(k.stackBytes);
        case SpillsColumn:
            return QStringLiteral("%1 / %2 B").arg(k.spillStores).arg(k.spillLoads);
        case SmemColumn:
            if (k.framework == u"triton")
                return QStringLiteral("%1 B").arg(k.smemBytes + k.dynamicSmemBytes);
            return QStringLiteral("%1 B").arg(k.smemBytes);
        case CmemColumn:
            return QStringLiteral("%1 B").arg(k.cmemBytes);
        case BarriersColumn:
            return k.barriers;
        case OccupancyColumn:
            return k.occupancy ? QStringLiteral("%1 % (%2 blocks, %3 warps)")
                                     .arg(qRound(k.occupancy->occupancy * 100))
                                     .arg(k.occupancy->activeBlocks)
                                     .arg(k.occupancy->activeWarps)
                               : tr("no block size");
        case LimiterColumn:
            return k.occupancy ? (k.occupancy->activeBlocks == 0 ? k.occupancy->why : k.occupancy->limiter) : QString();
        case LaunchColumn:
            return launchText(k);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == KernelColumn || index.column() == MangledColumn)
            return QStringLiteral("%1\n%2").arg(k.demangled, k.name);
        if (index.column() == OccupancyColumn)
            return k.occupancy ? tr("Theoretical occupancy on %1 at the launch's block size (rules of the CUDA "
                                    "Toolkit's cuda_occupancy.h); limiters: %2")
                                     .arg(k.arch, k.occupancy->limiters.join(QStringLiteral(", ")))
                               : tr("The task states no block size for this kernel (no launch expression)");
        if (index.column() == LaunchColumn && !k.error.isEmpty())
            return k.error;
        if (k.framework == u"triton")
            return tr("Compiled by triton for %1 as it was launched (line %2), with a stand-in driver; figures "
                      "from the ptxas -v log of its cubin; shared memory is what the launch asks for")
                .arg(k.arch)
                .arg(k.line);
        if (k.framework == u"pallas")
            return tr("Lowered by jax.export for %1 with interpret=False, with the shapes of the call (line %2); "
                      "VMEM: the blocks in (8, 128) tiles, double-buffered across grid steps")
                .arg(k.arch)
                .arg(k.line);
        if (k.framework == u"nki")
            return tr("Checked statically against NKI's documented tile limits (neuronx-cc is not installed)");
        return tr("From ptxas -v (nvcc -Xptxas -v) for %1").arg(k.arch);
    }
    if (role == Qt::ForegroundRole && index.column() == LaunchColumn && !k.error.isEmpty())
        return QColor(0xc0, 0x20, 0x20);
    if (role == Qt::ForegroundRole && index.column() == SpillsColumn && spills)
        return QColor(0xb3, 0x59, 0x00);
    if (role == Qt::TextAlignmentRole && index.column() >= RegistersColumn && index.column() <= BarriersColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant KernelResourcesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char* const names[] = { "Implementation", "Kernel", "Mangled name", "Arch", "Registers", "Stack",
        "Spills st/ld", "Shared mem", "Const mem", "Barriers", "Occupancy", "Limiter", "Launch" };
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace kwb::ui

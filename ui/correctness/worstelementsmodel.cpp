// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/correctness/worstelementsmodel.h"

#include "core/compare/verdict.h"

#include <QStringList>

namespace kwb::ui {

WorstElementsModel::WorstElementsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void WorstElementsModel::setElements(const std::vector<WorstElement>& elements)
{
    beginResetModel();
    m_rows = elements;
    endResetModel();
}

int WorstElementsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WorstElementsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WorstElementsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const WorstElement& w = m_rows[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Index: {
        QStringList parts;
        for (const auto i : w.index)
            parts << QString::number(i);
        return u'[' + parts.join(QStringLiteral(", ")) + u']';
    }
    case Actual:
        return formatNumber(w.actual);
    case Expected:
        return formatNumber(w.expected);
    case Abs:
        return formatNumber(w.abs);
    case Rel:
        return formatNumber(w.rel);
    case Ulp:
        return w.ulp ? formatNumber(*w.ulp) : QStringLiteral("-");
    default:
        return {};
    }
}

QVariant WorstElementsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const names[] = { "Index", "Actual", "Expected", "Abs error", "Rel error", "ULP" };
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace kwb::ui

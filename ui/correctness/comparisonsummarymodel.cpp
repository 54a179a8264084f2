// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/correctness/comparisonsummarymodel.h"

#include "core/compare/verdict.h"

#include <QBrush>
#include <QColor>
#include <QStringList>

namespace kwb::ui {

QString nanAgreementText(const Comparison& c)
{
    const std::int64_t nan = c.nan.positionMismatches;
    const std::int64_t inf = c.posinf.positionMismatches + c.neginf.positionMismatches;
    if (nan == 0 && inf == 0)
        return QStringLiteral("agree");
    QStringList parts;
    if (nan)
        parts << QStringLiteral("NaN differ at %1").arg(nan);
    if (inf)
        parts << QStringLiteral("Inf differ at %1").arg(inf);
    return parts.join(QStringLiteral(", "));
}

ComparisonSummaryModel::ComparisonSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonSummaryModel::setComparisons(const QList<ComparisonView>& comparisons)
{
    beginResetModel();
    m_rows = comparisons;
    endResetModel();
}

int ComparisonSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ComparisonSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || !m_rows[index.row()].result)
        return {};
    const ComparisonView& v = m_rows[index.row()];
    const Comparison& c = *v.result;
    if (role == Qt::ToolTipRole)
        return c.reason;
    if (role == Qt::BackgroundRole && !v.generated.isEmpty())
        return QBrush(QColor(0xff, 0xf8, 0xe1)); // generated cases stand apart from the declared ones
    if (role == Qt::ForegroundRole && index.column() == Verdict)
        return QBrush(c.pass ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
    if (role == Qt::TextAlignmentRole && index.column() >= MaxAbs && index.column() <= Mismatches)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Output:
        return v.output;
    case Case:
        return v.caseName;
    case Verdict:
        return c.pass ? QStringLiteral("pass") : QStringLiteral("FAIL");
    case MaxAbs:
        return formatNumber(c.maxAbs);
    case MaxRel:
        return formatNumber(c.maxRel);
    case MaxUlp:
        return c.maxUlp ? formatNumber(*c.maxUlp) : QStringLiteral("-");
    case Mismatches:
        return QStringLiteral("%1 / %2").arg(c.mismatches).arg(c.count);
    case NanAgreement:
        return nanAgreementText(c);
    case Generated:
        return v.generated.isEmpty() ? QStringLiteral("declared") : v.generated;
    default:
        return {};
    }
}

QVariant ComparisonSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const names[]
        = { "Output", "Case", "Verdict", "Max abs", "Max rel", "Max ULP", "Mismatches", "NaN/Inf", "Generated" };
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/reviewtablemodel.h"

#include <QBrush>
#include <QColor>

namespace kwb::ui {

QString durationText(qint64 seconds)
{
    const qint64 minutes = (seconds + 30) / 60;
    if (minutes < 60)
        return QStringLiteral("%1 min").arg(minutes);
    return QStringLiteral("%1 h %2 min").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

ReviewTableModel::ReviewTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ReviewTableModel::setRows(const QList<AuditRow>& rows, const QStringList& criteria)
{
    beginResetModel();
    m_rows = rows;
    m_criteria = criteria;
    endResetModel();
}

int ReviewTableModel::criterionColumn(const QString& criterion) const
{
    const qsizetype i = m_criteria.indexOf(criterion);
    return i < 0 ? -1 : FirstCriterion + int(i);
}

int ReviewTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ReviewTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstCriterion + int(m_criteria.size());
}

QVariant ReviewTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const AuditRow& row = m_rows.at(index.row());
    const Review& r = row.review;
    const int col = index.column();
    if (col >= FirstCriterion) {
        const Score s = r.scores.value(m_criteria.at(col - FirstCriterion));
        if (role == Qt::DisplayRole)
            return s.value        ? QVariant(*s.value)
                : s.notApplicable ? QVariant(QStringLiteral("N/A"))
                                  : QVariant(QString());
        if (role == Qt::UserRole)
            return s.value ? *s.value : -1;
        if (role == Qt::ToolTipRole && !s.comment.isEmpty())
            return s.comment;
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignCenter);
        return {};
    }
    if (role == Qt::DisplayRole || role == Qt::UserRole) {
        switch (col) {
        case Task:
            return r.taskId;
        case Reviewer:
            return r.reviewer;
        case Status:
            return statusName(r.status);
        case Verdict:
            return r.verdict;
        case Audit:
            return row.decision;
        case Time:
            return role == Qt::UserRole ? QVariant(r.timeSpentS) : QVariant(durationText(r.timeSpentS));
        case Flags:
            return role == Qt::UserRole ? QVariant(int(row.flags.size()))
                : row.flags.isEmpty()   ? QVariant(QString())
                                        : QVariant(QString::number(row.flags.size()));
        }
    }
    if (role == Qt::ToolTipRole && col == Flags && !row.flags.isEmpty()) {
        QStringList lines;
        for (const AuditFlag& f : row.flags)
            lines << QStringLiteral("%1: %2").arg(f.id, f.message);
        return lines.join(u'\n');
    }
    if (role == Qt::BackgroundRole && col == Flags && !row.flags.isEmpty()) {
        const bool error = std::any_of(
            row.flags.begin(), row.flags.end(), [](const AuditFlag& f) { return f.severity == Severity::Error; });
        return QBrush(error ? QColor(0xf8, 0xc8, 0xc8) : QColor(0xfb, 0xe8, 0xb0));
    }
    return {};
}

QVariant ReviewTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList fixed { tr("Task"), tr("Reviewer"), tr("Status"), tr("Verdict"), tr("Audit"), tr("Time"),
        tr("Flags") };
    if (section < FirstCriterion)
        return fixed.at(section);
    return m_criteria.value(section - FirstCriterion);
}

} // namespace kwb::ui

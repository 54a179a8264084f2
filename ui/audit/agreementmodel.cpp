// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/agreementmodel.h"

#include <QBrush>
#include <QColor>

namespace kwb::ui {
namespace {
QVariant number(const std::optional<double>& v)
{
    return v ? QVariant(QString::number(*v, 'f', 3)) : QVariant(QStringLiteral("—"));
}
} // namespace

AgreementModel::AgreementModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AgreementModel::setCriteria(const QList<CriterionAgreement>& rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int AgreementModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AgreementModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AgreementModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const CriterionAgreement& a = m_rows.at(index.row());
    const bool low = a.items >= 2 && a.alpha[1] && *a.alpha[1] < kLowAgreementAlpha;
    if (role == Qt::ForegroundRole && low)
        return QBrush(QColor(0xb0, 0x20, 0x20));
    if (role == Qt::ToolTipRole && low)
        return tr("audit.low-agreement: ordinal α below %1").arg(kLowAgreementAlpha);
    if (role == Qt::TextAlignmentRole && index.column() != Criterion)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && a.items < 2 && index.column() > Percent)
        return tr("n/a: agreement beyond chance needs two or more tasks scored by two or more reviewers");
    if (role == Qt::ForegroundRole && a.items < 2 && index.column() > Percent)
        return QBrush(QColor(0x6b, 0x72, 0x80));
    if (role != Qt::DisplayRole)
        return {};
    // One item (or none): every chance-corrected figure is n/a, never a number from non-items.
    if (a.items < 2 && index.column() > Percent)
        return QStringLiteral("n/a");
    switch (index.column()) {
    case Criterion:
        return a.criterion;
    case Items:
        return a.items;
    case Percent:
        return number(a.percent);
    case Cohen:
        return a.cohen[0] ? QVariant(QStringLiteral("%1 / %2 / %3")
                                         .arg(number(a.cohen[0]).toString(), number(a.cohen[1]).toString(),
                                             number(a.cohen[2]).toString()))
                          : QVariant(QStringLiteral("—"));
    case Fleiss:
        return number(a.fleiss);
    case AlphaNominal:
        return number(a.alpha[0]);
    case AlphaOrdinal:
        return number(a.alpha[1]);
    case AlphaInterval:
        return number(a.alpha[2]);
    case Ac1:
        return number(a.ac1);
    case AlphaCi:
        return a.alphaCi
            ? QVariant(QStringLiteral("[%1, %2]").arg(a.alphaCi->first, 0, 'f', 3).arg(a.alphaCi->second, 0, 'f', 3))
            : QVariant(QStringLiteral("—"));
    }
    return {};
}

QVariant AgreementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList headers { tr("Criterion"), tr("Items"), tr("% agree"), tr("Cohen κ (u/l/q)"),
        tr("Fleiss κ"), tr("α nominal"), tr("α ordinal"), tr("α interval"), tr("Gwet AC1"), tr("α ordinal 95 % CI") };
    return headers.value(section);
}

ReviewerAgreementModel::ReviewerAgreementModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ReviewerAgreementModel::setReviewers(const QList<ReviewerAgreement>& rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int ReviewerAgreementModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ReviewerAgreementModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 6;
}

QVariant ReviewerAgreementModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::DisplayRole)
        return {};
    const ReviewerAgreement& a = m_rows.at(index.row());
    switch (index.column()) {
    case 0:
        return a.reviewer;
    case 1:
        return a.pairs;
    case 2:
        return number(a.withOthers);
    case 3:
        return a.adjudicated;
    case 4:
        return number(a.withAdjudicated);
    case 5:
        return a.meanOffset ? QVariant(QString::asprintf("%+.2f", *a.meanOffset)) : QVariant(QStringLiteral("—"));
    }
    return {};
}

QVariant ReviewerAgreementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList headers { tr("Reviewer"), tr("Pairs"), tr("Agrees with others"), tr("Adjudicated"),
        tr("Agrees with adjudication"), tr("Mean offset") };
    return headers.value(section);
}

} // namespace kwb::ui

namespace kwb::ui {

TaskAgreementModel::TaskAgreementModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TaskAgreementModel::setTasks(const QList<TaskAgreement>& rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int TaskAgreementModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TaskAgreementModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 6;
}

QVariant TaskAgreementModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const TaskAgreement& a = m_rows.at(index.row());
    if (role == Qt::ForegroundRole && index.column() == 5 && !a.disagreements.isEmpty())
        return QBrush(QColor(0xb0, 0x20, 0x20));
    if (role == Qt::ToolTipRole && index.column() == 5)
        return a.disagreements.join(u'\n');
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case 0:
        return a.task;
    case 1:
        return a.reviewers.join(QStringLiteral(", "));
    case 2:
        return a.items;
    case 3:
        return a.items < 1 ? QVariant(QStringLiteral("n/a")) : number(a.percent);
    case 4:
        return a.items < 2 ? QVariant(QStringLiteral("n/a")) : number(a.alpha);
    case 5:
        return a.disagreements.isEmpty() ? QStringLiteral("—") : a.disagreements.join(QStringLiteral("; "));
    }
    return {};
}

QVariant TaskAgreementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList headers { tr("Task"), tr("Reviewers"), tr("Items (criteria)"), tr("% agree"),
        tr("α ordinal"), tr("Disagreements (2+ levels)") };
    return headers.value(section);
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// One review as the audit window lists it.
struct AuditRow {
    Review review;
    QString kind; ///< the task's kind (generation, …), empty when the bundle is not known
    QString decision; ///< the audit verdict from the log (accept | return), empty when none
    QList<AuditFlag> flags;
};

/// The review table of the audit window: task, reviewer, status, verdict, audit decision, time spent, flags,
/// then one column per criterion. Qt::UserRole gives sortable values (numbers for scores and time).
class ReviewTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Task, Reviewer, Status, Verdict, Audit, Time, Flags, FirstCriterion };

    explicit ReviewTableModel(QObject* parent = nullptr);

    void setRows(const QList<AuditRow>& rows, const QStringList& criteria);
    const QList<AuditRow>& rows() const { return m_rows; }
    const QStringList& criteria() const { return m_criteria; }
    const AuditRow& row(int r) const { return m_rows.at(r); }
    /// The column of `criterion`, −1 when not shown.
    int criterionColumn(const QString& criterion) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<AuditRow> m_rows;
    QStringList m_criteria;
};

/// `41 min`, `1 h 05 min`.
QString durationText(qint64 seconds);

} // namespace kwb::ui

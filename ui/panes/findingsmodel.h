// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// Findings as a table: severity (with its icon), id, message, location. Errors first, then
/// warnings, then infos, each group in the order the checks reported them. A row's tooltip adds the finding
/// catalogue's origin and title of its id ("environment: no accelerator on this machine …").
class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, IdColumn, MessageColumn, LocationColumn, ColumnCount };

    explicit FindingsModel(QObject* parent = nullptr);

    void setFindings(const Findings& findings);
    const Findings& findings() const { return m_findings; }
    /// The finding of a row, or nullptr for an invalid index.
    const Finding* finding(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// `file:line`, `file /json/path`, `file` or empty.
    static QString location(const Finding& finding);

private:
    Findings m_findings;
};

} // namespace kwb::ui

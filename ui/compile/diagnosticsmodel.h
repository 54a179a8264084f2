// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compileresult.h"

#include <QAbstractTableModel>

namespace kwb::ui {

/// A compile's diagnostics as a table: ▸ (opens the line), severity, implementation, `file:line:col`,
/// message. Errors first, then warnings, then notes, each group in the compiler's order.
class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OpenColumn, SeverityColumn, ImplColumn, LocationColumn, MessageColumn, ColumnCount };
    struct Row {
        QString implId;
        Diagnostic diagnostic;
    };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setResult(const CompileResult& result);
    void clear();
    /// The row's diagnostic, or nullptr for an invalid index.
    const Row* row(const QModelIndex& index) const;
    /// Every diagnostic, in table order.
    QList<Diagnostic> diagnostics() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// `file:line:col`, `file:line`, `file`, or the tool's name when the diagnostic names no file.
    static QString location(const Diagnostic& d);

private:
    QList<Row> m_rows;
};

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compile/diagnosticsmodel.h"

#include "ui/editor/theme.h"

#include <algorithm>

namespace kwb::ui {

namespace {
Severity severityOf(DiagnosticSeverity severity)
{
    return severity == DiagnosticSeverity::Error  ? Severity::Error
        : severity == DiagnosticSeverity::Warning ? Severity::Warning
                                                  : Severity::Info;
}
} // namespace

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DiagnosticsModel::setResult(const CompileResult& result)
{
    beginResetModel();
    m_rows.clear();
    for (const ImplementationCompile& c : result.implementations) {
        for (const Diagnostic& d : c.diagnostics)
            m_rows << Row { c.id, d };
    }
    std::stable_sort(m_rows.begin(), m_rows.end(),
        [](const Row& a, const Row& b) { return a.diagnostic.severity < b.diagnostic.severity; });
    endResetModel();
}

void DiagnosticsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const DiagnosticsModel::Row* DiagnosticsModel::row(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_rows.size())
        return nullptr;
    return &m_rows[index.row()];
}

QList<Diagnostic> DiagnosticsModel::diagnostics() const
{
    QList<Diagnostic> out;
    for (const Row& r : m_rows)
        out << r.diagnostic;
    return out;
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DiagnosticsModel::location(const Diagnostic& d)
{
    if (d.file.isEmpty())
        return d.tool;
    QString s = d.file;
    if (d.line > 0)
        s += QStringLiteral(":%1").arg(d.line);
    if (d.line > 0 && d.column > 0)
        s += QStringLiteral(":%1").arg(d.column);
    return s;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const
{
    const Row* r = row(index);
    if (!r)
        return {};
    const Diagnostic& d = r->diagnostic;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case OpenColumn:
            return d.file.isEmpty() ? QString() : QStringLiteral("▸");
        case SeverityColumn:
            return diagnosticSeverityName(d.severity);
        case ImplColumn:
            return r->implId;
        case LocationColumn:
            return location(d);
        case MessageColumn: {
            QString m = d.message;
            if (!d.code.isEmpty())
                m += QStringLiteral(" [%1]").arg(d.code);
            return d.arch.isEmpty() ? m : QStringLiteral("(%1) %2").arg(d.arch, m);
        }
        default:
            return {};
        }
    }
    if (role == Qt::DecorationRole && index.column() == SeverityColumn)
        return severityIcon(severityOf(d.severity));
    if (role == Qt::ToolTipRole) {
        if (index.column() == OpenColumn && !d.file.isEmpty())
            return tr("Open %1 at line %2").arg(d.file).arg(d.line);
        return QStringLiteral("%1: %2: %3").arg(location(d), diagnosticSeverityName(d.severity), d.message);
    }
    if (role == Qt::TextAlignmentRole && index.column() == OpenColumn)
        return int(Qt::AlignCenter);
    return {};
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OpenColumn:
        return QString();
    case SeverityColumn:
        return tr("Severity");
    case ImplColumn:
        return tr("Implementation");
    case LocationColumn:
        return tr("Location");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace kwb::ui

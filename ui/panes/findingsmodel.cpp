// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/findingsmodel.h"

#include "core/findingcatalogue.h"
#include "ui/editor/theme.h"

#include <algorithm>

namespace kwb::ui {

FindingsModel::FindingsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FindingsModel::setFindings(const Findings& findings)
{
    beginResetModel();
    m_findings = findings;
    std::stable_sort(m_findings.begin(), m_findings.end(),
        [](const Finding& a, const Finding& b) { return int(a.severity) < int(b.severity); });
    endResetModel();
}

const Finding* FindingsModel::finding(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_findings.size())
        return nullptr;
    return &m_findings[index.row()];
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FindingsModel::location(const Finding& f)
{
    if (f.file.isEmpty())
        return {};
    if (f.line > 0)
        return f.endLine > f.line ? QStringLiteral("%1:%2-%3").arg(f.file).arg(f.line).arg(f.endLine)
                                  : QStringLiteral("%1:%2").arg(f.file).arg(f.line);
    if (!f.jsonPath.isEmpty())
        return f.file + u' ' + f.jsonPath;
    return f.file;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    const Finding* f = finding(index);
    if (!f)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case SeverityColumn:
            return severityName(f->severity);
        case IdColumn:
            return f->id;
        case MessageColumn:
            return f->message;
        case LocationColumn:
            return location(*f);
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (column == SeverityColumn)
            return severityIcon(f->severity);
        return {};
    case Qt::ToolTipRole: {
        // The catalogue's word on the id (whose fault, what it means), then this finding's own message.
        QString tip = QStringLiteral("%1 (%2)").arg(f->id, severityName(f->severity));
        if (const QString kind = findingKindSummary(f->id); !kind.isEmpty())
            tip += u'\n' + kind;
        tip += u'\n' + f->message;
        if (const QString loc = location(*f); !loc.isEmpty())
            tip += u'\n' + loc;
        return tip;
    }
    case Qt::ForegroundRole:
        if (column == LocationColumn)
            return theme::mutedText;
        return {};
    default:
        return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case IdColumn:
        return tr("Check");
    case MessageColumn:
        return tr("Message");
    case LocationColumn:
        return tr("Location");
    default:
        return {};
    }
}

} // namespace kwb::ui

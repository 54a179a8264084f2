#include "panes/tasklistmodel.h"

#include "editor/theme.h"
#include "window/session.h"

#include <QDir>
#include <QFileInfo>

namespace kwb::ui {

TaskListModel::TaskListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TaskListModel::setBundles(const QList<LintReport>& bundles, const QString& root)
{
    beginResetModel();
    m_bundles = bundles;
    m_root = root;
    endResetModel();
}

void TaskListModel::updateBundle(int row, const LintReport& report)
{
    if (row < 0 || row >= m_bundles.size())
        return;
    m_bundles[row] = report;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int TaskListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_bundles.size());
}

int TaskListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TaskListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_bundles.size())
        return {};
    const LintReport& r = m_bundles[index.row()];
    const FindingCounts c = countFindings(r.findings);
    const QString folder = QFileInfo(r.path).fileName();
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == TaskColumn)
            return r.id.isEmpty() ? folder : r.id;
        if (index.column() == StatusColumn) {
            if (!r.loaded)
                return tr("invalid");
            if (r.digest.isEmpty() && r.findings.isEmpty())
                return tr("not opened"); // a workspace bundle: linted when first opened
            if (c.errors)
                return c.errors == 1 ? tr("1 error") : tr("%1 errors").arg(c.errors);
            if (c.warnings)
                return c.warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(c.warnings);
            return c.infos ? tr("%1 info").arg(c.infos) : tr("clean");
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == TaskColumn && r.loaded && r.digest.isEmpty() && r.findings.isEmpty())
            return {}; // not linted yet: no status to show
        if (index.column() == TaskColumn)
            return statusIcon(r.loaded ? c.errors : std::max(1, c.errors), c.warnings);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn)
            return r.loaded && !c.errors ? theme::mutedText : severityColor(Severity::Error);
        return {};
    case Qt::ToolTipRole: {
        QString tip = QDir::toNativeSeparators(r.path);
        if (!r.loaded)
            tip += u'\n' + r.loadError;
        else
            tip += u'\n' + countsText(c);
        return tip;
    }
    default:
        return {};
    }
}

QVariant TaskListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == TaskColumn ? tr("Task") : section == StatusColumn ? tr("Lint") : QVariant();
}

} // namespace kwb::ui

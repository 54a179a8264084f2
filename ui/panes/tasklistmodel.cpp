// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panes/tasklistmodel.h"

#include "ui/editor/theme.h"
#include "ui/window/session.h"

#include <QDir>
#include <QFileInfo>
#include <QFont>

namespace kwb::ui {

TaskListModel::TaskListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TaskListModel::setBundles(const QList<LintReport>& bundles, const QString& root)
{
    beginResetModel();
    m_bundles = bundles;
    m_reviews.clear();
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

void TaskListModel::setReviews(const QList<QueueReview>& reviews)
{
    m_reviews = reviews;
    if (!m_bundles.isEmpty())
        Q_EMIT dataChanged(index(0, ReviewColumn), index(int(m_bundles.size()) - 1, ReviewColumn));
}

void TaskListModel::updateReview(int row, const QueueReview& review)
{
    if (row < 0 || row >= m_reviews.size() || row >= m_bundles.size() || m_reviews[row] == review)
        return;
    m_reviews[row] = review;
    Q_EMIT dataChanged(index(row, ReviewColumn), index(row, ReviewColumn));
}

void TaskListModel::setBatch(const std::optional<BatchView>& batch)
{
    m_batch = batch;
    if (!m_bundles.isEmpty())
        Q_EMIT dataChanged(index(0, BatchColumn), index(int(m_bundles.size()) - 1, BatchColumn));
}

namespace {
QString reviewText(const QueueReview& r)
{
    switch (r.state) {
    case QueueReview::State::Unreviewed:
        return TaskListModel::tr("unreviewed");
    case QueueReview::State::Draft:
        return r.verdict.isEmpty() ? TaskListModel::tr("draft") : TaskListModel::tr("draft · %1").arg(r.verdict);
    case QueueReview::State::Submitted:
        return r.verdict.isEmpty() ? TaskListModel::tr("✓ submitted") : TaskListModel::tr("✓ %1").arg(r.verdict);
    }
    return {};
}

QColor batchColor(const QString& status)
{
    if (status == u"passed")
        return QColor(0x1a, 0x7f, 0x37);
    if (status == u"findings" || status == u"timeout" || status == u"failed")
        return severityColor(Severity::Error);
    if (status == u"running")
        return QColor(0x1f, 0x5f, 0xbf);
    return theme::mutedText;
}

QVariant batchData(const std::optional<BatchView>& batch, const QString& id, int role)
{
    if (!batch)
        return {};
    const auto it = batch->elements.constFind(id);
    const bool found = it != batch->elements.cend();
    const QString status = found ? it->status : batch->finished ? QString() : QStringLiteral("queued");
    switch (role) {
    case Qt::DisplayRole: {
        if (status.isEmpty())
            return TaskListModel::tr("—");
        const QString mark = status == u"passed" ? QStringLiteral("✓ ")
            : status == u"running"               ? QStringLiteral("⟳ ")
            : status == u"queued"                ? QString()
                                                 : QStringLiteral("✗ ");
        // The report's own verdict says more than the exit status where there is one (a check: pass, fail,
        // incomplete); the tooltip has both.
        return mark + (found && !it->verdict.isEmpty() ? it->verdict : status);
    }
    case Qt::ForegroundRole:
        return batchColor(status);
    case Qt::ToolTipRole: {
        if (!found)
            return status.isEmpty() ? TaskListModel::tr("Not in this batch") : TaskListModel::tr("Not started yet");
        QString tip = TaskListModel::tr("%1%2 in %3 (%4 on %5)")
                          .arg(status, it->verdict.isEmpty() ? QString() : QStringLiteral(", verdict ") + it->verdict,
                              batch->outDir, batch->action,
                              batch->executor.isEmpty() ? QStringLiteral("local") : batch->executor);
        if (it->elapsedS > 0)
            tip += TaskListModel::tr("\n%1 s on %2").arg(it->elapsedS, 0, 'f', 1).arg(it->node);
        if (!it->note.isEmpty())
            tip += u'\n' + it->note;
        return tip;
    }
    default:
        return {};
    }
}

QColor reviewColor(const QueueReview& r)
{
    if (r.state != QueueReview::State::Submitted)
        return theme::mutedText;
    if (r.verdict == u"accept")
        return QColor(0x1a, 0x7f, 0x37);
    if (r.verdict == u"reject")
        return severityColor(Severity::Error);
    if (r.verdict == u"minor" || r.verdict == u"major")
        return QColor(0x9a, 0x67, 0x00);
    return theme::text;
}
} // namespace

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
    if (index.column() == BatchColumn)
        return batchData(m_batch, r.id.isEmpty() ? folder : r.id, role);
    if (index.column() == ReviewColumn) {
        if (index.row() >= m_reviews.size())
            return {};
        const QueueReview& q = m_reviews[index.row()];
        if (role == Qt::DisplayRole)
            return reviewText(q);
        if (role == Qt::ForegroundRole)
            return reviewColor(q);
        if (role == Qt::FontRole && q.state == QueueReview::State::Draft) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        if (role == Qt::ToolTipRole)
            return q.state == QueueReview::State::Draft    ? tr("A draft review is saved; not submitted yet")
                : q.state == QueueReview::State::Submitted ? tr("A review is submitted")
                                                           : tr("No review yet");
        return {};
    }
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
    return section == TaskColumn  ? tr("Task")
        : section == StatusColumn ? tr("Lint")
        : section == ReviewColumn ? tr("Review")
        : section == BatchColumn  ? tr("Batch")
                                  : QVariant();
}

} // namespace kwb::ui

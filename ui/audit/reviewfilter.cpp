// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/reviewfilter.h"

#include "ui/audit/reviewtablemodel.h"

namespace kwb::ui {

ReviewFilter::ReviewFilter(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(Qt::UserRole);
}

const ReviewTableModel* ReviewFilter::table() const
{
    return qobject_cast<const ReviewTableModel*>(sourceModel());
}

void ReviewFilter::changed()
{
    invalidateFilter();
}

void ReviewFilter::setReviewer(const QString& reviewer)
{
    m_reviewer = reviewer;
    changed();
}

void ReviewFilter::setKind(const QString& kind)
{
    m_kind = kind;
    changed();
}

void ReviewFilter::setVerdict(const QString& verdict)
{
    m_verdict = verdict;
    changed();
}

void ReviewFilter::setFlaggedOnly(bool on)
{
    m_flaggedOnly = on;
    changed();
}

void ReviewFilter::setCriterionRange(const QString& criterion, int min, int max)
{
    m_criterion = criterion;
    m_min = min;
    m_max = max;
    changed();
}

void ReviewFilter::setSearch(const QString& text)
{
    m_search = text.trimmed();
    changed();
}

bool ReviewFilter::filterAcceptsRow(int sourceRow, const QModelIndex&) const
{
    const ReviewTableModel* t = table();
    if (!t || sourceRow >= t->rowCount())
        return false;
    const AuditRow& row = t->row(sourceRow);
    const Review& r = row.review;
    if (!m_reviewer.isEmpty() && r.reviewer != m_reviewer)
        return false;
    if (!m_kind.isEmpty() && row.kind != m_kind)
        return false;
    if (!m_verdict.isEmpty() && r.verdict != m_verdict)
        return false;
    if (m_flaggedOnly && row.flags.isEmpty())
        return false;
    if (!m_criterion.isEmpty()) {
        const Score s = r.scores.value(m_criterion);
        if (!s.value || *s.value < m_min || *s.value > m_max)
            return false;
    }
    if (!m_search.isEmpty()) {
        QStringList texts { r.summary };
        for (const Score& s : r.scores)
            texts << s.comment;
        for (const LineComment& c : r.comments)
            texts << c.text;
        const bool found = std::any_of(
            texts.begin(), texts.end(), [&](const QString& s) { return s.contains(m_search, Qt::CaseInsensitive); });
        if (!found)
            return false;
    }
    return true;
}

bool ReviewFilter::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(Qt::UserRole);
    const QVariant b = right.data(Qt::UserRole);
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
        return QString::localeAwareCompare(a.toString(), b.toString()) < 0;
    return a.toLongLong() < b.toLongLong();
}

} // namespace kwb::ui

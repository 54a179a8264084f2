// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace kwb::ui {

class ReviewTableModel;

/// Filters the review table: by reviewer, task kind, verdict, flagged reviews only, a criterion's score range,
/// and text in the comments and summary (case-insensitive). Sorts numbers as numbers.
class ReviewFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ReviewFilter(QObject* parent = nullptr);

    void setReviewer(const QString& reviewer); ///< empty: any
    void setKind(const QString& kind); ///< empty: any
    void setVerdict(const QString& verdict); ///< empty: any
    void setFlaggedOnly(bool on);
    /// Only reviews whose score on `criterion` is within min..max (empty criterion: no range filter).
    void setCriterionRange(const QString& criterion, int min, int max);
    void setSearch(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    const ReviewTableModel* table() const;
    void changed();

    QString m_reviewer;
    QString m_kind;
    QString m_verdict;
    bool m_flaggedOnly = false;
    QString m_criterion;
    int m_min = 0;
    int m_max = 0;
    QString m_search;
};

} // namespace kwb::ui

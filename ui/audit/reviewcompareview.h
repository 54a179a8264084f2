// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/audit/audit.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace kwb::ui {

/// Two or more reviews of one task side by side, read-only: a column per review, a row per criterion (score,
/// comment, evidence), plus verdict, confidence, time spent, summary and flags. Rows whose scores differ are
/// highlighted, and so are comments that differ where the scores agree.
class ReviewCompareView : public QWidget {
    Q_OBJECT
public:
    explicit ReviewCompareView(QWidget* parent = nullptr);

    /// Shows `reviews` (of one task) with their flags; `rubric` gives criterion order and titles (may be null).
    void setReviews(const QList<Review>& reviews, const QList<AuditFlag>& flags, const Rubric* rubric);
    void clear();

    /// Criteria whose scores differ between the shown reviews.
    const QStringList& differingCriteria() const { return m_differing; }
    QTableWidget* table() const { return m_table; }

    static QColor scoreDifferenceColor();
    static QColor commentDifferenceColor();

private:
    QLabel* m_title;
    QTableWidget* m_table;
    QStringList m_differing;
};

} // namespace kwb::ui

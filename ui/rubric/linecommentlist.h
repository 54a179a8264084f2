// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/review/review.h"

#include <QWidget>

class QVBoxLayout;
class QLabel;

namespace kwb::ui {

/// The inline comments of the review (anchored to 1-based line ranges), one row each: the location (click:
/// show the lines), the criterion it is about, the text, and remove.
class LineCommentList : public QWidget {
    Q_OBJECT
public:
    explicit LineCommentList(QWidget* parent = nullptr);

    /// Shows `comments`; rebuilds the rows only when their number or anchors changed, so typing keeps focus.
    void setComments(const QList<LineComment>& comments, const QStringList& criteria);
    /// Puts the keyboard focus in the text of row `index`.
    void focusComment(int index);

Q_SIGNALS:
    void textEdited(int index, const QString& text);
    void criterionChosen(int index, const QString& criterion);
    void removeRequested(int index);
    void locationActivated(const QString& file, int startLine, int endLine);

private:
    QVBoxLayout* m_rows;
    QLabel* m_empty;
    QList<LineComment> m_shown;
    QStringList m_criteria;
};

} // namespace kwb::ui

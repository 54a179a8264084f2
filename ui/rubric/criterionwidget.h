// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/review/review.h"
#include "core/rubric/rubric.h"

#include <QFrame>

class QLabel;
class QMenu;
class QPlainTextEdit;
class QToolButton;

namespace kwb::ui {

class FlowLayout;
class ScaleBar;

/// Makes `edit` as tall as its text (wrapped lines), between `minLines` and `maxLines`, so nothing typed hides.
void growWithText(QPlainTextEdit* edit, int minLines, int maxLines);

/// One criterion in the rubric panel: title (guidance as tooltip), the scale, a comment (marked required
/// below the criterion's threshold and for N/A), and evidence chips with a Cite menu. objectName: `criterion_<ID>`.
/// Keyboard: the scale takes the focus (digits score, N is N/A and moves to the comment for the reason); Enter
/// edits the comment, E opens the Cite menu; Tab and Shift+Tab go to the next and previous criterion.
class CriterionWidget : public QFrame {
    Q_OBJECT
public:
    CriterionWidget(const Criterion& criterion, QWidget* parent = nullptr);

    QString criterionId() const { return m_criterion.id; }
    /// Shows `score` without emitting signals (keeps the comment's cursor when the text is unchanged).
    void refresh(const Score& score);
    ScaleBar* scale() const { return m_scale; }
    QPlainTextEdit* commentEdit() const { return m_comment; }
    QToolButton* citeButton() const { return m_cite; }
    /// The chip buttons, in evidence order (objectName `evidenceChip`, property `ref`).
    QList<QToolButton*> chips() const;

Q_SIGNALS:
    void scoreChosen(const QString& criterion, std::optional<int> value, bool notApplicable);
    void commentEdited(const QString& criterion, const QString& text);
    void evidenceRemoved(const QString& criterion, const QString& ref);
    void evidenceActivated(const QString& ref);
    /// The Cite menu is about to show: fill `menu` with what can be cited.
    void citeMenuRequested(const QString& criterion, QMenu* menu);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void rebuildChips(const QStringList& evidence);
    void updateCommentHint();

    Criterion m_criterion;
    QLabel* m_title;
    ScaleBar* m_scale;
    QPlainTextEdit* m_comment;
    QLabel* m_commentHint;
    QWidget* m_chipBox;
    FlowLayout* m_chipLayout;
    QToolButton* m_cite;
    QStringList m_evidence;
};

} // namespace kwb::ui

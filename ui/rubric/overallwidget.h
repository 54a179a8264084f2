// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/review/review.h"
#include "core/rubric/rubric.h"

#include <QWidget>

class QButtonGroup;
class QPlainTextEdit;

namespace kwb::ui {

class ScaleBar;

/// The overall part of a review: the verdict (buttons with what each means), the summary and the reviewer's
/// confidence. Keyboard: the verdict row takes the focus and a digit picks the verdict of that position (1 = the
/// first); the summary grows with its text; the confidence is a ScaleBar.
class OverallWidget : public QWidget {
    Q_OBJECT
public:
    OverallWidget(const Overall& overall, QWidget* parent = nullptr);

    /// Shows the review's overall part without emitting signals.
    void refresh(const Review& review);
    QButtonGroup* verdicts() const { return m_verdicts; }
    QWidget* verdictRow() const { return m_verdictRow; }
    QPlainTextEdit* summaryEdit() const { return m_summary; }
    ScaleBar* confidence() const { return m_confidence; }

Q_SIGNALS:
    void verdictChosen(const QString& verdict);
    void summaryEdited(const QString& text);
    void confidenceChosen(std::optional<int> value);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_verdictRow;
    QButtonGroup* m_verdicts;
    QPlainTextEdit* m_summary;
    ScaleBar* m_confidence;
    QStringList m_values;
};

} // namespace kwb::ui

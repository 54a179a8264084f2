// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "ui/rubric/suggestions.h"

#include <QMap>
#include <QSet>
#include <QWidget>

#include <functional>
#include <optional>

class QFrame;
class QGroupBox;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace kwb::ui {

class CriterionWidget;
class LineCommentList;
class OverallWidget;
class ReviewSession;

/// Lines selected in an editor: a bundle-relative file and a 1-based, inclusive range.
struct LineSelection {
    QString file;
    int startLine = 0;
    int endLine = 0;
};

/// The rubric dock: the criteria that apply to the task's kind grouped by dimension, inline comments,
/// suggested evidence from the findings, the overall verdict, what the review checks still miss, time spent,
/// and Submit (enabled only when the checks find the review complete).
class RubricPanel : public QWidget {
    Q_OBJECT
public:
    explicit RubricPanel(ReviewSession* review, QWidget* parent = nullptr);

    ReviewSession* reviewSession() const { return m_review; }
    /// The task's findings: suggestions and the Cite menu offer them.
    void setFindings(const Findings& findings);
    const Findings& findings() const { return m_findings; }
    /// Where "Cite ▸ Selected lines" gets the editors' selection.
    void setSelectionProvider(std::function<std::optional<LineSelection>()> provider);

    CriterionWidget* criterionWidget(const QString& id) const { return m_criteria.value(id); }
    OverallWidget* overall() const { return m_overall; }
    LineCommentList* lineComments() const { return m_comments; }
    QPushButton* submitButton() const { return m_submit; }
    /// Why Submit is off (or what it will ask), beside the button.
    QLabel* submitReason() const { return m_submitReason; }
    /// Asks a yes/no question (a submit over unaddressed error findings); tests answer it.
    void setConfirm(std::function<bool(const QString& title, const QString& text)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    QProgressBar* completeness() const { return m_completeness; }

    const QList<EvidenceSuggestion>& suggestions() const { return m_suggestions; }
    void acceptSuggestion(int index);
    void ignoreSuggestion(int index);

    /// Cites `lines` for `criterion` (`file:<path>#L<a>-L<b>`); false without a review or lines.
    bool citeLines(const QString& criterion, const LineSelection& lines);
    bool citeFinding(const QString& criterion, const Finding& finding);
    bool citeReport(const QString& criterion, const QString& digest);
    /// Adds an inline comment on `lines` and focuses its text; returns its index, -1 without a review.
    int addLineComment(const LineSelection& lines, const QString& criterion = {});
    /// Fills `menu` with the criteria to cite `lines` for, and an inline comment (Review ▸ Cite Selection).
    void fillSelectionMenu(QMenu* menu, const LineSelection& lines);

    /// Counts time while any window of the workbench has the focus (the main window, a floated pane, a dialog).
    void trackActivity();
    /// Puts the keyboard focus on the first criterion without a score (else the first), scrolled into view.
    void focusFirstOpen();

public Q_SLOTS:
    /// Submits when complete; reports why not otherwise.
    bool submit();

Q_SIGNALS:
    /// A chip was clicked: show the evidence (`finding:…`, `report:…`, `file:…`).
    void evidenceActivated(const QString& ref);
    /// Show these lines of a bundle file.
    void locationActivated(const QString& file, int startLine, int endLine);
    /// The inline comments changed (the editors mark their lines).
    void lineCommentsChanged();
    /// Whether the review can be submitted now.
    void completenessChanged(bool complete);
    /// A line for the status bar.
    void message(const QString& text);

private:
    void rebuild();
    void refresh();
    void refreshSuggestions();
    void refreshChecks();
    void updateTime();
    void fillCiteMenu(const QString& criterion, QMenu* menu);

    ReviewSession* m_review;
    Findings m_findings;
    std::function<std::optional<LineSelection>()> m_selection;
    QLabel* m_header;
    QLabel* m_saveState;
    QLabel* m_time;
    QFrame* m_conflict;
    QLabel* m_conflictText;
    QScrollArea* m_scroll;
    QWidget* m_content;
    QVBoxLayout* m_contentLayout;
    QGroupBox* m_suggestionBox;
    QVBoxLayout* m_suggestionRows;
    QMap<QString, CriterionWidget*> m_criteria;
    LineCommentList* m_comments;
    OverallWidget* m_overall = nullptr;
    QLabel* m_checks;
    QProgressBar* m_completeness;
    QPushButton* m_submit;
    QLabel* m_submitReason;
    std::function<bool(const QString&, const QString&)> m_confirm;
    QList<EvidenceSuggestion> m_suggestions;
    QSet<QString> m_ignored; ///< `criterion|finding-id` the reviewer ignored, per task
    QList<QWidget*> m_built; ///< widgets made for the current review (dimensions, overall)
};

} // namespace kwb::ui

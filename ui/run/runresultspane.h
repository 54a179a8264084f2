// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/implverdict.h"

#include <QWidget>

#include <memory>

class QLabel;
class QToolButton;
class QVBoxLayout;

namespace kwb::ui {

class CorrectnessPane;

/// What a run produced, in the Correctness tab: one status line per implementation, a diagnosis card
/// for each that failed (its class, the explanation with the usual fix, and the log lines that decided
/// it), and the comparisons of every candidate, case and trial in the correctness pane.
class RunResultsPane : public QWidget {
    Q_OBJECT
public:
    explicit RunResultsPane(QWidget* parent = nullptr);

    /// Shows a run of the task it names; `scope` says when it covered part of the task ("case tail, seed 17").
    void showResult(const RunResult& result, const QString& scope = {});
    /// A message instead of a result (no run of this task yet, running, stopped); clears what was shown.
    void showMessage(const QString& message);
    CorrectnessPane* correctness() const { return m_correctness; }
    /// The task whose run is shown ("" while a message is).
    QString shownTask() const { return m_shownTask; }
    QString summaryText() const;
    /// Shows or hides Inputs… and Run This Case Again… (the scratch window has neither).
    void setActionsVisible(bool visible);

Q_SIGNALS:
    void inputsRequested();
    void rerunRequested(const QString& caseName, quint64 seed);

private:
    QString m_shownTask;
    QMap<QString, quint64> m_seeds; ///< "case/tK" → the trial's seed
    QLabel* m_summary;
    QToolButton* m_inputs;
    QToolButton* m_rerun;
    QWidget* m_cards;
    QVBoxLayout* m_cardsLayout;
    CorrectnessPane* m_correctness;
};

} // namespace kwb::ui

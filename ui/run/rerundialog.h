// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/runengine.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace kwb::ui {

/// Run one case again (Task ▸ Run One Case Again, the Correctness pane's button): a declared case, a seed — a trial
/// of the last run repeats exactly with its seed — and the number of trials; the same as
/// `kwb run --case NAME --seed S --trials N TASK`, which the dialog shows.
class RerunDialog : public QDialog {
    Q_OBJECT
public:
    RerunDialog(
        const Task& task, const RunResult& last, const QString& caseName, quint64 seed, QWidget* parent = nullptr);

    /// The request of the chosen case, seed and trials (no generated cases: one case, as asked).
    RunRequest request() const;
    /// "case tail, seed 17" for the results' heading.
    QString scope() const;
    QComboBox* caseBox() const { return m_case; }
    QLineEdit* seedEdit() const { return m_seed; }

private:
    void update();

    QString m_taskDir;
    QMap<QString, QList<std::pair<int, quint64>>> m_seeds; ///< case → (trial, seed) of the last run
    QComboBox* m_case;
    QLineEdit* m_seed;
    QSpinBox* m_trials;
    QLabel* m_trialsOfLast;
    QLabel* m_command;
};

} // namespace kwb::ui

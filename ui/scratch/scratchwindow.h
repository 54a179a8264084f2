// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/runengine.h"

#include <QTemporaryDir>
#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace kwb::ui {

class CodeEditor;
class JobRunner;
class RunController;
class RunResultsPane;

/// Task ▸ Edit a Scratch Copy of the Candidate (Ctrl+Alt+E): the candidate's source in an editable editor, run
/// beside the original (Run Beside the Original, Ctrl+Return) from a copy of the bundle with one more candidate,
/// `scratch-<id>` (scratchbundle.h) — to test a fix hypothesis without a notebook. The bundle never changes; the
/// run's results are shown here, marked SCRATCH, kept per task, and never attached to the review or exported as
/// the task's candidate.
class ScratchWindow : public QWidget {
    Q_OBJECT
public:
    explicit ScratchWindow(QWidget* parent = nullptr);
    ~ScratchWindow() override;

    /// Edits a copy of `candidateId` of `task` (its results go to `taskKey`); the edits of the same candidate
    /// are kept when it is opened again.
    void openFor(const Task& task, const QString& taskKey, const QString& candidateId);
    CodeEditor* editor() const { return m_editor; }
    RunResultsPane* results() const { return m_results; }
    QPushButton* runButton() const { return m_runButton; }
    bool isBusy() const;
    /// The job runner its runs go on (the main window's action board tracks it).
    JobRunner* jobs() const;
    QString candidate() const { return m_candidate; }

public Q_SLOTS:
    /// Runs the original and the scratch copy side by side (the reference as usual).
    void run();
    void stop();
    /// Puts the candidate's own source back.
    void reset();

Q_SIGNALS:
    void runFinished(const QString& taskKey, std::shared_ptr<const kwb::RunResult> result);
    void logged(const QString& taskKey, const QString& line);
    void busyChanged();

private:
    std::unique_ptr<Task> m_task;
    QString m_taskKey;
    QString m_candidate;
    QString m_originalText;
    QTemporaryDir m_dir;
    QLabel* m_banner;
    CodeEditor* m_editor;
    QPushButton* m_runButton;
    QPushButton* m_stopButton;
    QPushButton* m_resetButton;
    RunResultsPane* m_results;
    RunController* m_run;
};

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/runengine.h"
#include "ui/jobs/jobrunner.h"

#include <QObject>

#include <memory>

namespace kwb::ui {

/// The window's Run (correctness) action on the one job runner: runCorrectness() off the GUI thread, live output
/// and progress, Stop, superseded runs dropped (ui/jobs/jobrunner.h).
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);

    /// Starts a run; a run still going is stopped and its result will be dropped.
    void start(const RunRequest& request);
    /// Asks the running run to stop (its processes are killed within ~50 ms).
    void stop() { m_jobs->stop(); }
    bool isRunning() const { return m_jobs->isRunning(); }
    /// True from start() until finished() or failed() was emitted.
    bool isBusy() const { return m_jobs->isBusy(); }
    /// The job runner it runs on (the window's action board tracks it: one Stop, one progress bar).
    JobRunner* jobs() const { return m_jobs; }

Q_SIGNALS:
    void started();
    void progressed(const QString& step, int done, int total);
    void outputReceived(const QString& impl, kwb::OutputChannel channel, const QByteArray& bytes);
    /// The run ended with a result (findings, comparisons, diagnoses).
    void finished(std::shared_ptr<const kwb::RunResult> result);
    /// The run could not run at all (bad request, no sandbox) or was stopped (`stopped` true).
    void failed(const QString& message, bool stopped);

private:
    JobRunner* m_jobs;
};

} // namespace kwb::ui

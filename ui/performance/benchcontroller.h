// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/bench/benchengine.h"
#include "core/check/checkengine.h"
#include "ui/jobs/jobrunner.h"
#include "ui/performance/benchview.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace kwb::ui {

/// What a Profile or Check All action produced: the bench view (null when the bench did not run) and, for
/// Check All, the whole check result.
struct PerformanceOutcome {
    std::shared_ptr<const BenchView> bench;
    std::shared_ptr<const CheckResult> check;
};

/// The window's Profile (the bench engine, then the profilers) and Check All (the check engine) actions on the one
/// job runner (ui/jobs/jobrunner.h): off the GUI thread, progress, Stop that kills the running runner's process
/// tree, superseded jobs dropped.
class BenchController : public QObject {
    Q_OBJECT
public:
    explicit BenchController(QObject* parent = nullptr);

    /// Benchmarks `bench`; then, when `profile`, runs the profilers that exist here (benchThenProfile, the engine
    /// action of `kwb bench --profile`).
    void startProfile(const BenchRequest& bench, bool profile);
    /// Lint, compile, run, bench and profile in one go.
    void startCheck(const CheckRequest& request);
    /// Asks the running job to stop (its processes are killed within ~50 ms).
    void stop() { m_jobs->stop(); }
    bool isRunning() const { return m_jobs->isRunning(); }
    /// True from start until finished() or failed() has been emitted (isRunning() lags behind: the thread ends
    /// a little after its result is delivered).
    bool isBusy() const { return m_jobs->isBusy(); }
    /// The job runner it runs on (the window's action board tracks it: one Stop, one progress bar).
    JobRunner* jobs() const { return m_jobs; }

Q_SIGNALS:
    void started();
    /// `total` 0: the job cannot say how far it is.
    void progressed(const QString& step, int done, int total);
    void finished(std::shared_ptr<const kwb::ui::PerformanceOutcome> outcome);
    /// The job could not run at all (bad request, no sandbox) or was stopped (`stopped` true).
    void failed(const QString& message, bool stopped);

private:
    void launch(std::function<Result<PerformanceOutcome>(const JobContext&)> work);

    JobRunner* m_jobs;
};

} // namespace kwb::ui

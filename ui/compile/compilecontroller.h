// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compiler.h"
#include "ui/jobs/jobrunner.h"

#include <QObject>

#include <memory>

namespace kwb::ui {

/// The window's Compile action on the one job runner: compileTask() off the GUI thread, progress, Stop that kills
/// the compilers' process trees, superseded compiles (another compile, another task) dropped.
class CompileController : public QObject {
    Q_OBJECT
public:
    explicit CompileController(QObject* parent = nullptr);

    /// Starts compiling `task`; a compile still going is stopped and its result will be dropped.
    void start(const Task& task, const CompileRequest& request);
    /// Asks the running compile to stop (its processes are killed within ~50 ms).
    void stop() { m_jobs->stop(); }
    /// Drops whatever the running compile will deliver (the task it was for is gone).
    void discard() { m_jobs->discard(); }
    bool isRunning() const { return m_jobs->isRunning(); }
    /// True from start() until finished() or failed() was emitted.
    bool isBusy() const { return m_jobs->isBusy(); }
    /// The job runner it runs on (the window's action board tracks it: one Stop, one progress bar).
    JobRunner* jobs() const { return m_jobs; }

Q_SIGNALS:
    void started();
    void progressed(const QString& implId, int done, int total);
    void finished(std::shared_ptr<const kwb::CompileResult> result);
    /// The compile could not be attempted (bad request) or was stopped (`stopped` true).
    void failed(const QString& message, bool stopped);

private:
    JobRunner* m_jobs;
};

} // namespace kwb::ui

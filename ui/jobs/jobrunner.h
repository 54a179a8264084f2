// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/jobcontext.h"
#include "core/result.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace kwb::ui {

/// The one way the GUI runs an engine: one job at a time on a worker thread, with a JobContext whose progress and
/// output arrive here as signals (queued to the GUI thread) and whose cancel flag stop() sets; the result is then
/// handed to the job's `deliver` on the GUI thread — unless the job was superseded (another start(), discard())
/// since, in which case it is dropped, never shown. The run, compile, profile and check actions each hold one
/// (ui/run/runcontroller.h, ui/compile/compilecontroller.h, ui/performance/benchcontroller.h).
class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    /// Stops the running job and waits for its thread.
    ~JobRunner() override;

    /// Runs `work` off the GUI thread; a job still going is stopped and its result will be dropped. `deliver`
    /// gets what `work` returned and whether the job was stopped (its cancel flag was set).
    template <typename T>
    void start(std::function<Result<T>(const JobContext&)> work, std::function<void(Result<T>, bool stopped)> deliver)
    {
        launch([work = std::move(work), deliver = std::move(deliver)](const JobContext& job) -> Delivery {
            auto result = std::make_shared<Result<T>>(work(job));
            return [deliver, result](bool stopped) { deliver(std::move(*result), stopped); };
        });
    }
    /// The usual `deliver` of an action: a stopped job ▸ `owner->failed(tr("stopped by the user"), true)`, a
    /// result ▸ `owner->finished(std::shared_ptr<const T>)`, an Error ▸ `owner->failed(its line, false)`.
    template <typename T, typename Owner> static std::function<void(Result<T>, bool)> signalsOf(Owner* owner)
    {
        return [owner](Result<T> result, bool stopped) {
            if (stopped)
                Q_EMIT owner->failed(tr("stopped by the user"), true);
            else if (result)
                Q_EMIT owner->finished(std::make_shared<const T>(std::move(result).value()));
            else
                Q_EMIT owner->failed(result.error().oneLine(), false);
        };
    }
    /// Asks the running job to stop: the engine kills the process it waits for (within ~50 ms).
    void stop();
    /// Stops the running job and drops whatever it will deliver (what it was for is gone).
    void discard();
    /// True from start() until the job's result was delivered or dropped.
    bool isBusy() const { return m_busy; }
    /// True while the worker thread exists (a little longer than isBusy()).
    bool isRunning() const { return m_thread != nullptr; }

Q_SIGNALS:
    void started();
    /// The job's result was delivered, or it was dropped (discard()): isBusy() is false from here.
    void ended();
    void progressed(const kwb::JobProgress& progress);
    void outputReceived(const QString& source, kwb::OutputChannel channel, const QByteArray& bytes);

private:
    /// Runs on the GUI thread with the job's result; `stopped`: the cancel flag was set.
    using Delivery = std::function<void(bool stopped)>;
    void launch(std::function<Delivery(const JobContext&)> work);

    quint64 m_generation = 0;
    bool m_busy = false;
    /// The current job's thread. A finished thread deletes itself later (deleteLater), possibly before the slot that
    /// forgets it has run: a guarded pointer, so the destructor never waits on a deleted thread.
    QPointer<QThread> m_thread;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace kwb::ui

#pragma once

#include "bench/benchengine.h"
#include "check/checkengine.h"
#include "performance/benchview.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace kwb::ui {

/// What a Profile or Check All action produced: the bench view (null when the bench did not run) and, for
/// Check All, the whole check result.
struct PerformanceOutcome {
    std::shared_ptr<const BenchView> bench;
    std::shared_ptr<const CheckResult> check;
};

/// Runs Profile (the bench engine, then the profilers) and Check All (the check engine) for the window, off
/// the GUI thread: one job at a time, progress through queued signals, Stop that kills the running runner's
/// process tree (the engines' cancel flag), and a generation counter so that the result of a job the user has
/// superseded is dropped, never shown.
class BenchController : public QObject {
    Q_OBJECT
public:
    explicit BenchController(QObject* parent = nullptr);
    ~BenchController() override;

    /// Benchmarks `bench`; then, when `profile` is given, runs the profilers that exist here.
    void startProfile(const BenchRequest& bench, const std::optional<ProfileRequest>& profile);
    /// Lint, compile, run, bench and profile in one go.
    void startCheck(const CheckRequest& request);
    /// Asks the running job to stop (its processes are killed within ~50 ms).
    void stop();
    bool isRunning() const { return m_thread != nullptr; }
    /// True from start until finished() or failed() has been emitted (isRunning() lags behind: the thread ends
    /// a little after its result is delivered).
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    void started();
    /// `total` 0: the job cannot say how far it is.
    void progressed(const QString& step, int done, int total);
    void finished(std::shared_ptr<const kwb::ui::PerformanceOutcome> outcome);
    /// The job could not run at all (bad request, no sandbox) or was stopped (`stopped` true).
    void failed(const QString& message, bool stopped);

private:
    using Progress = std::function<void(const QString& step, int done, int total)>;
    /// The job: runs on the worker thread; returns the outcome or an error message.
    using Job = std::function<Result<PerformanceOutcome>(const Progress& progress, const std::atomic_bool* cancel)>;
    void launch(Job job);
    void deliver(quint64 generation, std::shared_ptr<const PerformanceOutcome> outcome, QString error, bool stopped);

    quint64 m_generation = 0;
    bool m_busy = false;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace kwb::ui

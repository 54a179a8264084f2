#pragma once

#include "exec/runoutcome.h"
#include "run/runengine.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace kwb::ui {

/// Runs the correctness protocol for the window, off the GUI thread: one run at a time, live output
/// and progress through queued signals, Stop that kills the runner's process tree, and a generation
/// counter so that the result of a run the user has superseded is dropped, never shown.
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    /// Starts a run; a run still going is stopped and its result will be dropped.
    void start(const RunRequest& request);
    /// Asks the running run to stop (its processes are killed within ~50 ms).
    void stop();
    bool isRunning() const { return m_thread != nullptr; }

Q_SIGNALS:
    void started();
    void progressed(const QString& step, int done, int total);
    void outputReceived(const QString& impl, kwb::OutputChannel channel, const QByteArray& bytes);
    /// The run ended with a result (findings, comparisons, diagnoses).
    void finished(std::shared_ptr<const kwb::RunResult> result);
    /// The run could not run at all (bad request, no sandbox) or was stopped (`stopped` true).
    void failed(const QString& message, bool stopped);

private:
    void deliver(quint64 generation, std::shared_ptr<const RunResult> result, QString error, bool stopped);

    quint64 m_generation = 0;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace kwb::ui

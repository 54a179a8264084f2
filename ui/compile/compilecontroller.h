#pragma once

#include "compile/compiler.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace kwb::ui {

/// Compiles a task for the window, off the GUI thread: one compile at a time, progress through queued
/// signals, Stop that kills the compilers' process trees, and a generation counter so that the result of a
/// compile the user has superseded (another compile, another task) is dropped, never shown.
class CompileController : public QObject {
    Q_OBJECT
public:
    explicit CompileController(QObject* parent = nullptr);
    ~CompileController() override;

    /// Starts compiling `task`; a compile still going is stopped and its result will be dropped.
    void start(const Task& task, const CompileRequest& request);
    /// Asks the running compile to stop (its processes are killed within ~50 ms).
    void stop();
    /// Drops whatever the running compile will deliver (the task it was for is gone).
    void discard();
    bool isRunning() const { return m_thread != nullptr; }

Q_SIGNALS:
    void started();
    void progressed(const QString& implId, int done, int total);
    void finished(std::shared_ptr<const kwb::CompileResult> result);
    /// The compile could not be attempted (bad request) or was stopped (`stopped` true).
    void failed(const QString& message, bool stopped);

private:
    void deliver(quint64 generation, std::shared_ptr<const CompileResult> result, QString error, bool stopped);

    quint64 m_generation = 0;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outcomeclassifier.h"
#include "outputcapture.h"
#include "processspec.h"
#include "runoutcome.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QTimer>

#include <memory>

namespace kwb {

class PidsCgroup;

/// Runs one ProcessSpec — under bubblewrap unless `spec.sandbox` is false — asynchronously: no nested event
/// loop, no blocking wait. Each start() ends in exactly one of finished() (the process ran; timeouts, limits and
/// stop() included) or failed() (it could not start: bad spec, bubblewrap missing or unusable, exec failure).
///
/// stop() and the wall-clock timeout kill the whole process tree: under bwrap the program lives in its own
/// PID namespace, which the kernel empties when bwrap's reaper dies (`--die-with-parent`), so even a detached
/// daemon (setsid + double fork) goes. Without the sandbox the run gets its own session and process group,
/// which is killed; processes that left the group are found again through a pids cgroup (where writable)
/// and by an environment token.
class SandboxedProcess : public QObject {
    Q_OBJECT
public:
    explicit SandboxedProcess(QObject* parent = nullptr);
    /// Kills a run still going (without emitting anything).
    ~SandboxedProcess() override;

    /// Starts `spec`. Returns false, emitting nothing, when a run is already going; otherwise the run ends
    /// in finished() or failed(), emitted from the event loop (never from inside start()).
    bool start(const ProcessSpec& spec);

    /// Kills the process tree; the run finishes with RunStatus::Stopped. Does nothing when idle.
    void stop();

    bool isRunning() const { return m_process != nullptr; }

    /// The program and arguments actually executed by the last start() (bwrap's, under the sandbox).
    QStringList commandLine() const { return m_commandLine; }

Q_SIGNALS:
    void started();
    /// Live output, up to the head of the cap per channel; what follows only reaches the outcome's tail.
    void outputReceived(kwb::OutputChannel channel, const QByteArray& bytes);
    /// The head of `channel` is full: live output of that channel ends here.
    void outputLimitReached(kwb::OutputChannel channel);
    void finished(const kwb::RunOutcome& outcome);
    void failed(const QString& message);

private:
    void failLater(const QString& message);
    void drain(OutputChannel channel);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onErrorOccurred(QProcess::ProcessError error);
    void createCgroup();
    void killTree();
    void release();
    void sampleMemory();

    QProcess* m_process = nullptr;
    QTimer m_timeout;
    QElapsedTimer m_clock;
    ProcessSpec m_spec;
    QString m_programPath;
    QStringList m_commandLine;
    OutputCapture m_stdout;
    OutputCapture m_stderr;
    bool m_limitSignalled[2] = { false, false };
    std::unique_ptr<PidsCgroup> m_cgroup;
    EndRequest m_request = EndRequest::None;
    QStringList m_notes;
    QByteArray m_token;
    qint64 m_pid = 0;
    // The kernel's accounting of the run's memory, sampled from /proc (on a timer and whenever it writes output,
    // which runners do after every call): what the run reached, whatever it prints.
    QTimer m_memoryTimer;
    QElapsedTimer m_lastSample;
    qint64 m_peakAddressSpaceKiB = -1;
    qint64 m_peakResidentKiB = -1;
};

} // namespace kwb

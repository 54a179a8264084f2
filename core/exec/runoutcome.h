// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/jobcontext.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace kwb {

/// What was kept of one output channel: the first and the last bytes, and how much was dropped between.
struct CapturedOutput {
    QByteArray head;
    QByteArray tail; ///< empty unless the output went past the head
    qint64 totalBytes = 0;
    qint64 droppedBytes = 0;

    bool truncated() const { return droppedBytes > 0; }
    /// head + tail, with a `[… N bytes dropped …]` line between them when bytes were dropped.
    QByteArray text() const;
};

/// How a run ended. Stopped (by the user) is not a failure.
enum class RunStatus {
    Exited, ///< exited by itself with `exitCode`
    Signalled, ///< killed by `signal` that the engine did not send
    TimedOut, ///< wall-clock or CPU-time limit
    MemoryLimit, ///< failed at the memory limit
    ProcessLimit, ///< failed at the process limit (fork bomb)
    FileSizeLimit, ///< a file it wrote reached the file-size limit (killed by SIGXFSZ, or its write failed)
    Stopped, ///< stopped by the user
};

/// `exited`, `signalled`, `timed-out`, `memory-limit`, `process-limit`, `file-size-limit`, `stopped`.
QString runStatusName(RunStatus status);

/// The result of a run that started. (A run that could not start is an error, not an outcome.)
struct RunOutcome {
    RunStatus status = RunStatus::Exited;
    int exitCode = -1; ///< the code when the program exited by itself, -1 when a signal ended it
    int signal = 0; ///< the killing signal when one is known, else 0
    qint64 elapsedMs = 0;
    bool sandboxed = false;
    QString detail; ///< one line for people: "exited with code 3", "killed at the wall-clock limit of 2 s", …
    CapturedOutput stdoutOutput;
    CapturedOutput stderrOutput;
    Findings findings; ///< sandbox.* findings (impl left empty: the caller knows which implementation ran)
    qint64 peakAddressSpaceKiB = -1; ///< the kernel's accounting, read from /proc while the run lived (-1: unknown)
    qint64 peakResidentKiB = -1;
    QStringList notes; ///< limits that could not be enforced on this machine, and why

    /// Exited with code 0.
    bool succeeded() const { return status == RunStatus::Exited && exitCode == 0; }
    bool hasFinding(const QString& id) const;
    /// Ended at one of the sandbox's resource limits (time, memory, processes, file size), not by itself.
    bool hitLimit() const;
};

} // namespace kwb

Q_DECLARE_METATYPE(kwb::RunOutcome)

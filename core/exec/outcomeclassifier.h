// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "processspec.h"
#include "runoutcome.h"

#include <QProcess>

namespace kwb {

/// Why the engine ended a run itself, if it did.
enum class EndRequest { None, Timeout, Stop };

/// What the engine saw when its direct child (bwrap, or the program without the sandbox) ended.
struct ProcessEnd {
    int exitCode = 0; ///< QProcess::exitCode(): the exit code, or the signal number when `crashed`
    bool crashed = false; ///< QProcess::CrashExit: the direct child was killed by a signal
    EndRequest request = EndRequest::None;
    bool sandboxed = false;
    qint64 elapsedMs = 0;
    /// The kernel's accounting of the run's processes, read by the workbench from /proc while they lived (-1:
    /// not read): the highest address space any of them reached (VmPeak) and resident set (VmHWM), in KiB.
    qint64 peakAddressSpaceKiB = -1;
    qint64 peakResidentKiB = -1;
    bool memoryLimitIsAddressSpace = true; ///< RLIMIT_AS (false: RLIMIT_DATA, with GPU device nodes bound)
    /// New processes or threads the kernel refused at the run's pids cgroup limit (-1: no cgroup, not read).
    int refusedTasks = -1;
};

/// The one place that maps exit codes, signals, timeouts, stops and output to a RunOutcome and its
/// sandbox.* findings (docs/findings.md, "Sandbox"). Under bwrap a program killed by signal N shows as exit code 128+N
/// (bwrap's convention, like a shell's), so codes 129…192 are read as signals there.
RunOutcome classifyRun(
    const ProcessEnd& end, const RunLimits& limits, const CapturedOutput& out, const CapturedOutput& err);

/// bwrap's own error when the sandbox could not be set up (bwrap exits 1 and prints `bwrap: …` before the
/// program starts), else an empty string.
QString sandboxSetupFailure(const ProcessEnd& end, const CapturedOutput& err);

/// One line for a QProcess error that kept the program from starting.
QString startFailureMessage(QProcess::ProcessError error, const QString& program, const QString& detail);

} // namespace kwb

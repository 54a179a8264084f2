// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <atomic>

namespace kwb {

/// A compiler run: its merged output and how it ended.
struct ToolRun {
    QString output;
    bool started = false;
    bool finished = false; ///< false: killed at the timeout, or stopped
    bool stopped = false; ///< the caller cancelled it: its process tree was killed
    int exitCode = -1;
    QString host; ///< remote runs: `ssh:HOST (its host name)`; empty here
    QString toolVersion; ///< remote runs: the host's tool's version line
    QString sandbox; ///< remote runs: how the host isolated it (`bwrap` | `rlimits`)
    bool ok() const { return started && finished && exitCode == 0; }
};

/// How to run a tool: by default a trusted compiler (no isolation, but a process group that a timeout or a
/// cancel kills whole); `sandbox` for tools that execute the candidate's code (a python import check).
struct ToolOptions {
    int timeoutMs = 300000;
    const std::atomic_bool* cancel = nullptr; ///< polled: when it becomes true the whole process tree is killed
    bool sandbox = false;
    QStringList readOnlyPaths; ///< sandbox only: folders the tool reads (the bundle, a python prefix)
    QMap<QString, QString> environment; ///< added to the exec layer's minimal environment (LC_ALL=C is set)
    QString bundleDir; ///< remote runs: the folder the arguments name besides `workDir` (copied to the host)
    int maxProcesses = 1024; ///< remote sandboxed runs: the process limit
};

/// Runs `program args` in `workDir` (an existing writable folder) through the exec layer with LC_ALL=C
/// (plain-ASCII diagnostics) and the host PATH, here, and returns stdout followed by stderr. Engines do not call
/// it: they ask their Executor (exec/executor.h), whose local kind runs tools through this.
ToolRun runToolHere(
    const QString& program, const QStringList& args, const QString& workDir, const ToolOptions& options);

/// The output (stdout and stderr merged) of a short-lived query of a tool here — `nvcc --version`,
/// `perf stat --version` — with the user's whole environment (a tool reads its configuration as in their shell)
/// and LC_ALL=C, run as every process is (exec/runToCompletion); empty when it did not start or did not end
/// within `timeoutMs`.
QString probeOutput(const QString& program, const QStringList& args, int timeoutMs = 10000);

/// `program args` as one shell-quoted line, the way a reviewer can paste it into a terminal.
QString shellCommand(const QString& program, const QStringList& args, const QString& workDir = {});

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/runoutcome.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

#include <atomic>
#include <functional>

namespace kwb {

/// How a helper tool (ssh, rsync, sbatch, …) ended.
struct LiveRun {
    bool started = false;
    QString startError; ///< why it did not start
    int exitCode = -1; ///< the exit code, or the signal when `crashed`
    bool crashed = false;
    bool timedOut = false; ///< ended at `timeoutMs`
    bool stopped = false; ///< ended because `cancel` became true
    QByteArray out; ///< stdout, up to the cap
    QByteArray err; ///< stderr, up to the cap
    qint64 elapsedMs = 0;

    bool ok() const { return started && !crashed && exitCode == 0 && !timedOut && !stopped; }
    /// The last non-empty line of stderr (what ssh and rsync say when they fail).
    QString lastErrorLine() const;
};

struct LiveOptions {
    std::function<void(OutputChannel, const QByteArray&)> onOutput; ///< live output
    const std::atomic_bool* cancel = nullptr; ///< polled; when it becomes true the run is stopped
    int timeoutMs = 0; ///< 0: none
    bool holdStdin = false; ///< keep stdin open until the end or a stop (a remote dead man's switch)
    std::function<void()> onStop; ///< called once when stopping (cancel or timeout), before stdin is closed
    int graceMs = 10000; ///< after a stop: how long the tool may take to end before it is killed
    qint64 capBytes = 4 * 1024 * 1024; ///< bytes kept per channel
    QByteArray input; ///< written to stdin first
};

/// Runs `program args` in a local event loop, for the CLI, tests and worker threads — never the GUI thread.
LiveRun runLive(const QString& program, const QStringList& args, const LiveOptions& options = {});

} // namespace kwb

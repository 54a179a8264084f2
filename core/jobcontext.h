// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>

#include <atomic>
#include <functional>

namespace kwb {

/// Which stream of a process a piece of output came from.
enum class OutputChannel { Stdout, Stderr };

/// How far a job has come: its phase, how many of the phase's steps are done, and a short line on what runs now.
struct JobProgress {
    QString phase; ///< the engine's stage: `run`, `compile`, `bench`, `profile`, a check stage (`lint` … `profile`),
                   ///< `batch`
    int done = 0; ///< steps finished
    int total = 0; ///< steps in all; 0 when not known
    QString text; ///< "building cand", "running reference", "cand · tail · round 2/4", …

    /// done / total in [0, 1]; 0 when the total is not known.
    double fraction() const { return total > 0 ? qBound(0.0, double(done) / total, 1.0) : 0.0; }
};

/// What every engine entry point (runCorrectness, compileTask, runBench, runProfile, runCheck, runBatch, the
/// re-verification of claims) takes besides its request: where progress and output go, and the flag that stops
/// it. All three are optional. The callbacks run on the thread that runs the engine; a GUI forwards them to its
/// own thread (ui/jobs/jobrunner.h does). A job stopped through `cancel` kills the process it was waiting for
/// and answers an Error of kind ErrorKind::Stopped (or a partial result that says so, where the engine has one).
struct JobContext {
    std::function<void(const JobProgress&)> onProgress;
    /// Output of a process of the job, as it arrives: `source` names it (an implementation id, a tool).
    std::function<void(const QString& source, OutputChannel channel, const QByteArray& bytes)> onOutput;
    const std::atomic_bool* cancel = nullptr;

    bool cancelled() const { return cancel && cancel->load(); }
    void progress(const QString& phase, const QString& text, int done = 0, int total = 0) const
    {
        if (onProgress)
            onProgress(JobProgress { phase, done, total, text });
    }
    void output(const QString& source, OutputChannel channel, const QByteArray& bytes) const
    {
        if (onOutput)
            onOutput(source, channel, bytes);
    }
    /// Where the output of one process goes: to onOutput as `source`'s; empty when nobody listens.
    std::function<void(OutputChannel, const QByteArray&)> outputOf(const QString& source) const
    {
        if (!onOutput)
            return {};
        return [this, source](OutputChannel channel, const QByteArray& bytes) { onOutput(source, channel, bytes); };
    }
    /// The same output and cancel flag, with progress passed through `map` first (an engine that runs another
    /// as one of its stages re-labels the inner progress with its own phase and counts).
    JobContext withProgress(std::function<void(const JobProgress&)> map) const
    {
        return JobContext { std::move(map), onOutput, cancel };
    }
};

} // namespace kwb

Q_DECLARE_METATYPE(kwb::OutputChannel)
Q_DECLARE_METATYPE(kwb::JobProgress)

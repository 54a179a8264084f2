// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/check/checkengine.h"

#include <QElapsedTimer>

namespace kwb::detail {

/// What the stages of one check share: the request, the seed, the progress and cancel hooks, the result being
/// filled, and which candidates are still in the running.
struct CheckContext {
    const CheckRequest& request;
    const JobContext& job;
    CheckResult& result;
    quint64 seed = 0;
    std::optional<Task> task; ///< set once the task loaded
    std::shared_ptr<const LoadedTask> loaded; ///< the same, as the lint stage loaded it: handed to every stage
    QStringList runnable; ///< candidates that compiled (or could not be compiled here) and may run
    QStringList excludedNotes; ///< "fast: did not compile", "cand: cuda, and this machine has no GPU"
    bool referenceRunnable = true;
    QString referenceNote;

    bool cancelled() const { return job.cancelled(); }
    void say(CheckStage stage, const QString& step) const;
    /// The job for an engine run as `stage`: its progress lines become the stage's steps.
    JobContext stageJob(CheckStage stage) const;
    QString workDir(const QString& stage) const; ///< under keepDir when set, else empty (temporary)
    /// The request of an engine run as `stage` on `impls`, with what every stage shares: the task, its cases, the
    /// seed, limits, sandbox and executor, and the stage's work folder.
    template <typename Request> Request stageRequest(const QString& stage, const QStringList& impls) const
    {
        Request r;
        r.taskDir = request.taskDir;
        r.loaded = loaded;
        r.implIds = impls;
        r.cases = request.cases;
        r.seed = seed;
        r.limits = request.limits;
        r.sandbox = request.sandbox;
        r.keepDir = workDir(stage);
        r.executor = request.executor;
        return r;
    }
};

/// Each stage fills its sub-result and its StageOutcome (status, summary, note) in ctx.result.
void lintStage(CheckContext& ctx, StageOutcome& out);
void compileStage(CheckContext& ctx, StageOutcome& out);
void runStage(CheckContext& ctx, StageOutcome& out);
void benchStage(CheckContext& ctx, StageOutcome& out);
void profileStage(CheckContext& ctx, StageOutcome& out);

/// `2 error(s), 1 warning(s)`; Failed when `findings` hold an error, else Passed.
QString findingCounts(const Findings& findings);
StageStatus statusOf(const Findings& findings);

/// Findings of every sub-result in stage order, without duplicates (same id, impl, case, file, line).
Findings mergedFindings(const CheckResult& result);

/// Host, OS, CPU, kwb and Qt versions, tool versions, the runner python, seeds and times.
QJsonObject checkProvenance(const CheckContext& ctx, const QDateTime& started);

} // namespace kwb::detail

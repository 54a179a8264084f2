// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/jobcontext.h"
#include "core/run/correctness.h"
#include "core/run/implrun.h"
#include "core/run/runrequest.h"
#include "core/task/task.h"

#include <QJsonObject>

namespace kwb {

/// Everything one `kwb run` produced.
struct RunResult {
    Task task;
    QString digest;
    QList<TrialInputs> trials;
    QList<ImplRun> impls; ///< candidates first (they run first), then the reference and the oracle
    /// Generated cases (held-out sizes, stress patterns; task.cases holds them after the declared ones), one
    /// trial each, run by every implementation in a process of its own so that a size or pattern the
    /// reference rejects cannot fail the declared cases.
    QList<TrialInputs> generatedTrials;
    QList<ImplRun> generatedImpls;
    QMap<QString, QString> generatedStatus; ///< case → why it does not count (empty: counts)
    QStringList generationNotes;
    QMap<QString, CandidateJudgement> judgements; ///< by candidate id
    Findings findings; ///< every finding of the run, task-level and per implementation
    QJsonObject provenance;
    /// Where the time went: inputs_s, judging_s, total_s, and per implementation its build, start-up (to the
    /// first call), calls (the runner's own timing of them) and the rest of its processes' wall time.
    QJsonObject timings;
    QString workDir; ///< empty when the work folder was temporary and is gone
};

/// The correctness protocol (docs/running.md, "The correctness protocol"): fresh inputs per trial from seeds the
/// candidate cannot predict; each candidate called twice per trial on fresh poisoned buffers, all trials
/// in one sandboxed process so in-process caches are exposed; then the reference on the same (pristine)
/// inputs, in a process of its own; outputs compared by the comparison engine. One failing or hostile
/// candidate never stops the others from being judged. An Error is a request that cannot run at all
/// (bad task, unknown implementation or case: ErrorKind::Input; no sandbox: Environment) or that `job` stopped
/// (Stopped). Progress: phase `run`, one step per runner build and run; output: each implementation's.
Result<RunResult> runCorrectness(const RunRequest& request, const JobContext& job = {});

/// The input folder of the set `label` (`case/t<k>`) in a kept work folder: the folders are named by nothing the
/// runner could read a case from, and `inputs-index.txt` beside them says which is which. Empty when it is not there.
QString keptInputsDir(const QString& workDir, const QString& label);

/// The `kwb.report/1` document of a run.
QJsonObject runReportJson(const RunResult& result);

} // namespace kwb

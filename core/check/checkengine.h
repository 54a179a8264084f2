// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/bench/benchengine.h"
#include "core/compile/compileresult.h"
#include "core/exec/executorspec.h"
#include "core/finding.h"
#include "core/profile/profileengine.h"
#include "core/result.h"
#include "core/run/runengine.h"
#include "core/task/lint.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace kwb {

/// The stages of `kwb check`, in the order they run.
enum class CheckStage { Lint, Compile, Run, Bench, Profile };
constexpr int kCheckStageCount = 5;

/// `lint`, `compile`, `run`, `bench`, `profile`.
QString checkStageName(CheckStage s);

/// How a stage ended.
enum class StageStatus {
    Passed, ///< ran; no error findings (warnings/info may exist)
    Failed, ///< ran; error findings, or the stage's engine could not run (StageOutcome::note says why)
    Skipped, ///< did not run; StageOutcome::note says why (e.g. "the task did not load", "no candidate built")
    Cancelled, ///< the cancel flag was set before or while it ran
};

/// `passed`, `failed`, `skipped`, `cancelled`.
QString stageStatusName(StageStatus s);

/// One `kwb check` request: filled by the GUI ("Check all") or the CLI, handed to runCheck().
/// The seed pins run, bench and profile seeds (unset: fresh seeds, recorded); keepDir keeps the stages' work folders
/// under it (run/, bench/, profile/); over SSH, compile, run and bench run there and the profile stage, which wraps
/// runners in local profilers, is skipped with a note.
struct CheckRequest : ActionRequest {
    int trials = 3; ///< correctness trials (run stage)
    double budgetS = 0.5; ///< bench sampling seconds per implementation and case
    int rounds = 4; ///< bench alternation rounds
    double warmupMs = 25; ///< bench warm-up per round
    std::optional<qint64> flushBytes; ///< bench cache flush; unset: the bench default (2x LLC / L2)
    bool profile = true; ///< run the Profile stage (it reports missing tools instead of failing)
};

/// What one stage did.
struct StageOutcome {
    CheckStage stage = CheckStage::Lint;
    StageStatus status = StageStatus::Skipped;
    QString summary; ///< one line: "2 candidates built, 1 failed", "fast FAST 4.1x [3.9, 4.3]", …
    QString note; ///< why it was skipped / failed to run (empty otherwise)
    double seconds = 0; ///< wall time of the stage
};

/// Everything `kwb check` produced. The sub-results are present when their stage ran.
struct CheckResult {
    QString taskDir;
    LintReport lint; ///< always present (a bundle that does not load: lint.loaded == false, the rest skipped)
    std::optional<CompileResult> compile;
    std::optional<RunResult> run;
    std::optional<BenchResult> bench;
    std::optional<ProfileResult> profile;
    /// The static fairness findings (bench.precision-mismatch, bench.weak-baseline: from the manifest and sources)
    /// when the bench stage did not run; when it ran they are in bench->findings.
    Findings staticFindings;
    /// Candidates this machine could not check, each with why (cuda code without a GPU, no compiler that builds for
    /// the target, a framework missing): not the candidate's fault, but not a pass either — the verdict is
    /// `incomplete` (checkVerdict).
    QStringList notCheckedHere;
    QList<StageOutcome> stages; ///< one per CheckStage, in order, always kCheckStageCount entries
    Findings findings; ///< every stage's findings merged, duplicates (same id, impl, case, file, line) removed
    QJsonObject provenance; ///< tool versions, host, runner python, seeds, start/end time, kwb version
    bool cancelled = false;

    const StageOutcome& stage(CheckStage s) const { return stages.at(static_cast<int>(s)); }
};

/// Lint, compile, run (correctness), bench and profile of one task, one after another. A failing stage does
/// not stop the later ones where they still mean something (a candidate that does not compile is left out of
/// run/bench, the others go on); a stage that cannot mean anything is Skipped with the reason. `job.cancel` is
/// polled between and inside stages: when set, the running stage stops, later stages are Cancelled and the
/// partial result is returned (cancelled == true). Synchronous and blocking: run it off the GUI thread.
/// An Error only for a request that cannot start at all: TASK is not a folder with a task.json, bad numbers, or
/// no sandbox while `sandbox` is set (ErrorKind::Environment). Progress: phase = the stage's name
/// (checkStageName), done = the stage's 0-based index of kCheckStageCount, text = its step ("building fast", …).
Result<CheckResult> runCheck(const CheckRequest& request, const JobContext& job = {});

/// The `kwb.check/1` document: {"format", "task", "verdict", "stages": [...], "lint": kwb.lint/1,
/// "compile": kwb.compile/1, "run": kwb.report/1, "bench": kwb.bench/1, "profile": kwb.profile/1,
/// "findings": [...merged...], "provenance": {...}}; a stage that did not run has null there.
QJsonObject checkReportJson(const CheckResult& result);

/// The overall verdict: `pass` (no error findings), `fail` (error findings), `incomplete` (cancelled, or a
/// stage that should have run could not).
QString checkVerdict(const CheckResult& result);

/// The human-readable report (Markdown): summary per stage, tables, findings with evidence, the method.
QString checkReportMarkdown(const CheckResult& result);

/// The same as one self-contained HTML page (no external assets), with inline SVG plots: timing samples per
/// implementation and case (strip + box), and the roofline chart.
QString checkReportHtml(const CheckResult& result);

/// Writes report.json, report.md and report.html into `dir` (created if needed). The Error names the file.
Status writeCheckReports(const CheckResult& result, const QString& dir);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/checkstages.h"

#include "core/bench/fairness.h"
#include "core/run/implverdict.h"
#include "core/task/taskloader.h"

namespace kwb::detail {
static int countSeverity(const Findings& fs, Severity s)
{
    return static_cast<int>(std::count_if(fs.cbegin(), fs.cend(), [&](const Finding& f) { return f.severity == s; }));
}

QString findingCounts(const Findings& fs)
{
    return QStringLiteral("%1 error(s), %2 warning(s)")
        .arg(countSeverity(fs, Severity::Error))
        .arg(countSeverity(fs, Severity::Warning));
}

StageStatus statusOf(const Findings& fs)
{
    return hasErrors(fs) ? StageStatus::Failed : StageStatus::Passed;
}

namespace {
QString skippedNote(const CheckContext& ctx)
{
    if (!ctx.referenceRunnable)
        return ctx.referenceNote;
    if (ctx.runnable.isEmpty())
        return QStringLiteral("no candidate can run: ") + ctx.excludedNotes.join(QStringLiteral("; "));
    return {};
}
} // namespace

void lintStage(CheckContext& ctx, StageOutcome& out)
{
    ctx.result.lint = lintBundle(ctx.request.taskDir);
    const LintReport& lint = ctx.result.lint;
    if (!lint.loaded) {
        out.status = StageStatus::Failed;
        out.summary = QStringLiteral("the task did not load");
        out.note = lint.loadError;
        return;
    }
    ctx.loaded = lint.task; // the one load of the task: every later stage works on it
    ctx.task = lint.task->task;
    out.status = statusOf(lint.findings);
    out.summary = findingCounts(lint.findings);
}

void runStage(CheckContext& ctx, StageOutcome& out)
{
    if (!ctx.task) {
        out.note = QStringLiteral("the task did not load");
        return;
    }
    if (const QString why = skippedNote(ctx); !why.isEmpty()) {
        out.note = why;
        return;
    }
    auto request = ctx.stageRequest<RunRequest>(QStringLiteral("run"), ctx.runnable);
    request.trials = ctx.request.trials;
    auto run = runCorrectness(request, ctx.stageJob(CheckStage::Run));
    if (!run) {
        out.status = StageStatus::Failed;
        out.note = run.error().oneLine();
        return;
    }
    ctx.result.run = *run;
    // A candidate whose runner failed (crashed, timed out, did not build) has no speed worth measuring.
    QStringList stillRunnable;
    int passed = 0;
    for (const ImplRun& r : run->impls) {
        if (r.role == ImplRole::Reference && !r.ok()) {
            ctx.referenceRunnable = false;
            ctx.referenceNote = QStringLiteral("the reference failed in the run stage: ") + r.error;
        }
        if (r.role != ImplRole::Candidate)
            continue;
        if (r.ok())
            stillRunnable << r.id;
        else
            ctx.excludedNotes << QStringLiteral("%1 failed in the run stage (%2)").arg(r.id, implStatusName(r.status));
        if (r.notRunHere())
            ctx.result.notCheckedHere << QStringLiteral("%1 not run here (%2)").arg(r.id, r.notRunReason);
        passed += implVerdict(*run, r).state == VerdictState::Passed ? 1 : 0;
    }
    ctx.runnable = stillRunnable;
    out.status = statusOf(run->findings);
    out.summary = QStringLiteral("%1 of %2 candidate(s) correct on every case and trial; %3")
                      .arg(passed)
                      .arg(request.implIds.size())
                      .arg(findingCounts(run->findings));
}

void benchStage(CheckContext& ctx, StageOutcome& out)
{
    if (!ctx.task) {
        out.note = QStringLiteral("the task did not load");
        return;
    }
    // The manifest and sources alone already say whether the comparison is fair; keep that when nothing is timed.
    ctx.result.staticFindings = staticFairnessFindings(*ctx.task);
    if (const QString why = skippedNote(ctx); !why.isEmpty()) {
        out.note = why;
        return;
    }
    auto request = ctx.stageRequest<BenchRequest>(QStringLiteral("bench"), ctx.runnable);
    request.budgetS = ctx.request.budgetS;
    request.warmupMs = ctx.request.warmupMs;
    request.rounds = ctx.request.rounds;
    request.flushBytes = ctx.request.flushBytes;
    auto bench = runBench(request, ctx.stageJob(CheckStage::Bench));
    if (!bench) {
        out.status = bench.error().isStopped() ? StageStatus::Cancelled : StageStatus::Failed;
        out.note = bench.error().oneLine();
        return;
    }
    // A candidate that is not correct has no speed to claim: its timing stays, labelled INVALID.
    if (ctx.result.run) {
        for (BenchCase& c : bench->cases) {
            for (ImplCaseResult& r : c.candidates) {
                const Findings& fs = ctx.result.run->judgements.value(r.id).findings;
                if (!r.verdict || !hasErrors(fs))
                    continue;
                r.verdict = Verdict::Invalid;
                r.invalidReason += QString(r.invalidReason.isEmpty() ? QString() : QStringLiteral(", "))
                    + QStringLiteral("incorrect in the run stage");
            }
        }
    }
    ctx.result.bench = *bench;
    ctx.result.staticFindings.clear(); // runBench reports them itself
    QStringList verdicts;
    for (const BenchCase& c : bench->cases) {
        for (const ImplCaseResult& r : c.candidates) {
            if (r.verdict && r.speedup)
                verdicts << QStringLiteral("%1/%2 %3 %4x")
                                .arg(r.id, c.name, verdictName(*r.verdict),
                                    QString::number(r.speedup->estimate, 'f', 2));
        }
    }
    out.status = statusOf(bench->findings);
    out.summary = (verdicts.isEmpty() ? QStringLiteral("no speedup measured") : verdicts.join(QStringLiteral(", ")))
        + QStringLiteral("; ") + findingCounts(bench->findings);
}

void profileStage(CheckContext& ctx, StageOutcome& out)
{
    if (!ctx.task) {
        out.note = QStringLiteral("the task did not load");
        return;
    }
    if (!ctx.request.profile) {
        out.note = QStringLiteral("not requested");
        return;
    }
    // Profile every candidate that compiled, even one that failed the run: a sanitizer says why it failed.
    QStringList ids;
    if (ctx.result.compile) {
        for (const ImplementationCompile& c : ctx.result.compile->implementations) {
            const bool candidate = std::any_of(ctx.task->candidates.cbegin(), ctx.task->candidates.cend(),
                [&](const Implementation& i) { return i.id == c.id; });
            if (candidate && (c.ok || c.toolMissing))
                ids << c.id;
        }
    }
    if (ids.isEmpty()) {
        out.note = QStringLiteral("no candidate compiled");
        return;
    }
    auto request = ctx.stageRequest<ProfileRequest>(QStringLiteral("profile"), ids);
    auto profile = runProfile(request, ctx.stageJob(CheckStage::Profile));
    if (!profile) {
        out.status = StageStatus::Failed;
        out.note = profile.error().oneLine();
        return;
    }
    ctx.result.profile = *profile;
    const int ran = static_cast<int>(std::count_if(
        profile->runs.cbegin(), profile->runs.cend(), [](const ProfileToolRun& r) { return r.status != u"skipped"; }));
    if (ran == 0) {
        out.status = StageStatus::Skipped;
        out.note = QStringLiteral("no profiler could run here: ") + profile->missing.join(QStringLiteral("; "));
        return;
    }
    out.status = statusOf(profile->findings);
    out.summary = QStringLiteral("%1 tool run(s), %2 kernel profile(s), %3 perf record(s); %4")
                      .arg(ran)
                      .arg(profile->kernels.size())
                      .arg(profile->perf.size())
                      .arg(findingCounts(profile->findings));
    if (!profile->missing.isEmpty())
        out.note = QStringLiteral("missing: ") + profile->missing.join(QStringLiteral("; "));
}

} // namespace kwb::detail

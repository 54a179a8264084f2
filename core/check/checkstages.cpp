#include "check/checkstages.h"

#include "bench/fairness.h"
#include "task/taskloader.h"

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
    auto loaded = loadTask(ctx.request.taskDir);
    if (!loaded) { // lintBundle loaded it a moment ago; only a file changing underneath gets here
        out.status = StageStatus::Failed;
        out.note = loaded.error().oneLine();
        return;
    }
    ctx.task = loaded->task;
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
    RunRequest request;
    request.taskDir = ctx.request.taskDir;
    request.implIds = ctx.runnable;
    request.cases = ctx.request.cases;
    request.trials = ctx.request.trials;
    request.seed = ctx.seed;
    request.limits = ctx.request.limits;
    request.sandbox = ctx.request.sandbox;
    request.keepDir = ctx.workDir(QStringLiteral("run"));
    request.executor = ctx.request.executor;
    RunHooks hooks;
    hooks.cancel = ctx.cancel;
    auto run = runCorrectness(
        request, [&](const QString& step, int, int) { ctx.say(CheckStage::Run, step); }, hooks);
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
        if (r.role == u"reference" && !r.ok()) {
            ctx.referenceRunnable = false;
            ctx.referenceNote = QStringLiteral("the reference failed in the run stage: ") + r.error;
        }
        if (r.role != u"candidate")
            continue;
        if (r.ok())
            stillRunnable << r.id;
        else
            ctx.excludedNotes << QStringLiteral("%1 failed in the run stage (%2)").arg(r.id, r.status);
        const auto& fs = run->judgements.value(r.id).findings;
        passed += r.ok() && !hasErrors(fs) ? 1 : 0;
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
    BenchRequest request;
    request.taskDir = ctx.request.taskDir;
    request.implIds = ctx.runnable;
    request.cases = ctx.request.cases;
    request.budgetS = ctx.request.budgetS;
    request.warmupMs = ctx.request.warmupMs;
    request.rounds = ctx.request.rounds;
    request.flushBytes = ctx.request.flushBytes;
    request.seed = ctx.seed;
    request.limits = ctx.request.limits;
    request.sandbox = ctx.request.sandbox;
    request.keepDir = ctx.workDir(QStringLiteral("bench"));
    request.executor = ctx.request.executor;
    auto bench = runBench(
        request, [&](const QString& step) { ctx.say(CheckStage::Bench, step); }, ctx.cancel);
    if (!bench) {
        out.status = bench.error().findingId == u"stopped" ? StageStatus::Cancelled : StageStatus::Failed;
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
        out.note = QStringLiteral("not requested (--no-profile)");
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
    ProfileRequest request;
    request.taskDir = ctx.request.taskDir;
    request.implIds = ids;
    request.cases = ctx.request.cases;
    request.seed = ctx.seed;
    request.limits = ctx.request.limits;
    request.sandbox = ctx.request.sandbox;
    request.keepDir = ctx.workDir(QStringLiteral("profile"));
    request.executor = ctx.request.executor;
    auto profile = runProfile(
        request, [&](const QString& step) { ctx.say(CheckStage::Profile, step); }, ctx.cancel);
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

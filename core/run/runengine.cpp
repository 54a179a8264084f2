#include "core/run/runengine.h"
#include "core/executors/executorfactory.h"

#include "core/env/toolprobe.h"
#include "core/inputs/inputgenerator.h"
#include "core/run/conventionsteps.h"
#include "core/run/errorbudget.h"
#include "core/run/generatedcases.h"
#include "core/run/generatedjudge.h"
#include "core/run/kernelscope.h"
#include "core/run/oraclecheck.h"
#include "core/run/sshimplrun.h"
#include "core/task/digest.h"
#include "core/task/taskloader.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTemporaryDir>

namespace kwb {
namespace {
Result<QList<Case>> selectCases(const Task& task, const QStringList& names)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_.-]+$"));
    QList<Case> cases;
    for (const Case& c : task.cases) {
        if (names.isEmpty() || names.contains(c.name))
            cases << c;
        if (!safe.match(c.name).hasMatch())
            return Error { QStringLiteral("task.json"), QStringLiteral("/cases"),
                QStringLiteral("case name '%1' must be letters, digits, '_', '.' or '-' to run").arg(c.name) };
    }
    for (const QString& n : names) {
        if (std::none_of(task.cases.begin(), task.cases.end(), [&](const Case& c) { return c.name == n; }))
            return Error { QStringLiteral("--cases"), {},
                QStringLiteral("task '%1' has no case '%2'").arg(task.id, n) };
    }
    return cases;
}

Result<QList<Implementation>> selectCandidates(const Task& task, const QStringList& ids)
{
    QList<Implementation> out;
    for (const QString& id : ids) {
        const auto* impl = task.implementation(id);
        if (!impl || impl->id == task.reference.id || (task.oracle && impl->id == task.oracle->id))
            return Error { QStringLiteral("--impl"), {},
                QStringLiteral("task '%1' has no candidate '%2'").arg(task.id, id) };
        out << *impl;
    }
    return ids.isEmpty() ? task.candidates : out;
}
} // namespace

Result<RunResult> runCorrectness(const RunRequest& request, const JobContext& job)
{
    auto loaded = loadTask(request.taskDir);
    if (!loaded)
        return loaded.error();
    RunResult result;
    result.task = loaded->task;
    const Task& task = result.task;
    result.digest = taskDigest(task).ok() ? *taskDigest(task) : QString();
    if (request.trials < 1)
        return Error { QStringLiteral("--trials"), {}, QStringLiteral("needs at least 1 trial") };
    auto cases = selectCases(task, request.cases);
    if (!cases)
        return cases.error();
    auto candidates = selectCandidates(task, request.implIds);
    if (!candidates)
        return candidates.error();
    if (request.sandbox) {
        if (auto s = makeExecutor(request.executor)->requireSandbox(); !s)
            return s.error();
    }

    QTemporaryDir temp(QDir::tempPath() + QStringLiteral("/kwb-run-XXXXXX"));
    const QString work = request.keepDir.isEmpty() ? temp.path() : QDir(request.keepDir).absolutePath();
    if (work.isEmpty() || !QDir().mkpath(work))
        return Error::environment(request.keepDir, {}, QStringLiteral("cannot create the work folder"));
    result.workDir = request.keepDir.isEmpty() ? QString() : work;
    const QString inputsRoot = QDir(work).filePath(QStringLiteral("inputs"));

    const int total = 3 + int(candidates->size()) + (task.oracle ? 1 : 0); // inputs, each implementation, done
    int done = 0;
    const auto step = [&](const QString& what) { job.progress(QStringLiteral("run"), what, done++, total); };
    step(QStringLiteral("generating inputs"));
    for (int k = 0; k < request.trials; ++k) {
        const quint64 seed = request.seed ? *request.seed + quint64(k) : QRandomGenerator::system()->generate64();
        for (const Case& c : *cases) {
            TrialInputs t { c.name, k, seed, QDir(inputsRoot).filePath(QStringLiteral("%1/t%2").arg(c.name).arg(k)) };
            if (auto w = writeTrialInputs(task, c, seed, t.dir); !w)
                return w.error();
            result.trials << t;
        }
    }
    // Generated cases: held-out sizes and stress patterns, one trial each, seeded from the first trial.
    const quint64 genSeed = result.trials.isEmpty() ? 0 : result.trials.first().seed;
    const bool interpreted = std::any_of(
        candidates->begin(), candidates->end(), [&](const Implementation& c) { return runsInterpreted(c, request); });
    GeneratedCases generated = generateCases(task, *cases,
        CaseGeneration { request.heldOut, request.stress, genSeed, CaseGeneration {}.heldOutBudgetBytes,
            CaseGeneration {}.stressBudgetBytes, interpreted });
    if (request.executor.remote() && !generated.cases.isEmpty()) {
        // The remote layout keeps one run folder per implementation: generated cases run locally only for now.
        generated.cases.clear();
        generated.notes << QStringLiteral("no generated cases on %1: they run on the local executor only")
                               .arg(request.executor.name());
    }
    result.generationNotes = generated.notes;
    for (const Case& c : generated.cases) {
        if (std::any_of(task.cases.begin(), task.cases.end(), [&](const Case& k) { return k.name == c.name; }))
            continue; // a declared case already has the name
        result.task.cases << c;
        TrialInputs t { c.name, 0, genSeed, QDir(inputsRoot).filePath(QStringLiteral("%1/t0").arg(c.name)) };
        if (auto w = writeTrialInputs(task, c, genSeed, t.dir); !w)
            return w.error();
        result.generatedTrials << t;
    }
    if (usesConventionInputs(task)) {
        if (auto g = generateConventionInputs(task, result.trials, request, inputsRoot, job); !g)
            return g.error();
    }

    // Is each candidate of a kernel task a kernel? The static half reads its source before anything runs.
    QMap<QString, KernelScan> scans;
    for (const Implementation& cand : *candidates)
        scans.insert(cand.id, scanCandidateKernels(task, cand, request));

    // Each implementation in one runner process: the declared trials and the generated cases together, in an
    // order of their own, so nothing tells it which calls are which. A candidate is called twice per trial (fresh
    // buffers: nondeterminism, stale outputs); an interpreted one once per generated case.
    const auto runAll = [&](const Implementation& impl, const QString& role, int repeats) {
        const bool candidate = role == u"candidate";
        QList<CallGroup> groups { CallGroup { result.trials, repeats, candidate } };
        if (!result.generatedTrials.isEmpty())
            groups << CallGroup { result.generatedTrials, runsInterpreted(impl, request) ? 1 : repeats, candidate };
        QList<ImplRun> views = runImplementationGroups(task, impl, role, groups, request, work, inputsRoot, job);
        result.impls << views.first();
        if (views.size() > 1)
            result.generatedImpls << views[1];
    };
    // Candidates first: nothing the reference computed can be lying around in memory they reuse.
    for (const Implementation& cand : *candidates) {
        if (job.cancelled())
            return Error::stopped();
        step(QStringLiteral("running candidate %1").arg(cand.id));
        runAll(cand, QStringLiteral("candidate"), 2);
    }
    if (job.cancelled()) {
        removeRemoteRun(request.executor, work);
        return Error::stopped();
    }
    step(QStringLiteral("running reference %1").arg(task.reference.id));
    runAll(task.reference, QStringLiteral("reference"), 1);
    // A reference that cannot finish within the limits says the task is too large for them here; candidates that
    // ran into a limit too are not run, not failed (one that finished is still not judged: there is no reference).
    if (ImplRun& r = result.impls.last(); !r.ok() && r.outcome && r.outcome->hitLimit()) {
        const ImplRun limited = r;
        for (ImplRun& run : result.impls) {
            if (run.role == u"candidate" && !run.ok() && run.outcome && run.outcome->hitLimit())
                markNotRunAtReferenceLimit(run, limited);
        }
        markNotRunAtReferenceLimit(r, r);
    }
    const ImplRun ref = result.impls.last();
    std::optional<ImplRun> oracle;
    if (task.oracle) {
        step(QStringLiteral("running oracle %1").arg(task.oracle->id));
        runAll(*task.oracle, QStringLiteral("oracle"), 1);
        oracle = result.impls.last();
    }
    const auto generatedRun = [&](const QString& id, const QString& role) -> const ImplRun* {
        for (const ImplRun& g : result.generatedImpls) {
            if (g.id == id && g.role == role)
                return &g;
        }
        return nullptr;
    };
    const ImplRun* refGenerated = generatedRun(task.reference.id, QStringLiteral("reference"));
    if (refGenerated) {
        const ImplRun* oracleGenerated
            = task.oracle ? generatedRun(task.oracle->id, QStringLiteral("oracle")) : nullptr;
        result.generatedStatus = generatedCaseStatus(task, *refGenerated, ref, oracleGenerated, result.generatedTrials);
    }

    for (const ImplRun& run : result.impls)
        result.findings << run.findings;
    if (ref.ok()) {
        result.findings << judgeTaskChecker(task, ref, result.trials);
        for (const ImplRun& run : result.impls) {
            if (run.role != u"candidate" || run.notRunHere())
                continue;
            CandidateJudgement j = judgeCandidate(task, run, ref, result.trials);
            if (const ImplRun* g = generatedRun(run.id, QStringLiteral("candidate")); g && refGenerated) {
                const bool clean = run.ok() && !hasErrors(j.findings);
                judgeGeneratedCases(
                    task, *g, *refGenerated, ref, result.generatedTrials, result.generatedStatus, clean, j);
                if (hasErrors(j.findings))
                    j.findings.erase(std::remove_if(j.findings.begin(), j.findings.end(),
                                         [](const Finding& f) { return f.id == u"correct.pass"; }),
                        j.findings.end());
            }
            result.findings << j.findings;
            if (oracle && oracle->ok())
                result.findings << judgeAgainstOracle(task, run, ref, *oracle, result.trials);
            if (run.ok())
                result.findings << judgeErrorBudget(
                    task, run, ref, oracle && oracle->ok() ? &*oracle : nullptr, result.trials);
            result.judgements.insert(run.id, j);
        }
        if (oracle && oracle->ok())
            result.findings << judgeReferenceAgainstOracle(task, ref, *oracle, result.trials);
        result.findings << runTaskOwnChecks(
            task, result.impls, result.judgements, result.trials, request, work, inputsRoot, job);
    }
    for (const ImplRun& run : result.impls) {
        if (run.role == u"candidate" && task.implementation(run.id))
            result.findings << kernelScopeFindings(task, *task.implementation(run.id), scans.value(run.id),
                run.notRunHere() ? nullptr : &run, ref.ok() ? &ref : nullptr);
    }
    removeRemoteRun(request.executor, work);
    step(QStringLiteral("done"));

    QJsonArray seeds;
    for (const auto& t : result.trials) {
        if (t.caseName == cases->first().name)
            seeds.append(QString::number(t.seed));
    }
    result.provenance = { { QStringLiteral("kwb_version"), QStringLiteral(KWB_VERSION) },
        { QStringLiteral("host"), QSysInfo::machineHostName() },
        { QStringLiteral("os"), QSysInfo::prettyProductName() },
        { QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate) },
        { QStringLiteral("input_generator"), inputGeneratorName() }, { QStringLiteral("trial_seeds"), seeds },
        { QStringLiteral("seed_source"), request.seed ? QStringLiteral("--seed") : QStringLiteral("os") },
        { QStringLiteral("runner_python"), runnerPython() }, { QStringLiteral("sandbox"), request.sandbox },
        { QStringLiteral("trials"), request.trials }, { QStringLiteral("heldout"), request.heldOut },
        { QStringLiteral("stress"), request.stress },
        { QStringLiteral("triton_interpret"),
            request.tritonInterpret ? QStringLiteral("requested (--triton-interpret)")
                                    : (acceleratorPresent() ? QStringLiteral("no (an accelerator is present)")
                                                            : QStringLiteral("yes: no GPU on this machine")) },
        { QStringLiteral("executor"), request.executor.name() } };
    return result;
}

} // namespace kwb

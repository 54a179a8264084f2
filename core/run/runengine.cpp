// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/runengine.h"

#include "core/executors/executorfactory.h"
#include "core/task/placement.h"
#include "core/task/selection.h"

#include "core/env/toolprobe.h"
#include "core/inputs/inputgenerator.h"
#include "core/run/callcheck.h"
#include "core/run/conventionsteps.h"
#include "core/run/errorbudget.h"
#include "core/run/generatedcases.h"
#include "core/run/generatedjudge.h"
#include "core/run/implverdict.h"
#include "core/run/inputfolders.h"
#include "core/run/kernelcost.h"
#include "core/run/kernelscope.h"
#include "core/run/oraclecheck.h"
#include "core/run/sshimplrun.h"
#include "core/task/digest.h"
#include "core/task/taskloader.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTemporaryDir>

#include <atomic>
#include <mutex>
#include <thread>

namespace kwb {

QString keptInputsDir(const QString& workDir, const QString& label)
{
    QFile index(QDir(workDir).filePath(QStringLiteral("inputs-index.txt")));
    if (!index.open(QIODevice::ReadOnly))
        return {};
    while (!index.atEnd()) {
        const QList<QByteArray> f = index.readLine().trimmed().split('\t');
        if (f.size() == 2 && QString::fromUtf8(f[1]) == label)
            return QDir(workDir).filePath(QStringLiteral("inputs/") + QString::fromUtf8(f[0]));
    }
    return {};
}

QJsonObject implTimings(const ImplRun& run, const QList<ImplRun>& generated)
{
    double callsS = 0;
    const auto addCalls = [&](const ImplRun& r) {
        for (const CallRecord& c : r.calls)
            callsS += double(c.elapsedNs) / 1e9;
    };
    addCalls(run);
    for (const ImplRun& g : generated) {
        if (g.id == run.id && g.role == run.role)
            addCalls(g);
    }
    const double wallS = run.wallMs >= 0 ? double(run.wallMs) / 1e3 : 0;
    const double startS = run.startupMs >= 0 ? double(run.startupMs) / 1e3 : 0;
    return { { QStringLiteral("id"), run.id }, { QStringLiteral("role"), implRoleName(run.role) },
        { QStringLiteral("build_s"), run.buildMs >= 0 ? double(run.buildMs) / 1e3 : 0.0 },
        { QStringLiteral("wall_s"), wallS }, { QStringLiteral("startup_s"), startS },
        { QStringLiteral("calls_s"), callsS }, { QStringLiteral("harness_s"), std::max(0.0, wallS - startS - callsS) },
        { QStringLiteral("processes"), run.processes } };
}

Result<RunResult> runCorrectness(const RunRequest& request, const JobContext& job)
{
    QElapsedTimer clock;
    clock.start();
    auto loaded = taskOf(request);
    if (!loaded)
        return loaded.error();
    RunResult result;
    result.task = loaded->task;
    const Task& task = result.task;
    result.digest = taskDigest(task).ok() ? *taskDigest(task) : QString();
    if (request.trials < 1)
        return Error { QStringLiteral("run request"), {}, QStringLiteral("needs at least 1 trial") };
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
    const RemoteRunCleanup cleanup(request.executor, work); // on every way out: done, stopped, failed
    const QString inputsRoot = QDir(work).filePath(QStringLiteral("inputs"));

    const int total = 3 + int(candidates->size()) + (task.oracle ? 1 : 0); // inputs, each implementation, done
    int done = 0;
    const auto step = [&](const QString& what) { job.progress(QStringLiteral("run"), what, done++, total); };
    step(QStringLiteral("generating inputs"));
    InputFolders folders(work);
    if (auto o = folders.open(); !o)
        return o.error();
    const auto inputsDir = [&](const QString& caseName, int trial) { return folders.folder(caseName, trial); };
    QList<std::pair<Case, TrialInputs>> toWrite; // each set from its own seed and key: written side by side
    for (int k = 0; k < request.trials; ++k) {
        const quint64 seed = request.seed ? *request.seed + quint64(k) : QRandomGenerator::system()->generate64();
        for (const Case& c : *cases) {
            TrialInputs t { c.name, k, seed, inputsDir(c.name, k) };
            toWrite.append({ c, t });
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
    // Generated cases run wherever the declared ones do: on an SSH host too, in the same plan and process.
    result.generationNotes = generated.notes;
    if (generated.sizesFixed && request.heldOut > 0) {
        Finding f;
        f.id = QStringLiteral("scope.fixed-sizes");
        f.severity = Severity::Info;
        f.message = QStringLiteral("the task's own input generator takes no size (no integer parameter, no size "
                                   "constant its input functions read): the candidates are tried at its sizes only, "
                                   "no held-out size can show a kernel that only works there%1")
                        .arg(task.reference.convention == u"torch_module"
                                ? QStringLiteral(" (a KernelBench problem's size constants are read when it is "
                                                 "imported: import a bundle made by an older kwb again)")
                                : QString());
        result.findings << f;
    }
    for (const Case& c : generated.cases) {
        if (std::any_of(task.cases.begin(), task.cases.end(), [&](const Case& k) { return k.name == c.name; }))
            continue; // a declared case already has the name
        result.task.cases << c;
        TrialInputs t { c.name, 0, genSeed, inputsDir(c.name, 0) };
        toWrite.append({ c, t });
        result.generatedTrials << t;
    }
    if (auto w = writeInputSets(task, toWrite); !w)
        return w.error();
    if (usesConventionInputs(task)) {
        if (auto g = generateConventionInputs(task, result.trials, request, inputsRoot, job); !g)
            return g.error();
        if (auto g = generateConventionCases(
                result.task, result.generatedTrials, request, inputsRoot, result.generationNotes, job);
            !g)
            return g.error();
    }
    const double inputsS = double(clock.elapsed()) / 1e3;

    // Is each candidate of a kernel task a kernel? The static half reads its source before anything runs.
    QMap<QString, KernelScan> scans;
    for (const Implementation& cand : *candidates)
        scans.insert(cand.id, scanCandidateKernels(task, cand, request));

    // Each implementation in one runner process: the declared trials and the generated cases together, in an
    // order of their own, so nothing tells it which calls are which. A candidate is called twice per trial (fresh
    // buffers: nondeterminism, stale outputs); an interpreted one once per generated case.
    struct Job {
        Implementation impl;
        ImplRole role;
        int repeats = 1;
        QList<ImplRun> views;
    };
    QList<Job> jobs;
    for (const Implementation& cand : *candidates)
        jobs << Job { cand, ImplRole::Candidate, 2, {} };
    jobs << Job { task.reference, ImplRole::Reference, 1, {} };
    if (task.oracle)
        jobs << Job { *task.oracle, ImplRole::Oracle, 1, {} };
    // Implementations that all run on this machine's CPU share nothing (processes and sandboxes of their own, no
    // device memory one could leave to another): two at a time, one per core, the callbacks of the job taken in
    // turn. Anything on a GPU runs candidates first, then the reference, one after the other: nothing the reference
    // computed can be lying around in device memory a candidate reuses.
    const bool cpuOnly = !request.executor.remote() && std::all_of(jobs.begin(), jobs.end(), [](const Job& j) {
        return runsAs(j.impl, acceleratorPresent()) != RunsAs::Device;
    });
    std::mutex callbacks;
    JobContext serial = job;
    if (cpuOnly) {
        serial.onProgress = [&](const JobProgress& p) {
            const std::lock_guard lock(callbacks);
            if (job.onProgress)
                job.onProgress(p);
        };
        if (job.onOutput)
            serial.onOutput = [&](const QString& source, OutputChannel channel, const QByteArray& bytes) {
                const std::lock_guard lock(callbacks);
                job.onOutput(source, channel, bytes);
            };
    }
    // The first verdict as soon as it can be given — for each candidate, the first declared trial whose call and
    // the reference's are both done — while the rest still runs (implementations on the CPU run side by side, and
    // each runs its calls in its own shuffled order, so one pair is done seconds after the start).
    QSet<QString> declaredTrials;
    for (const TrialInputs& t : result.trials)
        declaredTrials.insert(QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial));
    QMap<QString, QString> refDone; // trial label -> the reference's outputs
    QMap<QString, QMap<QString, QString>> candDone; // candidate -> trial label -> its first call's outputs
    QSet<QString> told;
    const auto tellFirst = [&](const QString& cand) {
        if (told.contains(cand))
            return;
        for (auto it = candDone[cand].cbegin(); it != candDone[cand].cend(); ++it) {
            if (!refDone.contains(it.key()))
                continue;
            told.insert(cand);
            const CallCheck c = checkCall(task, it.value(), refDone[it.key()]);
            job.progress(QStringLiteral("run"),
                QStringLiteral("first verdict: %1 on %2: %3 (the other trials and cases still run)")
                    .arg(cand, it.key(),
                        c.pass ? QStringLiteral("within tolerance")
                               : QStringLiteral("FAILS — %1").arg(c.detail.isEmpty() ? QStringLiteral("?") : c.detail)),
                done, total);
            return;
        }
    };
    const auto runJob = [&](Job& j) {
        if (job.cancelled())
            return;
        {
            const std::lock_guard lock(callbacks);
            step(QStringLiteral("running %1 %2").arg(implRoleName(j.role), j.impl.id));
        }
        const bool candidate = j.role == ImplRole::Candidate;
        QList<CallGroup> groups { CallGroup { result.trials, j.repeats, candidate } };
        if (!result.generatedTrials.isEmpty())
            groups << CallGroup { result.generatedTrials, runsInterpreted(j.impl, request) ? 1 : j.repeats, candidate };
        const CallDone onCall = [&, id = j.impl.id, role = j.role](const QString& label, const QString& outDir) {
            const std::lock_guard lock(callbacks);
            if (role == ImplRole::Reference && declaredTrials.contains(label)) {
                refDone.insert(label, outDir);
                for (auto it = candDone.cbegin(); it != candDone.cend(); ++it)
                    tellFirst(it.key());
            } else if (role == ImplRole::Candidate && label.endsWith(QStringLiteral("/a"))
                && declaredTrials.contains(label.chopped(2))) {
                candDone[id].insert(label.chopped(2), outDir);
                tellFirst(id);
            }
        };
        j.views = runImplementationGroups(task, j.impl, j.role, groups, request, work, inputsRoot, serial, onCall);
    };
    if (cpuOnly && jobs.size() > 1) {
        std::atomic_int next { 0 };
        const auto worker = [&] {
            for (int i; (i = next.fetch_add(1)) < jobs.size();)
                runJob(jobs[i]);
        };
        std::thread second(worker);
        worker();
        second.join();
    } else {
        for (Job& j : jobs)
            runJob(j);
    }
    if (job.cancelled())
        return Error::stopped();
    // Candidates first in the report, then the reference (and the oracle), as they are judged.
    for (const Job& j : jobs) {
        if (j.role == ImplRole::Oracle)
            continue;
        result.impls << j.views.first();
        if (j.views.size() > 1)
            result.generatedImpls << j.views[1];
    }
    // A reference that cannot finish within the limits says the task is too large for them here; candidates that
    // ran into a limit too are not run, not failed (one that finished is still not judged: there is no reference).
    if (ImplRun& r = result.impls.last(); !r.ok() && r.outcome && r.outcome->hitLimit()) {
        const ImplRun limited = r;
        for (ImplRun& run : result.impls) {
            if (run.role == ImplRole::Candidate && !run.ok() && run.outcome && run.outcome->hitLimit())
                markNotRunAtReferenceLimit(run, limited);
        }
        markNotRunAtReferenceLimit(r, r);
    }
    const ImplRun ref = result.impls.last();
    std::optional<ImplRun> oracle;
    if (task.oracle) {
        result.impls << jobs.last().views.first();
        if (jobs.last().views.size() > 1)
            result.generatedImpls << jobs.last().views[1];
        oracle = result.impls.last();
    }
    QElapsedTimer judging;
    judging.start();
    const auto generatedRun = [&](const QString& id, ImplRole role) -> const ImplRun* {
        for (const ImplRun& g : result.generatedImpls) {
            if (g.id == id && g.role == role)
                return &g;
        }
        return nullptr;
    };
    const ImplRun* refGenerated = generatedRun(task.reference.id, ImplRole::Reference);
    if (refGenerated) {
        const ImplRun* oracleGenerated = task.oracle ? generatedRun(task.oracle->id, ImplRole::Oracle) : nullptr;
        result.generatedStatus = generatedCaseStatus(task, *refGenerated, ref, oracleGenerated, result.generatedTrials);
    }

    // What a candidate's own output says of the machine counts against it unless trusted code confirms it
    // (implverdict.h).
    attributeUnconfirmedMachineFaults(result);
    for (const ImplRun& run : result.impls)
        result.findings << run.findings;
    if (ref.ok()) {
        result.findings << judgeTaskChecker(task, ref, result.trials);
        for (const ImplRun& run : result.impls) {
            if (run.role != ImplRole::Candidate || run.notRunHere())
                continue;
            CandidateJudgement j = judgeCandidate(task, run, ref, result.trials);
            if (const ImplRun* g = generatedRun(run.id, ImplRole::Candidate); g && refGenerated) {
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
        if (run.role == ImplRole::Candidate && task.implementation(run.id)) {
            Findings scope = kernelScopeFindings(task, *task.implementation(run.id), scans.value(run.id),
                run.notRunHere() ? nullptr : &run, ref.ok() ? &ref : nullptr);
            if (!run.notRunHere() && !task.requiredKernelLanguage().isEmpty())
                scope = withCostFindings(std::move(scope), kernelCostFindings(task, run, ref.ok() ? &ref : nullptr));
            result.findings << scope;
        }
    }
    step(QStringLiteral("done"));
    QJsonArray implTimes;
    for (const ImplRun& run : result.impls)
        implTimes.append(implTimings(run, result.generatedImpls));
    result.timings
        = { { QStringLiteral("inputs_s"), inputsS }, { QStringLiteral("judging_s"), double(judging.elapsed()) / 1e3 },
              { QStringLiteral("total_s"), double(clock.elapsed()) / 1e3 },
              { QStringLiteral("implementations"), implTimes } };

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
            request.tritonInterpret ? QStringLiteral("requested")
                                    : (acceleratorPresent() ? QStringLiteral("no (an accelerator is present)")
                                                            : QStringLiteral("yes: no GPU on this machine")) },
        { QStringLiteral("executor"), request.executor.name() } };
    return result;
}

} // namespace kwb

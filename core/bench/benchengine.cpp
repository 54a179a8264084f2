#include "core/bench/benchengine.h"
#include "core/executors/executorfactory.h"

#include "core/bench/fairness.h"
#include "core/bench/interposition.h"
#include "core/bench/roofline.h"
#include "core/inputs/inputgenerator.h"
#include "core/run/sshimplrun.h"
#include "core/run/workspace.h"
#include "core/task/taskloader.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <cmath>

namespace kwb {
namespace {
Result<QList<Case>> selectCases(const Task& task, const QStringList& names)
{
    if (names.isEmpty())
        return task.cases;
    QList<Case> out;
    for (const QString& n : names) {
        const auto it = std::find_if(task.cases.begin(), task.cases.end(), [&](const Case& c) { return c.name == n; });
        if (it == task.cases.end())
            return Error { QStringLiteral("--cases"), {},
                QStringLiteral("task '%1' has no case '%2'").arg(task.id, n) };
        out << *it;
    }
    return out;
}

Result<QList<Implementation>> selectImpls(const Task& task, const QStringList& ids)
{
    QList<Implementation> out { task.reference };
    for (const QString& id : ids) {
        const auto it = std::find_if(
            task.candidates.begin(), task.candidates.end(), [&](const Implementation& c) { return c.id == id; });
        if (it == task.candidates.end())
            return Error { QStringLiteral("--impl"), {},
                QStringLiteral("task '%1' has no candidate '%2'").arg(task.id, id) };
        out << *it;
    }
    if (ids.isEmpty())
        out << task.candidates;
    return out;
}

bool runsOnGpu(const Implementation& impl, const ImplBench& b)
{
    if (impl.backend == u"cuda")
        return true;
    return impl.backend == u"python" && b.provenance.value(QStringLiteral("device")).toString() != u"cpu"
        && !b.provenance.value(QStringLiteral("device")).toString().startsWith(QStringLiteral("TFRT_CPU"));
}

/// The floor's peaks: `target.peak` always; for an implementation that ran on this machine's CPU, this host's
/// measured peaks; else the device's from the hardware table (peaksFor).
std::optional<Peaks> floorPeaks(const Task& task, const Implementation& impl, bool onGpu, const CaseSamples& s,
    const BenchRequest& request, QString* note)
{
    if (task.target.peakBytesPerS || task.target.peakFlopsPerS || onGpu)
        return peaksFor(task, impl, note);
    if (request.executor.remote()) {
        *note = QStringLiteral("no floor: '%1' ran on the CPU of %2, and host peaks are measured for this machine "
                               "only (give target.peak for a floor)")
                    .arg(impl.id, request.executor.name());
        return std::nullopt;
    }
    return hostCpuPeaks(task, hostPeaks(), s.flushBytes);
}

ImplCaseResult measure(const Task& task, const Implementation& impl, const CaseSamples& s, const BenchCase& bc,
    bool onGpu, const BenchRequest& request)
{
    ImplCaseResult r;
    r.id = impl.id;
    r.stats = summarize(s.samplesNs, s.discarded);
    r.rechecked = s.rechecked;
    r.recheckMismatches = s.recheckMismatches;
    r.recheckUnwritten = s.recheckUnwritten;
    r.lateWrites = s.lateWrites;
    r.timerOverheadNs = s.timerOverheadNs;
    QString note;
    if (const auto peaks = floorPeaks(task, impl, onGpu, s, request, &note)) {
        const double f = floorNs(bc.flops, bc.bytes, *peaks);
        r.floorSource = peaks->source;
        if (f > 0)
            r.floorNs = f;
        else
            r.floorNote
                = QStringLiteral("no floor: the manifest gives no benchmark.flops/bytes or the peaks are unknown");
    } else {
        r.floorNote = note;
    }
    return r;
}
} // namespace

Result<BenchResult> runBench(const BenchRequest& request, const JobContext& job)
{
    auto loaded = loadTask(request.taskDir);
    if (!loaded)
        return loaded.error();
    BenchResult result;
    result.task = loaded->task;
    const Task& task = result.task;
    auto cases = selectCases(task, request.cases);
    if (!cases)
        return cases.error();
    auto impls = selectImpls(task, request.implIds);
    if (!impls)
        return impls.error();
    if (request.rounds < 1 || request.budgetS <= 0)
        return Error { QStringLiteral("--budget"), {},
            QStringLiteral("needs a positive budget and at least one round") };
    const bool remote = request.executor.remote();
    if (request.sandbox) { // a remote host isolates its runners itself (and says how)
        if (auto s = makeExecutor(request.executor)->requireSandbox(); !s)
            return s.error();
    }
    QTemporaryDir temp(QDir::tempPath() + QStringLiteral("/kwb-bench-XXXXXX"));
    const QString work = request.keepDir.isEmpty() ? temp.path() : QDir(request.keepDir).absolutePath();
    if (work.isEmpty() || !QDir().mkpath(work))
        return Error::environment(request.keepDir, {}, QStringLiteral("cannot create the work folder"));
    result.workDir = request.keepDir.isEmpty() ? QString() : work;
    const int totalSteps = int(impls->size()) * (1 + request.rounds);
    int doneSteps = 0;
    const auto say = [&](const QString& s) { job.progress(QStringLiteral("bench"), s, doneSteps, totalSteps); };
    const auto stopped = [&] {
        removeRemoteRun(request.executor, work);
        return Error::stopped();
    };

    for (const Implementation& impl : *impls) {
        if (job.cancelled())
            return stopped();
        ImplBench b;
        b.id = impl.id;
        b.role = impl.id == task.reference.id ? QStringLiteral("reference") : QStringLiteral("candidate");
        b.backend = impl.backend;
        say(QStringLiteral("building %1").arg(impl.id));
        // Remote runners are built on the host, in their first round (cached there by content hash).
        BuildOptions buildOptions;
        buildOptions.cancel = job.cancel;
        auto build = remote ? Result<RunnerBuild>(RunnerBuild { {}, {}, {}, {}, {}, true, false })
                            : buildRunner(task, impl, buildOptions);
        if (job.cancelled())
            return stopped();
        if (!build) {
            b.status = ImplStatus::Failed;
            b.error = build.error().oneLine();
        } else if (!build->compiled) {
            b.build = *build;
            b.status = ImplStatus::BuildFailed;
            b.error = QStringLiteral("the runner did not compile");
        } else {
            b.build = *build;
            b.status = ImplStatus::Ok;
            if (impl.backend != u"python" && !b.build.dir.isEmpty())
                b.findings << interpositionFindings(impl.id, QDir(b.build.dir).filePath(QStringLiteral("runner")));
        }
        result.impls << b;
        ++doneSteps;
    }

    // Rounds: every implementation once per round, the order reversed every other round (A B C, C B A, …) so
    // that drift (thermal, other load) hits all of them alike; fresh inputs per round.
    const quint64 seed0 = request.seed ? *request.seed : QRandomGenerator::system()->generate64();
    const double budgetMs = request.budgetS * 1000.0 / request.rounds;
    const QString inputsRoot = QDir(work).filePath(QStringLiteral("inputs"));
    // The between-round stopping rule: after the minimum rounds, another round while some candidate's paired
    // speedup CI is wider than the same-speed band — a precision target, blind to which side of 1 the CI lies
    // on, so it does not bias the verdict the way stopping at the first significant round would.
    const int maxRounds = std::max(request.rounds, request.maxRounds > 0 ? request.maxRounds : 2 * request.rounds);
    const auto preciseEnough = [&] {
        const ImplBench& ref = result.impls.first();
        if (!ref.ok())
            return true;
        for (int i = 1; i < result.impls.size(); ++i) {
            const ImplBench& b = result.impls[i];
            if (!b.ok())
                continue;
            for (const Case& c : *cases) {
                if (ref.cases.contains(c.name) && b.cases.contains(c.name)
                    && pairedLogHalfWidth(ref.cases[c.name].roundMediansNs, b.cases[c.name].roundMediansNs)
                        > std::log1p(kSameBand))
                    return false;
            }
        }
        return true;
    };
    int roundsRun = 0;
    for (int round = 0; round < maxRounds; ++round) {
        if (round >= request.rounds && preciseEnough())
            break;
        roundsRun = round + 1;
        QList<std::pair<QString, QString>> caseInputs;
        for (const Case& c : *cases) {
            const QString dir = QDir(inputsRoot).filePath(QStringLiteral("r%1/%2").arg(round).arg(c.name));
            if (auto w = writeTrialInputs(task, c, seed0 + quint64(round), dir); !w)
                return w.error();
            caseInputs << std::pair { c.name, dir };
        }
        for (int k = 0; k < impls->size(); ++k) {
            const int i = round % 2 ? int(impls->size()) - 1 - k : k;
            ImplBench& b = result.impls[i];
            if (job.cancelled())
                return stopped();
            if (b.ok()) {
                say(QStringLiteral("round %1/%2: timing %3").arg(round + 1).arg(request.rounds).arg(b.id));
                detail::runBenchRound(task, (*impls)[i], b, caseInputs, request, budgetMs,
                    QDir(work).filePath(QStringLiteral("%1/r%2").arg(b.id).arg(round)), inputsRoot, job.cancel, round);
            }
            if (round < request.rounds)
                ++doneSteps;
            if (job.cancelled())
                return stopped();
        }
    }
    result.roundsRun = roundsRun;

    removeRemoteRun(request.executor, work);
    say(QStringLiteral("statistics and bootstrap confidence intervals"));
    result.findings << staticFairnessFindings(task);
    for (const ImplBench& b : result.impls)
        result.findings << b.findings;
    const quint64 bootSeed = request.seed ? *request.seed : 1;
    for (const Case& c : *cases) {
        BenchCase bc;
        bc.name = c.name;
        if (auto w = caseWork(task, c))
            std::tie(bc.flops, bc.bytes) = *w;
        const ImplBench& ref = result.impls.first();
        const bool refOk = ref.ok() && ref.cases.contains(c.name);
        const bool refGpu = runsOnGpu((*impls)[0], ref);
        QStringList refInvalid; // a reference whose timing is not trustworthy invalidates every comparison
        if (refOk) {
            bc.reference = measure(task, (*impls)[0], ref.cases[c.name], bc, refGpu, request);
            summarizeTriangulation(*bc.reference, ref.cases[c.name]);
            result.findings << caseFindings(c.name, *bc.reference, ref.cases[c.name], refGpu);
            const Findings t = triangulationFindings(c.name, ref.id, ref.cases[c.name], nullptr, refGpu);
            for (const Finding& f : t)
                refInvalid << QStringLiteral("%1 (reference)").arg(f.id);
            for (const Finding& f : ref.findings) {
                if (f.id == u"bench.timer-tampered")
                    refInvalid << QStringLiteral("%1 (reference)").arg(f.id);
            }
            result.findings << t;
        }
        for (int i = 1; i < impls->size(); ++i) {
            const ImplBench& b = result.impls[i];
            if (!b.ok() || !b.cases.contains(c.name))
                continue;
            const bool gpu = runsOnGpu((*impls)[i], b);
            ImplCaseResult r = measure(task, (*impls)[i], b.cases[c.name], bc, gpu, request);
            summarizeTriangulation(r, b.cases[c.name]);
            QStringList invalid = refInvalid;
            for (const Finding& f : b.findings) {
                if (f.id == u"bench.timer-tampered")
                    invalid << f.id;
            }
            const Findings t = triangulationFindings(
                c.name, b.id, b.cases[c.name], refOk ? &*ref.cases.constFind(c.name) : nullptr, gpu);
            for (const Finding& f : t)
                invalid << f.id;
            result.findings << t;
            if (r.recheckUnwritten > 0)
                invalid << QStringLiteral("bench.skipped-work");
            if (r.lateWrites > 0) // the samples timed calls whose work was not done when they returned
                invalid << QStringLiteral("correct.late-write");
            if (b.provenance.value(QStringLiteral("interpret")).toBool())
                invalid << QStringLiteral("interpreted (provenance \"interpret\": true)");
            if (refOk) {
                const CaseSamples& rs = ref.cases[c.name];
                const CaseSamples& cs = b.cases[c.name];
                r.speedup = pairedRoundSpeedup(rs.roundMediansNs, cs.roundMediansNs);
                r.verdict = verdictFor(*r.speedup);
                r.pooledSpeedup = bootstrapSpeedup(rs.samplesNs, cs.samplesNs, bootSeed);
                r.pooledVerdict = verdictFor(*r.pooledSpeedup);
                if (!invalid.isEmpty()) {
                    invalid.removeDuplicates();
                    r.verdict = Verdict::Invalid;
                    r.invalidReason = invalid.join(QStringLiteral(", "));
                }
            }
            result.findings << caseFindings(c.name, r, b.cases[c.name], gpu);
            bc.candidates << r;
        }
        result.cases << bc;
    }

    result.provenance = detail::benchProvenance(result, request, seed0, bootSeed);
    return result;
}

} // namespace kwb

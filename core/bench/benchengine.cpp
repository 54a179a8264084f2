// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/benchengine.h"
#include "core/executors/executorfactory.h"
#include "core/task/placement.h"
#include "core/task/selection.h"

#include "core/bench/fairness.h"
#include "core/bench/interposition.h"
#include "core/bench/roofline.h"
#include "core/hardware/hardware.h"
#include "core/inputs/inputgenerator.h"
#include "core/inputs/stress.h"
#include "core/run/callcheck.h"
#include "core/run/conventionsteps.h"
#include "core/run/generatedjudge.h"
#include "core/run/implrun.h"
#include "core/run/sshimplrun.h"
#include "core/run/workspace.h"
#include "core/task/taskloader.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kwb {
namespace {
/// Where an implementation's runner of a round works: `ID/rN`, and `ID/sizing` for the sizing round.
QString roundDir(const QString& id, int round)
{
    return round < 0 ? id + QStringLiteral("/sizing") : QStringLiteral("%1/r%2").arg(id).arg(round);
}

/// Most calls of one case in one round (each has an input set of its own).
constexpr int kMaxCallsPerRound = 256;

/// Stress sets' seeds: poolSeed(seed0, 0, case, kStressSeedBase + turn), apart from the declared sets' (k < 256).
constexpr int kStressSeedBase = 1 << 20;

/// A seed of its own for set `k` of case `caseIndex` in `round` (splitmix64 of the mixed indices).
quint64 poolSeed(quint64 seed0, int round, int caseIndex, int k)
{
    quint64 z = seed0 ^ (quint64(round) << 48) ^ (quint64(caseIndex) << 32) ^ quint64(k);
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// Bytes of one input set of `c` and the outputs a call writes for it.
qint64 caseSetBytes(const Task& task, const Case& c)
{
    qint64 bytes = 0;
    for (const QList<TensorSpec>* list : { &task.inputs, &task.outputs }) {
        for (const TensorSpec& t : *list) {
            auto shape = resolveShape(t, c);
            if (!shape)
                continue;
            qint64 n = qint64(dtypeSize(t.dtype));
            for (qint64 d : *shape)
                n *= d;
            bytes += n;
        }
    }
    return bytes;
}

/// Every call of every candidate in `round` against the reference's call on the same input set.
void compareWithReference(const Task& task, QList<ImplBench>& impls,
    const QMap<QString, QList<detail::PoolCall>>& plans, const QMap<QString, QStringList>& outDirs, int round)
{
    const ImplBench& ref = impls.first();
    if (!ref.ok() || !plans.contains(ref.id))
        return;
    QHash<QPair<QString, int>, QString> answers; // (case, set) -> the reference's output folder
    QHash<QString, QString> declaredAnswer; // case -> the reference's outputs on one of its declared sets
    const QList<detail::PoolCall>& refPlan = plans[ref.id];
    const QStringList& refDirs = outDirs[ref.id];
    for (int k = 0; k < refPlan.size() && k < refDirs.size(); ++k) {
        answers.insert({ refPlan[k].caseName, refPlan[k].set }, refDirs[k]);
        if (refPlan[k].stress.isEmpty()
            && QFileInfo::exists(QDir(refDirs[k]).filePath(task.outputs.value(0).name + QStringLiteral(".npy"))))
            declaredAnswer.insert(refPlan[k].caseName, refDirs[k]);
    }
    const auto at = [](const QString& dir) {
        return [dir](const QString& o) { return QDir(dir).filePath(o + QStringLiteral(".npy")); };
    };
    QHash<QString, OutputStats> declaredStats; // read once per case and round
    QHash<QString, std::pair<QString, Task>> stressReference; // per stress answer: not counted because, its task
    const auto stressJudge = [&](const QString& caseName, const QString& answer) -> const std::pair<QString, Task>& {
        auto it = stressReference.find(answer);
        if (it != stressReference.end())
            return *it;
        const QString declared = declaredAnswer.value(caseName);
        if (declared.isEmpty())
            return *stressReference.insert(
                answer, { QStringLiteral("the reference has no declared call to compare its magnitude with"), task });
        if (!declaredStats.contains(caseName))
            declaredStats.insert(caseName, outputStats(task, at(declared)));
        const OutputStats now = outputStats(task, at(answer));
        return *stressReference.insert(answer,
            { stressNotCountedBecause(task, declaredStats[caseName], now),
                stressToleranceFor(task, declaredStats[caseName], now) });
    };
    const auto where = [&](const detail::PoolCall& call, int k) {
        return QStringLiteral("%1, call %2%3")
            .arg(round < 0 ? QStringLiteral("sizing round") : QStringLiteral("round %1").arg(round + 1))
            .arg(k)
            .arg(call.warmup ? QStringLiteral(" (warm-up)") : QString());
    };
    for (int i = 1; i < impls.size(); ++i) {
        ImplBench& b = impls[i];
        if (!plans.contains(b.id))
            continue;
        const QList<detail::PoolCall>& plan = plans[b.id];
        const QStringList& dirs = outDirs[b.id];
        for (int k = 0; k < plan.size() && k < dirs.size(); ++k) {
            const QString answer = answers.value({ plan[k].caseName, plan[k].set });
            if (answer.isEmpty()
                || !QFileInfo::exists(QDir(dirs[k]).filePath(task.outputs.value(0).name + QStringLiteral(".npy"))))
                continue; // the reference did not get to this set, or the candidate did not (its error says why)
            CaseSamples& s = b.cases[plan[k].caseName];
            if (!plan[k].stress.isEmpty()) { // judged as a run judges its stress cases
                const auto& [why, scaled] = stressJudge(plan[k].caseName, answer);
                if (!why.isEmpty()) {
                    if (s.stressNotCounted.size() < 3)
                        s.stressNotCounted
                            << QStringLiteral("%1, pattern '%2': %3").arg(where(plan[k], k), plan[k].stress, why);
                    continue;
                }
                const CallCheck check = checkCall(scaled, dirs[k], answer);
                if (!check.compared)
                    continue;
                ++s.stressCompared;
                s.unwritten += check.unwritten;
                if (!s.stressPatterns.contains(plan[k].stress))
                    s.stressPatterns << plan[k].stress;
                if (!check.pass && ++s.stressWrong <= 3)
                    s.stressExamples
                        << QStringLiteral("%1, pattern '%2': %3").arg(where(plan[k], k), plan[k].stress, check.detail);
                continue;
            }
            const CallCheck check = checkCall(task, dirs[k], answer);
            if (!check.compared)
                continue;
            ++s.compared;
            s.unwritten += check.unwritten;
            for (const CallCheck::OutputError& e : check.errors) {
                s.callErrors[e.output].add(e.maxAbs, e.magnitude, 16 * dtypeEpsilon(e.dtype) * e.magnitude,
                    plan[k].caseName,
                    QStringLiteral("16 ulps of %1 at the reference's largest magnitude").arg(dtypeName(e.dtype)));
            }
            if (!check.pass) {
                ++s.wrong;
                if (s.wrongExamples.size() < 3)
                    s.wrongExamples << QStringLiteral("%1: %2").arg(where(plan[k], k), check.detail);
            }
        }
    }
}

bool runsOnGpu(const Implementation& impl, const ImplBench& b)
{
    if (placementOf(impl) == Placement::Gpu)
        return true;
    return mayUseGpu(impl) && b.provenance.value(QStringLiteral("device")).toString() != u"cpu"
        && !b.provenance.value(QStringLiteral("device")).toString().startsWith(QStringLiteral("TFRT_CPU"));
}

/// The floor's peaks are the peaks of the machine the code ran on — a floor from another machine's figures would
/// blame the host on the candidate. A run on this host's CPU: this host's measured peaks (a `target.peak` describes
/// the target hardware and is named, not used). A GPU run: the hardware table's figures for the device the runner
/// reported, or the task's `target.peak` when that device is the task's target hardware. No floor where the machine
/// is not known well enough (another host's CPU, a device the table does not have).
std::optional<Peaks> floorPeaks(const Task& task, const Implementation& impl, const ImplBench& b, bool onGpu,
    const CaseSamples& s, const BenchRequest& request, QString* note)
{
    const bool declared = task.target.peakBytesPerS || task.target.peakFlopsPerS;
    if (!onGpu) {
        if (request.executor.remote()) {
            *note = QStringLiteral("no floor: '%1' ran on the CPU of %2, and host peaks are measured for this "
                                   "machine only")
                        .arg(impl.id, request.executor.name());
            return std::nullopt;
        }
        Peaks p = hostCpuPeaks(task, hostPeaks(), s.flushBytes);
        if (declared)
            p.source += QStringLiteral("; the task's target.peak describes its target hardware (%1), not this host, "
                                       "and is not used")
                            .arg(task.target.hardware.isEmpty() ? QStringLiteral("unnamed") : task.target.hardware);
        return p;
    }
    const QString device = b.provenance.value(QStringLiteral("device")).toString();
    const HardwareSpec* ran = findHardwareForDevice(device);
    const HardwareSpec* target = findHardware(task.target.hardware);
    if (declared && ran && ran == target) {
        auto p = peaksFor(task, impl, note);
        if (p)
            p->source = QStringLiteral("target.peak (the run's device, %1, is the task's target)").arg(device);
        return p;
    }
    if (!ran) {
        *note = QStringLiteral("no floor: the device '%1' that '%2' ran on is not in the hardware table%3")
                    .arg(device.isEmpty() ? QStringLiteral("unknown") : device, impl.id,
                        declared ? QStringLiteral(" (target.peak describes the task's target, not this device)")
                                 : QString());
        return std::nullopt;
    }
    DType t = DType::Float32;
    if (!task.outputs.isEmpty())
        t = task.outputs.first().dtype;
    return Peaks {
        ran->memoryBandwidth, ran->peakFlops(t),
        QStringLiteral("hardware table: %1 (%2), the device the run reported (%3)").arg(ran->name, dtypeName(t), device)
    };
}

ImplCaseResult measure(const Task& task, const Implementation& impl, const ImplBench& b, const CaseSamples& s,
    const BenchCase& bc, bool onGpu, const BenchRequest& request)
{
    ImplCaseResult r;
    r.id = impl.id;
    r.stats = summarize(s.samplesNs, s.discarded);
    r.compared = s.compared;
    r.wrong = s.wrong;
    r.stressCompared = s.stressCompared;
    r.stressWrong = s.stressWrong;
    r.stressPatterns = s.stressPatterns;
    r.stressNotCounted = s.stressNotCounted;
    r.unwritten = s.unwritten;
    r.lateWrites = s.lateWrites;
    r.threadsLeft = s.threadsLeft;
    r.timerOverheadNs = s.timerOverheadNs;
    QString note;
    if (const auto peaks = floorPeaks(task, impl, b, onGpu, s, request, &note)) {
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
    auto loaded = taskOf(request);
    if (!loaded)
        return loaded.error();
    BenchResult result;
    result.task = loaded->task;
    const Task& task = result.task;
    auto cases = selectCases(task, request.cases);
    if (!cases)
        return cases.error();
    auto impls = selectCandidates(task, request.implIds);
    if (!impls)
        return impls.error();
    impls->prepend(task.reference);
    if (request.rounds < 1 || request.budgetS <= 0)
        return Error { QStringLiteral("bench request"), {},
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
    const int totalSteps = int(impls->size()) * (2 + request.rounds); // build, sizing round, rounds
    int doneSteps = 0;
    const auto say = [&](const QString& s) { job.progress(QStringLiteral("bench"), s, doneSteps, totalSteps); };
    const RemoteRunCleanup cleanup(request.executor, work); // on every way out: done, stopped, failed
    const auto stopped = [] { return Error::stopped(); };

    for (const Implementation& impl : *impls) {
        if (job.cancelled())
            return stopped();
        ImplBench b;
        b.id = impl.id;
        b.role = impl.id == task.reference.id ? ImplRole::Reference : ImplRole::Candidate;
        b.backend = impl.backend;
        say(QStringLiteral("building %1").arg(impl.id));
        // Remote runners are built on the host, in their first round (cached there by content hash).
        BuildOptions buildOptions;
        buildOptions.cancel = job.cancel;
        auto build = remote ? Result<RunnerBuild>(RunnerBuild { {}, {}, {}, {}, {}, true, false })
                            : buildRunner(task, impl, buildOptions);
        if (job.cancelled())
            return stopped();
        if (!build && build.error().isEnvironment()) {
            // No compiler here, or none that builds for the task's target: the machine's, as in kwb run.
            b.status = ImplStatus::NotRun;
            b.error = b.notRunReason = build.error().oneLine();
            b.findings << environmentFinding(impl.id, environmentKind(build.error()), impl.backend, b.error);
        } else if (!build) {
            b.status = ImplStatus::Failed;
            b.error = build.error().oneLine();
        } else if (!build->compiled) {
            b.build = *build;
            b.status = ImplStatus::BuildFailed;
            b.error = QStringLiteral("the runner did not compile");
        } else {
            b.build = *build;
            b.status = ImplStatus::Ok;
            if (!build->archsNotBuilt.isEmpty())
                b.findings << toolkitArchFinding(impl.id, build->archsNotBuilt, build->archsNotBuiltWhy);
            if (impl.backend != u"python" && !b.build.dir.isEmpty())
                b.findings << interpositionFindings(impl.id, QDir(b.build.dir).filePath(QStringLiteral("runner")));
        }
        result.impls << b;
        ++doneSteps;
    }

    // Rounds: every implementation once per round, the order reversed every other round (A B C, C B A, …) so
    // that drift (thermal, other load) hits all of them alike. Every call of a round — warm-up and sample, of
    // every implementation — runs on an input set of its own (fresh seeds, folders named by nothing but a hash),
    // the reference on the same sets, and every candidate call is compared with the reference's on its set: a
    // result cache, a replay or an approximation switched on for timed calls cannot pass, and nothing the runner
    // sees says which calls are timed or compared — all of them are, as in a correctness run.
    const quint64 seed0 = request.seed ? *request.seed : QRandomGenerator::system()->generate64();
    const double budgetMs = request.budgetS * 1000.0 / request.rounds; // per implementation, case and round
    const QString inputsRoot = QDir(work).filePath(QStringLiteral("inputs")); // what runners see (read-only)
    const QString poolRoot = QDir(work).filePath(QStringLiteral("pool")); // the sets until their call comes
    QDir().mkpath(inputsRoot);
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
            if (!b.ok() || b.provenance.value(QStringLiteral("interpret")).toBool())
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
    // How many calls each case gets in a round: as many as fit the budget at the slowest implementation's pace
    // (calls, flushes and checks: the wall time per call seen so far), within the pool's bytes.
    QMap<QString, double> wallPerCallNs;
    const auto sizeOf = [&](const Case& c) {
        const qint64 setBytes = std::max<qint64>(1, caseSetBytes(task, c));
        const int byBytes = int(std::clamp<qint64>(request.poolBytes / setBytes, 3, kMaxCallsPerRound));
        const double wall = wallPerCallNs.value(c.name, 0);
        if (wall <= 0)
            return std::pair { std::min(4, byBytes), 1 }; // the first round: one warm-up, three samples
        const int warmup = std::clamp(int(std::ceil(request.warmupMs * 1e6 / wall)), 1, 8);
        const int samples = std::clamp(int(budgetMs * 1e6 / wall), 3, kMaxCallsPerRound);
        return std::pair { std::min(warmup + samples, byBytes), std::min(warmup, byBytes - 2) };
    };
    int roundsRun = 0;
    QMap<QString, QStringList> pool; // per case: the input sets drawn so far
    QMap<QPair<QString, QString>, QString> stressPool; // (case, pattern) -> its stress set
    // The run's stress patterns: those any input takes, or, for inputs from the task's own generator, every one (it
    // reshapes the generator's floating-point arrays, as in a run); each in turn, on every case.
    QStringList stressPatterns;
    for (const QString& p : stressPatternNames()) {
        if (usesConventionInputs(task)
            || std::any_of(task.inputs.cbegin(), task.inputs.cend(),
                [&](const TensorSpec& in) { return stressPatternsFor(in).contains(p); }))
            stressPatterns << p;
    }
    const int everyPatternPerRound = int(stressPatterns.size() + request.rounds) / (request.rounds + 1);
    // Round -1 sizes the others: a few calls per case whose pace says how many fit the budget. Its calls are
    // compared with the reference like all; its samples do not enter the statistics (three are too few to weigh
    // like a full round, and a short round would widen every interval).
    for (int round = -1; round < maxRounds; ++round) {
        if (round >= request.rounds && preciseEnough())
            break;
        roundsRun = std::max(roundsRun, round + 1);
        // The input sets, per case: drawn once (fresh seeds, folders named by nothing but a hash) and grown when a
        // round needs more; every round uses each set at most once, in an order of its own per implementation. A
        // runner process keeps nothing from an earlier round (its sandbox's writable folders are new each time),
        // so a set met again in a later round is as new to it as the first time.
        // A task whose inputs come from its reference's own generator (KernelBench's get_inputs, GPU MODE's
        // generate_input) gets its new sets from one sandboxed generator process per growth, each set seeded.
        QList<TrialInputs> fromGenerator;
        QList<std::pair<Case, TrialInputs>> toWrite; // the sets this round adds, written side by side
        for (int ci = 0; ci < cases->size(); ++ci) {
            const Case& c = (*cases)[ci];
            const int count = sizeOf(c).first;
            for (int k = int(pool[c.name].size()); k < count; ++k) {
                const quint64 seed = poolSeed(seed0, 0, ci, k);
                const QString dir
                    = QDir(inputsRoot).filePath(QStringLiteral("pool/%1").arg(seed, 16, 16, QLatin1Char('0')));
                if (usesConventionInputs(task))
                    fromGenerator << TrialInputs { c.name, k, seed, dir };
                else
                    toWrite.append({ c, TrialInputs { c.name, k, seed, dir } });
                pool[c.name] << dir;
            }
        }
        // One set per sixteen calls per case and round on the run's stress patterns (in turn), at least as many as
        // meet every pattern within the rounds asked for, on every case — a size-aware shortcut finds no size without
        // them — the case's own size, named and hidden like every set: nothing but their values tells them from the
        // declared ones. Drawn once per case and pattern and used again in later rounds, like the declared sets.
        QMap<QString, QList<QPair<QString, QString>>> stressSets; // case -> (pattern, folder) of this round
        QList<Case> stressCases; // those the task's own generator draws, then reshaped
        QList<TrialInputs> stressTrials;
        for (int ci = 0; ci < cases->size() && !stressPatterns.isEmpty(); ++ci) {
            const Case& c = (*cases)[ci];
            const int count = std::clamp(sizeOf(c).first / 16, everyPatternPerRound, int(stressPatterns.size()));
            for (int j = 0; j < count; ++j) {
                const int turn = int(((round + 1) * count + ci + j) % stressPatterns.size());
                Case made = c;
                made.origin = CaseOrigin::Stress;
                made.stress = stressPatterns[turn];
                made.basedOn = c.name;
                QString& dir = stressPool[{ c.name, made.stress }];
                if (dir == u"-")
                    continue; // the task's own generator could not make it
                if (dir.isEmpty()) {
                    const quint64 seed = poolSeed(seed0, 0, ci, kStressSeedBase + turn);
                    dir = QDir(inputsRoot).filePath(QStringLiteral("pool/%1").arg(seed, 16, 16, QLatin1Char('0')));
                    if (usesConventionInputs(task)) {
                        made.name = QStringLiteral("%1~stress-%2").arg(c.name, made.stress);
                        stressCases << made;
                        stressTrials << TrialInputs { made.name, 0, seed, dir };
                    } else {
                        toWrite.append({ made, TrialInputs { made.name, 0, seed, dir } });
                    }
                }
                stressSets[c.name] << qMakePair(made.stress, dir);
            }
        }
        if (auto w = writeInputSets(task, toWrite); !w)
            return w.error();
        if (!fromGenerator.isEmpty() || !stressTrials.isEmpty()) {
            say(QStringLiteral("drawing %1 input set(s) from the task's own generator")
                    .arg(fromGenerator.size() + stressTrials.size()));
            RunRequest generation;
            generation.limits = request.limits;
            generation.sandbox = request.sandbox;
            if (stressTrials.isEmpty()) {
                if (auto g = generateConventionInputs(task, fromGenerator, generation, inputsRoot, job); !g)
                    return g.error().isStopped() ? stopped() : g.error();
            } else { // one generator process for both; a stress set it cannot make is left out, as in a run
                Task withStress = task;
                withStress.cases << stressCases;
                QList<TrialInputs> all = fromGenerator + stressTrials;
                QStringList notes;
                if (auto g = generateConventionCases(withStress, all, generation, inputsRoot, notes, job); !g)
                    return g.error().isStopped() ? stopped() : g.error();
                const auto made = [&](const TrialInputs& t) {
                    return std::any_of(all.cbegin(), all.cend(), [&](const TrialInputs& a) { return a.dir == t.dir; });
                };
                for (const TrialInputs& t : fromGenerator) {
                    if (!made(t))
                        return Error { task.dir, {},
                            QStringLiteral("the task's own generator could not draw an input set of case '%1': %2")
                                .arg(t.caseName, notes.join(QStringLiteral("; "))) };
                }
                for (const TrialInputs& t : stressTrials) {
                    if (made(t))
                        continue;
                    for (auto it = stressSets.begin(); it != stressSets.end(); ++it)
                        it->removeIf([&](const QPair<QString, QString>& p) { return p.second == t.dir; });
                    for (auto it = stressPool.begin(); it != stressPool.end(); ++it) {
                        if (it.value() == t.dir)
                            it.value() = QStringLiteral("-"); // not drawn again: the generator cannot make it
                    }
                }
            }
        }
        QMap<QString, QStringList> sets;
        QHash<QPair<QString, int>, QString> stressOf; // (case, set) -> its pattern
        for (const Case& c : *cases) {
            sets[c.name] = pool[c.name].mid(0, sizeOf(c).first);
            for (const auto& [pattern, dir] : stressSets.value(c.name)) {
                stressOf.insert({ c.name, int(sets[c.name].size()) }, pattern);
                sets[c.name] << dir;
            }
        }
        // Each implementation's plan: the cases in a shuffled order, the sets of each in a shuffled order of
        // their own, the first calls of each case its warm-up.
        QMap<QString, QStringList> outDirs; // per implementation, per call of its plan
        QMap<QString, QList<detail::PoolCall>> plans;
        for (int k = 0; k < impls->size(); ++k) {
            const int i = round % 2 ? int(impls->size()) - 1 - k : k;
            ImplBench& b = result.impls[i];
            if (job.cancelled())
                return stopped();
            const bool interpreted = b.provenance.value(QStringLiteral("interpret")).toBool();
            if (b.ok() && !(interpreted && round > 0)) { // an interpreted run is timed once: its verdict is INVALID
                QRandomGenerator order(poolSeed(seed0, round, 1000 + i, 0));
                QList<detail::PoolCall> plan;
                QList<int> caseOrder(cases->size());
                std::iota(caseOrder.begin(), caseOrder.end(), 0);
                std::shuffle(caseOrder.begin(), caseOrder.end(), order);
                for (int ci : caseOrder) {
                    const Case& c = (*cases)[ci];
                    QList<int> setOrder(sets[c.name].size());
                    std::iota(setOrder.begin(), setOrder.end(), 0);
                    std::shuffle(setOrder.begin(), setOrder.end(), order);
                    const int warmup = sizeOf(c).second;
                    for (int n = 0; n < setOrder.size(); ++n) {
                        const QString& name = sets[c.name][setOrder[n]];
                        plan << detail::PoolCall { c.name, setOrder[n], name, n < warmup,
                            QDir(poolRoot).filePath(QDir(inputsRoot).relativeFilePath(name)),
                            stressOf.value({ c.name, setOrder[n] }) };
                    }
                }
                plans.insert(b.id, plan);
                say(round < 0
                        ? QStringLiteral("sizing round: timing %1 (%2 calls, each checked)").arg(b.id).arg(plan.size())
                        : QStringLiteral("round %1 of at least %2: timing %3 (%4 calls, each checked)")
                              .arg(round + 1)
                              .arg(request.rounds)
                              .arg(b.id)
                              .arg(plan.size()));
                detail::runBenchRound(task, (*impls)[i], b, plan, request, QDir(work).filePath(roundDir(b.id, round)),
                    inputsRoot, round, &outDirs[b.id], job.cancel);
            }
            if (round < request.rounds)
                ++doneSteps; // the sizing round and each of the rounds asked for are steps; extra rounds are not
            if (job.cancelled())
                return stopped();
        }
        compareWithReference(task, result.impls, plans, outDirs, round);
        // The pace of this round sizes the next: the slowest implementation's wall time per call, per case.
        for (const ImplBench& b : result.impls) {
            for (auto it = b.cases.cbegin(); it != b.cases.cend(); ++it) {
                if (it->phases.isEmpty() || it->phases.last().round != round || it->phases.last().n == 0)
                    continue;
                const PhaseTiming& t = it->phases.last();
                const double span = t.observedNs > 0 ? t.observedNs : t.phaseNs;
                if (span > 0)
                    wallPerCallNs[it.key()] = std::max(wallPerCallNs.value(it.key()), span / double(t.n));
            }
        }
        if (round < 0) { // the sizing round's samples stay out of the statistics; its checks and first calls stay
            for (ImplBench& b : result.impls) {
                for (CaseSamples& cs : b.cases) {
                    cs.samplesNs.clear();
                    cs.roundMediansNs.clear();
                    cs.phases.clear();
                    cs.discarded = 0;
                }
            }
        }
        if (request.keepDir.isEmpty()) { // the round's outputs are judged: only their figures stay
            for (const ImplBench& b : result.impls) {
                QDir(QDir(work).filePath(roundDir(b.id, round))).removeRecursively();
                QDir(detail::capturedOutputsDir(QDir(work).filePath(roundDir(b.id, round)))).removeRecursively();
            }
        }
        // A case's stress sets stay for later rounds while all its patterns' sets fit the pool's bytes; a larger
        // case's are drawn for their round and removed after it.
        for (auto it = stressPool.begin(); it != stressPool.end(); ++it) {
            const auto c
                = std::find_if(cases->cbegin(), cases->cend(), [&](const Case& k) { return k.name == it.key().first; });
            if (it.value().isEmpty() || it.value() == u"-" || c == cases->cend()
                || caseSetBytes(task, *c) * stressPatterns.size() <= request.poolBytes)
                continue;
            QDir(it.value()).removeRecursively();
            QDir(QDir(poolRoot).filePath(QDir(inputsRoot).relativeFilePath(it.value()))).removeRecursively();
            it.value().clear(); // drawn again, from the same seed, if a later round meets the pattern again
        }
    }
    result.roundsRun = roundsRun;

    say(QStringLiteral("statistics and bootstrap confidence intervals"));
    // Every timed call is a checked call, for whose work it was too: its error is the verdict's (INVALID).
    for (int i = 1; i < result.impls.size(); ++i)
        result.impls[i].findings << detail::benchScopeFindings(task, result.impls[i], result.impls.first());
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
            bc.reference = measure(task, (*impls)[0], ref, ref.cases[c.name], bc, refGpu, request);
            summarizeTriangulation(*bc.reference, ref.cases[c.name]);
            result.findings << caseFindings(c.name, *bc.reference, ref.cases[c.name], refGpu);
            const Findings t = triangulationFindings(c.name, ref.id, ref.cases[c.name], nullptr, refGpu);
            for (const Finding& f : t)
                refInvalid << QStringLiteral("%1 (reference)").arg(f.id);
            for (const Finding& f : ref.findings) {
                if (f.id.startsWith(QStringLiteral("bench.")) && f.severity == Severity::Error)
                    refInvalid << QStringLiteral("%1 (reference)").arg(f.id);
            }
            result.findings << t;
        }
        for (int i = 1; i < impls->size(); ++i) {
            const ImplBench& b = result.impls[i];
            if (!b.ok() || !b.cases.contains(c.name))
                continue;
            const bool gpu = runsOnGpu((*impls)[i], b);
            ImplCaseResult r = measure(task, (*impls)[i], b, b.cases[c.name], bc, gpu, request);
            summarizeTriangulation(r, b.cases[c.name]);
            const Findings t = triangulationFindings(
                c.name, b.id, b.cases[c.name], refOk ? &*ref.cases.constFind(c.name) : nullptr, gpu);
            const Findings own = caseFindings(c.name, r, b.cases[c.name], gpu)
                + benchErrorFindings(task, b.id, b.cases[c.name]) + benchStressFindings(c.name, b.id, b.cases[c.name]);
            result.findings << t << own;
            // Any error about this implementation's timing makes its verdict INVALID — whatever the speedup says.
            QStringList invalid = refInvalid;
            for (const Findings* list : { &b.findings, &t, &own }) {
                for (const Finding& f : *list) {
                    if (f.severity == Severity::Error && (f.caseName.isEmpty() || f.caseName == c.name))
                        invalid << f.id;
                }
            }
            if (b.provenance.value(QStringLiteral("interpret")).toBool())
                invalid << QStringLiteral("interpreted (provenance \"interpret\": true)");
            if (!refOk)
                invalid.clear(); // nothing to compare with: no verdict at all
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
            bc.candidates << r;
        }
        result.cases << bc;
    }

    result.provenance = detail::benchProvenance(result, request, seed0, bootSeed);
    return result;
}

} // namespace kwb

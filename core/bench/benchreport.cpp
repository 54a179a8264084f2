// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/benchengine.h"

#include "core/bench/benchstats.h"
#include "core/env/hostpeaks.h"
#include "core/env/toolprobe.h"
#include "core/inputs/inputgenerator.h"

#include <QFile>
#include <QJsonArray>
#include <QSysInfo>

#include <algorithm>
#include <cmath>

namespace kwb {
namespace {
Finding caseFinding(const char* id, Severity sev, const QString& caseName, const QString& impl, const QString& message)
{
    Finding f { QString::fromLatin1(id), sev, message };
    f.impl = impl;
    f.caseName = caseName;
    return f;
}

QString us(double ns)
{
    return QStringLiteral("%1 µs").arg(ns / 1000.0, 0, 'g', 4);
}

QJsonObject statsJson(const ImplCaseResult& r)
{
    QJsonObject o { { QStringLiteral("median_ns"), r.stats.medianNs }, { QStringLiteral("mean_ns"), r.stats.meanNs },
        { QStringLiteral("min_ns"), r.stats.minNs }, { QStringLiteral("iqr_ns"), r.stats.iqrNs },
        { QStringLiteral("cv"), r.stats.cv }, { QStringLiteral("samples"), r.stats.samples },
        { QStringLiteral("discarded"), r.stats.discarded }, { QStringLiteral("timer_overhead_ns"), r.timerOverheadNs },
        { QStringLiteral("checked"),
            QJsonObject { { QStringLiteral("compared"), r.compared }, { QStringLiteral("wrong"), r.wrong },
                { QStringLiteral("unwritten"), r.unwritten },
                { QStringLiteral("stress"),
                    QJsonObject { { QStringLiteral("compared"), r.stressCompared },
                        { QStringLiteral("wrong"), r.stressWrong },
                        { QStringLiteral("patterns"), QJsonArray::fromStringList(r.stressPatterns) },
                        { QStringLiteral("not_counted"), QJsonArray::fromStringList(r.stressNotCounted) } } },
                { QStringLiteral("method"),
                    QStringLiteral("every call (warm-up and timed) on an input set of its own, its outputs compared "
                                   "with the reference's on the same set under the task's tolerance; besides, calls on "
                                   "the correctness run's stress patterns of the case's inputs, unannounced, compared "
                                   "as a run's stress cases are (never samples)") } } } };
    QJsonArray rounds;
    for (double m : r.roundMediansNs)
        rounds.append(m);
    o.insert(QStringLiteral("round_medians_ns"), rounds);
    o.insert(QStringLiteral("between_round_cv"), r.betweenRoundCv);
    o.insert(QStringLiteral("triangulation"),
        QJsonObject { { QStringLiteral("runner_phase_ns"), r.runnerPhaseNs },
            { QStringLiteral("observed_phase_ns"), r.observedPhaseNs },
            { QStringLiteral("untimed_per_iteration_ns"), r.untimedPerIterationNs },
            { QStringLiteral("between_median_ns"), r.betweenMedianNs },
            { QStringLiteral("drain_median_ns"), r.drainMedianNs },
            { QStringLiteral("off_clock_cpu_median_ns"),
                r.offCpuMedianNs >= 0 ? QJsonValue(r.offCpuMedianNs) : QJsonValue() },
            { QStringLiteral("host_minus_sample_ns"), r.hostMinusSampleNs } });
    o.insert(QStringLiteral("floor_ns"), r.floorNs ? QJsonValue(*r.floorNs) : QJsonValue());
    o.insert(QStringLiteral("floor_fraction"),
        r.floorNs && r.stats.medianNs > 0 ? QJsonValue(*r.floorNs / r.stats.medianNs) : QJsonValue());
    if (!r.floorNote.isEmpty())
        o.insert(QStringLiteral("floor_note"), r.floorNote);
    if (!r.floorSource.isEmpty())
        o.insert(QStringLiteral("floor_source"), r.floorSource);
    return o;
}

} // namespace

Findings caseFindings(const QString& caseName, const ImplCaseResult& r, const CaseSamples& samples, bool gpu)
{
    Findings out;
    const double med = r.stats.medianNs;
    if (r.stats.samples == 0)
        return out;
    if (r.floorNs && med < *r.floorNs) {
        Finding f = caseFinding("bench.below-floor", Severity::Error, caseName, r.id,
            QStringLiteral("median %1 is below the roofline floor %2 (%3 % of it): the declared work cannot be done "
                           "that fast — the work or the peaks are wrong, or the timed call skips work")
                .arg(us(med), us(*r.floorNs))
                .arg(100.0 * med / *r.floorNs, 0, 'f', 1));
        f.evidence = QJsonObject { { QStringLiteral("median_ns"), med }, { QStringLiteral("floor_ns"), *r.floorNs },
            { QStringLiteral("peaks"), r.floorSource } };
        out << f;
    }
    if (r.stats.cv > 0.05)
        out << caseFinding("bench.noisy", Severity::Warning, caseName, r.id,
            QStringLiteral("coefficient of variation %1 % after the stopping rule (above 5 %)")
                .arg(100 * r.stats.cv, 0, 'f', 1));
    else if (r.betweenRoundCv > 0.05)
        out << caseFinding("bench.noisy", Severity::Warning, caseName, r.id,
            QStringLiteral("the per-round medians vary by %1 % (CV, above 5 %): the processes ran under different "
                           "conditions")
                .arg(100 * r.betweenRoundCv, 0, 'f', 1));
    const double shortNs = gpu ? 5000 : 1000;
    if (med < shortNs)
        out << caseFinding("bench.too-short", Severity::Warning, caseName, r.id,
            QStringLiteral("median %1 is below %2 (%3): launch and timer overhead (%4 ns) dominate")
                .arg(us(med), us(shortNs), gpu ? QStringLiteral("GPU") : QStringLiteral("CPU"))
                .arg(r.timerOverheadNs, 0, 'f', 0));
    if (!samples.firstCallsNs.empty() && samples.firstCallsNs.front() > 3 * med)
        out << caseFinding("bench.warmup-transient", Severity::Info, caseName, r.id,
            QStringLiteral("the first call took %1, %2× the median: warm-up (JIT, allocation, page faults) is excluded")
                .arg(us(samples.firstCallsNs.front()))
                .arg(samples.firstCallsNs.front() / med, 0, 'f', 1));
    if (r.verdict && (*r.verdict == Verdict::Same || *r.verdict == Verdict::Ambiguous)) {
        Finding f = caseFinding("bench.not-significant", Severity::Info, caseName, r.id,
            QStringLiteral("speedup %1× with 95 % CI [%2, %3] — %4: no significant difference from the reference")
                .arg(r.speedup->estimate, 0, 'f', 3)
                .arg(r.speedup->ciLow, 0, 'f', 3)
                .arg(r.speedup->ciHigh, 0, 'f', 3)
                .arg(verdictName(*r.verdict)));
        out << f;
    }
    if (r.stats.discarded > 0)
        out << caseFinding("bench.throttled", Severity::Warning, caseName, r.id,
            QStringLiteral("%1 sample(s) taken below 75 % of the default SM clock were discarded")
                .arg(r.stats.discarded));
    if (r.lateWrites > 0)
        out << caseFinding("correct.late-write", Severity::Error, caseName, r.id,
            QStringLiteral("outputs still changed after %1 call(s) had returned: the samples timed unfinished work")
                .arg(r.lateWrites));
    if (r.threadsLeft > 0)
        out << caseFinding("correct.leftover-threads", Severity::Warning, caseName, r.id,
            QStringLiteral("%1 timed call(s) left more threads running than they found: work may go on between the "
                           "calls, off the clock (in a correctness run the same finding says a thread outlived a call)")
                .arg(r.threadsLeft));
    if (r.unwritten > 0) {
        Finding f = caseFinding("bench.skipped-work", Severity::Error, caseName, r.id,
            QStringLiteral("%1 of %2 calls left outputs as the harness poisoned them: the call skipped its work (a "
                           "replay, a result kept from an earlier call, work left to run after the call returned)")
                .arg(r.unwritten)
                .arg(r.compared));
        f.evidence
            = QJsonObject { { QStringLiteral("unwritten"), r.unwritten }, { QStringLiteral("compared"), r.compared } };
        out << f;
    } else if (r.wrong > 0) {
        Finding f = caseFinding("bench.wrong-result", Severity::Error, caseName, r.id,
            QStringLiteral("%1 of %2 benchmark calls gave outputs outside the task's tolerance against the reference "
                           "on the same inputs (every call is checked): %3")
                .arg(r.wrong)
                .arg(r.compared)
                .arg(samples.wrongExamples.join(QStringLiteral("; "))));
        f.evidence = QJsonObject { { QStringLiteral("wrong"), r.wrong }, { QStringLiteral("compared"), r.compared },
            { QStringLiteral("examples"), QJsonArray::fromStringList(samples.wrongExamples) } };
        out << f;
    }
    return out;
}

Findings benchErrorFindings(const Task& task, const QString& impl, const CaseSamples& samples)
{
    Findings out;
    if (samples.wrong > 0)
        return out; // outside the tolerance: bench.wrong-result already says so
    for (const TensorSpec& o : task.outputs) {
        const auto it = samples.callErrors.constFind(o.name);
        if (it == samples.callErrors.cend())
            continue;
        const QString where = QStringLiteral(" — over the benchmark's %1 calls of this case, each checked against the "
                                             "reference on its own inputs as a run's are")
                                  .arg(samples.compared);
        if (auto f = errorBudgetFinding(task, o, impl, *it, where))
            out << *f;
    }
    return out;
}

Findings benchStressFindings(const QString& caseName, const QString& impl, const CaseSamples& samples)
{
    if (samples.stressWrong == 0)
        return {};
    Finding f = caseFinding("correct.distribution-sensitive", Severity::Error, caseName, impl,
        QStringLiteral("%1 of %2 benchmark calls on a stress pattern of the case's inputs (%3: the correctness run's "
                       "patterns, the case's own size, unannounced among the timed calls) gave outputs outside the "
                       "tolerance against the reference on the same inputs: %4")
            .arg(samples.stressWrong)
            .arg(samples.stressCompared)
            .arg(samples.stressPatterns.join(QStringLiteral(", ")))
            .arg(samples.stressExamples.join(QStringLiteral("; "))));
    f.evidence = QJsonObject { { QStringLiteral("wrong"), samples.stressWrong },
        { QStringLiteral("compared"), samples.stressCompared },
        { QStringLiteral("patterns"), QJsonArray::fromStringList(samples.stressPatterns) },
        { QStringLiteral("examples"), QJsonArray::fromStringList(samples.stressExamples) } };
    return { f };
}

void summarizeTriangulation(ImplCaseResult& r, const CaseSamples& samples)
{
    r.roundMediansNs = samples.roundMediansNs;
    r.betweenRoundCv = betweenRoundCv(samples.roundMediansNs);
    double untimed = 0, hostMinus = 0, spanned = 0, recorded = 0;
    std::vector<double> between, drain, offCpu;
    for (const PhaseTiming& t : samples.phases) {
        // The harness's work between calls is in the record; the spans need the markers (watched runs).
        if (t.betweenMedianNs >= 0)
            between.push_back(t.betweenMedianNs);
        if (t.drainMedianNs >= 0)
            drain.push_back(t.drainMedianNs);
        if (t.offCpuMedianNs >= 0)
            offCpu.push_back(t.offCpuMedianNs);
        hostMinus += t.hostSumNs - t.recordSumNs;
        recorded += double(t.recordN);
        if (!t.watched || t.begins != t.ends || t.observedNs < 0)
            continue;
        r.runnerPhaseNs += t.phaseNs;
        r.observedPhaseNs += t.observedNs;
        // The span from the first sample's start to the last one's end, less the samples' own host time and the
        // flushes inside it: the harness's work between calls (fetch, checks, write, set-up), per iteration.
        untimed += t.phaseNs - t.hostSumNs - t.flushSumNs;
        spanned += double(t.n);
    }
    r.betweenMedianNs = median(between);
    r.drainMedianNs = median(drain);
    r.offCpuMedianNs = offCpu.empty() ? -1 : median(offCpu);
    if (spanned > 0)
        r.untimedPerIterationNs = untimed / spanned;
    if (recorded > 0)
        r.hostMinusSampleNs = hostMinus / recorded;
}

Findings triangulationFindings(
    const QString& caseName, const QString& impl, const CaseSamples& samples, const CaseSamples* ref, bool gpu)
{
    Findings out;
    const auto tampered = [&](const QString& message, const QJsonObject& evidence) {
        Finding f = caseFinding("bench.timer-tampered", Severity::Error, caseName, impl, message);
        f.evidence = evidence;
        out << f;
    };
    double observed = 0, runner = 0;
    int watchedRounds = 0;
    for (const PhaseTiming& t : samples.phases) {
        if (!t.watched)
            continue;
        if (t.begins != t.ends || t.begins < t.n) {
            tampered(QStringLiteral("round %1, case %2: %3 begin and %4 end marker(s) for %5 calls where the harness "
                                    "writes one of each per call — the runner's stderr was redirected, or markers "
                                    "were forged or suppressed")
                         .arg(t.round + 1)
                         .arg(t.caseName)
                         .arg(t.begins)
                         .arg(t.ends)
                         .arg(t.calls),
                QJsonObject { { QStringLiteral("round"), t.round + 1 }, { QStringLiteral("begins"), t.begins },
                    { QStringLiteral("ends"), t.ends }, { QStringLiteral("calls"), t.calls } });
            return out;
        }
        if (!t.markerError.isEmpty() || std::abs(t.recordSumNs - t.sampleSumNs) > double(std::max<qint64>(t.n, 1))) {
            tampered(
                QStringLiteral("round %1, case %2: the record disagrees with the markers the runner wrote as "
                               "each sample was taken (%3) — the record was rewritten")
                    .arg(t.round + 1)
                    .arg(t.caseName)
                    .arg(t.markerError.isEmpty() ? QStringLiteral("result.json sums to %1 ms, the markers to %2 ms")
                                                       .arg(t.recordSumNs / 1e6, 0, 'f', 3)
                                                       .arg(t.sampleSumNs / 1e6, 0, 'f', 3)
                                                 : t.markerError),
                QJsonObject { { QStringLiteral("round"), t.round + 1 },
                    { QStringLiteral("record_sum_ns"), t.recordSumNs },
                    { QStringLiteral("marker_sum_ns"), t.sampleSumNs }, { QStringLiteral("detail"), t.markerError } });
            return out;
        }
        if (!t.tamper.isEmpty()) {
            tampered(QStringLiteral("round %1: the implementation replaced or installed %2 in the runner: what the "
                                    "harness relies on, or code that could run on its thread between two calls (the "
                                    "harness's clock, loading and checks were bound before it was imported, so the "
                                    "samples are its own; no speed claim is accepted from such a candidate)")
                         .arg(t.round + 1)
                         .arg(t.tamper),
                QJsonObject { { QStringLiteral("round"), t.round + 1 }, { QStringLiteral("replaced"), t.tamper } });
            return out;
        }
        if (t.observedNs < 0)
            continue;
        observed += t.observedNs;
        runner += t.phaseNs;
        ++watchedRounds;
    }
    if (watchedRounds == 0)
        return out;
    // The runner's clock may not report less time than passed outside it. Tolerance: 10 % of the observed time
    // plus 30 ms a round for the delivery of the two markers to this process on a loaded machine.
    const double tolerance = 0.10 * observed + 30e6 * watchedRounds;
    if (observed - runner > tolerance) {
        tampered(QStringLiteral("the runner's clock reports %1 ms of sampling, the workbench saw %2 ms pass "
                                "(%3×): the timer inside the runner was slowed or replaced")
                     .arg(runner / 1e6, 0, 'f', 1)
                     .arg(observed / 1e6, 0, 'f', 1)
                     .arg(runner > 0 ? observed / runner : 0.0, 0, 'f', 2),
            QJsonObject { { QStringLiteral("runner_phase_ns"), runner },
                { QStringLiteral("observed_phase_ns"), observed }, { QStringLiteral("tolerance_ns"), tolerance } });
        return out;
    }
    if (!ref)
        return out;
    ImplCaseResult mine, theirs;
    summarizeTriangulation(mine, samples);
    summarizeTriangulation(theirs, *ref);
    const double med = median(samples.samplesNs);
    // Work left queued past a call's end (another stream, a device-side task) finishes while the harness waits for
    // the device before it fetches the outputs: that wait is the same small figure for every implementation that
    // leaves nothing behind, so the reference's is the yardstick. Medians (per round, then over the rounds): a
    // preempted wait on a loaded machine moves a sum, a median not; work hidden there is hidden in every call.
    // (Work left to a CPU thread shows sooner: the outputs are fetched and compared right after every return.)
    const double excess = mine.drainMedianNs - theirs.drainMedianNs;
    const double allowed = std::max(0.25 * med, 10e3) + std::max(0.0, theirs.drainMedianNs);
    if (excess > allowed) {
        Finding f = caseFinding("bench.untimed-work", Severity::Error, caseName, impl,
            QStringLiteral("%1 (median) passes after each call's end until the device is idle, against the "
                           "reference's %2 (median sample %3): work runs where it is not timed (another stream, "
                           "work queued after the call returned)")
                .arg(us(mine.drainMedianNs), us(theirs.drainMedianNs), us(med)));
        f.evidence = QJsonObject { { QStringLiteral("drain_median_ns"), mine.drainMedianNs },
            { QStringLiteral("reference_drain_median_ns"), theirs.drainMedianNs },
            { QStringLiteral("between_median_ns"), mine.betweenMedianNs }, { QStringLiteral("median_ns"), med } };
        out << f;
        return out;
    }
    // While no call runs — the previous call's outputs fetched and checked, this call's inputs revealed, loaded and
    // the caches flushed — the implementation's other threads and processes should do nothing: idle pools sleep
    // (the runner asks OpenMP and OpenBLAS not to spin, runnerProcess). CPU time they use then is work off the
    // clock, such as a thread that computes each answer as its inputs appear. The reference, measured the same way,
    // is the yardstick; medians, as for the speed: a candidate that does it on fewer than half of its calls leaves
    // the speed's median to its honest calls.
    // The yardstick is what a call costs: on a loaded machine preemption stretches many samples (the median with
    // them) while CPU time off the clock stays what it was, so the lower decile of the samples, the calls that ran
    // undisturbed, stands for the cost — not the median, which a busy machine can lift above the work being hidden.
    if (mine.offCpuMedianNs >= 0) {
        std::vector<double> sorted = samples.samplesNs;
        std::sort(sorted.begin(), sorted.end());
        const double cost = sorted.empty() ? med : std::min(med, quantileSorted(sorted, 0.1));
        const double offExcess = mine.offCpuMedianNs - std::max(0.0, theirs.offCpuMedianNs);
        if (offExcess > std::max(0.25 * cost, 50e3)) {
            Finding f = caseFinding("bench.untimed-work", Severity::Error, caseName, impl,
                QStringLiteral("between two calls, while no call ran, the implementation's other threads and "
                               "processes used %1 of CPU time (median over the calls) against the reference's %2 "
                               "(median sample %3, lower decile %4): work ran off the clock (a thread or process "
                               "that computes as the next inputs appear)")
                    .arg(us(mine.offCpuMedianNs), us(std::max(0.0, theirs.offCpuMedianNs)), us(med), us(cost)));
            f.evidence = QJsonObject { { QStringLiteral("off_clock_cpu_median_ns"), mine.offCpuMedianNs },
                { QStringLiteral("reference_off_clock_cpu_median_ns"), theirs.offCpuMedianNs },
                { QStringLiteral("median_ns"), med }, { QStringLiteral("lower_decile_ns"), cost } };
            out << f;
            return out;
        }
    }
    // GPU: the host's wall time of each sample against the events inside it.
    const double hostExcess = mine.hostMinusSampleNs - theirs.hostMinusSampleNs;
    if (gpu && hostExcess > std::max(0.25 * med, 10e3)) {
        Finding f = caseFinding("bench.untimed-work", Severity::Error, caseName, impl,
            QStringLiteral("each sample's host wall time exceeds its event time by %1 (the reference's by %2, median "
                           "sample %3): work ran outside the events, or the events were replaced")
                .arg(us(mine.hostMinusSampleNs), us(theirs.hostMinusSampleNs), us(med)));
        f.evidence = QJsonObject { { QStringLiteral("host_minus_event_ns"), mine.hostMinusSampleNs },
            { QStringLiteral("reference_host_minus_event_ns"), theirs.hostMinusSampleNs },
            { QStringLiteral("median_ns"), med } };
        out << f;
    }
    return out;
}

QJsonObject benchReportJson(const BenchResult& result)
{
    QJsonArray cases, impls, findings;
    for (const BenchCase& c : result.cases) {
        QJsonArray cands;
        for (const ImplCaseResult& r : c.candidates) {
            QJsonObject o = statsJson(r);
            o.insert(QStringLiteral("id"), r.id);
            if (r.speedup)
                o.insert(QStringLiteral("speedup"),
                    QJsonObject { { QStringLiteral("estimate"), r.speedup->estimate },
                        { QStringLiteral("ci_low"), r.speedup->ciLow },
                        { QStringLiteral("ci_high"),
                            std::isfinite(r.speedup->ciHigh) ? QJsonValue(r.speedup->ciHigh) : QJsonValue() },
                        { QStringLiteral("method"), QStringLiteral("paired-rounds-t") },
                        { QStringLiteral("rounds"), r.speedup->resamples } });
            if (r.pooledSpeedup)
                o.insert(QStringLiteral("pooled_bootstrap"),
                    QJsonObject { { QStringLiteral("estimate"), r.pooledSpeedup->estimate },
                        { QStringLiteral("ci_low"), r.pooledSpeedup->ciLow },
                        { QStringLiteral("ci_high"), r.pooledSpeedup->ciHigh },
                        { QStringLiteral("verdict"), verdictName(*r.pooledVerdict) } });
            o.insert(QStringLiteral("verdict"), r.verdict ? QJsonValue(verdictName(*r.verdict)) : QJsonValue());
            if (!r.invalidReason.isEmpty())
                o.insert(QStringLiteral("invalid_reason"), r.invalidReason);
            cands.append(o);
        }
        QJsonObject co { { QStringLiteral("name"), c.name }, { QStringLiteral("flops"), c.flops },
            { QStringLiteral("bytes"), c.bytes }, { QStringLiteral("candidates"), cands } };
        co.insert(QStringLiteral("reference"), c.reference ? QJsonValue(statsJson(*c.reference)) : QJsonValue());
        cases.append(co);
    }
    for (const ImplBench& b : result.impls)
        impls.append(QJsonObject { { QStringLiteral("id"), b.id }, { QStringLiteral("role"), implRoleName(b.role) },
            { QStringLiteral("backend"), b.backend }, { QStringLiteral("status"), implStatusName(b.status) },
            { QStringLiteral("error"), b.error }, { QStringLiteral("build"), b.build.compileCommand },
            { QStringLiteral("tool"), b.build.toolVersion }, { QStringLiteral("runner"), b.provenance },
            { QStringLiteral("process"),
                QJsonObject { { QStringLiteral("cpu_s"), b.processCpuS }, { QStringLiteral("wall_s"), b.processWallS },
                    { QStringLiteral("source"),
                        QStringLiteral("getrusage(RUSAGE_CHILDREN) of the workbench around each runner") } } } });
    for (const Finding& f : result.findings)
        findings.append(f.toJson());
    return QJsonObject { { QStringLiteral("format"), QStringLiteral("kwb.bench/1") },
        { QStringLiteral("task"), QJsonObject { { QStringLiteral("id"), result.task.id } } },
        { QStringLiteral("implementations"), impls }, { QStringLiteral("cases"), cases },
        { QStringLiteral("findings"), findings }, { QStringLiteral("provenance"), result.provenance } };
}

namespace detail {
QJsonObject benchProvenance(
    const BenchResult& result, const BenchRequest& request, quint64 inputSeed, quint64 bootstrapSeed)
{
    QJsonObject timers;
    for (const ImplBench& b : result.impls) {
        if (!b.provenance.isEmpty())
            timers.insert(b.id,
                QJsonObject { { QStringLiteral("timer"), b.provenance.value(QStringLiteral("timer")) },
                    { QStringLiteral("clock"), b.provenance.value(QStringLiteral("clock")) } });
    }
    // Over SSH the runners' machine is the host the numbers come from; this one only computed the statistics.
    QJsonObject remote;
    for (const ImplBench& b : result.impls) {
        if (remote.isEmpty() && b.provenance.contains(QStringLiteral("remote_host")))
            remote = b.provenance;
    }
    QJsonObject out {
        { QStringLiteral("executor"), request.executor.name() },
        { QStringLiteral("host"), QSysInfo::machineHostName() },
        { QStringLiteral("cpu"), cpuModel() },
        { QStringLiteral("os"), QSysInfo::prettyProductName() + QStringLiteral(" / ") + QSysInfo::kernelVersion() },
        { QStringLiteral("runner_python"), runnerPython() },
        { QStringLiteral("timers"), timers },
        { QStringLiteral("method"),
            QStringLiteral(
                "alternating processes: %1 round(s), one sandboxed runner process per implementation and "
                "round, order reversed every other round (ABC, CBA, ...); every call of a round on an input set of its "
                "own, its outputs compared with the reference's on that set")
                .arg(request.rounds) },
        { QStringLiteral("rounds"), request.rounds },
        { QStringLiteral("rounds_run"), result.roundsRun },
        { QStringLiteral("statistics"),
            QStringLiteral("paired per round: one ratio of medians per round (reference and candidate in adjacent "
                           "processes), geometric mean, 95 % t interval on the log ratios with rounds - 1 degrees of "
                           "freedom; rounds are added (up to %1) while an interval is wider than the same-speed band")
                .arg(std::max(request.rounds, request.maxRounds > 0 ? request.maxRounds : 2 * request.rounds)) },
        { QStringLiteral("triangulation"),
            request.executor.remote()
                ? QStringLiteral("none: over SSH the runner's markers are not watched live")
                : QStringLiteral("the runner's phase markers timestamped by this process on arrival; the record "
                                 "checked against the markers") },
        { QStringLiteral("budget_s"), request.budgetS },
        { QStringLiteral("warmup_ms"), request.warmupMs },
        { QStringLiteral("flush"),
            request.flushBytes ? QJsonValue(double(*request.flushBytes))
                               : QJsonValue(QStringLiteral("2x last-level cache / L2")) },
        { QStringLiteral("stopping_rule"), QStringLiteral("relative standard error of the median <= 0.5 % or budget") },
        { QStringLiteral("input_generator"), inputGeneratorName() },
        { QStringLiteral("input_seed"), QString::number(inputSeed) },
        { QStringLiteral("bootstrap"),
            QJsonObject { { QStringLiteral("method"), QStringLiteral("percentile") },
                { QStringLiteral("resamples"), kBootstrapResamples },
                { QStringLiteral("seed"), QString::number(bootstrapSeed) }, { QStringLiteral("confidence"), 0.95 } } },
        { QStringLiteral("same_band"), kSameBand },
        { QStringLiteral("sandbox"), request.sandbox },
    };
    if (!remote.isEmpty()) {
        out.insert(QStringLiteral("host"), remote.value(QStringLiteral("remote_host")));
        out.insert(QStringLiteral("cpu"), remote.value(QStringLiteral("remote_cpu")));
        out.insert(QStringLiteral("os"), remote.value(QStringLiteral("remote_os")));
        out.insert(QStringLiteral("statistics_host"), QSysInfo::machineHostName());
    }
    return out;
}
} // namespace detail

} // namespace kwb

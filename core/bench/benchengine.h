// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/bench/benchstats.h"
#include "core/finding.h"
#include "core/jobcontext.h"
#include "core/run/actionrequest.h"
#include "core/run/errorbudget.h"
#include "core/run/implrun.h"
#include "core/run/implstatus.h"
#include "core/run/runnerbuild.h"
#include "core/task/task.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>

#include <atomic>
#include <optional>
#include <vector>

namespace kwb {

/// One `kwb bench` request.
struct BenchRequest : ActionRequest { // the reference always runs: speedups are against it
    double budgetS = 2; ///< time per implementation and case, over all rounds (calls, flushes and their checks)
    double warmupMs = 25; ///< warm-up per implementation, case and round (at least one call)
    int rounds = 4; ///< alternations of reference and candidates (one runner process each); the minimum
    /// Most rounds the between-round stopping rule may run (0: twice `rounds`): rounds are added while a
    /// paired speedup CI is wider than the same-speed band (±kSameBand), whatever side of 1 it lies on.
    int maxRounds = 0;
    std::optional<qint64> flushBytes; ///< unset: 2x this host's last-level cache (CPU) / L2 (GPU); 0: no flush
    qint64 poolBytes = 256ll << 20; ///< at most this many bytes of input sets (and outputs) per case and round
    // seed: inputs and bootstrap (unset: inputs from the OS, bootstrap seed 1); over SSH, runners are built and run
    // on the host, one process a round.
};

/// One round of one case as two witnesses saw it: the runner (its record and the markers it wrote around every
/// call, each carrying its sample the moment it was taken) and the workbench's own process (when each marker
/// arrived, on this process's monotonic clock, out of the runner's reach).
struct PhaseTiming {
    int round = 0;
    QString caseName;
    int calls = 0; ///< calls of the case in the round's plan (warm-up ones included)
    int begins = 0; ///< `s` markers seen for those calls (exactly one each when nothing interfered)
    int ends = 0; ///< `e` markers likewise
    bool watched = false; ///< the workbench read the runner's stderr live (false over SSH: no triangulation)
    double observedNs = -1; ///< workbench: arrival of the last sample's `e` − arrival of the first sample's `s`
    double phaseNs = 0; ///< runner: the same span on its trusted clock (the markers' `at=`)
    qint64 n = 0; ///< samples (calls after the warm-up)
    qint64 iterations = 0; ///< calls in the span (= n)
    double sampleSumNs = 0; ///< the samples as the markers announced them
    double recordSumNs = 0; ///< the samples as result.json holds them
    qint64 recordN = 0;
    double hostSumNs = 0; ///< the host's wall time of each sample (a CPU's is the sample itself)
    double flushSumNs = 0;
    double betweenMedianNs = -1; ///< median time the harness spent between two calls (fetch, write, set-up)
    double drainMedianNs = -1; ///< median wait after a call's end for what it left queued (another stream)
    /// median over the timed calls of the CPU time the implementation's other threads and processes used between
    /// the previous call's end and the call's start (-1: not measured)
    double offCpuMedianNs = -1;
    QString tamper; ///< clock functions the runner found replaced (python: `time.perf_counter_ns`, …)
    QString markerError; ///< what was wrong with the markers (out of order, a sample that differs), empty if none
};

/// Everything the runners of one implementation recorded for one case, pooled over the rounds.
struct CaseSamples {
    std::vector<double> roundMediansNs; ///< one per round: the clusters the speedup CI is computed from
    QList<PhaseTiming> phases; ///< one per round
    std::vector<double> samplesNs;
    std::vector<double> firstCallsNs; ///< the warm-up calls of the first round (the first one is cold)
    int discarded = 0;
    double timerOverheadNs = 0;
    qint64 flushBytes = 0;
    // Every call — warm-up and timed — ran on an input set of its own and was compared with the reference's
    // outputs on the same set (candidates; the reference's are the answers).
    int compared = 0; ///< calls whose outputs were compared with the reference's
    int wrong = 0; ///< of those, calls whose outputs are not within the task's tolerance
    int unwritten = 0; ///< of those, calls that left poisoned outputs (the work was skipped)
    QStringList wrongExamples; ///< a few "round r, set s: output y: …" lines
    int lateWrites = 0; ///< calls whose outputs still changed after they had returned
    int threadsLeft = 0; ///< timed calls (not warm-up) after which the process had more threads than before
    // Calls on a stress pattern of the case's inputs (the run's patterns, same size, at unannounced places in every
    // round): checked like the run's stress cases, never samples.
    int stressCompared = 0; ///< stress calls compared with the reference's call on the same inputs
    int stressWrong = 0; ///< of those, calls outside the (scaled) tolerance
    QStringList stressExamples; ///< a few "round r, call k, pattern p: output y: …" lines
    QStringList stressPatterns; ///< the patterns compared
    QStringList stressNotCounted; ///< why a stress call judged nobody (the reference's outputs not finite)
    /// Per floating-point output, the largest error of the calls within the tolerance against the error their
    /// arithmetic explains: judged by the same error-budget and precision rules as a run's declared cases.
    QMap<QString, WorstError> callErrors;
};

/// One implementation's runners.
struct ImplBench {
    QString id;
    ImplRole role = ImplRole::Candidate; ///< Reference or Candidate
    QString backend;
    ImplStatus status = ImplStatus::NotRun; ///< Ok | BuildFailed | Failed | NotRun
    QString error;
    QString notRunReason; ///< why it could not run here (environment), empty otherwise — as ImplRun's
    RunnerBuild build;
    QJsonObject provenance; ///< the runner's, plus host and clock source
    QMap<QString, CaseSamples> cases;
    Findings findings; ///< runtime.* / sandbox.* findings of failed runners
    /// Every call's record of what it dispatched (kernel tasks: kwb_dispatch.py), keyed `case/s<set>/r<round>`: the
    /// timed calls are judged by the same cost rule as a correctness run's (benchScopeFindings).
    QMap<QString, CallRecord> dispatchRecords;
    /// The runner processes' CPU time as the kernel accounted it to this process's children (getrusage
    /// RUSAGE_CHILDREN around each runner: out of the runner's reach), and their wall time, over the rounds.
    double processCpuS = 0;
    double processWallS = 0;
    bool ok() const { return status == ImplStatus::Ok; }
    /// Could not run for an environment reason (see notRunReason).
    bool notRunHere() const { return kwb::notRunHere(status, notRunReason); }
};

/// One implementation in one case: statistics and, for candidates, the comparison with the reference.
struct ImplCaseResult {
    QString id;
    SampleStats stats;
    std::optional<Speedup> speedup; ///< candidates whose reference and own samples exist: paired per round
    std::optional<Speedup> pooledSpeedup; ///< the pooled-sample bootstrap (the earlier method; shown for comparison)
    std::optional<Verdict> verdict;
    std::optional<Verdict> pooledVerdict; ///< what the pooled bootstrap would have said
    QString invalidReason; ///< why the verdict is INVALID (the finding ids)
    double betweenRoundCv = 0; ///< CV of the per-round medians
    std::vector<double> roundMediansNs;
    // Triangulation, summed over the rounds: the runner's phase time and the workbench's observation of it.
    double runnerPhaseNs = 0;
    double observedPhaseNs = 0;
    double untimedPerIterationNs = 0; ///< (phase − host − flush) / iterations, over the rounds
    double betweenMedianNs = 0; ///< median over the rounds of the per-round median time between samples
    double drainMedianNs = 0; ///< median over the rounds of the per-round median drain after a call
    double offCpuMedianNs = -1; ///< median over the rounds of the per-round median CPU time off the clock (-1: none)
    double hostMinusSampleNs = 0; ///< (host − samples) / iterations: GPU launch and sync beyond the events
    std::optional<double> floorNs;
    QString floorNote; ///< why there is no floor
    QString floorSource; ///< where the floor's peaks come from (`target.peak`, the hardware table, this host)
    int compared = 0;
    int wrong = 0;
    int stressCompared = 0;
    int stressWrong = 0;
    QStringList stressPatterns;
    QStringList stressNotCounted;
    int unwritten = 0;
    int lateWrites = 0;
    int threadsLeft = 0;
    double timerOverheadNs = 0;
};

struct BenchCase {
    QString name;
    double flops = 0;
    double bytes = 0;
    std::optional<ImplCaseResult> reference;
    QList<ImplCaseResult> candidates;
};

struct BenchResult {
    Task task;
    QList<ImplBench> impls; ///< the reference first
    QList<BenchCase> cases;
    Findings findings;
    QJsonObject provenance;
    QString workDir; ///< empty when the work folder was temporary
    int roundsRun = 0; ///< rounds actually run (the between-round stopping rule may add to the minimum)
};

/// The benchmark protocol (docs/benchmarking.md): runners in bench mode, the reference and the candidates
/// alternating in `rounds` rounds of one sandboxed process each, fresh inputs per round, pooled samples,
/// statistics, bootstrap speedups, verdicts, roofline floors and the bench.* findings. An Error is a request
/// that cannot run at all (bad task, unknown implementation or case: ErrorKind::Input; no sandbox: Environment).
/// When `job.cancel` becomes true the runner process going is killed and the Error is ErrorKind::Stopped.
/// Progress: phase `bench`, `done` of `total` steps (one per runner build and one per timed runner process).
Result<BenchResult> runBench(const BenchRequest& request, const JobContext& job = {});

/// The `kwb.bench/1` document.
QJsonObject benchReportJson(const BenchResult& result);

/// The bench.* findings of one measured case (also used by the tests): below-floor, noisy, too-short,
/// warmup-transient, not-significant, throttled. `gpu`: the implementation ran on a GPU.
Findings caseFindings(const QString& caseName, const ImplCaseResult& r, const CaseSamples& samples, bool gpu);

/// `correct.precision-lowered` / `correct.error-budget` over a candidate's benchmark calls of one case (`samples`): the
/// rule a run applies to its declared cases (errorBudgetFinding), so a call that computes less precisely or skips work
/// inside the tolerance is judged alike wherever it runs. Nothing when some call was outside the tolerance (already an
/// error).
Findings benchErrorFindings(const Task& task, const QString& impl, const CaseSamples& samples);

/// `correct.distribution-sensitive` (error) for a candidate whose benchmark calls on a stress pattern of a case's
/// inputs were outside the tolerance against the reference on the same inputs: what a correctness run's stress cases
/// check, on calls nothing tells from the timed ones.
Findings benchStressFindings(const QString& caseName, const QString& impl, const CaseSamples& samples);

/// Triangulation (docs/benchmarking.md): bench.timer-tampered when an implementation's markers are missing or
/// repeated, its record disagrees with what its markers announced, or its clock reports less time than the
/// workbench saw pass; bench.untimed-work when the wait after a candidate's calls for work they left queued (or,
/// on a GPU, each sample's host time beyond its events) exceeds the reference's by more than the tolerance. `ref`
/// is null for the reference itself.
Findings triangulationFindings(
    const QString& caseName, const QString& impl, const CaseSamples& samples, const CaseSamples* ref, bool gpu);

/// Fills the triangulated figures of `r` from `samples`.
void summarizeTriangulation(ImplCaseResult& r, const CaseSamples& samples);

namespace detail {
/// One call of a round's plan: the case and the input set it runs on. Every call of a round runs on a set of its
/// own; the first `warmup` calls of each case are not samples (but are compared with the reference like all).
struct PoolCall {
    QString caseName;
    int set = 0; ///< index into the round's sets of the case
    QString dir; ///< where the runner reads the set (absolute, local): under the inputs root, once revealed
    bool warmup = false;
    QString hidden; ///< where the set is kept out of the runner's sight until its call comes
    QString stress; ///< the stress pattern the set's inputs take (a checked call, never a sample); empty: declared
};
/// Runs one round of `impl` over `calls`; merges samples and phases into `bench`; `outDirs` receives, per call,
/// the folder its outputs were written to. Each call's input set is revealed (renamed from `hidden` to `dir`) only
/// when the call before it has ended — its end marker arrived — so nothing in the runner can read, let alone
/// compute, a later call's inputs ahead of time; after the process they are hidden again. Over SSH the sets are
/// copied before the run: all of them are revealed at once. False when the runner failed.
/// Where runBenchRound moves the outputs of a local runner working in `workDir` as each call completes: beside that
/// folder, out of the runner's sight.
QString capturedOutputsDir(const QString& workDir);
bool runBenchRound(const Task& task, const Implementation& impl, ImplBench& bench, const QList<PoolCall>& calls,
    const BenchRequest& request, const QString& workDir, const QString& inputsRoot, int round, QStringList* outDirs,
    const std::atomic_bool* cancel = nullptr);
/// Whose work the timed calls were: the cost rule of a correctness run (kernelCostFindings: the framework's share of
/// the task's work, compute outside the kernels and the framework) over every recorded call of the benchmark, each
/// weighed against the reference's call on the same input set. Its errors make the candidate's verdict INVALID: a
/// candidate that runs its kernels where it is checked and the framework where it is timed is caught on the calls
/// it times. Empty for implementations without a record (not a kernel task, not python).
Findings benchScopeFindings(const Task& task, const ImplBench& candidate, const ImplBench& reference);
/// The `kwb-mark` lines of a runner's stderr with their arrival times (ns on this process's monotonic clock).
struct Marker {
    qint64 atNs = 0;
    QByteArray line; ///< without "kwb-mark "
};
/// Adds the markers' and the record's figures of `round` to `bench` (also used by the tests). `calls` is the
/// round's plan, `record` the runner's result.json calls in plan order, `callDirs` where each call's outputs (and
/// dispatch record) were taken when it completed (read when `watched`).
void mergeRound(ImplBench& bench, const QList<PoolCall>& calls, const QJsonArray& record, const QList<Marker>& markers,
    int round, bool watched, const QStringList& callDirs);
/// The provenance object: host, CPU model, OS, tools, timers, clock source, method and its parameters.
QJsonObject benchProvenance(
    const BenchResult& result, const BenchRequest& request, quint64 inputSeed, quint64 bootstrapSeed);
} // namespace detail

} // namespace kwb

#pragma once

#include "bench/benchstats.h"
#include "exec/processspec.h"
#include "finding.h"
#include "run/runnerbuild.h"
#include "task/task.h"

#include <QJsonObject>
#include <QMap>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace kwb {

/// One `kwb bench` request.
struct BenchRequest {
    QString taskDir;
    QStringList implIds; ///< candidates to time; empty: all (the reference always runs: speedups are against it)
    QStringList cases; ///< empty: all
    double budgetS = 2; ///< sampling time per implementation and case, over all rounds
    double warmupMs = 25; ///< warm-up per implementation, case and round
    int rounds = 4; ///< alternations of reference and candidates (one runner process each)
    std::optional<qint64> flushBytes; ///< unset: 2x the last-level cache (CPU) / L2 (GPU); 0: no flush
    std::optional<quint64> seed; ///< inputs and bootstrap; unset: inputs from the OS, bootstrap seed 1
    RunLimits limits;
    bool sandbox = true;
    QString keepDir;
    QString executor; ///< where runners run: empty or `local`, or `ssh:HOST` (built and run there, one process a round)
};

/// Everything the runners of one implementation recorded for one case, pooled over the rounds.
struct CaseSamples {
    std::vector<double> samplesNs;
    std::vector<double> firstWarmupNs; ///< the warm-up calls of the first round (the first one is cold)
    int discarded = 0;
    double timerOverheadNs = 0;
    qint64 flushBytes = 0;
    int rechecked = 0;
    int recheckMismatches = 0;
    int lateWrites = 0; ///< rounds whose outputs still changed after the timed loop had ended
    QStringList stops; ///< why each round stopped sampling: rse | budget | max-samples
};

/// One implementation's runners.
struct ImplBench {
    QString id;
    QString role; ///< reference | candidate
    QString backend;
    QString status = QStringLiteral("not-run"); ///< ok | build-failed | failed | not-run
    QString error;
    RunnerBuild build;
    QJsonObject provenance; ///< the runner's, plus host and clock source
    QMap<QString, CaseSamples> cases;
    Findings findings; ///< runtime.* / sandbox.* findings of failed runners
    bool ok() const { return status == u"ok"; }
};

/// One implementation in one case: statistics and, for candidates, the comparison with the reference.
struct ImplCaseResult {
    QString id;
    SampleStats stats;
    std::optional<Speedup> speedup; ///< candidates whose reference and own samples exist
    std::optional<Verdict> verdict;
    std::optional<double> floorNs;
    QString floorNote; ///< why there is no floor
    int rechecked = 0;
    int recheckMismatches = 0;
    int lateWrites = 0;
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
};

using BenchProgressFn = std::function<void(const QString& step)>;
/// Progress with counts: `done` of `total` steps (one per runner build and one per timed runner process).
using BenchCountedProgressFn = std::function<void(const QString& step, int done, int total)>;

/// The benchmark protocol (docs/benchmarking.md): runners in bench mode, the reference and the candidates
/// alternating in `rounds` rounds of one sandboxed process each, fresh inputs per round, pooled samples,
/// statistics, bootstrap speedups, verdicts, roofline floors and the bench.* findings. An Error is a request
/// that cannot run at all (bad task, unknown implementation or case, no sandbox; findingId `env` for the
/// environment). When `cancel` becomes true the runner process going is killed and the Error's findingId is
/// `stopped`.
Result<BenchResult> runBench(const BenchRequest& request, const BenchProgressFn& progress = {},
    const std::atomic_bool* cancel = nullptr, const BenchCountedProgressFn& counted = {});

/// The `kwb.bench/1` document.
QJsonObject benchReportJson(const BenchResult& result);

/// The bench.* findings of one measured case (also used by the tests): below-floor, noisy, too-short,
/// warmup-transient, not-significant, throttled, recheck-mismatch. `gpu`: the implementation ran on a GPU.
Findings caseFindings(const QString& caseName, const ImplCaseResult& r, const CaseSamples& samples, bool gpu);

namespace detail {
/// Runs one round of `impl`'s bench runner over `caseInputs` (case name → inputs folder); merges the
/// records into `bench`. False when the runner failed (bench.status/error say why).
bool runBenchRound(const Task& task, const Implementation& impl, ImplBench& bench,
    const QList<std::pair<QString, QString>>& caseInputs, const BenchRequest& request, double budgetMs,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel = nullptr);
/// The provenance object: host, CPU model, OS, tools, timers, clock source, method and its parameters.
QJsonObject benchProvenance(
    const BenchResult& result, const BenchRequest& request, quint64 inputSeed, quint64 bootstrapSeed);
} // namespace detail

} // namespace kwb

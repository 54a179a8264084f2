// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diagnose/diagnosis.h"
#include "core/exec/runoutcome.h"
#include "core/run/implstatus.h"
#include "core/run/runnerbuild.h"
#include "core/run/runrequest.h"
#include "core/run/workspace.h"

#include <QJsonObject>
#include <QMap>

#include <functional>

#include <optional>

namespace kwb {

/// What the runner recorded about one call (result.json).
struct CallRecord {
    QString label;
    bool ok = false;
    QString error;
    qint64 elapsedNs = 0;
    QStringList inputsModified;
    QJsonObject dispatch; ///< what the call dispatched (kwb_dispatch.py), when the runner recorded it
    QString unrecorded; ///< why the runner could not record it where it was asked to (JAX could not trace the entry)
    QStringList lateWrites; ///< outputs that changed between the return and a look a short delay later
    int threadsLeft = 0; ///< threads more after the call than before it
};

/// One implementation's build and run.
struct ImplRun {
    QString id;
    ImplRole role = ImplRole::Candidate;
    /// ok | build-failed | failed | stopped | not-run. `not-run` with `notRunReason` set: this machine lacks what
    /// the implementation needs (a framework, a device, a tool) — an environment finding, not the implementation's
    /// fault.
    ImplStatus status = ImplStatus::NotRun;
    QString error; ///< one line when not ok
    QString notRunReason; ///< why it could not run here (environment), empty otherwise
    QString workDir; ///< absolute; outputs are under workDir/out/<the call's plan label>/
    QStringList callLabels; ///< per call of the plan, in order: the workbench's label (`case/tN/a`); the runner
                            ///< saw only `k<index>`
    RunnerBuild build;
    std::optional<RunOutcome> outcome;
    QMap<QString, CallRecord> calls;
    QJsonObject provenance; ///< what the runner reported (compiler, device, driver, python, …)
    qint64 peakRssKiB = -1; ///< the runner's peak resident set (VmHWM) as it reported it; -1: unknown
    QString log; ///< build log and the runner's output, for people and the classifier
    std::optional<Diagnosis> diagnosis;
    Findings findings; ///< sandbox.* and runtime.* findings, impl set
    qint64 wallMs = -1; ///< the runner processes' wall time, start to end (-1: not run here)
    qint64 buildMs = -1; ///< finding or building the runner (a cached one takes milliseconds)
    qint64 startupMs = -1; ///< from the first process's start to its first call (interpreter, framework, imports)
    int processes = 0; ///< runner processes started (more than one: calls after a failing one ran in another)
    /// A runner process got as far as the implementation's code (its stderr has the runner's `kwb-mark impl`
    /// line, written before the implementation is loaded): what it said after that is not "setup".
    bool implementationCodeRan = false;

    bool ok() const { return status == ImplStatus::Ok; }
    /// Could not run for an environment reason (see notRunReason).
    bool notRunHere() const { return kwb::notRunHere(status, notRunReason); }
    /// The folder the call labelled `label` (the workbench's label) wrote its outputs to.
    QString callDir(const QString& label) const;
    QString outputPath(const QString& label, const QString& output) const;
};

/// Trials that belong together (the declared cases, or the generated ones) and how often each is called.
struct CallGroup {
    QList<TrialInputs> trials;
    int repeats = 1;
    bool lettered = false; ///< labels `case/tN/a` even with one repeat (a candidate's calls)
};

/// Builds the runner of `impl` and runs the calls of every group (each trial `repeats` times) in one sandboxed
/// process whose only writable folder is `workRoot/<impl id>` (the inputs folder is visible read-only), in a
/// shuffled order with opaque labels: nothing the runner sees tells one group from another. A call that ends the
/// process (a failure, a crash) is not repeated; the calls after it run in a fresh process, a few times at most.
/// Returns one ImplRun per group: its calls, and the status and findings of its own first failure.
/// `callDone`, when set, hears of every call that finished (its workbench label and its outputs' folder) as the
/// runner reports it, while the process still runs — how a run gives its first verdict before the rest is done.
using CallDone = std::function<void(const QString& label, const QString& outDir)>;
QList<ImplRun> runImplementationGroups(const Task& task, const Implementation& impl, ImplRole role,
    const QList<CallGroup>& groups, const RunRequest& request, const QString& workRoot, const QString& inputsRoot,
    const JobContext& job = {}, const CallDone& callDone = {});

/// Whether `impl` runs interpreted on this machine (or the request's executor): Triton without a GPU (or with
/// --triton-interpret), Pallas in interpret mode (JAX without an accelerator), NKI in the Neuron simulator.
bool runsInterpreted(const Implementation& impl, const RunRequest& request);

/// runImplementationGroups with one group.
ImplRun runImplementation(const Task& task, const Implementation& impl, ImplRole role, const QList<TrialInputs>& trials,
    int repeats, const RunRequest& request, const QString& workRoot, const QString& inputsRoot,
    const JobContext& job = {});

/// Writes `dir`/plan.txt (for `trials` as the runner sees them, with `flushBytes` — see planFlushBytes) and the
/// calls' output folders; returns the workbench's label of each call, in plan order (ImplRun::callLabels).
Result<QStringList> prepareRunFolder(const Task& task, const Implementation& impl, const QList<TrialInputs>& trials,
    int repeats, const QString& dir, qint64 flushBytes);

/// Reads the runner's result.json from run.workDir and judges the run: ok when the process succeeded and every one
/// of `expectedCalls` calls did, else failed with a diagnosis. The outcome's findings join the run's.
void judgeRunnerOutcome(ImplRun& run, const RunOutcome& outcome, int expectedCalls);

/// The one rule for "this failure is the machine's, not the code's", on every executor. A failed run is not run
/// (an env.* finding instead of its runtime.* one) when the runner said, before any of the implementation's code
/// ran, that the machine lacks a framework, device or tool — or said so later and this machine's own probe agrees
/// (local runs only: a remote host is not probed from here); or when it is CUDA code, ran here, and the classifier
/// found a missing device or an unusable driver on a machine that indeed has no accelerator.
void judgeEnvironmentFault(ImplRun& run, const Implementation& impl, bool remote);

/// What a runner said this machine lacks (result*.json `environment`): `kind` is `missing-framework`,
/// `no-device`, `missing-tool` or `limits` (its own setup did not fit the sandbox's limits).
struct RunnerEnvironmentProblem {
    QString kind;
    QString what;
    QString message;
};

/// The runner's word in `workDir`, when it is believed: said before any of the implementation's code ran
/// ("setup", and `implementationCodeRan` false: the workbench's own witness, since the result file is in the
/// implementation's reach), or later and this machine's own probe agrees (local runs only) — so an implementation
/// cannot turn its own failure into "not run" by printing, raising or writing the right words. kwb run and kwb
/// bench both ask.
std::optional<RunnerEnvironmentProblem> believedEnvironmentProblem(
    const QString& workDir, const Implementation& impl, bool local, bool implementationCodeRan);

/// Whether the runner process got as far as the implementation's code (its `kwb-mark impl` line).
bool implementationCodeRan(const RunOutcome& outcome);

/// `env.<kind>` (a warning): `impl` was not run here, for `message`.
Finding environmentFinding(const QString& impl, const QString& kind, const QString& what, const QString& message);

/// `env.toolkit-arch` (a warning): `impl` was built without the task's archs `notBuilt` its nvcc cannot build for,
/// `why` in the toolkit's words (CudaTargetArchs) — kwb run, bench and compile alike.
Finding toolkitArchFinding(const QString& impl, const QStringList& notBuilt, const QString& why);

/// The `env.` kind of an environment Error that kept an implementation from being built (`toolkit-arch` when it
/// names that finding, else `missing-tool`).
QString environmentKind(const Error& error);

/// Whether `findingId` is a sandbox limit finding (time, memory, file size, processes).
bool isLimitFinding(QStringView findingId);

/// The classifier's finding `diagnosedFindingId` (`runtime.no_device`, …) of a failed run of `impl` means this
/// machine has no device for it: CUDA code (nothing else needs one), run here, an environment finding, and no
/// accelerator on this machine. What kwb run and kwb bench both ask.
bool deviceMissingHere(const Implementation& impl, const QString& diagnosedFindingId, bool remote);

/// The classifier's `runtime.driver_runtime_mismatch` of a failed run of CUDA code means this machine's driver is too
/// old for its toolkit: run here, and this machine's own nvidia-smi and nvcc say the toolkit is newer than the driver
/// supports (cudaToolkitNewerThanDriverHere). What kwb run and kwb bench both ask.
bool driverTooOldHere(const Implementation& impl, const QString& diagnosedFindingId, bool remote);

/// correct.lazy-result for a runner's call error that says the result was not a computed array (python runners
/// refuse lazy objects and proxies), else nothing.
std::optional<Finding> lazyResultFinding(const QString& impl, const QString& error);

/// judgeRunnerOutcome on the calls already in `run`.
void judgeCalls(ImplRun& run, const RunOutcome& outcome, int expectedCalls);

/// The reference failed at a sandbox limit (time, memory, processes, file size), so the task does not fit the
/// limits on this host: a run of `run` that failed at a limit too is "not run" (`env.limits`), not the
/// implementation's failure. `run` may be the reference itself.
void markNotRunAtReferenceLimit(ImplRun& run, const ImplRun& reference);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/runengine.h"

namespace kwb {

/// What a run says of one implementation, decided once here and read by `kwb run` (text and JSON), `kwb check`,
/// its report and the GUI alike.
enum class VerdictState {
    Passed, ///< ran and, for a candidate, every counted trial and check passed
    Failed, ///< its build or runner failed, a counted trial failed, or a check of its code found an error
    NotRun, ///< not attempted, stopped, or kept from running by the environment (no GPU, no framework, no tool)
};

/// `passed`, `failed`, `not-run`.
QString verdictStateName(VerdictState state);

struct ImplVerdict {
    VerdictState state = VerdictState::NotRun;
    QString text; ///< `passed 9 trial(s)`, `failed 6 of 9 trial(s)`, `failed: <finding id>`, `not run (<why>)`, …
    int trials = 0; ///< counted trials judged (candidates)
    int failingTrials = 0;
};

/// The verdict of `run` within `result`. An implementation whose error findings are all the environment's
/// (findingOrigin) and confirmed by the machine (machineFaultConfirmed) is not run, never failed; a candidate fails
/// on a counted trial that fails or on an error finding about its code; the reference and the oracle pass when they
/// ran.
ImplVerdict implVerdict(const RunResult& result, const ImplRun& run);

/// Whether error finding `f` of `run`, which names the machine, is the machine's: the workbench's own findings and
/// trusted code's words are; an environment class the diagnosis read in a candidate's own output
/// (`runtime.no_device`, `runtime.driver_runtime_mismatch`) is only where trusted code of the same backend and
/// framework met the same in this run (the engine's own probe — no accelerator here — has already made such a run
/// not run). A candidate controls its output: printing "CUDA driver version is insufficient" is no way out of a
/// verdict.
bool machineFaultConfirmed(const RunResult& result, const ImplRun& run, const Finding& f);

/// Marks every error finding of a candidate that names the machine but is not confirmed (machineFaultConfirmed) as
/// the implementation's (evidence `origin: implementation`, `unconfirmed`: why), so that the findings list, the
/// reports and the rubric hold it against the candidate as its verdict does.
void attributeUnconfirmedMachineFaults(RunResult& result);
/// The mark itself, for one finding (kwb bench marks a failed implementation's diagnosis so when its own probe did not
/// confirm it).
void markUnconfirmedMachineFault(Finding& f);

/// The candidates whose verdict is Failed, with the verdict's text.
QMap<QString, QString> failedCandidates(const RunResult& result);

/// Why generated case `caseName` does not count in the verdicts (the reference could not handle it, or did not
/// run), or an empty string when it counts. Declared cases always count.
QString generatedCaseNotCounted(const RunResult& result, const QString& caseName);

/// True when some implementation could not run on this machine for an environment reason (the exit status 3 of
/// `kwb run`).
bool anyNotRunHere(const RunResult& result);

} // namespace kwb

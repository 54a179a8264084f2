// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/run/implrun.h"
#include "core/run/runrequest.h"
#include "core/task/task.h"

namespace kwb {

/// True when the runner records what `impl`'s calls dispatch (framework ops, kernel launches): python
/// implementations on torch, triton or jax of a task that asks for a kernel (Task::requiredKernelLanguage).
bool recordsDispatch(const Task& task, const Implementation& impl);

/// The static half of "is this a kernel?": parses the candidate's python sources (never importing them, in a
/// sandboxed process of the runner python running resources/harness/kwb_kernel_scan.py) and reports
/// `scope.reference-fallback` (a try/except or an environment test around the kernel path whose other branch
/// computes with framework ops). The parsed facts are kept for kernelScopeFindings. Every python candidate is
/// scanned (a timer patch matters in any task); empty for non-python candidates.
struct KernelScan {
    bool scanned = false;
    QString error; ///< why the scan did not happen (python missing, syntax error), empty when it did
    QJsonArray kernels; ///< [{lang, name, line, file, recorded}]
    QJsonArray launches;
    QJsonArray fallbacks;
    QJsonArray builds; ///< load_inline/cpp_extension builds: kernels defined and launched, what host functions do
    QJsonArray unrecognised; ///< [{what, line, file}]: a GPU kernel DSL the scan does not model
    QJsonArray findings; ///< [{id, severity, line, message, evidence, file}]: timer patches, harness writes, tricks
};
KernelScan scanCandidateKernels(const Task& task, const Implementation& impl, const RunRequest& request);

/// Findings on one candidate of a kernel task from its static scan and, where it ran, its dispatch records:
/// - `scope.no-kernel` (error): no kernel of a kernel language is defined or launched in its sources, or none
///   was launched in any recorded call (the output came from framework ops; the op list is the evidence);
/// - `scope.reference-fallback` (error): a fallback path in the source, or a call whose kernel launch raised
///   and which still returned (its output came from the fallback);
/// - `scope.forbidden-op` (error): an op the task forbids (or does not allow), or — with `reference` among the
///   forbidden ops — every compute op the reference dispatches; without that opt-in the latter is
///   `scope.framework-compute` (warning);
/// - `sandbox.harness-tampered` (error): the candidate removed the runner's recording hooks;
/// - `scope.kernel-unrecognised` (warning): no kernel the scan knows, but a GPU kernel DSL it does not model;
/// - the scan's own findings, in any task: `scope.timer-patched`, `scope.harness-patched` (errors), and of an
///   extension's C++/CUDA source `scope.writes-inputs`, `scope.uninitialised-output` (errors),
///   `scope.unsynchronised-stream` (warning).
Findings kernelScopeFindings(
    const Task& task, const Implementation& impl, const KernelScan& scan, const ImplRun* candidate, const ImplRun* ref);

/// Framework ops that allocate, view, copy or describe data: not "computing the result" (aten::empty_like, …).
bool isDataMovementOp(const QString& op);

} // namespace kwb

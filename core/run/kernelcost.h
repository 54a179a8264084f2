// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/run/implrun.h"
#include "core/task/task.h"

namespace kwb {

/// Whose work is it? For a candidate of a kernel task whose calls were recorded (recordsDispatch), the share of
/// the task's work its framework ops did — their estimated FLOPs (kwb_dispatch.op_flops, from the operands'
/// shapes) against the task's `benchmark.flops` for the call's case, else against the reference's own ops on
/// the same call — and where each call's time went (its kernels, the framework's ops, the rest). Medians over
/// the calls:
/// - `scope.framework-compute`: framework ops did at least half the work — an error (the kernels are
///   decoration beside a framework matmul, say); a fifth to a half — a warning;
/// - `scope.offload`: at least half of each call's time ran outside its kernels and outside the framework's ops,
///   and that is at least 2 ms — compute done where the record cannot see it (numpy, a C library through ctypes
///   or cffi): an error; a third to a half — a warning.
/// Thresholds and their reasoning: docs/running.md, "Whose work is it".
Findings kernelCostFindings(const Task& task, const ImplRun& candidate, const ImplRun* reference);

/// One candidate's scope findings with its cost findings merged in, each fact said once: a framework share is not
/// repeated where `scope.no-kernel` already says no kernel ran (its share is all of it, trivially), and the
/// cost-weighted `scope.framework-compute` replaces the coverage warning of the same id ("dispatches every compute
/// op the reference does"), which it measures, and the record's `scope.offload` the static scan's warning.
Findings withCostFindings(Findings scope, const Findings& cost);

} // namespace kwb

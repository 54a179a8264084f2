// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/task/task.h"

namespace kwb {

/// Benchmark-fairness findings that follow from the manifest and the sources alone, before anything runs:
///
/// - `bench.precision-mismatch` (W) on a candidate that computes in a lower precision than the task's dtypes
///   and its baselines: TF32 (wmma `precision::tf32`, `__float_to_tf32`, `mma…tf32`, cuBLAS TF32 math modes,
///   torch `allow_tf32`, jax `precision=` settings) on float32 data, or half/bfloat16/fp8 types where no tensor
///   of the task has them. Evidence: the file and line.
/// - `bench.weak-baseline` (W) on a baseline — the reference when it shares a candidate's backend, and any
///   candidate whose id names it a baseline (`baseline`, `naive`, `original`) — that is a naive loop (no
///   shared-memory tiling, no tensor cores, no vendor library) for matrix-multiply-like work (benchmark.flops
///   names three or more dims), where cuBLAS / a BLAS / a compiled framework exists.
/// - `bench.flags-mismatch` (W) on a cpp/cuda candidate whose source sets its own optimisation or math flags
///   (`#pragma GCC optimize/target`, `__attribute__((optimize/target))`, FP_CONTRACT / float_control pragmas)
///   where the reference's does not: every runner is otherwise built with the same command.
///
/// Unreadable sources are skipped (the run reports a missing file).
Findings staticFairnessFindings(const Task& task);

} // namespace kwb

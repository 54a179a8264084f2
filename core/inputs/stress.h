// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

#include <cstdint>

namespace kwb {

/// Fills `count` elements like fillInput() and then reshapes the values by a stress pattern
/// (docs/running.md "Stress inputs"), with μ and σ of the declared init:
/// shift (x + 6σ), scale (x · 10), impulse (zeros but for one in 256 (at most 4096) of height ±max(10(|μ|+σ), ∛max/4)
/// at positions drawn from `key`), ramp (μ−3σ … μ+3σ over the flat index), sorted (the values sorted ascending), large
/// (x scaled so that |μ|+3σ maps to the cube root of the dtype's largest finite value), and two that keep the declared
/// distribution's look — hidden (the declared values, one position per row carrying a spike) and mixture (the declared
/// mean and variance from 98 % narrow and 2 % wide values) — against shortcuts that probe a few elements and compute
/// from a subset. Deterministic in (key, index).
/// `rowLength` (the last dimension's size) and `tolerance` (the task's absolute tolerance at the inputs' scale) size
/// the `hidden` pattern's spikes: one per row, tall enough that a statistic over a subset of the row misses the
/// tolerance whether the subset holds the spike or not.
Status fillStressInput(const QString& pattern, const InitSpec& init, DType dtype, uint64_t key, void* dst,
    int64_t count, int64_t rowLength = 0, double tolerance = 0);

/// Reshapes, in place, `count` values another generator drew (a task's own input generator) by a stress pattern, as
/// fillStressInput() does for fresh draws, with the values' own mean and standard deviation in place of the
/// declared ones and spikes that keep the sign where no value is negative. float16, bfloat16, float32 and float64
/// values (other dtypes are an Error).
Status stressArray(const QString& pattern, DType dtype, uint64_t key, void* data, int64_t count, int64_t rowLength = 0,
    double tolerance = 0);

/// The largest finite value of a floating dtype (integers: their largest value).
double dtypeMaxFinite(DType dtype);

} // namespace kwb

#pragma once

#include "core/result.h"
#include "core/task/task.h"

#include <cstdint>

namespace kwb {

/// Fills `count` elements like fillInput() and then reshapes the values by a stress pattern
/// (docs/running.md "Stress inputs"), with μ and σ of the declared init:
/// shift (x + 6σ), scale (x · 10), impulse (zeros but for one in 256 (at most 4096) of height ±max(10(|μ|+σ), ∛max/4)
/// at positions drawn from `key`), ramp (μ−3σ … μ+3σ over the flat index), sorted (the values sorted ascending), large
/// (x scaled so that |μ|+3σ maps to the cube root of the dtype's largest finite value). Deterministic in (key, index).
Status fillStressInput(
    const QString& pattern, const InitSpec& init, DType dtype, uint64_t key, void* dst, int64_t count);

/// The largest finite value of a floating dtype (integers: their largest value).
double dtypeMaxFinite(DType dtype);

} // namespace kwb

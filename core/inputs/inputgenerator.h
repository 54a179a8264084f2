// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

#include <cstdint>

namespace kwb {

/// Name and version of the input generator, recorded in every report next to the seed.
QString inputGeneratorName();

/// The generator key of one input of one case: splitmix64(seed XOR fnv1a64(case "\0" input)). Inputs of
/// different cases or names get independent streams from one seed.
uint64_t inputKey(uint64_t seed, QStringView caseName, QStringView inputName);

/// Fills `count` elements of `dtype` at `dst` from `init` (normal, uniform, randint, arange, constant;
/// `file` is the caller's job: it reads a tensor file). Element i is a function of (key, firstIndex + i)
/// alone, so the result does not depend on how the work is split; large fills use every core.
/// Floats are rounded to the dtype (ties to even); integer dtypes round to nearest and saturate; bool is
/// value != 0. randint draws from [low, high) like numpy and torch.
Status fillInput(const InitSpec& init, DType dtype, uint64_t key, void* dst, int64_t count, int64_t firstIndex = 0);

} // namespace kwb

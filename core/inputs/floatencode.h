// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace kwb {

/// Rounds a double to the nearest representable value of a narrow float format (ties to even) and
/// returns its bit pattern. Out-of-range values become ±Inf (float16, bfloat16, float8_e5m2) or NaN
/// (float8_e4m3fn, which has no Inf — as torch's conversion does); NaN becomes the canonical quiet NaN.
uint16_t encodeFloat16(double x);
uint16_t encodeBFloat16(double x);
uint8_t encodeFloat8E4M3FN(double x);
uint8_t encodeFloat8E5M2(double x);

} // namespace kwb

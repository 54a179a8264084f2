// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/dtype.h"

#include <cstdint>
#include <cstring>

namespace kwb {

/// Exact IEEE binary16 → binary32 (subnormals, ±0, ±Inf and NaN included), branch-free so that loops over it
/// vectorise (the method of M. Dukhan's FP16 library: scale normals by 2^-112, rebuild subnormals by a magic bias).
inline float halfToFloat(std::uint16_t h)
{
    const std::uint32_t w = std::uint32_t(h) << 16;
    const std::uint32_t sign = w & 0x80000000u;
    const std::uint32_t twoW = w + w;
    float normalized;
    const std::uint32_t n = (twoW >> 4) + (0xE0u << 23);
    std::memcpy(&normalized, &n, 4);
    normalized *= 0x1.0p-112f;
    float denormalized;
    const std::uint32_t d = (twoW >> 17) | (126u << 23);
    std::memcpy(&denormalized, &d, 4);
    denormalized -= 0.5f;
    std::uint32_t bits;
    if (twoW < (1u << 27))
        std::memcpy(&bits, &denormalized, 4);
    else
        std::memcpy(&bits, &normalized, 4);
    bits |= sign;
    float out;
    std::memcpy(&out, &bits, 4);
    return out;
}

/// bfloat16 is the upper half of a binary32: exact by construction.
inline float bfloat16ToFloat(std::uint16_t b)
{
    const std::uint32_t w = std::uint32_t(b) << 16;
    float out;
    std::memcpy(&out, &w, 4);
    return out;
}

/// float8_e5m2 is the upper byte of a binary16.
inline float e5m2ToFloat(std::uint8_t b)
{
    return halfToFloat(std::uint16_t(std::uint16_t(b) << 8));
}

/// float8_e4m3fn (bias 7, no Inf, S.1111.111 is NaN, max 448).
float e4m3fnToFloat(std::uint8_t b);

/// The value of element `i` of a C-order native-endian buffer of type `t`, as a double (exact for every dtype
/// except int64 beyond 2^53).
double elementToDouble(const std::byte* data, DType t, std::size_t i);

/// Position of `x` on the grid of values of the floating dtype `t`, after rounding `x` to nearest-even in `t`:
/// consecutive representable values have consecutive ordinals, +0 and −0 are both 0, negative values are
/// negative, overflow (and ±Inf) maps one past the largest finite value. Integer dtypes: `x` rounded.
/// `x` must not be NaN. The ULP distance of two values on a grid is the difference of their ordinals.
std::int64_t gridOrdinal(double x, DType t);

/// Nearest-even encoding of `x` in the 16-/8-bit float dtype `t` (bits, as stored). Overflow gives Inf
/// (e4m3fn: NaN, as it has no Inf). Used by the writers of test data and by the tests.
std::uint16_t encodeSmallFloat(double x, DType t);

} // namespace kwb

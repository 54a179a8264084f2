// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/floatconv.h"

#include <array>
#include <cmath>
#include <limits>

namespace kwb {
namespace {
struct SmallFormat {
    int mantissa; // fraction bits
    int minExp; // exponent of the smallest normal
    std::int64_t infCode; // magnitude code one past the largest finite value
    std::uint16_t signBit;
    std::uint16_t nanCode;
};

SmallFormat smallFormat(DType t)
{
    switch (t) {
    case DType::Float16:
        return { 10, -14, 0x7C00, 0x8000, 0x7E00 };
    case DType::BFloat16:
        return { 7, -126, 0x7F80, 0x8000, 0x7FC0 };
    case DType::Float8E5M2:
        return { 2, -14, 0x7C, 0x80, 0x7E };
    default: // Float8E4M3FN: 0x7F is NaN, 0x7E = 448 is the largest finite value
        return { 3, -6, 0x7F, 0x80, 0x7F };
    }
}

// Magnitude code of |x| rounded to nearest-even: for a binary format the codes of the non-negative values are
// consecutive integers, and code = (e − minExp)·2^m + round(|x|·2^(m−e)) holds for normals and subnormals alike.
std::int64_t magnitudeCode(double ax, const SmallFormat& f)
{
    if (std::isinf(ax))
        return f.infCode;
    if (ax == 0.0)
        return 0;
    int e = std::ilogb(ax);
    if (e > 1100)
        return f.infCode;
    if (e < f.minExp)
        e = f.minExp;
    const double r = std::nearbyint(std::ldexp(ax, f.mantissa - e));
    const std::int64_t code = std::int64_t(e - f.minExp) * (std::int64_t(1) << f.mantissa) + std::int64_t(r);
    return code > f.infCode ? f.infCode : code;
}

std::array<float, 256> makeE4m3Table()
{
    std::array<float, 256> t {};
    for (int b = 0; b < 256; ++b) {
        const int e = (b >> 3) & 0xF;
        const int m = b & 7;
        float v;
        if (e == 15 && m == 7)
            v = std::numeric_limits<float>::quiet_NaN();
        else if (e == 0)
            v = std::ldexp(float(m), -9);
        else
            v = std::ldexp(float(8 + m), e - 10);
        t[b] = (b & 0x80) ? -v : v;
    }
    return t;
}
} // namespace

float e4m3fnToFloat(std::uint8_t b)
{
    static const std::array<float, 256> table = makeE4m3Table();
    return table[b];
}

double elementToDouble(const std::byte* data, DType t, std::size_t i)
{
    const std::byte* p = data + i * dtypeSize(t);
    auto load = [p](auto v) {
        std::memcpy(&v, p, sizeof v);
        return v;
    };
    switch (t) {
    case DType::Float64:
        return load(double {});
    case DType::Float32:
        return load(float {});
    case DType::Float16:
        return halfToFloat(load(std::uint16_t {}));
    case DType::BFloat16:
        return bfloat16ToFloat(load(std::uint16_t {}));
    case DType::Float8E4M3FN:
        return e4m3fnToFloat(load(std::uint8_t {}));
    case DType::Float8E5M2:
        return e5m2ToFloat(load(std::uint8_t {}));
    case DType::Int64:
        return double(load(std::int64_t {}));
    case DType::Int32:
        return load(std::int32_t {});
    case DType::Int16:
        return load(std::int16_t {});
    case DType::Int8:
        return load(std::int8_t {});
    case DType::UInt8:
        return load(std::uint8_t {});
    case DType::Bool:
        return load(std::uint8_t {}) != 0 ? 1.0 : 0.0;
    }
    return 0.0;
}

std::int64_t gridOrdinal(double x, DType t)
{
    std::int64_t mag = 0;
    switch (t) {
    case DType::Float64: {
        std::uint64_t bits;
        std::memcpy(&bits, &x, 8);
        mag = std::int64_t(bits & 0x7FFFFFFFFFFFFFFFull);
        break;
    }
    case DType::Float32: {
        const float f = float(x);
        std::uint32_t bits;
        std::memcpy(&bits, &f, 4);
        mag = bits & 0x7FFFFFFFu;
        break;
    }
    case DType::Float16:
    case DType::BFloat16:
    case DType::Float8E4M3FN:
    case DType::Float8E5M2:
        mag = magnitudeCode(std::fabs(x), smallFormat(t));
        break;
    default: {
        const double r = std::nearbyint(x);
        if (r >= 0x1p63)
            return std::numeric_limits<std::int64_t>::max();
        if (r < -0x1p63)
            return std::numeric_limits<std::int64_t>::min();
        return std::int64_t(r);
    }
    }
    return std::signbit(x) ? -mag : mag;
}

std::uint16_t encodeSmallFloat(double x, DType t)
{
    const SmallFormat f = smallFormat(t);
    if (std::isnan(x))
        return f.nanCode;
    const std::int64_t mag = magnitudeCode(std::fabs(x), f);
    return std::uint16_t(mag | (std::signbit(x) ? f.signBit : 0));
}

} // namespace kwb

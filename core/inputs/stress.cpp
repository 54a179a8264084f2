// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/inputs/stress.h"

#include "core/inputs/floatencode.h"
#include "core/inputs/inputgenerator.h"
#include "core/inputs/philox.h"
#include "core/tensor/floatconv.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace kwb {
namespace {
struct Moments {
    double mean = 0, sigma = 1;
};

Moments moments(const InitSpec& init)
{
    if (init.dist == u"uniform" || init.dist == u"randint")
        return { (init.low + init.high) / 2, (init.high - init.low) / std::sqrt(12.0) };
    if (init.dist == u"normal")
        return { init.mean, init.std };
    return {};
}

template <typename T> void storeAs(void* dst, const std::vector<double>& v)
{
    T* out = static_cast<T*>(dst);
    for (std::size_t i = 0; i < v.size(); ++i) {
        const double lo = double(std::numeric_limits<T>::lowest()), hi = double(std::numeric_limits<T>::max());
        out[i] = T(std::clamp(std::nearbyint(v[i]), lo, hi));
    }
}

void store(DType dtype, void* dst, const std::vector<double>& v)
{
    switch (dtype) {
    case DType::Float64:
        std::memcpy(dst, v.data(), v.size() * sizeof(double));
        return;
    case DType::Float32:
        for (std::size_t i = 0; i < v.size(); ++i)
            static_cast<float*>(dst)[i] = float(v[i]);
        return;
    case DType::Float16:
        for (std::size_t i = 0; i < v.size(); ++i)
            static_cast<uint16_t*>(dst)[i] = encodeFloat16(v[i]);
        return;
    case DType::BFloat16:
        for (std::size_t i = 0; i < v.size(); ++i)
            static_cast<uint16_t*>(dst)[i] = encodeBFloat16(v[i]);
        return;
    case DType::Float8E4M3FN:
        for (std::size_t i = 0; i < v.size(); ++i)
            static_cast<uint8_t*>(dst)[i] = encodeFloat8E4M3FN(v[i]);
        return;
    case DType::Float8E5M2:
        for (std::size_t i = 0; i < v.size(); ++i)
            static_cast<uint8_t*>(dst)[i] = encodeFloat8E5M2(v[i]);
        return;
    case DType::Int64:
        return storeAs<int64_t>(dst, v);
    case DType::Int32:
        return storeAs<int32_t>(dst, v);
    case DType::Int16:
        return storeAs<int16_t>(dst, v);
    case DType::Int8:
        return storeAs<int8_t>(dst, v);
    case DType::UInt8:
        return storeAs<uint8_t>(dst, v);
    case DType::Bool:
        for (std::size_t i = 0; i < v.size(); ++i)
            static_cast<uint8_t*>(dst)[i] = v[i] != 0;
        return;
    }
}
} // namespace

double dtypeMaxFinite(DType dtype)
{
    switch (dtype) {
    case DType::Float64:
        return std::numeric_limits<double>::max();
    case DType::Float32:
        return double(std::numeric_limits<float>::max());
    case DType::Float16:
        return 65504.0;
    case DType::BFloat16:
        return 3.3895313892515355e38;
    case DType::Float8E4M3FN:
        return 448.0;
    case DType::Float8E5M2:
        return 57344.0;
    case DType::Int64:
        return 9.2233720368547758e18;
    case DType::Int32:
        return 2147483647.0;
    case DType::Int16:
        return 32767.0;
    case DType::Int8:
        return 127.0;
    case DType::UInt8:
        return 255.0;
    case DType::Bool:
        return 1.0;
    }
    return 1.0;
}

namespace {
// The pattern applied to values `v` drawn from a distribution with moments `m` (`positive`: it has no negative
// values, so spikes keep the sign).
Status reshape(const QString& pattern, Moments m, bool positive, DType dtype, uint64_t key, std::vector<double>& v,
    int64_t rowLength, double tolerance)
{
    const int64_t count = int64_t(v.size());
    const double n = double(count);
    if (pattern == u"shift") {
        for (double& x : v)
            x += 6 * m.sigma;
    } else if (pattern == u"scale") {
        for (double& x : v)
            x *= 10;
    } else if (pattern == u"impulse") {
        // A few large values at positions no candidate can predict; a sign only where the values take negatives.
        // Tall enough that a missed spike moves any sum or mean beyond a loose absolute tolerance.
        const double height = std::max(10 * (std::abs(m.mean) + m.sigma), std::cbrt(dtypeMaxFinite(dtype)) / 4);
        std::fill(v.begin(), v.end(), 0.0);
        const Philox4x32 rng(key ^ 0x5354524553535f31ull);
        const int64_t spikes = std::clamp<int64_t>(count / 256, 1, 4096);
        for (int64_t s = 0; s < spikes && count > 0; ++s) {
            const auto w = rng(uint64_t(s));
            const auto at = std::size_t((uint64_t(w[0]) << 32 | w[1]) % uint64_t(count));
            v[at] = (positive || (w[2] & 1)) ? height : -height;
        }
    } else if (pattern == u"ramp") {
        for (std::size_t i = 0; i < v.size(); ++i)
            v[i] = m.mean + 3 * m.sigma * (n > 1 ? 2 * double(i) / (n - 1) - 1 : 0);
    } else if (pattern == u"sorted") {
        std::sort(v.begin(), v.end());
    } else if (pattern == u"hidden") {
        // The declared values everywhere but at one position per row (drawn from `key`), which carries a spike: a
        // probe of a hundred elements most often sees only the declared distribution, while a statistic over a
        // subset of the row either misses the spike or weighs it by the inverse of its sampling rate — off by at
        // least spike / row length, which is four times the tolerance (and at least 64σ).
        const Philox4x32 rng(key ^ 0x48494444454e5f32ull);
        const int64_t row = rowLength > 0 ? std::min(rowLength, count) : count;
        const double height = std::min(std::max(64 * m.sigma, 4 * tolerance * double(row)), dtypeMaxFinite(dtype) / 16);
        for (int64_t r = 0; row > 0 && r * row < count; ++r) {
            const auto w = rng(uint64_t(r));
            const int64_t len = std::min(row, count - r * row);
            const auto at = std::size_t(r * row + int64_t((uint64_t(w[0]) << 32 | w[1]) % uint64_t(len)));
            v[at] = m.mean + ((positive || (w[2] & 1)) ? height : -height);
        }
    } else if (pattern == u"mixture") {
        // The declared mean and variance, from another shape: 98 % of the values with a narrow spread (0.53σ) and
        // 2 % with a wide one (6σ), 0.98·0.53² + 0.02·6² = 1. The first two moments a probe can check are the
        // declared ones; an estimate from a subset of the values is many times less precise than from all.
        const Philox4x32 rng(key ^ 0x4d49585455524533ull);
        const double narrow = std::sqrt((1 - 0.02 * 36) / 0.98);
        for (std::size_t i = 0; i < v.size(); ++i) {
            const auto w = rng(uint64_t(i));
            const double z = m.sigma > 0 ? (v[i] - m.mean) / m.sigma : 0; // the declared draw, standardised
            const bool wide = double(w[0]) < 0.02 * 4294967296.0;
            v[i] = m.mean + z * m.sigma * (wide ? 6 : narrow);
        }
    } else if (pattern == u"large") {
        const double factor = std::cbrt(dtypeMaxFinite(dtype)) / std::max(1e-30, std::abs(m.mean) + 3 * m.sigma);
        for (double& x : v)
            x *= factor;
    } else {
        return Error { {}, {}, QStringLiteral("unknown stress pattern '%1'").arg(pattern) };
    }
    return Ok {};
}
} // namespace

Status fillStressInput(const QString& pattern, const InitSpec& init, DType dtype, uint64_t key, void* dst,
    int64_t count, int64_t rowLength, double tolerance)
{
    std::vector<double> v(std::size_t(std::max<int64_t>(count, 0)));
    if (auto f = fillInput(init, DType::Float64, key, v.data(), count); !f)
        return f;
    const bool positive = init.dist == u"uniform" && init.low >= 0;
    if (auto r = reshape(pattern, moments(init), positive, dtype, key, v, rowLength, tolerance); !r)
        return r;
    store(dtype, dst, v);
    return Ok {};
}

Status stressArray(
    const QString& pattern, DType dtype, uint64_t key, void* data, int64_t count, int64_t rowLength, double tolerance)
{
    std::vector<double> values(std::size_t(std::max<int64_t>(count, 0)));
    for (std::size_t i = 0; i < values.size(); ++i) {
        switch (dtype) {
        case DType::Float64:
            values[i] = static_cast<const double*>(data)[i];
            break;
        case DType::Float32:
            values[i] = static_cast<const float*>(data)[i];
            break;
        case DType::Float16:
            values[i] = halfToFloat(static_cast<const uint16_t*>(data)[i]);
            break;
        case DType::BFloat16:
            values[i] = bfloat16ToFloat(static_cast<const uint16_t*>(data)[i]);
            break;
        default:
            return Error { {}, {}, QStringLiteral("stress patterns reshape float16/bfloat16/float32/float64 values") };
        }
    }
    Moments m { 0, 0 };
    bool positive = true;
    for (double x : values) {
        m.mean += x;
        positive = positive && x >= 0;
    }
    m.mean /= double(std::max<std::size_t>(1, values.size()));
    for (double x : values)
        m.sigma += (x - m.mean) * (x - m.mean);
    m.sigma = std::sqrt(m.sigma / double(std::max<std::size_t>(1, values.size())));
    if (m.sigma == 0)
        m.sigma = std::max(1.0, std::abs(m.mean)); // constant values: the patterns' scale from their size
    if (auto r = reshape(pattern, m, positive, dtype, key, values, rowLength, tolerance); !r)
        return r;
    store(dtype, data, values);
    return Ok {};
}

} // namespace kwb

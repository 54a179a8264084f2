// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/inputs/inputgenerator.h"

#include "core/inputs/floatencode.h"
#include "core/inputs/philox.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <thread>
#include <vector>

namespace kwb {
namespace {
__extension__ using U128 = unsigned __int128;

uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void fnv1a(uint64_t& h, QStringView s)
{
    for (const QChar c : s) {
        for (const uint8_t byte :
            { static_cast<uint8_t>(c.unicode() & 0xFF), static_cast<uint8_t>(c.unicode() >> 8) }) {
            h ^= byte;
            h *= 0x100000001B3ull;
        }
    }
}

// 53 random bits as a double in [0, 1).
double unitDouble(uint32_t hi, uint32_t lo)
{
    return static_cast<double>(((uint64_t { hi } << 32) | lo) >> 11) * 0x1.0p-53;
}

enum class Dist { Normal, Uniform, RandInt, Arange, Constant };

struct Sampler {
    Dist dist;
    InitSpec init;
    Philox4x32 rng;

    double operator()(uint64_t index) const
    {
        switch (dist) {
        case Dist::Constant:
            return init.value;
        case Dist::Arange:
            return static_cast<double>(index);
        case Dist::Uniform: {
            const auto w = rng(index);
            return init.low + (init.high - init.low) * unitDouble(w[0], w[1]);
        }
        case Dist::RandInt: {
            const auto w = rng(index);
            const auto lo = static_cast<int64_t>(std::ceil(init.low));
            const auto range = static_cast<uint64_t>(static_cast<int64_t>(std::ceil(init.high)) - lo);
            const auto bits = (uint64_t { w[0] } << 32) | w[1];
            // Lemire's multiply-shift maps 64 random bits onto [0, range) without a division.
            const auto offset = static_cast<uint64_t>((static_cast<U128>(bits) * range) >> 64);
            return static_cast<double>(lo + static_cast<int64_t>(offset));
        }
        case Dist::Normal: {
            const auto w = rng(index);
            const double u1 = 1.0 - unitDouble(w[0], w[1]); // (0, 1]: log is finite
            const double u2 = unitDouble(w[2], w[3]);
            return init.mean + init.std * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
        }
        }
        return 0.0;
    }
};

template <typename Int> Int saturate(double v)
{
    if (std::isnan(v))
        return 0;
    const double r = std::nearbyint(v);
    if (r <= static_cast<double>(std::numeric_limits<Int>::min()))
        return std::numeric_limits<Int>::min();
    if (r >= static_cast<double>(std::numeric_limits<Int>::max()))
        return std::numeric_limits<Int>::max();
    return static_cast<Int>(r);
}

template <typename T, typename Encode>
void fillRange(const Sampler& s, T* out, int64_t begin, int64_t end, int64_t firstIndex, Encode encode)
{
    for (int64_t i = begin; i < end; ++i)
        out[i] = encode(s(static_cast<uint64_t>(firstIndex + i)));
}

void fillChunk(const Sampler& s, DType t, void* dst, int64_t begin, int64_t end, int64_t first)
{
    switch (t) {
    case DType::Float64:
        return fillRange(s, static_cast<double*>(dst), begin, end, first, [](double v) { return v; });
    case DType::Float32:
        return fillRange(
            s, static_cast<float*>(dst), begin, end, first, [](double v) { return static_cast<float>(v); });
    case DType::Float16:
        return fillRange(s, static_cast<uint16_t*>(dst), begin, end, first, encodeFloat16);
    case DType::BFloat16:
        return fillRange(s, static_cast<uint16_t*>(dst), begin, end, first, encodeBFloat16);
    case DType::Float8E4M3FN:
        return fillRange(s, static_cast<uint8_t*>(dst), begin, end, first, encodeFloat8E4M3FN);
    case DType::Float8E5M2:
        return fillRange(s, static_cast<uint8_t*>(dst), begin, end, first, encodeFloat8E5M2);
    case DType::Int64:
        return fillRange(s, static_cast<int64_t*>(dst), begin, end, first, saturate<int64_t>);
    case DType::Int32:
        return fillRange(s, static_cast<int32_t*>(dst), begin, end, first, saturate<int32_t>);
    case DType::Int16:
        return fillRange(s, static_cast<int16_t*>(dst), begin, end, first, saturate<int16_t>);
    case DType::Int8:
        return fillRange(s, static_cast<int8_t*>(dst), begin, end, first, saturate<int8_t>);
    case DType::UInt8:
        return fillRange(s, static_cast<uint8_t*>(dst), begin, end, first, saturate<uint8_t>);
    case DType::Bool:
        return fillRange(s, static_cast<uint8_t*>(dst), begin, end, first,
            [](double v) { return static_cast<uint8_t>(v != 0.0 && !std::isnan(v)); });
    }
}
} // namespace

QString inputGeneratorName()
{
    return QStringLiteral("kwb-philox4x32-10/1");
}

uint64_t inputKey(uint64_t seed, QStringView caseName, QStringView inputName)
{
    uint64_t h = 0xCBF29CE484222325ull;
    const QChar separator(0); // so ("ab", "c") and ("a", "bc") differ
    fnv1a(h, caseName);
    fnv1a(h, QStringView(&separator, 1));
    fnv1a(h, inputName);
    return splitmix64(seed ^ h);
}

Status fillInput(const InitSpec& init, DType dtype, uint64_t key, void* dst, int64_t count, int64_t firstIndex)
{
    static const QList<std::pair<QString, Dist>> dists { { QStringLiteral("normal"), Dist::Normal },
        { QStringLiteral("uniform"), Dist::Uniform }, { QStringLiteral("randint"), Dist::RandInt },
        { QStringLiteral("arange"), Dist::Arange }, { QStringLiteral("constant"), Dist::Constant } };
    const auto it = std::find_if(dists.begin(), dists.end(), [&](const auto& d) { return d.first == init.dist; });
    if (it == dists.end())
        return Error { {}, {}, QStringLiteral("input distribution '%1' cannot be generated here").arg(init.dist) };
    if (it->second == Dist::RandInt && !(std::ceil(init.high) > std::ceil(init.low)))
        return Error { {}, {},
            QStringLiteral("randint needs high > low (got low %1, high %2)").arg(init.low).arg(init.high) };
    if (count < 0 || (count > 0 && dst == nullptr))
        return Error { {}, {}, QStringLiteral("no buffer for %1 elements").arg(count) };

    const Sampler sampler { it->second, init, Philox4x32(key) };
    constexpr int64_t kMinPerThread = 1 << 16;
    const int64_t threads
        = std::clamp<int64_t>(count / kMinPerThread, 1, std::max(1u, std::thread::hardware_concurrency()));
    if (threads == 1) {
        fillChunk(sampler, dtype, dst, 0, count, firstIndex);
        return Ok {};
    }
    // Each thread gets its bounds by value: `pool` joins in its destructor, after later locals are gone.
    const int64_t step = (count + threads - 1) / threads;
    std::vector<std::jthread> pool;
    for (int64_t begin = 0; begin < count; begin += step) {
        const int64_t end = std::min(count, begin + step);
        pool.emplace_back(
            [&sampler, dtype, dst, begin, end, firstIndex] { fillChunk(sampler, dtype, dst, begin, end, firstIndex); });
    }
    return Ok {};
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compare/compareexact.h"

#include "core/tensor/floatconv.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace kwb::detail {
namespace {
std::int64_t elementToInt64(const std::byte* data, DType t, std::int64_t i)
{
    const std::byte* p = data + std::size_t(i) * dtypeSize(t);
    auto load = [p](auto v) {
        std::memcpy(&v, p, sizeof v);
        return std::int64_t(v);
    };
    switch (t) {
    case DType::Int64:
        return load(std::int64_t {});
    case DType::Int32:
        return load(std::int32_t {});
    case DType::Int16:
        return load(std::int16_t {});
    case DType::Int8:
        return load(std::int8_t {});
    case DType::UInt8:
        return load(std::uint8_t {});
    default: // Bool: any non-zero byte is true
        return load(std::uint8_t {}) != 0 ? 1 : 0;
    }
}

std::uint64_t magnitude(std::int64_t v)
{
    return v < 0 ? std::uint64_t(0) - std::uint64_t(v) : std::uint64_t(v);
}

// Distance of two grid ordinals without overflow: across zero it is the sum of the magnitudes.
std::uint64_t ordinalDistance(std::int64_t x, std::int64_t y)
{
    if ((x < 0) != (y < 0))
        return magnitude(x) + magnitude(y);
    return x > y ? std::uint64_t(x - y) : std::uint64_t(y - x);
}
} // namespace

int histogramBin(double absError)
{
    if (absError == 0)
        return 0;
    std::uint64_t bits;
    std::memcpy(&bits, &absError, 8);
    const std::int64_t ex = std::int64_t((bits >> 52) & 0x7FF);
    const std::int64_t bin = ((ex + (4096 - kHistBaseExponent)) >> 1) - (2048 - 2);
    return int(std::clamp<std::int64_t>(bin, 1, kBins - 1));
}

Element evaluate(const Params& p, std::int64_t i)
{
    Element el;
    const Tensor& at = *p.actual;
    const Tensor& et = *p.expected;
    if (p.exactIntegers) {
        const std::int64_t ia = elementToInt64(at.data, at.dtype, i);
        const std::int64_t ie = elementToInt64(et.data, et.dtype, i);
        const std::uint64_t d = ordinalDistance(ia, ie);
        el.a = double(ia);
        el.e = double(ie);
        el.finitePair = true;
        el.abs = double(d);
        el.hasRel = ie != 0;
        el.rel = el.hasRel ? el.abs / std::fabs(el.e) : 0.0;
        el.hasUlp = true;
        el.ulp = d;
        el.mismatch = d != 0;
        el.score = el.abs;
        return el;
    }
    const double a = elementToDouble(at.data, at.dtype, std::size_t(i));
    const double e = elementToDouble(et.data, et.dtype, std::size_t(i));
    el.a = a;
    el.e = e;
    if (!std::isnan(a) && !std::isnan(e)) {
        el.hasUlp = true;
        el.ulp = ordinalDistance(gridOrdinal(a, at.dtype), gridOrdinal(e, at.dtype));
    }
    if (std::isfinite(a) && std::isfinite(e)) {
        const double d = std::fabs(a - e);
        const double tol = p.tolerance.atol + p.tolerance.rtol * std::fabs(e);
        el.finitePair = true;
        el.abs = d;
        el.hasRel = e != 0;
        el.rel = el.hasRel ? d / std::fabs(e) : 0.0;
        el.mismatch = d > tol || (el.hasUlp && p.tolerance.maxUlp && el.ulp > std::uint64_t(p.fast.maxUlp));
        if (p.toleranceZero)
            el.score = d;
        else
            el.score = tol > 0 ? d / tol : (d > 0 ? std::numeric_limits<double>::infinity() : 0.0);
        return el;
    }
    if (p.tolerance.nan == NanPolicy::Match)
        el.mismatch = !((std::isnan(a) && std::isnan(e)) || a == e);
    else
        el.mismatch = true;
    el.score = el.mismatch ? std::numeric_limits<double>::infinity() : 0.0;
    return el;
}

void Partial::offerWorst(const HeapEntry& h, int k)
{
    if (k <= 0)
        return;
    // The heap's front is the entry every other one is worse than (the k-th worst).
    auto cmp = [](const HeapEntry& x, const HeapEntry& y) { return worseThan(x, y); };
    if (int(heap.size()) < k) {
        heap.push_back(h);
        std::push_heap(heap.begin(), heap.end(), cmp);
    } else if (worseThan(h, heap.front())) {
        std::pop_heap(heap.begin(), heap.end(), cmp);
        heap.back() = h;
        std::push_heap(heap.begin(), heap.end(), cmp);
    }
}

void exactRange(
    const Params& p, std::int64_t begin, std::int64_t end, bool full, Partial& part, double& sumAbs, double& sumSq)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    for (std::int64_t i = begin; i < end; ++i) {
        const Element el = evaluate(p, i);
        if (full) {
            part.nan.actual += std::isnan(el.a);
            part.nan.expected += std::isnan(el.e);
            part.nan.positionMismatches += std::isnan(el.a) != std::isnan(el.e);
            part.posinf.actual += el.a == inf;
            part.posinf.expected += el.e == inf;
            part.posinf.positionMismatches += (el.a == inf) != (el.e == inf);
            part.neginf.actual += el.a == -inf;
            part.neginf.expected += el.e == -inf;
            part.neginf.positionMismatches += (el.a == -inf) != (el.e == -inf);
            if (el.finitePair) {
                ++part.finitePairs;
                sumAbs += el.abs;
                sumSq += el.abs * el.abs;
                part.maxAbs = std::max(part.maxAbs, el.abs);
                ++part.hist[histogramBin(el.abs)];
            }
            if (el.hasUlp) {
                part.hasUlp = true;
                part.maxUlp = std::max(part.maxUlp, el.ulp);
            }
            part.mismatches += el.mismatch;
        }
        if (el.hasRel && el.rel > part.maxRel)
            part.maxRel = el.rel;
        if (p.worstK > 0
            && (int(part.heap.size()) < p.worstK || worseThan(HeapEntry { el.score, i }, part.heap.front())))
            part.offerWorst(HeapEntry { el.score, i }, p.worstK);
        if (el.mismatch && p.gridRows > 0) {
            const std::int64_t r = i / p.cols, c = i % p.cols;
            ++part.density[std::size_t((r * p.gridRows / p.rows) * p.gridCols + c * p.gridCols / p.cols)];
        }
    }
}

} // namespace kwb::detail

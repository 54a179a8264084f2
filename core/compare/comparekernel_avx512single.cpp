// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The single-precision kernel: float32, float16 and bfloat16 pairs, 16 elements per step in 512-bit vectors
// (AVX-512 F/VL/DQ/BW/VBMI; core/compare/CMakeLists.txt). Only called when the CPU reports those extensions.
//
// What must be exact is computed exactly. The difference is taken in float32, where it is exact whenever the fast
// path uses it (Sterbenz: |a − e| ≤ min(|a|, |e|), or a zero side — implied by the cheap test while the max
// relative error is at most 1/4, tested otherwise), and widened to float64 for the sums and maximum; ULP distances
// are in 32-bit integer lanes (two values of these dtypes are less than 2^32 positions apart). Everything rare is
// found by one cheap test per step and the step is then redone exactly in float64: elements that may mismatch,
// raise the max relative error or enter worst-k (float32 tests against limits shrunk by 2^-20 and rounded down, so
// they let through an element too many, never one too few), pairs of opposite signs (ULPs across zero), inexact
// float32 differences, and errors outside the histogram window. Such steps are marked for the exact element pass.
// Histogram: the bin follows from the exponent bits of the difference rounded towards zero (an exact float32
// difference is its own rounding; differences of these dtypes are multiples of 2^-149, so none truncates to zero).
// A per-block window of the 7 bins that held the most errors so far is counted in 4-bit lane counters through a
// 128-entry byte table (one table lookup, one shift, one add per step); bins outside it are counted one by one in
// the slow path.
#include "core/compare/comparekernel.h"
#include "core/compare/comparekernel_avx512loads.h"

#include <immintrin.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <iterator>

// GCC 12's _mm512_undefined_*() (behind the reductions and conversions) initialise a variable from itself.
// (clang has no -Wmaybe-uninitialized and rejects the name under -Werror.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace kwb::detail::avx512single {
namespace {

constexpr int kSteps = int(kChunk / 16); // 60 steps of 16 elements: 4 flushes of 15 into the 4-bit counters
static_assert(kSteps == 4 * 15, "the 4-bit histogram counters are flushed every 15 steps");
constexpr int kDown = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
constexpr int kTowardZero = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;

// The largest float32 not above x (FLT_MAX for anything larger).
float floatBelow(double x)
{
    if (std::isnan(x))
        return 0.0f;
    if (x >= double(FLT_MAX))
        return FLT_MAX;
    float f = float(x);
    if (double(f) > x)
        f = std::nextafter(f, -INFINITY);
    return f;
}

// The exponent index of a difference: (E+1)/2 for the exponent field E of its float32 rounding towards zero, so that
// the bin is clamp(index − 38, 1, 31) (bin 2 starts at 2^-48, two octaves per bin; see histogramBin()). Index 0
// holds zeros and subnormal differences (bin 1), told apart by counting the zeros.
int binOfIndex(int index)
{
    const int bin = index - 38;
    return bin < 1 ? 1 : (bin > kBins - 1 ? kBins - 1 : bin);
}

// The window: 8 four-bit counters per lane, counter 0 for index 0, counters 1–7 for bins firstBin … firstBin+6. A
// table code is 4·counter, or 0xFF outside the window (a 32-bit shift by 32 or more gives 0: nothing is counted, and
// the element goes to the slow path).
constexpr int kWindowBins = 7;
constexpr int kOutside = 0xFF;

void buildWindow(HistLanes& lanes, int firstBin)
{
    lanes.firstBin = firstBin;
    lanes.table[0] = 0;
    for (int i = 1; i < 128; ++i) {
        const int bin = binOfIndex(i);
        lanes.table[i] = static_cast<std::uint8_t>(
            bin >= firstBin && bin < firstBin + kWindowBins ? 4 * (1 + bin - firstBin) : kOutside);
    }
}

// counts[v·32 + 2·lane + s]: v 0/1 the even counters (s = 0: 0 or 4 / 2 or 6), v 2/3 the odd ones (1 or 5 / 3 or 7).
constexpr int counterOf(int v, int s)
{
    return (v >= 2 ? 1 : 0) + 2 * (v & 1) + 4 * s;
}

void settle(HistLanes& lanes, std::int64_t* hist)
{
    if (lanes.firstBin > 0) {
        std::int64_t counter[8] = {};
        for (int v = 0; v < 4; ++v)
            for (int i = 0; i < 32; ++i)
                counter[counterOf(v, i % 2)] += lanes.counts[v * 32 + i];
        hist[0] += lanes.zeros;
        hist[1] += counter[0] - lanes.zeros;
        for (int c = 1; c < 8; ++c)
            hist[lanes.firstBin + c - 1] += counter[c];
    }
    std::fill(std::begin(lanes.counts), std::end(lanes.counts), std::uint16_t(0));
    lanes.zeros = 0;
    // The 7 neighbouring bins (of 1–31) that held the most errors so far; 2^-28…2^-16 before anything is known.
    int best = 0;
    std::int64_t bestCount = 0;
    for (int first = 1; first + kWindowBins <= kBins; ++first) {
        std::int64_t sum = 0;
        for (int b = first; b < first + kWindowBins; ++b)
            sum += hist[b];
        if (sum > bestCount || (sum == bestCount && first == lanes.firstBin)) {
            best = first;
            bestCount = sum;
        }
    }
    if (bestCount == 0)
        best = lanes.firstBin > 0 ? lanes.firstBin : 12;
    if (best != lanes.firstBin)
        buildWindow(lanes, best);
}

// What a chunk is measured against: the cheap limits (float32, shrunk by 2^-20 and rounded down) and the exact ones.
struct Limits {
    __m512 lineR, lineA, relLo;
    __m512i maxUlp, sign, tableLo, tableHi;
    __m512d rtol, atol, wRtol, wAtol, relT, worstT;
};

// The running sums and maxima of a chunk, in registers.
struct Accumulators {
    __m512d sumAbsLo = _mm512_setzero_pd(), sumAbsHi = _mm512_setzero_pd();
    __m512d sumSqLo = _mm512_setzero_pd(), sumSqHi = _mm512_setzero_pd();
    __m512d maxAbs = _mm512_setzero_pd(); // the slow steps' maximum
    __m512 maxAbsSingle = _mm512_setzero_ps(); // the fast steps' maximum (exact differences)
    __m512i ulpMax = _mm512_setzero_si512();
};

inline __m512d lowHalf(__m512 v)
{
    return _mm512_cvtps_pd(_mm512_castps512_ps256(v));
}

inline __m512d highHalf(__m512 v)
{
    return _mm512_cvtps_pd(_mm512_extractf32x8_ps(v, 1));
}

// One step whose cheap test failed: everything again in float64, exactly as compareexact.cpp computes it (no FMA
// contraction in this file) — the sums and maximum, the difference rounded towards zero for the histogram (and the
// window code that follows from it), ULPs across zero, the mismatch, relative-error and worst-k tests, and the
// histogram bins outside the window. True when the step holds a mismatch or a candidate for the exact pass.
template <bool UlpLimit>
inline bool slowStep(const Limits& k, const Step& sa, const Step& se, __mmask16 sameSign, __m512i same,
    Accumulators& acc, __m512i& dzBits, __m512i& code, std::int64_t& mismatches, bool& relFlag, bool& worstFlag,
    ChunkFast& out)
{
    const __m512d eLo = lowHalf(se.v), eHi = highHalf(se.v);
    const __m512d diffLo = _mm512_sub_pd(lowHalf(sa.v), eLo), diffHi = _mm512_sub_pd(highHalf(sa.v), eHi);
    const __m512d dLo = _mm512_abs_pd(diffLo), dHi = _mm512_abs_pd(diffHi);
    acc.sumAbsLo = _mm512_add_pd(acc.sumAbsLo, dLo);
    acc.sumAbsHi = _mm512_add_pd(acc.sumAbsHi, dHi);
    acc.sumSqLo = _mm512_fmadd_pd(diffLo, diffLo, acc.sumSqLo);
    acc.sumSqHi = _mm512_fmadd_pd(diffHi, diffHi, acc.sumSqHi);
    acc.maxAbs = _mm512_max_pd(acc.maxAbs, _mm512_max_pd(dLo, dHi));
    dzBits = _mm512_castps_si512(_mm512_insertf32x8(
        _mm512_castps256_ps512(_mm512_cvt_roundpd_ps(dLo, kTowardZero)), _mm512_cvt_roundpd_ps(dHi, kTowardZero), 1));
    code = _mm512_permutex2var_epi8(
        k.tableLo, _mm512_srli_epi32(_mm512_add_epi32(dzBits, _mm512_set1_epi32(0x00800000)), 24), k.tableHi);

    const __mmask16 crosses = __mmask16(~sameSign);
    const __m512i across = _mm512_sub_epi32(_mm512_add_epi32(sa.bits, se.bits), k.sign);
    const __m512i ulp = _mm512_mask_blend_epi32(crosses, same, across);
    acc.ulpMax = _mm512_max_epu32(acc.ulpMax, ulp);
    const __m512d aeLo = _mm512_abs_pd(eLo), aeHi = _mm512_abs_pd(eHi);
    const __m512d tolLo = _mm512_add_pd(k.atol, _mm512_mul_pd(k.rtol, aeLo));
    const __m512d tolHi = _mm512_add_pd(k.atol, _mm512_mul_pd(k.rtol, aeHi));
    unsigned mis
        = _mm512_cmp_pd_mask(dLo, tolLo, _CMP_GT_OQ) | (unsigned(_mm512_cmp_pd_mask(dHi, tolHi, _CMP_GT_OQ)) << 8);
    if constexpr (UlpLimit)
        mis |= _mm512_cmpgt_epu32_mask(ulp, k.maxUlp);
    mismatches += __builtin_popcount(mis);
    const __mmask8 nzLo = _mm512_cmp_pd_mask(aeLo, _mm512_setzero_pd(), _CMP_NEQ_OQ);
    const __mmask8 nzHi = _mm512_cmp_pd_mask(aeHi, _mm512_setzero_pd(), _CMP_NEQ_OQ);
    const bool rel = _mm512_mask_cmp_pd_mask(nzLo, _mm512_div_pd(dLo, aeLo), k.relT, _CMP_GT_OQ)
        || _mm512_mask_cmp_pd_mask(nzHi, _mm512_div_pd(dHi, aeHi), k.relT, _CMP_GT_OQ);
    const __m512d twLo = _mm512_add_pd(k.wAtol, _mm512_mul_pd(k.wRtol, aeLo));
    const __m512d twHi = _mm512_add_pd(k.wAtol, _mm512_mul_pd(k.wRtol, aeHi));
    const bool worst = _mm512_cmp_pd_mask(_mm512_div_pd(dLo, twLo), k.worstT, _CMP_GT_OQ)
        || _mm512_cmp_pd_mask(_mm512_div_pd(dHi, twHi), k.worstT, _CMP_GT_OQ);
    relFlag = relFlag || rel;
    worstFlag = worstFlag || worst;
    unsigned outside = _mm512_cmpgt_epu32_mask(code, _mm512_set1_epi32(28));
    if (outside) {
        alignas(64) std::uint32_t idx[16];
        _mm512_store_si512(idx, _mm512_srli_epi32(_mm512_add_epi32(dzBits, _mm512_set1_epi32(0x00800000)), 24));
        for (; outside; outside &= outside - 1)
            ++out.hist[binOfIndex(int(idx[__builtin_ctz(outside)]))];
    }
    return mis != 0 || rel || worst;
}

// ProvenExact: the running max relative error is at most 1/4, so every element that passes the cheap test has
// |a − e| ≤ |e|/4 (or e = 0): by Sterbenz's lemma its float32 difference is exact. Otherwise exactness is tested.
template <class Load, bool UlpLimit, bool ProvenExact>
void chunkWith(const std::byte* a, const std::byte* e, const Limits& k, ChunkFast& out, HistLanes& lanes)
{
    const __m512i absBits = _mm512_set1_epi32(0x7FFFFFFF);
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i exponentCarry = _mm512_set1_epi32(0x00800000);
    const __m512i lastCode = _mm512_set1_epi32(28);

    Accumulators acc;
    std::int64_t mismatches = 0, zeros = 0;
    bool relFlag = false, worstFlag = false;
    std::uint64_t steps = 0;
    __m512i evenBytes = _mm512_setzero_si512(), oddBytes = _mm512_setzero_si512();

    for (int flush = 0; flush < 4; ++flush) {
        __m512i nibbles = _mm512_setzero_si512();
        for (int it = 0; it < 15; ++it) {
            const std::size_t offset = std::size_t(flush * 15 + it) * 16 * Load::size;
            const Step sa = Load::load(a + offset);
            const Step se = Load::load(e + offset);
            // The float32 difference: exact for every element the tests below let through (see ProvenExact).
            __m512i dzBits = _mm512_and_si512(_mm512_castps_si512(_mm512_sub_ps(sa.v, se.v)), absBits);
            const __m512 dz = _mm512_castsi512_ps(dzBits);

            // ULP distance for equal signs: |ua − ue| (across zero, in the slow path: |a| + |e| positions).
            const __mmask16 sameSign = _mm512_testn_epi32_mask(_mm512_xor_si512(sa.bits, se.bits), k.sign);
            const __m512i same = _mm512_abs_epi32(_mm512_sub_epi32(sa.bits, se.bits));

            // Histogram window code of each element (bytes 1–3 of the index are 0: table[0] = 0).
            const __m512i index = _mm512_srli_epi32(_mm512_add_epi32(dzBits, exponentCarry), 24);
            __m512i code = _mm512_permutex2var_epi8(k.tableLo, index, k.tableHi);

            // Cheap test of everything rare: under the lower of the tolerance and worst-k lines and the relative limit
            // (|e| one step down: NaN for e = 0, where min() takes the line), same signs, inside the window.
            const __m512i ae = _mm512_and_si512(se.bits, absBits);
            const __m512 aeF = _mm512_castsi512_ps(ae);
            const __m512 relLimit = _mm512_mul_round_ps(k.relLo, _mm512_castsi512_ps(_mm512_sub_epi32(ae, one)), kDown);
            const __m512 limit = _mm512_min_ps(relLimit, _mm512_fmadd_round_ps(k.lineR, aeF, k.lineA, kDown));
            __mmask16 fine = _mm512_mask_cmp_ps_mask(sameSign, dz, limit, _CMP_LE_OQ);
            fine = _mm512_mask_cmple_epu32_mask(fine, code, lastCode);
            if constexpr (UlpLimit)
                fine = _mm512_mask_cmple_epu32_mask(fine, same, k.maxUlp);
            if constexpr (!ProvenExact) {
                // Sterbenz: |a − e| < min(|a|, |e|) (tested on the rounded difference, which can only be larger
                // when the exact one is not below), or one side is zero.
                const __m512 least = _mm512_min_ps(_mm512_castsi512_ps(_mm512_and_si512(sa.bits, absBits)), aeF);
                fine = _mm512_mask_cmp_ps_mask(fine, dz, least, _CMP_LT_OQ)
                    | _mm512_mask_testn_epi32_mask(fine, _mm512_castps_si512(least), absBits);
            }
            if (__builtin_expect(fine == 0xFFFF, 1)) {
                acc.sumAbsLo = _mm512_add_pd(acc.sumAbsLo, lowHalf(dz));
                const __m512d dHi = highHalf(dz);
                acc.sumAbsHi = _mm512_add_pd(acc.sumAbsHi, dHi);
                acc.sumSqLo = _mm512_fmadd_pd(lowHalf(dz), lowHalf(dz), acc.sumSqLo);
                acc.sumSqHi = _mm512_fmadd_pd(dHi, dHi, acc.sumSqHi);
                acc.maxAbsSingle = _mm512_max_ps(acc.maxAbsSingle, dz);
                acc.ulpMax = _mm512_max_epu32(acc.ulpMax, same);
            } else {
                if (slowStep<UlpLimit>(
                        k, sa, se, sameSign, same, acc, dzBits, code, mismatches, relFlag, worstFlag, out))
                    steps |= std::uint64_t(1) << (flush * 15 + it);
            }
            nibbles = _mm512_add_epi32(nibbles, _mm512_sllv_epi32(one, code));
            zeros += __builtin_popcount(_mm512_testn_epi32_mask(dzBits, dzBits));
        }
        const __m512i low = _mm512_set1_epi32(0x0F0F0F0F);
        evenBytes = _mm512_add_epi32(evenBytes, _mm512_and_si512(nibbles, low));
        oddBytes = _mm512_add_epi32(oddBytes, _mm512_and_si512(_mm512_srli_epi32(nibbles, 4), low));
    }

    out.sumAbs = _mm512_reduce_add_pd(_mm512_add_pd(acc.sumAbsLo, acc.sumAbsHi));
    out.sumSq = _mm512_reduce_add_pd(_mm512_add_pd(acc.sumSqLo, acc.sumSqHi));
    out.maxAbs = std::max(_mm512_reduce_max_pd(acc.maxAbs), double(_mm512_reduce_max_ps(acc.maxAbsSingle)));
    // NaN/Inf somewhere, or a difference beyond the float32 range (where the cheap tests saturate): the exact path
    // redoes the chunk, and the histogram counters stay untouched.
    if (!std::isfinite(out.sumAbs) || out.maxAbs > double(FLT_MAX)) {
        out.sumAbs = INFINITY;
        return;
    }
    out.maxUlp = std::int64_t(unsigned(_mm512_reduce_max_epu32(acc.ulpMax)));
    out.mismatches = mismatches;
    out.relCandidate = relFlag;
    out.worstCandidate = worstFlag;
    out.candidateSteps = steps;
    lanes.zeros += zeros;
    // 8-bit counters (at most 60 per chunk) into the block's 16-bit ones (layout: counterOf()).
    const __m512i halves = _mm512_set1_epi32(0x00FF00FF);
    __m512i* counts = reinterpret_cast<__m512i*>(lanes.counts);
    counts[0] = _mm512_add_epi16(counts[0], _mm512_and_si512(evenBytes, halves));
    counts[1] = _mm512_add_epi16(counts[1], _mm512_and_si512(_mm512_srli_epi32(evenBytes, 8), halves));
    counts[2] = _mm512_add_epi16(counts[2], _mm512_and_si512(oddBytes, halves));
    counts[3] = _mm512_add_epi16(counts[3], _mm512_and_si512(_mm512_srli_epi32(oddBytes, 8), halves));
}

// The cheap test's limits in float32 (shrunk by 2^-20 and rounded down).
struct CheapLimits {
    float lineR, lineA, relLo;
};

CheapLimits cheapLimits(const FastParams& p, double relThreshold, double worstThreshold)
{
    constexpr double shrink = 1.0 - 0x1p-20;
    // The mismatch line rtol·|e| + atol and the worst-k line t·(worstRtol·|e| + worstAtol), t the k-th worst score,
    // are usually proportional; the line of the smaller slope and intercept is under both in any case.
    float wr = 0.0f, wa = -1.0f; // heap not full: everything is a candidate
    if (std::isinf(worstThreshold)) {
        wr = wa = INFINITY; // nothing beats +Inf
    } else if (worstThreshold >= 0) {
        wr = floatBelow(worstThreshold * p.worstRtol * shrink);
        wa = floatBelow(worstThreshold * p.worstAtol * shrink);
    }
    return { std::min(floatBelow(p.rtol * shrink), wr), std::min(floatBelow(p.atol * shrink), wa),
        floatBelow(relThreshold * shrink) };
}

// The thresholds change a few times per block at most: the last limits of each thread are kept.
const CheapLimits& cachedLimits(const FastParams& p, double relThreshold, double worstThreshold)
{
    thread_local struct {
        FastParams p;
        double rel = NAN, worst = NAN; // NaN: nothing cached (NaN thresholds are never reused)
        CheapLimits limits {};
    } cache;
    if (relThreshold != cache.rel || worstThreshold != cache.worst || p.rtol != cache.p.rtol || p.atol != cache.p.atol
        || p.worstRtol != cache.p.worstRtol || p.worstAtol != cache.p.worstAtol) {
        cache.limits = cheapLimits(p, relThreshold, worstThreshold);
        cache.p = p;
        cache.rel = relThreshold;
        cache.worst = worstThreshold;
    }
    return cache.limits;
}

template <class Load>
void chunk(const std::byte* a, const std::byte* e, const FastParams& p, double relThreshold, double worstThreshold,
    ChunkFast& out, HistLanes& lanes)
{
    const CheapLimits& cheap = cachedLimits(p, relThreshold, worstThreshold);
    Limits k;
    k.lineR = _mm512_set1_ps(cheap.lineR);
    k.lineA = _mm512_set1_ps(cheap.lineA);
    k.relLo = _mm512_set1_ps(cheap.relLo);
    k.maxUlp = _mm512_set1_epi32(int(unsigned(std::min<std::int64_t>(p.maxUlp, 0xFFFFFFFFll))));
    k.sign = _mm512_set1_epi32(int(Load::sign));
    k.tableLo = _mm512_load_si512(lanes.table);
    k.tableHi = _mm512_load_si512(lanes.table + 64);
    k.rtol = _mm512_set1_pd(p.rtol);
    k.atol = _mm512_set1_pd(p.atol);
    k.wRtol = _mm512_set1_pd(p.worstRtol);
    k.wAtol = _mm512_set1_pd(p.worstAtol);
    k.relT = _mm512_set1_pd(relThreshold);
    k.worstT = _mm512_set1_pd(worstThreshold);
    // Two values of these dtypes are less than 2^32 − 1 positions apart: such a limit cannot be exceeded.
    const bool ulpLimit = p.maxUlp < 0xFFFFFFFFll;
    if (relThreshold <= 0.25)
        (ulpLimit ? chunkWith<Load, true, true> : chunkWith<Load, false, true>)(a, e, k, out, lanes);
    else
        (ulpLimit ? chunkWith<Load, true, false> : chunkWith<Load, false, false>)(a, e, k, out, lanes);
}

} // namespace

FastKernel fastKernel(DType t)
{
    switch (t) {
    case DType::Float32:
        return { &chunk<LoadF32>, &settle };
    case DType::Float16:
        return { &chunk<LoadF16>, &settle };
    case DType::BFloat16:
        return { &chunk<LoadBF16>, &settle };
    default:
        return {};
    }
}

} // namespace kwb::detail::avx512single

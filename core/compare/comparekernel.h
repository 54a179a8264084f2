// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to the comparison engine: the vectorised pass over one chunk and the exact per-element path.

#include "core/compare/comparison.h"

#include <cstddef>
#include <cstdint>

namespace kwb::detail {

constexpr int kBins = 32;
/// Elements per chunk: 16 flushes × 15 iterations × 4 lanes (8 × 15 × 8 in the AVX-512 build), so 4-bit histogram
/// counters never overflow between flushes and 8-bit ones never within a chunk.
constexpr std::int64_t kChunk = 960;
static_assert(kChunk / 16 <= 64, "ChunkFast::candidateSteps has a bit per 16-element step");
/// Elements per block: the unit of work of a thread, and of the ordered summation that makes sums
/// independent of the thread count.
constexpr std::int64_t kBlock = kChunk * 64;
/// Biased binary exponent of the histogram's first inner edge, 2^-48.
constexpr int kHistBaseExponent = 1023 - 48;

/// What the vectorised pass needs to know, fixed for a whole comparison.
struct FastParams {
    double rtol = 0;
    double atol = 0;
    std::int64_t maxUlp = INT64_MAX; ///< floor(max_ulp), or INT64_MAX when unset
    double worstAtol = 0; ///< the worst-k ranking divides by worstAtol + worstRtol·|e|
    double worstRtol = 0;
};

/// Per-chunk results of the vectorised pass, valid only when sumAbs is finite (a NaN or ±Inf anywhere, or an
/// overflow, makes it non-finite, and the chunk is redone by the exact path).
struct ChunkFast {
    double sumAbs = 0;
    double sumSq = 0;
    double maxAbs = 0;
    std::int64_t mismatches = 0;
    std::int64_t maxUlp = 0;
    std::uint32_t hist[kBins] = {};
    bool relCandidate = false; ///< some element may raise the running max relative error
    bool worstCandidate = false; ///< some element may enter the worst-k list
    /// The 16-element steps of the chunk that hold the candidates and mismatches (bit s: elements 16s…16s+15); a
    /// kernel that does not track them leaves every bit set, and the exact pass then covers the whole chunk.
    std::uint64_t candidateSteps = ~std::uint64_t(0);
};

/// The relative margin by which the vectorised pass shrinks its thresholds, so that rounding in the cheap test (a
/// product instead of a quotient) can only let through an element too many, never one too few.
constexpr double kMargin = 1.0 - 0x1p-40;

/// Histogram state a kernel may keep across the chunks of one block instead of filling ChunkFast::hist for every
/// chunk: a window of the few bins most errors fall in, counted cheaply in vector lanes, with the rest counted in
/// ChunkFast::hist. The layout is the kernel's own; its `settle` adds the counters into the 32 bins and picks the
/// window for what follows from the bins so far.
struct alignas(64) HistLanes {
    std::uint16_t counts[256]; ///< 16-bit counters: at most 60 per chunk in each, 3840 per block of 64 chunks
    std::uint8_t table[128]; ///< the window's code for each exponent index
    std::int64_t zeros = 0; ///< exact zero differences (in the window's first counter with the subnormal ones)
    int firstBin = 0; ///< 0: no window chosen yet
};

/// One full chunk of a same-dtype pair. `relThreshold`/`worstThreshold` are the running max relative error and
/// the k-th worst score (negative: everything is a candidate); the flags are set only for elements that strictly
/// exceed them (a tie never changes the exact path's result: within a thread indices only grow). A kernel counts
/// the histogram either in `out.hist` or, when it has a `settle`, partly in `lanes` (only for a chunk whose sumAbs
/// is finite: the exact path redoes the others).
using ChunkKernel = void (*)(const std::byte* a, const std::byte* e, const FastParams& p, double relThreshold,
    double worstThreshold, ChunkFast& out, HistLanes& lanes);
/// Adds what `lanes` counted into `hist`, clears the counters and picks the window for the next block from `hist`.
using HistSettle = void (*)(HistLanes& lanes, std::int64_t* hist);
struct FastKernel {
    ChunkKernel chunk = nullptr;
    HistSettle settle = nullptr; ///< null: the kernel fills ChunkFast::hist
    explicit operator bool() const { return chunk != nullptr; }
};

/// The kernel for a same-dtype pair of `t` (float64/32/16, bfloat16), or none. Picks the single-precision AVX-512
/// kernel (float32/16, bfloat16), the AVX-512 or AVX2 build of the generic one when the CPU has it.
FastKernel fastKernel(DType t);

namespace generic {
FastKernel fastKernel(DType t);
}
namespace avx2 {
FastKernel fastKernel(DType t);
}
namespace avx512 {
FastKernel fastKernel(DType t);
}
namespace avx512single {
FastKernel fastKernel(DType t);
}

} // namespace kwb::detail

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to the comparison engine: the exact element-by-element path, used for every dtype pair without a
// vectorised kernel, for chunks holding NaN/Inf, for the tail, and for the few elements the vectorised pass
// flags (a new max relative error, a worst-k candidate, a mismatch to place on the density grid).

#include "core/compare/comparekernel.h"

#include <vector>

namespace kwb::detail {

struct Params {
    const Tensor* actual = nullptr;
    const Tensor* expected = nullptr;
    Tolerance tolerance;
    FastParams fast;
    bool exactIntegers = false; ///< both sides integer or bool: compare int64 values exactly
    bool toleranceZero = false; ///< rtol = atol = 0: the worst-k ranking is by |a−e|
    int worstK = 10;
    // Density grid (gridRows = 0: none).
    std::int64_t rows = 0, cols = 0;
    int gridRows = 0, gridCols = 0;
};

/// One element, judged.
struct Element {
    double a = 0, e = 0;
    bool finitePair = false;
    double abs = 0; ///< valid for finite pairs
    double rel = 0; ///< valid for finite pairs with e ≠ 0
    bool hasRel = false;
    bool hasUlp = false;
    std::uint64_t ulp = 0;
    bool mismatch = false;
    double score = 0;
};

Element evaluate(const Params& p, std::int64_t i);

struct HeapEntry {
    double score;
    std::int64_t index;
};
/// Ranking: higher score first, then lower index (so the result is independent of the thread count).
inline bool worseThan(const HeapEntry& x, const HeapEntry& y)
{
    return x.score > y.score || (x.score == y.score && x.index < y.index);
}

/// A thread's running results.
struct Partial {
    double maxAbs = 0;
    double maxRel = 0;
    bool hasUlp = false;
    std::uint64_t maxUlp = 0;
    std::int64_t mismatches = 0;
    std::int64_t finitePairs = 0;
    NonFiniteCounts nan, posinf, neginf;
    std::int64_t hist[kBins] = {};
    std::vector<HeapEntry> heap; ///< min-heap under worseThan, at most worstK entries
    std::vector<std::int64_t> density;

    /// The k-th worst score so far, or −1 while fewer than k are known.
    double worstThreshold(int k) const { return int(heap.size()) < k ? -1.0 : heap.front().score; }
    void offerWorst(const HeapEntry& h, int k);
};

/// Exact path over [begin, end). `full`: everything (sums into sumAbs/sumSq in element order); otherwise only
/// what the vectorised pass leaves out: max relative error, worst-k, density.
void exactRange(
    const Params& p, std::int64_t begin, std::int64_t end, bool full, Partial& part, double& sumAbs, double& sumSq);

/// Histogram bin of an absolute error (see ErrorHistogram).
int histogramBin(double absError);

} // namespace kwb::detail

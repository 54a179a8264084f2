// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compare/comparison.h"

#include "core/compare/compareexact.h"
#include "core/compare/verdict.h"

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <thread>

namespace kwb {
namespace detail {
FastKernel fastKernel(DType t)
{
#if defined(KWB_HAVE_AVX2_KERNEL)
    // KWB_NO_AVX512 / KWB_NO_SINGLE_KERNEL step down to the next kernel (tests compare the builds with them).
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw")
        && !qEnvironmentVariableIsSet("KWB_NO_AVX512");
    if (avx512 && __builtin_cpu_supports("avx512vbmi") && !qEnvironmentVariableIsSet("KWB_NO_SINGLE_KERNEL")) {
        if (const FastKernel k = avx512single::fastKernel(t))
            return k;
    }
    if (avx512)
        return avx512::fastKernel(t);
    if (__builtin_cpu_supports("avx2"))
        return avx2::fastKernel(t);
#endif
    return generic::fastKernel(t);
}
} // namespace detail

using namespace detail;

std::vector<double> histogramEdges()
{
    std::vector<double> edges { 0.0, 0.0 };
    for (int k = 2; k < kBins; ++k)
        edges.push_back(std::ldexp(1.0, (kHistBaseExponent - 1023) + 2 * (k - 2)));
    edges.push_back(DBL_MAX);
    return edges;
}

namespace {
struct BlockSums {
    double abs = 0;
    double sq = 0;
};

void processBlock(const Params& p, FastKernel kernel, std::int64_t block, std::int64_t n, Partial& part,
    BlockSums& sums, HistLanes& lanes)
{
    const std::int64_t begin = block * kBlock;
    const std::int64_t end = std::min(n, begin + kBlock);
    const std::size_t aSize = dtypeSize(p.actual->dtype);
    for (std::int64_t c = begin; c < end; c += kChunk) {
        const std::int64_t ce = std::min(end, c + kChunk);
        if (!kernel || ce - c < kChunk) {
            exactRange(p, c, ce, true, part, sums.abs, sums.sq);
            continue;
        }
        ChunkFast f;
        const double relThreshold = part.maxRel;
        const double worstThreshold = part.worstThreshold(p.worstK);
        kernel.chunk(p.actual->data + std::size_t(c) * aSize, p.expected->data + std::size_t(c) * aSize, p.fast,
            relThreshold, worstThreshold, f, lanes);
        if (!std::isfinite(f.sumAbs)) { // NaN/Inf somewhere (or an overflow): the exact path decides
            exactRange(p, c, ce, true, part, sums.abs, sums.sq);
            continue;
        }
        sums.abs += f.sumAbs;
        sums.sq += f.sumSq;
        part.finitePairs += kChunk;
        part.maxAbs = std::max(part.maxAbs, f.maxAbs);
        part.hasUlp = true;
        part.maxUlp = std::max(part.maxUlp, std::uint64_t(f.maxUlp));
        part.mismatches += f.mismatches;
        for (int b = 0; b < kBins; ++b)
            part.hist[b] += f.hist[b];
        const bool worstNeeded = p.worstK > 0 && (f.worstCandidate || int(part.heap.size()) < p.worstK);
        if (f.relCandidate || worstNeeded || (f.mismatches > 0 && p.gridRows > 0)) {
            // Only the steps that hold candidates: the others have none, and the thresholds only grow.
            double unusedAbs = 0, unusedSq = 0;
            const std::uint64_t steps = int(part.heap.size()) < p.worstK ? ~std::uint64_t(0) : f.candidateSteps;
            for (std::int64_t s = 0; s < kChunk / 16; ++s)
                if (steps >> s & 1)
                    exactRange(p, c + 16 * s, std::min(ce, c + 16 * s + 16), false, part, unusedAbs, unusedSq);
        }
    }
    if (kernel.settle)
        kernel.settle(lanes, part.hist);
}

void addCounts(NonFiniteCounts& into, const NonFiniteCounts& c)
{
    into.actual += c.actual;
    into.expected += c.expected;
    into.positionMismatches += c.positionMismatches;
}

WorstElement describe(const Params& p, const HeapEntry& h, const std::vector<std::int64_t>& shape)
{
    const Element el = evaluate(p, h.index);
    WorstElement w;
    w.flatIndex = h.index;
    w.index.resize(shape.size());
    std::int64_t rest = h.index;
    for (std::size_t d = shape.size(); d-- > 0;) {
        w.index[d] = shape[d] > 0 ? rest % shape[d] : 0;
        rest = shape[d] > 0 ? rest / shape[d] : 0;
    }
    w.actual = el.a;
    w.expected = el.e;
    w.abs = el.finitePair ? el.abs : std::nan("");
    w.rel = el.hasRel ? el.rel : std::nan("");
    if (el.hasUlp)
        w.ulp = double(el.ulp);
    w.score = h.score;
    return w;
}
} // namespace

Result<Comparison> compareTensors(
    const Tensor& actual, const Tensor& expected, const Tolerance& tolerance, const CompareOptions& options)
{
    Comparison c;
    c.dtype = actual.dtype;
    c.expectedDtype = expected.dtype;
    c.shape = actual.shape;
    c.expectedShape = expected.shape;
    c.tolerance = tolerance;
    c.histogram.edges = histogramEdges();
    c.histogram.counts.assign(kBins, 0);
    if (actual.shape != expected.shape) {
        c.pass = false;
        c.reason = QStringLiteral("shape mismatch: actual %1, expected %2")
                       .arg(shapeText(actual.shape), shapeText(expected.shape));
        return c;
    }
    const std::int64_t n = actual.elementCount();
    c.count = n;

    Params p;
    p.actual = &actual;
    p.expected = &expected;
    p.tolerance = tolerance;
    p.worstK = std::max(0, options.worstK);
    p.exactIntegers = !isFloatingPoint(actual.dtype) && !isFloatingPoint(expected.dtype);
    p.toleranceZero = tolerance.rtol == 0 && tolerance.atol == 0;
    p.fast.rtol = tolerance.rtol;
    p.fast.atol = tolerance.atol;
    if (tolerance.maxUlp)
        p.fast.maxUlp = std::int64_t(std::clamp(std::floor(*tolerance.maxUlp), 0.0, 0x1p62));
    p.fast.worstAtol = p.toleranceZero ? 1.0 : tolerance.atol;
    p.fast.worstRtol = p.toleranceZero ? 0.0 : tolerance.rtol;
    if (actual.shape.size() >= 2 && n > 0) {
        p.cols = actual.shape.back();
        p.rows = n / p.cols;
        p.gridRows = int(std::min<std::int64_t>(64, p.rows));
        p.gridCols = int(std::min<std::int64_t>(64, p.cols));
    }
    const FastKernel kernel = actual.dtype == expected.dtype ? fastKernel(actual.dtype) : FastKernel {};

    const std::int64_t blocks = (n + kBlock - 1) / kBlock;
    int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    threads = int(std::max<std::int64_t>(1, std::min<std::int64_t>(threads, blocks)));
    std::vector<Partial> parts(static_cast<std::size_t>(threads));
    std::vector<BlockSums> sums(static_cast<std::size_t>(blocks));
    // Threads take the next block as they come free, so a thread the OS runs less (a busy machine) holds nobody
    // up. Each thread still sees its blocks in increasing order, which the strict worst-k tests rely on.
    std::atomic<std::int64_t> next { 0 };
    auto work = [&](int t) {
        Partial& part = parts[std::size_t(t)];
        part.density.assign(std::size_t(p.gridRows) * std::size_t(p.gridCols), 0);
        HistLanes lanes {};
        if (kernel.settle)
            kernel.settle(lanes, part.hist); // picks a first window
        for (std::int64_t b = next++; b < blocks; b = next++)
            processBlock(p, kernel, b, n, part, sums[std::size_t(b)], lanes);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool)
        th.join();

    // Merge: maxima and counts do not depend on the order; sums are added block by block, in block order.
    Partial all;
    all.density.assign(std::size_t(p.gridRows) * std::size_t(p.gridCols), 0);
    for (const auto& part : parts) {
        all.maxAbs = std::max(all.maxAbs, part.maxAbs);
        all.maxRel = std::max(all.maxRel, part.maxRel);
        all.hasUlp = all.hasUlp || part.hasUlp;
        all.maxUlp = std::max(all.maxUlp, part.maxUlp);
        all.mismatches += part.mismatches;
        all.finitePairs += part.finitePairs;
        addCounts(all.nan, part.nan);
        addCounts(all.posinf, part.posinf);
        addCounts(all.neginf, part.neginf);
        for (int b = 0; b < kBins; ++b)
            all.hist[b] += part.hist[b];
        for (const auto& h : part.heap)
            all.offerWorst(h, p.worstK);
        for (std::size_t i = 0; i < all.density.size(); ++i)
            all.density[i] += part.density[i];
    }
    double sumAbs = 0, sumSq = 0;
    for (const auto& s : sums) {
        sumAbs += s.abs;
        sumSq += s.sq;
    }
    c.finitePairs = all.finitePairs;
    c.maxAbs = all.maxAbs;
    c.maxRel = all.maxRel;
    c.meanAbs = all.finitePairs ? sumAbs / double(all.finitePairs) : 0.0;
    c.rms = all.finitePairs ? std::sqrt(sumSq / double(all.finitePairs)) : 0.0;
    if (all.hasUlp)
        c.maxUlp = double(all.maxUlp);
    c.mismatches = all.mismatches;
    c.nan = all.nan;
    c.posinf = all.posinf;
    c.neginf = all.neginf;
    c.histogram.counts.assign(std::begin(all.hist), std::end(all.hist));
    std::sort(all.heap.begin(), all.heap.end(), worseThan);
    for (const auto& h : all.heap)
        c.worst.push_back(describe(p, h, actual.shape));
    if (p.gridRows > 0) {
        MismatchDensity d;
        d.rows = p.rows;
        d.cols = p.cols;
        d.gridRows = p.gridRows;
        d.gridCols = p.gridCols;
        d.mismatches = all.density;
        d.elements.assign(d.mismatches.size(), 0);
        for (int gr = 0; gr < d.gridRows; ++gr) {
            // Rows r with r·gridRows/rows == gr: [ceil(gr·rows/gridRows), ceil((gr+1)·rows/gridRows)).
            const std::int64_t r0 = (gr * d.rows + d.gridRows - 1) / d.gridRows;
            const std::int64_t r1 = ((gr + 1) * d.rows + d.gridRows - 1) / d.gridRows;
            for (int gc = 0; gc < d.gridCols; ++gc) {
                const std::int64_t c0 = (gc * d.cols + d.gridCols - 1) / d.gridCols;
                const std::int64_t c1 = ((gc + 1) * d.cols + d.gridCols - 1) / d.gridCols;
                d.elements[std::size_t(gr) * std::size_t(d.gridCols) + std::size_t(gc)] = (r1 - r0) * (c1 - c0);
            }
        }
        c.density = std::move(d);
    }
    decideVerdict(c);
    return c;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/tensor/tensor.h"
#include "core/tolerance.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace kwb {

/// How many NaN (or +Inf, or −Inf) values each side has, and at how many positions exactly one side has one.
struct NonFiniteCounts {
    std::int64_t actual = 0;
    std::int64_t expected = 0;
    std::int64_t positionMismatches = 0;
};

/// One of the k worst elements, ranked by the tolerance-normalised error |a−e| / (atol + rtol·|e|).
struct WorstElement {
    std::int64_t flatIndex = 0;
    std::vector<std::int64_t> index; ///< multi-dimensional index (C order)
    double actual = 0;
    double expected = 0;
    double abs = 0; ///< NaN when either side is not finite
    double rel = 0; ///< NaN when expected is 0 or not finite
    std::optional<double> ulp; ///< distance on the actual's grid; absent when either side is NaN
    double score = 0; ///< the ranking key; +Inf for a non-finite disagreement or an error under a zero tolerance
};

/// Counts of absolute errors (over positions where both sides are finite) in log-spaced bins:
/// bin 0 holds exact zeros, bin 1 (0, edges[2]), bin i [edges[i], edges[i+1]), the last bin everything above.
/// Inner edges are powers of two, two octaves (a factor of 4) apart.
struct ErrorHistogram {
    std::vector<double> edges; ///< counts.size() + 1 values: 0, 0, 2^-48, 2^-46, …, 2^10, DBL_MAX
    std::vector<std::int64_t> counts;
};

/// Where mismatches sit in a tensor of two or more dimensions, viewed as rows × columns (the last dimension
/// is the columns, all others the rows), on a grid of at most 64 × 64 cells.
struct MismatchDensity {
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    int gridRows = 0;
    int gridCols = 0;
    std::vector<std::int64_t> mismatches; ///< gridRows × gridCols, row-major
    std::vector<std::int64_t> elements; ///< elements per cell, same layout
};

/// The result of comparing an actual tensor with an expected one (docs/comparison.md).
struct Comparison {
    bool pass = false;
    QString reason; ///< one line: why it passed or failed
    DType dtype = DType::Float32; ///< the actual's dtype
    DType expectedDtype = DType::Float32;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> expectedShape;
    std::int64_t count = 0; ///< elements
    std::int64_t finitePairs = 0; ///< positions where both sides are finite (what abs/rel/rms are over)
    double maxAbs = 0;
    double meanAbs = 0;
    double rms = 0;
    double maxRel = 0; ///< over finite pairs with expected ≠ 0
    std::optional<double> maxUlp; ///< on the actual's grid, NaN positions excluded; absent if nothing to measure
    std::int64_t mismatches = 0;
    NonFiniteCounts nan, posinf, neginf;
    std::vector<WorstElement> worst; ///< worst first
    ErrorHistogram histogram;
    std::optional<MismatchDensity> density; ///< for tensors of two or more dimensions
    Tolerance tolerance;

    /// The `kwb.compare/1` document (non-finite values as the strings "nan", "inf", "-inf").
    QByteArray toJson(bool indented = true) const;
    /// A few lines for people.
    QString toText() const;
};

struct CompareOptions {
    int worstK = 10;
    int threads = 0; ///< 0: every core
};

/// Compares `actual` with `expected` in one pass, multithreaded; the result does not depend on the thread count.
/// Differing shapes give a failed Comparison (not an Error); differing dtypes are compared in float64 with ULPs
/// counted on the actual's grid; integer and bool pairs compare exactly.
Result<Comparison> compareTensors(
    const Tensor& actual, const Tensor& expected, const Tolerance& tolerance, const CompareOptions& options = {});

/// The histogram edges the engine uses (see ErrorHistogram).
std::vector<double> histogramEdges();

} // namespace kwb

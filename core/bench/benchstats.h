// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

#include <utility>
#include <vector>

namespace kwb {

/// Summary statistics of one implementation's timed samples (nanoseconds).
struct SampleStats {
    double medianNs = 0;
    double meanNs = 0;
    double minNs = 0;
    double iqrNs = 0; ///< Q3 − Q1, quartiles by linear interpolation (numpy's default)
    double cv = 0; ///< sample standard deviation / mean
    int samples = 0;
    int discarded = 0; ///< samples dropped (taken under clock throttling)
};

/// The statistics of `samples`; all zero for an empty list.
SampleStats summarize(const std::vector<double>& samples, int discarded = 0);

/// The q-quantile (0 ≤ q ≤ 1) by linear interpolation between order statistics of sorted `v` (numpy's default,
/// Hyndman–Fan type 7); 0 for an empty list.
double quantileSorted(const std::vector<double>& v, double q);

/// The median (the mean of the middle two for an even count).
double median(std::vector<double> v);

/// A speedup with its confidence interval: reference median / candidate median (> 1: the candidate is faster).
struct Speedup {
    double estimate = 0;
    double ciLow = 0;
    double ciHigh = 0;
    int resamples = 0;
};

/// Bootstrap resamples the speedup CI is computed from (the percentile method's usual 2000).
constexpr int kBootstrapResamples = 2000;

/// The speedup of `candidate` over `reference` with a 95 % percentile-bootstrap CI: each resample draws both
/// sample sets with replacement (std::mt19937_64 seeded with `seed`, so a seed reproduces the interval) and
/// takes the ratio of their medians; the CI is the 2.5 % and 97.5 % quantiles of the ratios.
Speedup bootstrapSpeedup(const std::vector<double>& reference, const std::vector<double>& candidate, quint64 seed,
    int resamples = kBootstrapResamples);

/// A 95 % percentile-bootstrap CI of the median of `samples` (2000 resamples by default, std::mt19937_64 seeded
/// with `seed`): {low, high}; {0, 0} for an empty list.
std::pair<double, double> bootstrapMedianCi(
    const std::vector<double>& samples, quint64 seed, int resamples = kBootstrapResamples);

/// Two-sided 95 % quantile of Student's t with `df` degrees of freedom (exact table to 30, then the normal
/// approximation with the first Cornish–Fisher term); infinity for df < 1.
double studentT975(int df);

/// The paired per-round speedup (docs/benchmarking.md, "Statistics"): every round runs the reference and the
/// candidate in adjacent processes, so each round gives one ratio of medians, ref_r / cand_r; the rounds are
/// the independent units (samples within one process share its state: placement, frequency, neighbours). The
/// estimate is the geometric mean of the ratios, the 95 % CI a t interval on their logarithms with rounds − 1
/// degrees of freedom. Fewer than two rounds: the CI is [0, inf] (no verdict can be drawn from one process).
Speedup pairedRoundSpeedup(
    const std::vector<double>& referenceRoundMedians, const std::vector<double>& candidateRoundMedians);

/// Half-width of the paired CI in log space (inf with fewer than two rounds): the between-round spread the
/// stopping rule looks at.
double pairedLogHalfWidth(
    const std::vector<double>& referenceRoundMedians, const std::vector<double>& candidateRoundMedians);

/// Coefficient of variation of per-round medians (0 with fewer than two).
double betweenRoundCv(const std::vector<double>& roundMedians);

/// Invalid: no speed claim can be made (the timing was tampered with, work ran outside the timed region, the
/// candidate failed correctness, or it ran interpreted); the report keeps the timings, labelled.
enum class Verdict { Fast, Slow, Same, Ambiguous, Invalid };

/// Half-width of the "same speed" band around 1: speedups within ±2 % are not a difference worth reporting.
constexpr double kSameBand = 0.02;

/// The verdict of a speedup CI: entirely above 1 + ε ⇒ FAST; entirely below 1 − ε ⇒ SLOW; entirely inside
/// [1 − ε, 1 + ε] ⇒ SAME; otherwise (the CI straddles a band edge) AMBIGUOUS.
Verdict verdictFor(const Speedup& s, double epsilon = kSameBand);

/// `FAST`, `SLOW`, `SAME`, `AMBIGUOUS`, `INVALID`.
QString verdictName(Verdict v);

} // namespace kwb

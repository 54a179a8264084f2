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

enum class Verdict { Fast, Slow, Same, Ambiguous };

/// Half-width of the "same speed" band around 1: speedups within ±2 % are not a difference worth reporting.
constexpr double kSameBand = 0.02;

/// The verdict of a speedup CI: entirely above 1 + ε ⇒ FAST; entirely below 1 − ε ⇒ SLOW; entirely inside
/// [1 − ε, 1 + ε] ⇒ SAME; otherwise (the CI straddles a band edge) AMBIGUOUS.
Verdict verdictFor(const Speedup& s, double epsilon = kSameBand);

/// `FAST`, `SLOW`, `SAME`, `AMBIGUOUS`.
QString verdictName(Verdict v);

} // namespace kwb

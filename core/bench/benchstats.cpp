// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/benchstats.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace kwb {

double quantileSorted(const std::vector<double>& v, double q)
{
    if (v.empty())
        return 0;
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return quantileSorted(v, 0.5);
}

SampleStats summarize(const std::vector<double>& samples, int discarded)
{
    SampleStats s;
    s.discarded = discarded;
    s.samples = static_cast<int>(samples.size());
    if (samples.empty())
        return s;
    std::vector<double> v = samples;
    std::sort(v.begin(), v.end());
    s.medianNs = quantileSorted(v, 0.5);
    s.minNs = v.front();
    s.iqrNs = quantileSorted(v, 0.75) - quantileSorted(v, 0.25);
    double sum = 0;
    for (double x : v)
        sum += x;
    s.meanNs = sum / static_cast<double>(v.size());
    if (v.size() > 1 && s.meanNs > 0) {
        double m2 = 0;
        for (double x : v)
            m2 += (x - s.meanNs) * (x - s.meanNs);
        s.cv = std::sqrt(m2 / static_cast<double>(v.size() - 1)) / s.meanNs;
    }
    return s;
}

namespace {
// The median of a resample drawn with replacement; `scratch` avoids an allocation per resample.
double resampledMedian(const std::vector<double>& v, std::mt19937_64& rng, std::vector<double>& scratch)
{
    std::uniform_int_distribution<std::size_t> pick(0, v.size() - 1);
    scratch.resize(v.size());
    for (double& x : scratch)
        x = v[pick(rng)];
    const std::size_t mid = scratch.size() / 2;
    std::nth_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(mid), scratch.end());
    const double upper = scratch[mid];
    if (scratch.size() % 2)
        return upper;
    const double lower = *std::max_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(mid));
    return (lower + upper) / 2;
}
} // namespace

Speedup bootstrapSpeedup(
    const std::vector<double>& reference, const std::vector<double>& candidate, quint64 seed, int resamples)
{
    Speedup s;
    if (reference.empty() || candidate.empty())
        return s;
    const double cand = median(candidate);
    s.estimate = cand > 0 ? median(reference) / cand : 0;
    s.resamples = resamples;
    std::mt19937_64 rng(seed);
    std::vector<double> ratios, scratch;
    ratios.reserve(static_cast<std::size_t>(resamples));
    for (int i = 0; i < resamples; ++i) {
        const double r = resampledMedian(reference, rng, scratch);
        const double c = resampledMedian(candidate, rng, scratch);
        ratios.push_back(c > 0 ? r / c : 0);
    }
    std::sort(ratios.begin(), ratios.end());
    s.ciLow = quantileSorted(ratios, 0.025);
    s.ciHigh = quantileSorted(ratios, 0.975);
    return s;
}

std::pair<double, double> bootstrapMedianCi(const std::vector<double>& samples, quint64 seed, int resamples)
{
    if (samples.empty() || resamples < 1)
        return { 0, 0 };
    std::mt19937_64 rng(seed);
    std::vector<double> medians, scratch;
    medians.reserve(static_cast<std::size_t>(resamples));
    for (int i = 0; i < resamples; ++i)
        medians.push_back(resampledMedian(samples, rng, scratch));
    std::sort(medians.begin(), medians.end());
    return { quantileSorted(medians, 0.025), quantileSorted(medians, 0.975) };
}

double studentT975(int df)
{
    static constexpr double table[] = { 12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
        2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423 };
    if (df < 1)
        return std::numeric_limits<double>::infinity();
    if (df <= 30)
        return table[df - 1];
    const double z = 1.959964;
    return z + (z * z * z + z) / (4.0 * df);
}

namespace {
// Per-round log ratios ln(ref_r / cand_r) of the rounds where both medians are positive.
std::vector<double> logRatios(const std::vector<double>& ref, const std::vector<double>& cand)
{
    std::vector<double> d;
    for (std::size_t i = 0; i < std::min(ref.size(), cand.size()); ++i) {
        if (ref[i] > 0 && cand[i] > 0)
            d.push_back(std::log(ref[i] / cand[i]));
    }
    return d;
}

void meanSd(const std::vector<double>& d, double& mean, double& sd)
{
    mean = 0;
    for (double x : d)
        mean += x;
    mean /= static_cast<double>(d.size());
    double m2 = 0;
    for (double x : d)
        m2 += (x - mean) * (x - mean);
    sd = d.size() > 1 ? std::sqrt(m2 / static_cast<double>(d.size() - 1)) : 0;
}
} // namespace

double pairedLogHalfWidth(const std::vector<double>& ref, const std::vector<double>& cand)
{
    const auto d = logRatios(ref, cand);
    if (d.size() < 2)
        return std::numeric_limits<double>::infinity();
    double mean = 0, sd = 0;
    meanSd(d, mean, sd);
    return studentT975(int(d.size()) - 1) * sd / std::sqrt(static_cast<double>(d.size()));
}

Speedup pairedRoundSpeedup(const std::vector<double>& ref, const std::vector<double>& cand)
{
    Speedup s;
    const auto d = logRatios(ref, cand);
    s.resamples = int(d.size()); // the rounds: the units of the interval
    if (d.empty())
        return s;
    double mean = 0, sd = 0;
    meanSd(d, mean, sd);
    s.estimate = std::exp(mean);
    if (d.size() < 2) {
        s.ciLow = 0;
        s.ciHigh = std::numeric_limits<double>::infinity();
        return s;
    }
    const double h = pairedLogHalfWidth(ref, cand);
    s.ciLow = std::exp(mean - h);
    s.ciHigh = std::exp(mean + h);
    return s;
}

double betweenRoundCv(const std::vector<double>& m)
{
    if (m.size() < 2)
        return 0;
    double mean = 0, sd = 0;
    meanSd(m, mean, sd);
    return mean > 0 ? sd / mean : 0;
}

Verdict verdictFor(const Speedup& s, double epsilon)
{
    if (s.ciLow > 1 + epsilon)
        return Verdict::Fast;
    if (s.ciHigh < 1 - epsilon)
        return Verdict::Slow;
    if (s.ciLow >= 1 - epsilon && s.ciHigh <= 1 + epsilon)
        return Verdict::Same;
    return Verdict::Ambiguous;
}

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Fast:
        return QStringLiteral("FAST");
    case Verdict::Slow:
        return QStringLiteral("SLOW");
    case Verdict::Same:
        return QStringLiteral("SAME");
    case Verdict::Invalid:
        return QStringLiteral("INVALID");
    case Verdict::Ambiguous:
        break;
    }
    return QStringLiteral("AMBIGUOUS");
}

} // namespace kwb

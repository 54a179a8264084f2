// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/audit/agreement.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace kwb {
namespace {
using Counts = std::vector<double>;

// Per unit, how many ratings fell in each category of the full scale.
std::vector<Counts> categoryCounts(const RatingTable& t)
{
    std::vector<Counts> out;
    out.reserve(size_t(t.units.size()));
    const int q = t.categoryCount();
    for (const auto& unit : t.units) {
        Counts c(size_t(q), 0.0);
        for (const auto& v : unit) {
            if (v && *v >= t.scaleMin && *v <= t.scaleMax)
                c[size_t(*v - t.scaleMin)] += 1.0;
        }
        out.push_back(std::move(c));
    }
    return out;
}

double total(const Counts& c)
{
    double s = 0;
    for (double x : c)
        s += x;
    return s;
}

std::optional<double> alphaFromCounts(const std::vector<const Counts*>& units, int q, AlphaMetric metric)
{
    const size_t Q = size_t(q);
    std::vector<double> o(Q * Q, 0.0);
    for (const Counts* u : units) {
        const double m = total(*u);
        if (m < 2)
            continue;
        for (size_t c = 0; c < Q; ++c) {
            if ((*u)[c] == 0)
                continue;
            for (size_t k = 0; k < Q; ++k)
                o[c * Q + k] += (*u)[c] * ((*u)[k] - (c == k ? 1.0 : 0.0)) / (m - 1);
        }
    }
    std::vector<double> nc(Q, 0.0);
    double n = 0;
    for (size_t c = 0; c < Q; ++c) {
        for (size_t k = 0; k < Q; ++k)
            nc[c] += o[c * Q + k];
        n += nc[c];
    }
    if (n <= 1)
        return std::nullopt;
    const auto delta = [&](size_t c, size_t k) -> double {
        if (c == k)
            return 0.0;
        switch (metric) {
        case AlphaMetric::Nominal:
            return 1.0;
        case AlphaMetric::Interval:
            return double((long(c) - long(k)) * (long(c) - long(k)));
        case AlphaMetric::Ordinal: {
            const size_t lo = std::min(c, k);
            const size_t hi = std::max(c, k);
            double s = 0;
            for (size_t g = lo; g <= hi; ++g)
                s += nc[g];
            s -= (nc[c] + nc[k]) / 2.0;
            return s * s;
        }
        }
        return 0.0;
    };
    double observed = 0;
    double expected = 0;
    for (size_t c = 0; c < Q; ++c) {
        for (size_t k = 0; k < Q; ++k) {
            const double d = delta(c, k);
            observed += o[c * Q + k] * d;
            expected += nc[c] * nc[k] * d;
        }
    }
    if (expected <= 0)
        return std::nullopt;
    return 1.0 - (n - 1) * observed / expected;
}

double weight(KappaWeights w, int i, int j)
{
    switch (w) {
    case KappaWeights::Unweighted:
        return i == j ? 0.0 : 1.0;
    case KappaWeights::Linear:
        return std::abs(i - j);
    case KappaWeights::Quadratic:
        return double((i - j) * (i - j));
    }
    return 0.0;
}

// numpy's default ('linear') percentile of sorted data.
double percentile(const std::vector<double>& sorted, double p)
{
    const double pos = p * double(sorted.size() - 1);
    const size_t lo = size_t(std::floor(pos));
    const size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
}
} // namespace

RatingTable itemsOnly(const RatingTable& t)
{
    RatingTable out = t;
    out.units.clear();
    for (const auto& unit : t.units) {
        if (std::count_if(unit.begin(), unit.end(), [](const std::optional<int>& v) { return v.has_value(); }) >= 2)
            out.units << unit;
    }
    return out;
}

std::optional<double> percentAgreement(const RatingTable& t)
{
    double sum = 0;
    int units = 0;
    for (const Counts& c : categoryCounts(t)) {
        const double m = total(c);
        if (m < 2)
            continue;
        double agree = 0;
        for (double x : c)
            agree += x * (x - 1);
        sum += agree / (m * (m - 1));
        ++units;
    }
    if (units == 0)
        return std::nullopt;
    return sum / units;
}

std::optional<double> cohenKappa(const RatingTable& t, int a, int b, KappaWeights w)
{
    const int q = t.categoryCount();
    std::vector<double> o(size_t(q * q), 0.0);
    double n = 0;
    for (const auto& unit : t.units) {
        if (a >= unit.size() || b >= unit.size())
            continue;
        const auto& x = unit.at(a);
        const auto& y = unit.at(b);
        if (!x || !y || *x < t.scaleMin || *x > t.scaleMax || *y < t.scaleMin || *y > t.scaleMax)
            continue;
        o[size_t(*x - t.scaleMin) * size_t(q) + size_t(*y - t.scaleMin)] += 1;
        n += 1;
    }
    if (n < 1)
        return std::nullopt;
    std::vector<double> rows(size_t(q), 0.0);
    std::vector<double> cols(size_t(q), 0.0);
    for (int i = 0; i < q; ++i) {
        for (int j = 0; j < q; ++j) {
            rows[size_t(i)] += o[size_t(i) * size_t(q) + size_t(j)];
            cols[size_t(j)] += o[size_t(i) * size_t(q) + size_t(j)];
        }
    }
    double observed = 0;
    double expected = 0;
    for (int i = 0; i < q; ++i) {
        for (int j = 0; j < q; ++j) {
            observed += weight(w, i, j) * o[size_t(i) * size_t(q) + size_t(j)];
            expected += weight(w, i, j) * rows[size_t(i)] * cols[size_t(j)] / n;
        }
    }
    if (expected <= 0)
        return std::nullopt;
    return 1.0 - observed / expected;
}

std::optional<double> fleissKappa(const RatingTable& t)
{
    // Gwet (2014) / irrCAC fleiss.kappa.raw: P̄ over units with two or more ratings; the chance term from
    // π_k = mean over every rated unit of n_uk / m_u. With equal m_u this is Fleiss (1971).
    const int q = t.categoryCount();
    std::vector<double> pi(size_t(q), 0.0);
    double rated = 0;
    double pSum = 0;
    int units = 0;
    for (const Counts& c : categoryCounts(t)) {
        const double m = total(c);
        if (m < 1)
            continue;
        rated += 1;
        double squares = 0;
        for (int j = 0; j < q; ++j) {
            squares += c[size_t(j)] * c[size_t(j)];
            pi[size_t(j)] += c[size_t(j)] / m;
        }
        if (m < 2)
            continue;
        pSum += (squares - m) / (m * (m - 1));
        ++units;
    }
    if (units == 0)
        return std::nullopt;
    double pe = 0;
    for (double x : pi)
        pe += (x / rated) * (x / rated);
    if (pe >= 1)
        return std::nullopt;
    return (pSum / units - pe) / (1 - pe);
}

std::optional<double> krippendorffAlpha(const RatingTable& t, AlphaMetric metric)
{
    const std::vector<Counts> counts = categoryCounts(t);
    std::vector<const Counts*> units;
    units.reserve(counts.size());
    for (const Counts& c : counts)
        units.push_back(&c);
    return alphaFromCounts(units, t.categoryCount(), metric);
}

std::optional<double> gwetAc1(const RatingTable& t)
{
    const int q = t.categoryCount();
    if (q < 2)
        return std::nullopt;
    std::vector<double> pi(size_t(q), 0.0);
    double rated = 0;
    double pa = 0;
    int pairable = 0;
    for (const Counts& c : categoryCounts(t)) {
        const double m = total(c);
        if (m < 1)
            continue;
        rated += 1;
        double agree = 0;
        for (int k = 0; k < q; ++k) {
            pi[size_t(k)] += c[size_t(k)] / m;
            agree += c[size_t(k)] * (c[size_t(k)] - 1);
        }
        if (m >= 2) {
            pa += agree / (m * (m - 1));
            ++pairable;
        }
    }
    if (pairable == 0)
        return std::nullopt;
    pa /= pairable;
    double pe = 0;
    for (double p : pi)
        pe += (p / rated) * (1 - p / rated);
    pe /= (q - 1);
    if (pe >= 1)
        return std::nullopt;
    return (pa - pe) / (1 - pe);
}

std::optional<std::pair<double, double>> alphaBootstrapCi(
    const RatingTable& t, AlphaMetric metric, quint64 seed, int resamples)
{
    const std::vector<Counts> counts = categoryCounts(t);
    std::vector<const Counts*> pairable;
    for (const Counts& c : counts) {
        if (total(c) >= 2)
            pairable.push_back(&c);
    }
    if (pairable.size() < 2 || resamples < 1)
        return std::nullopt;
    // mt19937_64's output sequence is fixed by the standard (unlike the distributions), so a seed gives the
    // same interval with every standard library.
    std::mt19937_64 gen(seed);
    std::vector<double> alphas;
    alphas.reserve(size_t(resamples));
    std::vector<const Counts*> sample(pairable.size());
    for (int i = 0; i < resamples; ++i) {
        for (auto& s : sample)
            s = pairable[size_t(gen() % pairable.size())];
        if (const auto a = alphaFromCounts(sample, t.categoryCount(), metric))
            alphas.push_back(*a);
    }
    if (alphas.empty())
        return std::nullopt;
    std::sort(alphas.begin(), alphas.end());
    return std::make_pair(percentile(alphas, 0.025), percentile(alphas, 0.975));
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

#include <optional>

namespace kwb {

/// The ratings of one criterion: one row per unit (a task), one column per rater (a reviewer); an empty
/// value is a missing rating. Values are integers on the scale min..max; every statistic below works
/// over the **full** scale, so levels nobody used do not change κ weights or Gwet's chance term.
struct RatingTable {
    int scaleMin = 1;
    int scaleMax = 5;
    QList<QList<std::optional<int>>> units; ///< units[u][r]: rater r's value for unit u, or empty

    int raterCount() const { return units.isEmpty() ? 0 : int(units.first().size()); }
    int categoryCount() const { return scaleMax - scaleMin + 1; }
};

/// The items of `t`: its units with at least two ratings (a unit one rater scored holds no agreement; it must not
/// shift the chance terms of the others either). Rater columns stay as they are.
RatingTable itemsOnly(const RatingTable& t);

enum class KappaWeights { Unweighted, Linear, Quadratic };
enum class AlphaMetric { Nominal, Ordinal, Interval };

/// Mean over units with at least two ratings of the share of rating pairs that agree.
/// Empty when no unit has two ratings.
std::optional<double> percentAgreement(const RatingTable& t);

/// Cohen's κ between raters `a` and `b` over the units both rated, with the categories of the full scale
/// (scikit-learn's cohen_kappa_score with `labels=` the whole scale and `weights=` None/linear/quadratic).
/// Empty when fewer than one such unit, or when the expected disagreement is zero.
std::optional<double> cohenKappa(const RatingTable& t, int a, int b, KappaWeights w);

/// Fleiss' κ, generalised to missing ratings as in Gwet (2014) (irrCAC's fleiss.kappa.raw): observed agreement
/// over units with at least two ratings, chance agreement Σ π_k² with π_k the mean over every rated unit of
/// its share of ratings in category k. With the same number of ratings on every unit this is Fleiss (1971)
/// (statsmodels' fleiss_kappa).
std::optional<double> fleissKappa(const RatingTable& t);

/// Krippendorff's α from the coincidence matrix (units with fewer than two ratings are not pairable and
/// drop out; missing ratings are simply absent). Empty when there are no pairable values or D_e = 0.
std::optional<double> krippendorffAlpha(const RatingTable& t, AlphaMetric metric);

/// Gwet's AC1 for any number of raters with missing ratings (Gwet 2014, ch. 2): p_a over units with two or
/// more ratings, chance over the full scale's q categories.
std::optional<double> gwetAc1(const RatingTable& t);

/// Percentile bootstrap 95 % interval of α: `resamples` resamples of the units with replacement from a
/// generator seeded with `seed` (same seed, same interval). Resamples whose α is undefined are skipped.
std::optional<std::pair<double, double>> alphaBootstrapCi(
    const RatingTable& t, AlphaMetric metric, quint64 seed, int resamples = 2000);

} // namespace kwb

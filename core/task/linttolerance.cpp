// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lintcontext.h"

#include <cmath>

namespace kwb::lint {
namespace {
// "Far above what the dtype needs" = more than kFactor times the need, where the need is the larger of
// the torch default for the dtype and its machine epsilon (2^-mantissa). Two orders of magnitude leave
// room for accumulation error in long reductions (K-term dot products in fp32 reach ~1e-4), while
// catching tolerances that would pass a result wrong in the leading digits. rtol >= 1 is always too
// loose: |0 - e| <= rtol·|e| then holds, so an all-zeros output passes.
constexpr double kFactor = 100.0;
// More than this fraction of elements allowed to mismatch hides real bugs (tails, races).
constexpr double kMaxMismatchFraction = 0.01;

QString looseness(DType dtype, const Tolerance& tol)
{
    QStringList why;
    if (!isFloatingPoint(dtype)) {
        if (tol.rtol > 0 || tol.atol >= 1)
            why << QStringLiteral("%1 outputs compare exactly, but rtol %2 / atol %3 accept different integers")
                       .arg(dtypeName(dtype))
                       .arg(tol.rtol)
                       .arg(tol.atol);
    } else {
        const Tolerance d = defaultTolerance(dtype);
        const double eps = std::ldexp(1.0, -mantissaBits(dtype));
        const double needR = std::max(d.rtol, eps);
        const double needA = std::max(d.atol, eps);
        if (tol.rtol >= 1)
            why << QStringLiteral("rtol %1 >= 1 lets an all-zeros output pass").arg(tol.rtol);
        else if (tol.rtol > kFactor * needR)
            why << QStringLiteral("rtol %1 is more than %2x what %3 needs (%4)")
                       .arg(tol.rtol)
                       .arg(kFactor)
                       .arg(dtypeName(dtype))
                       .arg(needR, 0, 'g', 2);
        if (tol.atol > kFactor * needA)
            why << QStringLiteral("atol %1 is more than %2x what %3 needs (%4)")
                       .arg(tol.atol)
                       .arg(kFactor)
                       .arg(dtypeName(dtype))
                       .arg(needA, 0, 'g', 2);
    }
    if (tol.mismatchFraction && *tol.mismatchFraction > kMaxMismatchFraction)
        why << QStringLiteral("mismatch_fraction %1 lets more than 1 % of elements be wrong")
                   .arg(*tol.mismatchFraction);
    return why.join(QStringLiteral("; "));
}
} // namespace

namespace {
// The widest floating dtype narrower than `dtype` whose rounding the tolerance accepts: rtol at least half its
// machine epsilon, i.e. a result rounded to it passes at any magnitude (atol alone depends on the outputs' scale).
std::optional<DType> admittedLowerPrecision(DType dtype, const Tolerance& tol)
{
    const double slack = tol.rtol;
    for (DType d : { DType::Float32, DType::Float16, DType::BFloat16, DType::Float8E4M3FN, DType::Float8E5M2 }) {
        if (mantissaBits(d) >= mantissaBits(dtype))
            continue;
        if (slack >= std::ldexp(1.0, -mantissaBits(d)) / 2)
            return d;
    }
    return std::nullopt;
}
} // namespace

void looseTolerances(const Context& c, Findings& out)
{
    const Task& t = c.task();
    QStringList seen; // one finding per tolerance object and reason
    for (qsizetype i = 0; i < t.outputs.size(); ++i) {
        const TensorSpec& o = t.outputs[i];
        if (!o.tolerance && !t.tolerance)
            continue; // dtype defaults: not loose by definition (scope.missing-field covers it)
        const QString pointer
            = o.tolerance ? QStringLiteral("/outputs/%1/tolerance").arg(i) : QStringLiteral("/tolerance");
        const QString why = looseness(o.dtype, t.toleranceFor(o));
        if (why.isEmpty() || seen.contains(pointer + why))
            continue;
        seen << pointer + why;
        Finding f = c.at(QStringLiteral("scope.tolerance-too-loose"), Severity::Warning, pointer,
            QStringLiteral("output '%1': %2").arg(o.name, why));
        out << f;
    }
    // A tolerance that a lower precision's rounding passes, in a task that does not say which precisions it
    // allows: a candidate computing in that lower precision passes, and only a warning can say so.
    for (qsizetype i = 0; i < t.outputs.size() && t.allowedPrecisions.isEmpty(); ++i) {
        const TensorSpec& o = t.outputs[i];
        if (!isFloatingPoint(o.dtype) || (!o.tolerance && !t.tolerance))
            continue;
        const auto lower = admittedLowerPrecision(o.dtype, t.toleranceFor(o));
        if (!lower)
            continue;
        out << c.at(QStringLiteral("scope.tolerance-admits-lower-precision"), Severity::Warning,
            o.tolerance ? QStringLiteral("/outputs/%1/tolerance").arg(i) : QStringLiteral("/tolerance"),
            QStringLiteral("output '%1' (%2): the tolerance passes results rounded to %3, and the task does not say "
                           "which precisions a candidate may compute in (add \"precision\": {\"min\": \"%2\"} to "
                           "make a lowered precision an error)")
                .arg(o.name, dtypeName(o.dtype), dtypeName(*lower)));
        break;
    }
}

} // namespace kwb::lint

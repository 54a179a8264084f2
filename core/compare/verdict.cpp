// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compare/verdict.h"

#include <QStringList>

#include <cmath>

namespace kwb {

QString formatNumber(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return QString::number(v, 'g', 9);
}

namespace {
QString toleranceText(const Comparison& c)
{
    if (!isFloatingPoint(c.dtype) && !isFloatingPoint(c.expectedDtype))
        return QStringLiteral("exact integer comparison");
    QString s = QStringLiteral("rtol=%1, atol=%2").arg(formatNumber(c.tolerance.rtol), formatNumber(c.tolerance.atol));
    if (c.tolerance.maxUlp)
        s += QStringLiteral(", max_ulp=%1").arg(formatNumber(*c.tolerance.maxUlp));
    return s;
}

QString indexText(const std::vector<std::int64_t>& index)
{
    QStringList parts;
    for (const auto i : index)
        parts << QString::number(i);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}
} // namespace

void decideVerdict(Comparison& c)
{
    if (c.shape != c.expectedShape)
        return; // already failed with its reason
    if (c.count == 0) {
        c.pass = true;
        c.reason = QStringLiteral("both tensors are empty");
        return;
    }
    const std::int64_t allowed = c.tolerance.mismatchFraction
        ? std::int64_t(std::floor(std::max(0.0, *c.tolerance.mismatchFraction) * double(c.count)))
        : 0;
    c.pass = c.mismatches <= allowed;
    const QString tol = toleranceText(c);
    if (c.mismatches == 0) {
        c.reason = QStringLiteral("all %1 elements match (%2)").arg(c.count).arg(tol);
        return;
    }
    const double pct = 100.0 * double(c.mismatches) / double(c.count);
    QString s = QStringLiteral("%1 of %2 elements mismatch (%3%) under %4")
                    .arg(c.mismatches)
                    .arg(c.count)
                    .arg(QString::number(pct, 'g', 3), tol);
    if (c.pass) {
        c.reason
            = s + QStringLiteral(", within the allowed fraction %1").arg(formatNumber(*c.tolerance.mismatchFraction));
        return;
    }
    QStringList extra;
    const std::int64_t nonFiniteActual = c.nan.actual + c.posinf.actual + c.neginf.actual;
    if (c.tolerance.nan == NanPolicy::Forbid && nonFiniteActual > 0)
        extra << QStringLiteral("the actual has %1 NaN/Inf values (forbidden)").arg(nonFiniteActual);
    if (c.nan.positionMismatches > 0)
        extra << QStringLiteral("NaN positions differ at %1 places").arg(c.nan.positionMismatches);
    if (c.posinf.positionMismatches + c.neginf.positionMismatches > 0)
        extra << QStringLiteral("Inf positions differ at %1 places")
                     .arg(c.posinf.positionMismatches + c.neginf.positionMismatches);
    if (!c.worst.empty()) {
        const auto& w = c.worst.front();
        extra << QStringLiteral("worst at %1: actual %2, expected %3")
                     .arg(indexText(w.index), formatNumber(w.actual), formatNumber(w.expected));
    }
    if (!extra.isEmpty())
        s += QStringLiteral("; ") + extra.join(QStringLiteral("; "));
    c.reason = s;
}

} // namespace kwb

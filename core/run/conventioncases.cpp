// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/conventioncases.h"

#include <QSet>

#include <algorithm>
#include <numeric>

namespace kwb {
namespace {
bool isSizeValue(const QJsonValue& v)
{
    return v.isDouble() && v.toDouble() == std::floor(v.toDouble()) && v.toDouble() >= 2;
}

qint64 sizeProduct(const Case& c, const QStringList& params)
{
    qint64 p = 1;
    for (const QString& name : params)
        p *= std::max<qint64>(1, c.params.value(name).toInteger(1));
    return p;
}

// Values below `v` for a held-out size: one less (a tail), about a half and about a third, each a multiple of
// `step`, none of them declared.
QList<qint64> heldOutValues(qint64 v, qint64 step, const QSet<qint64>& declared)
{
    QList<qint64> out;
    const auto add = [&](qint64 x) {
        x = x / step * step;
        if (x >= std::max<qint64>(step, 1) && x < v && !declared.contains(x) && !out.contains(x))
            out << x;
    };
    add(v - step);
    add(v / step / 2 * step + (v / step / 2 % 2 ? 0 : step));
    add(v / step / 3 * step + (v / step / 3 % 2 ? 0 : step));
    return out;
}
} // namespace

QStringList conventionSizeParams(const QList<Case>& declared)
{
    QStringList out;
    for (const Case& c : declared) {
        for (auto it = c.params.begin(); it != c.params.end(); ++it) {
            if (it.key() != u"seed" && it.key() != u"precision" && isSizeValue(it.value()) && !out.contains(it.key()))
                out << it.key();
        }
    }
    // A param that is not a size in every declared case (a string somewhere) is not varied.
    out.erase(std::remove_if(out.begin(), out.end(),
                  [&](const QString& p) {
                      return std::any_of(declared.begin(), declared.end(),
                          [&](const Case& c) { return c.params.contains(p) && !isSizeValue(c.params.value(p)); });
                  }),
        out.end());
    return out;
}

GeneratedCases conventionCases(const QList<Case>& declared, const CaseGeneration& how)
{
    GeneratedCases out;
    if (declared.isEmpty())
        return out;
    const QStringList params = conventionSizeParams(declared);
    const Case& base = *std::min_element(declared.begin(), declared.end(),
        [&](const Case& a, const Case& b) { return sizeProduct(a, params) < sizeProduct(b, params); });
    out.sizesFixed = params.isEmpty();
    if (how.heldOut > 0 && params.isEmpty())
        out.notes << QStringLiteral("no held-out sizes: the task's generator takes no size parameter (its sizes are "
                                    "fixed by its own code)");
    if (how.heldOut > 0 && !params.isEmpty()) {
        // Per param: its values in the declared cases, their common step, and the values to try.
        QList<QList<qint64>> values;
        for (const QString& p : params) {
            QSet<qint64> seen;
            qint64 step = 0;
            for (const Case& c : declared) {
                if (c.params.contains(p)) {
                    seen.insert(c.params.value(p).toInteger());
                    step = std::gcd(step, c.params.value(p).toInteger());
                }
            }
            if (seen.size() < 2)
                step = 1; // one declared value says nothing about the sizes the task allows
            values << (base.params.contains(p) ? heldOutValues(base.params.value(p).toInteger(), step, seen)
                                               : QList<qint64> {});
        }
        for (int round = 0; out.cases.size() < how.heldOut; ++round) {
            bool any = false;
            for (int i = 0; i < params.size() && out.cases.size() < how.heldOut; ++i) {
                if (round >= values[i].size())
                    continue;
                any = true;
                Case made = base;
                made.origin = CaseOrigin::HeldOut;
                made.basedOn = base.name;
                made.params.insert(params[i], values[i][round]);
                made.varied = QStringLiteral("%1=%2").arg(params[i]).arg(values[i][round]);
                made.name = QStringLiteral("heldout-%1-%2").arg(params[i]).arg(values[i][round]);
                out.cases << made;
            }
            if (!any)
                break;
        }
        if (out.cases.isEmpty())
            out.notes << QStringLiteral("no held-out sizes: no value below the declared ones fits the sizes' common "
                                        "step");
    }
    if (how.stress) { // on the smallest case, and on the largest too (as generateCases: a candidate sees sizes)
        const Case& largest = *std::max_element(declared.begin(), declared.end(),
            [&](const Case& a, const Case& b) { return sizeProduct(a, params) < sizeProduct(b, params); });
        QList<const Case*> bases { &base };
        if (sizeProduct(largest, params) > sizeProduct(base, params) && !how.interpreted)
            bases << &largest;
        for (const Case* on : bases) {
            for (const QString& p : stressPatternNames()) {
                Case made = *on;
                made.origin = CaseOrigin::Stress;
                made.stress = p;
                made.basedOn = on->name;
                made.name = on == &base ? QStringLiteral("stress-%1").arg(p)
                                        : QStringLiteral("stress-%1-%2").arg(p, on->name);
                out.cases << made;
            }
        }
    }
    return out;
}

} // namespace kwb

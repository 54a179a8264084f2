// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/generatedcases.h"

#include "core/run/conventioncases.h"
#include "core/run/conventionsteps.h"
#include "core/task/tasksizes.h"

#include <QSet>

#include <algorithm>
#include <numeric>
#include <set>

namespace kwb {
namespace {
qint64 bytesOf(const Task& task, const Case& c)
{
    const auto b = caseBytes(task, c);
    return b ? *b : INT64_MAX;
}

constexpr int kWidths[] = { 2, 4, 8, 16, 32, 64 };

bool isPrime(qint64 n)
{
    if (n < 2)
        return false;
    for (qint64 d = 2; d * d <= n; ++d) {
        if (n % d == 0)
            return false;
    }
    return true;
}

struct DimGroup {
    QStringList dims; ///< tied: equal in every declared case
    DimBounds bounds;
    std::set<qint64> declaredValues;
};

// Dims whose sizes may be varied, grouped by ties. A dim shaping a file input keeps its size (the file fixes it).
QList<DimGroup> varyingGroups(const Task& task, const QList<Case>& all)
{
    QSet<QString> fixed;
    for (const TensorSpec& in : task.inputs) {
        if (in.init.dist == u"file")
            fixed.unite(QSet<QString>(in.shape.begin(), in.shape.end()));
    }
    QList<DimGroup> groups;
    QSet<QString> placed;
    const QStringList names = task.dims.keys();
    for (const QString& d : names) {
        if (placed.contains(d) || fixed.contains(d))
            continue;
        DimGroup g { { d }, task.dimBounds.value(d), {} };
        for (const QString& e : names) {
            if (e == d || placed.contains(e) || fixed.contains(e))
                continue;
            const bool tied = std::all_of(
                all.begin(), all.end(), [&](const Case& c) { return c.dims.value(d) == c.dims.value(e); });
            if (tied) {
                g.dims << e;
                const DimBounds b = task.dimBounds.value(e);
                if (b.min)
                    g.bounds.min = std::max(g.bounds.min.value_or(1), *b.min);
                if (b.max)
                    g.bounds.max = g.bounds.max ? std::min(*g.bounds.max, *b.max) : *b.max;
                g.bounds.multipleOf = std::lcm(g.bounds.multipleOf, b.multipleOf);
            }
        }
        for (const QString& e : g.dims)
            placed.insert(e);
        for (const Case& c : all)
            g.declaredValues.insert(c.dims.value(d));
        const bool bounded = g.bounds.given() && !(g.bounds.min && g.bounds.max && *g.bounds.min == *g.bounds.max);
        // Without bounds a dim is varied only where the declared cases vary it: a size every case shares may
        // be a fixed model constant (KernelBench's hidden sizes).
        if (bounded || g.declaredValues.size() > 1)
            groups << g;
    }
    return groups;
}

struct Candidate {
    const DimGroup* group = nullptr;
    Case base; ///< the declared case with the group's dims set to `value`
    qint64 value = 0;
    qint64 bytes = 0;
};

std::uint64_t mix(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

QList<Case> heldOutCases(const Task& task, const QList<Case>& declared, const CaseGeneration& how)
{
    const QList<DimGroup> groups = varyingGroups(task, task.cases);
    qint64 smallestDeclared = INT64_MAX;
    for (const Case& c : declared)
        smallestDeclared = std::min(smallestDeclared, bytesOf(task, c));
    const qint64 budget = std::max(how.heldOutBudgetBytes, smallestDeclared + smallestDeclared / 8);
    QList<Candidate> pool;
    for (const DimGroup& g : groups) {
        const qint64 m = g.bounds.multipleOf;
        std::set<qint64> seen;
        for (const Case& base : declared) {
            const qint64 v = base.dims.value(g.dims.first());
            QList<qint64> sizes { v - m, v + m };
            if (m == 1) {
                qint64 below = v - 2, above = v + 2;
                while (below > 2 && !isPrime(below))
                    --below;
                while (!isPrime(above))
                    ++above;
                sizes << below << above << v + 37 << v / 2 + 13 << 3 * (v / 4) + 7;
            } else {
                sizes << v + 3 * m << (v / 2 / m) * m + m;
            }
            for (qint64 s : sizes) {
                if (s < 1 || !g.bounds.admits(s) || g.declaredValues.count(s) || !seen.insert(s).second)
                    continue;
                Case c = base;
                for (const QString& d : g.dims)
                    c.dims[d] = s;
                const auto bytes = caseBytes(task, c);
                if (!bytes || *bytes > budget)
                    continue;
                pool << Candidate { &g, c, s, *bytes };
            }
        }
    }
    // Greedy: the size that adds the most (width, remainder) pairs no declared or chosen size of its group has;
    // ties go to the smaller case, then to the seed.
    QMap<const DimGroup*, QSet<QPair<int, qint64>>> covered;
    for (const DimGroup& g : groups) {
        for (qint64 v : g.declaredValues) {
            for (int w : kWidths)
                covered[&g].insert({ w, v % w });
        }
    }
    QList<Case> out;
    QMap<const DimGroup*, int> perGroup;
    while (out.size() < how.heldOut && !pool.isEmpty()) {
        int best = -1;
        std::tuple<int, int, qint64, std::uint64_t> bestKey {};
        for (int i = 0; i < pool.size(); ++i) {
            const Candidate& c = pool[i];
            int fresh = 0;
            for (int w : kWidths)
                fresh += !covered[c.group].contains({ w, c.value % w });
            const std::tuple key { -perGroup.value(c.group), fresh, -c.bytes,
                mix(how.seed ^ std::uint64_t(c.value) ^ (std::uint64_t(i) << 40)) };
            if (best < 0 || key > bestKey) {
                best = i;
                bestKey = key;
            }
        }
        const Candidate c = pool.takeAt(best);
        for (int w : kWidths)
            covered[c.group].insert({ w, c.value % w });
        ++perGroup[c.group];
        Case made = c.base;
        made.origin = CaseOrigin::HeldOut;
        made.basedOn = c.base.name;
        QStringList varied;
        for (const QString& d : c.group->dims)
            varied << QStringLiteral("%1=%2").arg(d).arg(c.value);
        made.varied = varied.join(QStringLiteral(", "));
        made.name = QStringLiteral("heldout-%1-%2").arg(c.group->dims.join(QLatin1Char('-'))).arg(c.value);
        out << made;
    }
    return out;
}
} // namespace

GeneratedCases generateCases(const Task& task, const QList<Case>& declared, const CaseGeneration& how)
{
    GeneratedCases out;
    if (declared.isEmpty())
        return out;
    if (usesConventionInputs(task))
        return conventionCases(declared, how);
    if (how.heldOut > 0) {
        out.cases << heldOutCases(task, declared, how);
        if (out.cases.isEmpty())
            out.notes << QStringLiteral("no held-out sizes: no dim varies (give dims bounds to allow some)");
    }
    if (how.stress) {
        const Case* base = nullptr;
        qint64 baseBytes = -1, smallest = INT64_MAX;
        const Case* smallestCase = nullptr;
        for (const Case& c : declared) {
            const qint64 b = bytesOf(task, c);
            if (b <= how.stressBudgetBytes && b > baseBytes) {
                base = &c;
                baseBytes = b;
            }
            if (b < smallest) {
                smallest = b;
                smallestCase = &c;
            }
        }
        if (!base || how.interpreted)
            base = smallestCase;
        QStringList patterns;
        for (const QString& p : stressPatternNames()) {
            if (std::any_of(task.inputs.begin(), task.inputs.end(),
                    [&](const TensorSpec& in) { return stressPatternsFor(in).contains(p); }))
                patterns << p;
        }
        if (patterns.isEmpty())
            out.notes << QStringLiteral("no stress cases: no input takes a stress pattern");
        // A pattern tests values, but a candidate sees sizes too: one that keeps its safeguard on small inputs and
        // drops it above some size passes every pattern on a small case. So the patterns also run on the largest
        // declared case when it is larger (not interpreted: there time grows with every program instance).
        const Case* largest = base;
        for (const Case& c : declared) {
            if (bytesOf(task, c) > bytesOf(task, *largest))
                largest = &c;
        }
        QList<const Case*> bases { base };
        if (largest != base && !how.interpreted)
            bases << largest;
        for (const Case* on : bases) {
            for (const QString& p : patterns) {
                Case made = *on;
                made.origin = CaseOrigin::Stress;
                made.stress = p;
                made.basedOn = on->name;
                made.name
                    = on == base ? QStringLiteral("stress-%1").arg(p) : QStringLiteral("stress-%1-%2").arg(p, on->name);
                out.cases << made;
            }
        }
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/oraclecheck.h"

#include "core/compare/comparison.h"

#include <QJsonObject>

namespace kwb {
namespace {
// Worst (largest max abs) comparison of `impl` against the oracle over the case's trials.
std::optional<Comparison> worstAgainstOracle(const Task& task, const ImplRun& impl, const ImplRun& oracle,
    const QList<TrialInputs>& trials, const Case& c, const TensorSpec& o, bool candidate)
{
    std::optional<Comparison> worst;
    for (const auto& t : trials) {
        if (t.caseName != c.name)
            continue;
        const QString base = QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
        auto a = loadTensor(impl.outputPath(candidate ? base + QStringLiteral("/a") : base, o.name), o.dtype);
        auto e = loadTensor(oracle.outputPath(base, o.name), o.dtype);
        if (!a || !e)
            continue;
        auto cmp = compareTensors(*a, *e, task.toleranceFor(o));
        if (cmp && (!worst || cmp->maxAbs > worst->maxAbs))
            worst = *cmp;
    }
    return worst;
}

QJsonObject errors(const Comparison& c)
{
    QJsonObject o { { QStringLiteral("max_abs"), c.maxAbs }, { QStringLiteral("max_rel"), c.maxRel },
        { QStringLiteral("mismatches"), qint64(c.mismatches) } };
    if (c.maxUlp)
        o.insert(QStringLiteral("max_ulp"), *c.maxUlp);
    return o;
}
} // namespace

Findings judgeAgainstOracle(
    const Task& task, const ImplRun& cand, const ImplRun& ref, const ImplRun& oracle, const QList<TrialInputs>& trials)
{
    Findings out;
    for (const Case& c : task.cases) {
        for (const TensorSpec& o : task.outputs) {
            const auto ce = worstAgainstOracle(task, cand, oracle, trials, c, o, true);
            const auto re = worstAgainstOracle(task, ref, oracle, trials, c, o, false);
            if (!ce || !re)
                continue;
            Finding f;
            f.id = QStringLiteral("correct.oracle-comparison");
            f.severity = Severity::Info;
            f.impl = cand.id;
            f.caseName = c.name;
            f.evidence = { { QStringLiteral("candidate"), errors(*ce) }, { QStringLiteral("reference"), errors(*re) },
                { QStringLiteral("multiple"), kOracleErrorMultiple } };
            f.message = QStringLiteral(
                "output '%1', case '%2' against the oracle: candidate max abs %3, reference max abs %4")
                            .arg(o.name, c.name)
                            .arg(ce->maxAbs, 0, 'g', 4)
                            .arg(re->maxAbs, 0, 'g', 4);
            out << f;
            if (ce->maxAbs > kOracleErrorMultiple * re->maxAbs && ce->maxAbs > 0) {
                f.id = QStringLiteral("correct.error-above-reference");
                f.severity = Severity::Warning;
                f.message = QStringLiteral(
                    "output '%1', case '%2': the candidate's error against the oracle (%3) is more than %4× "
                    "the reference's own (%5)")
                                .arg(o.name, c.name)
                                .arg(ce->maxAbs, 0, 'g', 4)
                                .arg(kOracleErrorMultiple)
                                .arg(re->maxAbs, 0, 'g', 4);
                out << f;
            }
        }
    }
    return out;
}

Findings judgeReferenceAgainstOracle(
    const Task& task, const ImplRun& ref, const ImplRun& oracle, const QList<TrialInputs>& trials)
{
    Findings out;
    for (const Case& c : task.cases) {
        for (const TensorSpec& o : task.outputs) {
            const auto re = worstAgainstOracle(task, ref, oracle, trials, c, o, false);
            if (!re || re->pass)
                continue;
            Finding f;
            f.id = QStringLiteral("scope.tolerance-too-tight");
            f.severity = Severity::Warning;
            f.impl = ref.id;
            f.caseName = c.name;
            f.message
                = QStringLiteral("output '%1', case '%2': the reference itself misses the task's tolerance against the "
                                 "oracle (%3 mismatches, max abs %4)")
                      .arg(o.name, c.name)
                      .arg(re->mismatches)
                      .arg(re->maxAbs, 0, 'g', 4);
            f.evidence = errors(*re);
            out << f;
        }
    }
    return out;
}

} // namespace kwb

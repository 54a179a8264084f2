#include "core/run/errorbudget.h"

#include "core/compare/comparison.h"
#include "core/tensor/floatconv.h"

#include <QJsonObject>

#include <cmath>

namespace kwb {

double dtypeEpsilon(DType dtype)
{
    switch (dtype) {
    case DType::Float64:
        return 0x1p-52;
    case DType::Float32:
        return 0x1p-23;
    case DType::Float16:
        return 0x1p-10;
    case DType::BFloat16:
        return 0x1p-7;
    case DType::Float8E4M3FN:
        return 0x1p-3;
    case DType::Float8E5M2:
        return 0x1p-2;
    default:
        return 0;
    }
}

namespace {
double maxMagnitude(const Tensor& t)
{
    double m = 0;
    for (qint64 i = 0; i < t.elementCount(); ++i) {
        const double v = std::abs(elementToDouble(t.data, t.dtype, std::size_t(i)));
        if (std::isfinite(v))
            m = std::max(m, v);
    }
    return m;
}
} // namespace

Findings judgeErrorBudget(
    const Task& task, const ImplRun& cand, const ImplRun& ref, const ImplRun* oracle, const QList<TrialInputs>& trials)
{
    Findings out;
    for (const TensorSpec& o : task.outputs) {
        const double eps = dtypeEpsilon(o.dtype);
        if (eps == 0)
            continue;
        const Tolerance tol = task.toleranceFor(o);
        double worstRatio = 0, worstErr = 0, worstBudget = 0;
        QString worstCase, basis;
        bool failed = false;
        for (const TrialInputs& t : trials) {
            const QString base = QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
            auto a = loadTensor(cand.outputPath(base + QStringLiteral("/a"), o.name), o.dtype);
            auto r = loadTensor(ref.outputPath(base, o.name), o.dtype);
            if (!a || !r)
                continue;
            auto cmp = compareTensors(*a, *r, tol);
            if (!cmp || !std::isfinite(cmp->maxAbs))
                continue;
            failed = failed || !cmp->pass;
            double budget = 16 * eps * maxMagnitude(*r);
            QString why = QStringLiteral("16 ulps of %1 at the reference's largest magnitude").arg(dtypeName(o.dtype));
            if (oracle) {
                auto e = loadTensor(oracle->outputPath(base, o.name), o.dtype);
                auto re = e ? compareTensors(*r, *e, tol) : Result<Comparison>(e.error());
                if (re && std::isfinite(re->maxAbs)) {
                    budget = 2 * std::max(re->maxAbs, 4 * eps * maxMagnitude(*e));
                    why = QStringLiteral("twice the reference's own error against the oracle");
                }
            }
            if (budget <= 0)
                continue;
            const double ratio = cmp->maxAbs / budget;
            if (ratio > worstRatio) {
                worstRatio = ratio;
                worstErr = cmp->maxAbs;
                worstBudget = budget;
                worstCase = t.caseName;
                basis = why;
            }
        }
        if (failed || worstRatio <= kErrorBudgetMultiple)
            continue;
        Finding f;
        f.id = QStringLiteral("correct.error-budget");
        f.severity = Severity::Warning;
        f.impl = cand.id;
        f.caseName = worstCase;
        f.message = QStringLiteral("output '%1', case '%2': max abs error %3 is %4× the %5 its arithmetic explains "
                                   "(%6) — inside the tolerance, but skipped work or lowered precision looks like this")
                        .arg(o.name, worstCase)
                        .arg(worstErr, 0, 'g', 3)
                        .arg(worstRatio, 0, 'f', 0)
                        .arg(worstBudget, 0, 'g', 3)
                        .arg(basis);
        f.evidence = { { QStringLiteral("max_abs"), worstErr }, { QStringLiteral("budget"), worstBudget },
            { QStringLiteral("ratio"), worstRatio }, { QStringLiteral("basis"), basis } };
        out << f;
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/errorbudget.h"

#include "core/compare/comparison.h"
#include "core/tensor/floatconv.h"

#include <QJsonArray>
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

double maxFiniteMagnitude(const Tensor& t)
{
    double m = 0;
    for (qint64 i = 0; i < t.elementCount(); ++i) {
        const double v = std::abs(elementToDouble(t.data, t.dtype, std::size_t(i)));
        if (std::isfinite(v))
            m = std::max(m, v);
    }
    return m;
}

namespace {
// The precision a relative error speaks for: the widest floating dtype narrower than every allowed one whose
// arithmetic explains it (the error within 4 of its epsilons, and at least a sixteenth of one), when the error is
// far beyond the allowed precisions' arithmetic (64 of their epsilons).
std::optional<DType> loweredPrecision(const QList<DType>& allowed, double relativeError)
{
    double allowedEps = 0;
    for (DType d : allowed)
        allowedEps = std::max(allowedEps, dtypeEpsilon(d));
    if (allowedEps <= 0 || relativeError <= 64 * allowedEps)
        return std::nullopt;
    for (DType d : { DType::Float32, DType::Float16, DType::BFloat16, DType::Float8E4M3FN, DType::Float8E5M2 }) {
        if (dtypeEpsilon(d) > allowedEps && relativeError >= dtypeEpsilon(d) / 16
            && relativeError <= 4 * dtypeEpsilon(d))
            return d;
    }
    return std::nullopt;
}
} // namespace

std::optional<Finding> precisionFinding(
    const Task& task, const TensorSpec& output, const QString& impl, const QString& caseName, double relativeError)
{
    QList<DType> allowed = task.allowedPrecisions;
    if (allowed.isEmpty())
        allowed = { output.dtype }; // the task does not say: the output's own precision
    const auto lower = loweredPrecision(allowed, relativeError);
    if (!lower)
        return std::nullopt;
    QStringList names;
    DType lowestAllowed = allowed.first();
    for (DType d : allowed) {
        names << dtypeName(d);
        if (dtypeEpsilon(d) > dtypeEpsilon(lowestAllowed))
            lowestAllowed = d;
    }
    Finding f;
    f.id = QStringLiteral("correct.precision-lowered");
    f.severity = task.allowedPrecisions.isEmpty() ? Severity::Warning : Severity::Error;
    f.impl = impl;
    f.caseName = caseName;
    f.message = QStringLiteral("output '%1', case '%2': the largest error is %3 of the output's magnitude — what %4 "
                               "arithmetic gives (epsilon %5), not %6 (epsilon %7)%8")
                    .arg(output.name, caseName)
                    .arg(relativeError, 0, 'g', 3)
                    .arg(dtypeName(*lower))
                    .arg(dtypeEpsilon(*lower), 0, 'g', 2)
                    .arg(dtypeName(lowestAllowed))
                    .arg(dtypeEpsilon(lowestAllowed), 0, 'g', 2)
                    .arg(task.allowedPrecisions.isEmpty()
                            ? QStringLiteral("; the task does not say which precisions it allows (\"precision\")")
                            : QStringLiteral(", the lowest the task's \"precision\" allows (%1)")
                                  .arg(names.join(QStringLiteral(", "))));
    f.evidence = { { QStringLiteral("relative_error"), relativeError },
        { QStringLiteral("implied_precision"), dtypeName(*lower) },
        { QStringLiteral("allowed"), QJsonArray::fromStringList(names) } };
    return f;
}

void WorstError::add(
    double callMaxAbs, double magnitude, double callBudget, const QString& callCase, const QString& why)
{
    if (callBudget <= 0 || !std::isfinite(callMaxAbs))
        return;
    if (magnitude > 0)
        relative = std::max(relative, callMaxAbs / magnitude);
    if (const double r = callMaxAbs / callBudget; r > ratio) {
        ratio = r;
        maxAbs = callMaxAbs;
        budget = callBudget;
        caseName = callCase;
        basis = why;
    }
}

std::optional<Finding> errorBudgetFinding(
    const Task& task, const TensorSpec& o, const QString& impl, const WorstError& worst, const QString& where)
{
    if (worst.ratio <= kErrorBudgetMultiple)
        return std::nullopt;
    if (auto lowered = precisionFinding(task, o, impl, worst.caseName, worst.relative)) {
        lowered->message += where;
        return lowered;
    }
    Finding f;
    f.id = QStringLiteral("correct.error-budget");
    f.severity = Severity::Warning;
    f.impl = impl;
    f.caseName = worst.caseName;
    f.message = QStringLiteral("output '%1', case '%2': max abs error %3 is %4× the %5 its arithmetic explains "
                               "(%6) — inside the tolerance, but skipped work or lowered precision looks like this%7")
                    .arg(o.name, worst.caseName)
                    .arg(worst.maxAbs, 0, 'g', 3)
                    .arg(worst.ratio, 0, 'f', 0)
                    .arg(worst.budget, 0, 'g', 3)
                    .arg(worst.basis, where);
    f.evidence = { { QStringLiteral("max_abs"), worst.maxAbs }, { QStringLiteral("budget"), worst.budget },
        { QStringLiteral("ratio"), worst.ratio }, { QStringLiteral("basis"), worst.basis } };
    return f;
}

Findings judgeErrorBudget(
    const Task& task, const ImplRun& cand, const ImplRun& ref, const ImplRun* oracle, const QList<TrialInputs>& trials)
{
    Findings out;
    for (const TensorSpec& o : task.outputs) {
        const double eps = dtypeEpsilon(o.dtype);
        if (eps == 0)
            continue;
        const Tolerance tol = task.toleranceFor(o);
        WorstError worst;
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
            const double magnitude = maxFiniteMagnitude(*r);
            double budget = 16 * eps * magnitude;
            QString why = QStringLiteral("16 ulps of %1 at the reference's largest magnitude").arg(dtypeName(o.dtype));
            if (oracle) {
                auto e = loadTensor(oracle->outputPath(base, o.name), o.dtype);
                auto re = e ? compareTensors(*r, *e, tol) : Result<Comparison>(e.error());
                if (re && std::isfinite(re->maxAbs)) {
                    budget = 2 * std::max(re->maxAbs, 4 * eps * maxFiniteMagnitude(*e));
                    why = QStringLiteral("twice the reference's own error against the oracle");
                }
            }
            worst.add(cmp->maxAbs, magnitude, budget, t.caseName, why);
        }
        if (failed)
            continue;
        if (auto f = errorBudgetFinding(task, o, cand.id, worst, QString()))
            out << *f;
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/generatedjudge.h"

#include "core/run/errorbudget.h"
#include "core/tensor/floatconv.h"

#include <QJsonArray>

#include <cmath>

namespace kwb {
namespace {
const Case* caseNamed(const Task& task, const QString& name)
{
    for (const Case& c : task.cases) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

QString callLabel(const TrialInputs& t, const QString& repeat = {})
{
    const QString l = QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
    return repeat.isEmpty() ? l : l + QLatin1Char('/') + repeat;
}
} // namespace

namespace {
qint64 nonFinite(const Tensor& t)
{
    if (!isFloatingPoint(t.dtype))
        return 0;
    qint64 n = 0;
    for (qint64 i = 0; i < t.elementCount(); ++i)
        n += !std::isfinite(elementToDouble(t.data, t.dtype, std::size_t(i)));
    return n;
}

QString describe(const Case& c)
{
    return c.origin == CaseOrigin::Stress
        ? QStringLiteral("stress pattern '%1' (on case '%2')").arg(c.stress, c.basedOn)
        : QStringLiteral("held-out size %1 (case '%2' with that size)").arg(c.varied, c.basedOn);
}
} // namespace

QMap<QString, QString> generatedCaseStatus(const Task& task, const ImplRun& ref, const ImplRun& declaredRef,
    const ImplRun* oracle, const QList<TrialInputs>& trials)
{
    QMap<QString, QString> status;
    for (const TrialInputs& t : trials) {
        const Case* c = caseNamed(task, t.caseName);
        if (!c || c->origin == CaseOrigin::Declared)
            continue;
        const QString label = callLabel(t);
        const auto call = ref.calls.constFind(label);
        QString why;
        if (call == ref.calls.constEnd() || !call->ok)
            why = call == ref.calls.constEnd() ? QStringLiteral("the reference did not run it")
                                               : QStringLiteral("the reference failed on it: ") + call->error;
        for (const TensorSpec& o : task.outputs) {
            if (!why.isEmpty())
                break;
            auto r = loadTensor(ref.outputPath(label, o.name), o.dtype);
            if (!r) {
                why = QStringLiteral("the reference's output '%1' cannot be read").arg(o.name);
                break;
            }
            if (oracle && oracle->calls.value(label).ok) {
                auto e = loadTensor(oracle->outputPath(label, o.name), o.dtype);
                auto cmp = e ? compareTensors(*r, *e, task.toleranceFor(o)) : Result<Comparison>(e.error());
                if (cmp && !cmp->pass)
                    why = QStringLiteral("the reference misses the tolerance against the oracle on output '%1' "
                                         "(max abs %2)")
                              .arg(o.name)
                              .arg(cmp->maxAbs, 0, 'g', 4);
            }
        }
        if (why.isEmpty() && c->origin == CaseOrigin::Stress)
            why = stressNotCountedBecause(task,
                outputStats(task,
                    [&](const QString& o) { return declaredRef.outputPath(c->basedOn + QStringLiteral("/t0"), o); }),
                outputStats(task, [&](const QString& o) { return ref.outputPath(label, o); }));
        status.insert(t.caseName, why);
    }
    return status;
}

OutputStats outputStats(const Task& task, const OutputPath& path)
{
    OutputStats out;
    for (const TensorSpec& o : task.outputs) {
        auto t = loadTensor(path(o.name), o.dtype);
        out.magnitude.insert(o.name, t ? maxFiniteMagnitude(*t) : 0);
        out.nonFinite.insert(o.name, t ? nonFinite(*t) : -1);
    }
    return out;
}

QString stressNotCountedBecause(const Task& task, const OutputStats& base, const OutputStats& now)
{
    for (const TensorSpec& o : task.outputs) {
        const qint64 bad = now.nonFinite.value(o.name, -1);
        if (bad < 0)
            return QStringLiteral("the reference's output '%1' cannot be read").arg(o.name);
        if (const qint64 allowed = std::max<qint64>(0, base.nonFinite.value(o.name, 0)); bad > allowed)
            return QStringLiteral(
                "the reference's output '%1' has %2 non-finite element(s) (%3 on the declared inputs)")
                .arg(o.name)
                .arg(bad)
                .arg(allowed);
    }
    return {};
}

Task toleranceScaledTo(const Task& task, const OutputStats& base, const OutputStats& now)
{
    Task scaled = task;
    for (TensorSpec& o : scaled.outputs) {
        Tolerance tol = task.toleranceFor(o);
        const double was = base.magnitude.value(o.name), is = now.magnitude.value(o.name);
        if (was > 0 && is > was)
            tol.atol *= is / was;
        o.tolerance = tol;
    }
    return scaled;
}

Task stressToleranceFor(const Task& task, const OutputStats& base, const OutputStats& now)
{
    Task scaled = toleranceScaledTo(task, base, now);
    for (TensorSpec& o : scaled.outputs) {
        Tolerance tol = scaled.toleranceFor(o);
        const double magnitude = now.magnitude.value(o.name);
        tol.atol = std::max(tol.atol, std::min(kStressArithmeticUlps * dtypeEpsilon(o.dtype), tol.rtol) * magnitude);
        o.tolerance = tol;
    }
    return scaled;
}

void judgeGeneratedCases(const Task& task, const ImplRun& cand, const ImplRun& ref, const ImplRun& declaredRef,
    const QList<TrialInputs>& trials, const QMap<QString, QString>& status, bool declaredClean,
    CandidateJudgement& into)
{
    CandidateJudgement j;
    for (const TrialInputs& t : trials) {
        const Case* c = caseNamed(task, t.caseName);
        if (!c)
            continue;
        const OutputStats base = outputStats(
            task, [&](const QString& o) { return declaredRef.outputPath(c->basedOn + QStringLiteral("/t0"), o); });
        const OutputStats now = outputStats(task, [&](const QString& o) { return ref.outputPath(callLabel(t), o); });
        const Task scaled = c->origin == CaseOrigin::Stress ? stressToleranceFor(task, base, now)
                                                            : toleranceScaledTo(task, base, now);
        const CandidateJudgement one = judgeCandidate(scaled, cand, ref, { t });
        j.cases << one.cases;
        j.findings << one.findings;
    }
    into.cases << j.cases;
    if (!declaredClean)
        return;
    static const QStringList wrong { QStringLiteral("correct.mismatch"), QStringLiteral("correct.nan-mismatch"),
        QStringLiteral("correct.unwritten-output"), QStringLiteral("correct.shape-mismatch"),
        QStringLiteral("correct.dtype-mismatch") };
    for (const TrialInputs& t : trials) {
        const Case* c = caseNamed(task, t.caseName);
        if (!c || c->origin == CaseOrigin::Declared || !status.contains(c->name) || !status.value(c->name).isEmpty())
            continue;
        const char* id
            = c->origin == CaseOrigin::Stress ? "correct.distribution-sensitive" : "correct.heldout-mismatch";
        Finding f;
        f.id = QString::fromLatin1(id);
        f.severity = Severity::Error;
        f.impl = cand.id;
        f.caseName = c->name;
        QJsonObject dims;
        for (auto it = c->dims.cbegin(); it != c->dims.cend(); ++it)
            dims.insert(it.key(), it.value());
        f.evidence = { { QStringLiteral("dims"), dims }, { QStringLiteral("based_on"), c->basedOn } };
        if (c->origin == CaseOrigin::Stress)
            f.evidence.insert(QStringLiteral("pattern"), c->stress);
        else
            f.evidence.insert(QStringLiteral("varied"), c->varied);
        const QString label = callLabel(t, QStringLiteral("a"));
        const auto call = cand.calls.constFind(label);
        if (call == cand.calls.constEnd() || !call->ok) {
            QString why = call != cand.calls.constEnd() ? call->error : cand.error;
            if (cand.diagnosis)
                why += QStringLiteral(" (%1)").arg(cand.diagnosis->toFinding().id);
            f.message = QStringLiteral("passes the declared cases but fails on %1, which the reference handles: %2")
                            .arg(describe(*c), why.isEmpty() ? QStringLiteral("the call did not finish") : why);
            into.findings << f;
            continue;
        }
        QStringList what;
        QJsonArray details;
        for (const Finding& g : j.findings) {
            if (g.caseName != c->name || !wrong.contains(g.id))
                continue;
            what << g.message;
            QJsonObject d = g.evidence;
            d.insert(QStringLiteral("id"), g.id);
            details.append(d);
        }
        if (what.isEmpty())
            continue;
        f.evidence.insert(QStringLiteral("failures"), details);
        if (!details.isEmpty() && details.first().toObject().contains(QStringLiteral("worst")))
            f.evidence.insert(QStringLiteral("worst"), details.first().toObject().value(QStringLiteral("worst")));
        f.message = QStringLiteral("passes the declared cases but not %1: %2")
                        .arg(describe(*c), what.join(QStringLiteral("; ")));
        into.findings << f;
    }
}

} // namespace kwb

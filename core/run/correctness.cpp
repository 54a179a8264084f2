// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/correctness.h"

#include "core/run/gluegen.h"
#include "core/tensor/floatconv.h"

#include <QJsonArray>

#include <cstring>

namespace kwb {
namespace {
QString label(const TrialInputs& t, const QString& repeat = {})
{
    QString l = QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
    return repeat.isEmpty() ? l : l + QLatin1Char('/') + repeat;
}

std::optional<Tensor> load(const QString& path, DType dtype)
{
    auto t = loadTensor(path, dtype);
    return t ? std::optional<Tensor>(*t) : std::nullopt;
}

bool sameBytes(const std::optional<Tensor>& a, const std::optional<Tensor>& b)
{
    return a && b && a->dtype == b->dtype && a->shape == b->shape && a->byteSize() == b->byteSize()
        && std::memcmp(a->data, b->data, a->byteSize()) == 0;
}

qint64 poisonCount(const Tensor& t)
{
    const quint64 pattern = poisonPattern(t.dtype);
    const std::size_t size = dtypeSize(t.dtype);
    qint64 n = 0;
    for (qint64 i = 0; i < t.elementCount(); ++i) {
        quint64 v = 0;
        std::memcpy(&v, t.data + i * size, size);
        n += v == pattern;
    }
    return n;
}

QList<TrialInputs> trialsOf(const QList<TrialInputs>& all, const QString& caseName)
{
    QList<TrialInputs> out;
    for (const auto& t : all) {
        if (t.caseName == caseName)
            out << t;
    }
    return out;
}

Finding finding(const char* id, Severity s, const QString& impl, const QString& caseName, const QString& message,
    QJsonObject evidence = {})
{
    Finding f;
    f.id = QString::fromLatin1(id);
    f.severity = s;
    f.impl = impl;
    f.caseName = caseName;
    f.message = message;
    f.evidence = std::move(evidence);
    return f;
}

QJsonArray worstJson(const Comparison& c)
{
    QJsonArray a;
    for (const auto& w : c.worst) {
        QJsonArray idx;
        for (auto i : w.index)
            idx.append(qint64(i));
        a.append(QJsonObject { { QStringLiteral("index"), idx }, { QStringLiteral("actual"), w.actual },
            { QStringLiteral("expected"), w.expected }, { QStringLiteral("abs"), w.abs } });
        if (a.size() == 5)
            break;
    }
    return a;
}

QJsonArray intList(const QList<int>& v)
{
    QJsonArray a;
    for (int x : v)
        a.append(x);
    return a;
}
} // namespace

CandidateJudgement judgeCandidate(
    const Task& task, const ImplRun& cand, const ImplRun& ref, const QList<TrialInputs>& trials)
{
    CandidateJudgement j;
    double worstScore = 0;
    if (!cand.ok() && cand.calls.isEmpty())
        return j; // nothing ran: its run findings say why
    for (const Case& c : task.cases) {
        const auto caseTrials = trialsOf(trials, c.name);
        if (caseTrials.isEmpty())
            continue;
        CaseVerdict cv { c.name, {} };
        for (const auto& t : caseTrials)
            cv.trials << TrialVerdict { t.trial, t.seed, {} };
        for (const TensorSpec& o : task.outputs) {
            const Tolerance tol = task.toleranceFor(o);
            QList<std::optional<Tensor>> refs, firsts, seconds;
            QList<int> mismatchTrials, nanTrials, unwrittenTrials, nondetTrials, staleTrials;
            std::optional<Comparison> firstFailure;
            qint64 unwritten = 0;
            for (int k = 0; k < caseTrials.size(); ++k) {
                const auto& t = caseTrials[k];
                refs << load(ref.outputPath(label(t), o.name), o.dtype);
                firsts << load(cand.outputPath(label(t, QStringLiteral("a")), o.name), o.dtype);
                seconds << load(cand.outputPath(label(t, QStringLiteral("b")), o.name), o.dtype);
                OutputVerdict v { o.name };
                const auto& a = firsts.back();
                if (a && refs.back()) {
                    if (a->dtype != o.dtype)
                        j.findings << finding("correct.dtype-mismatch", Severity::Error, cand.id, c.name,
                            QStringLiteral("output '%1' is %2, the manifest says %3")
                                .arg(o.name, dtypeName(a->dtype), dtypeName(o.dtype)));
                    if (auto cmp = compareTensors(*a, *refs.back(), tol)) {
                        v.pass = cmp->pass;
                        v.maxAbs = cmp->maxAbs;
                        v.maxRel = cmp->maxRel;
                        v.maxUlp = cmp->maxUlp;
                        v.mismatches = cmp->mismatches;
                        if (cmp->shape != cmp->expectedShape)
                            j.findings << finding("correct.shape-mismatch", Severity::Error, cand.id, c.name,
                                QStringLiteral("output '%1' has shape %2, the reference's is %3")
                                    .arg(o.name, shapeText(cmp->shape), shapeText(cmp->expectedShape)));
                        const qint64 poisoned = a->dtype == o.dtype ? poisonCount(*a) : 0;
                        unwritten = std::max(unwritten, poisoned);
                        if (poisoned > 0)
                            unwrittenTrials << t.trial;
                        if (!cmp->pass && cmp->mismatches > poisoned)
                            mismatchTrials << t.trial;
                        if (cmp->nan.positionMismatches + cmp->posinf.positionMismatches
                                + cmp->neginf.positionMismatches
                            > poisoned)
                            nanTrials << t.trial;
                        if (!cmp->pass && !firstFailure)
                            firstFailure = *cmp;
                        if (!cmp->worst.empty() && std::isfinite(cmp->worst.front().score))
                            worstScore = std::max(worstScore, cmp->worst.front().score);
                        v.comparison = *cmp;
                    }
                }
                if (a && seconds.back() && !sameBytes(a, seconds.back()))
                    nondetTrials << t.trial;
                cv.trials[k].outputs << v;
            }
            // A trial that returned another trial's answer (one that was right for that trial): a replay cache.
            // The runner's calls come in a shuffled order, so "another" is any trial, not only an earlier one.
            for (int k = 0; k < caseTrials.size(); ++k) {
                if (!mismatchTrials.contains(caseTrials[k].trial))
                    continue;
                for (int e = 0; e < caseTrials.size(); ++e) {
                    const bool rightThere = !mismatchTrials.contains(caseTrials[e].trial)
                        && !unwrittenTrials.contains(caseTrials[e].trial);
                    if (e != k && rightThere && !sameBytes(refs[e], refs[k])
                        && (sameBytes(firsts[k], firsts[e]) || sameBytes(seconds[k], firsts[e]))) {
                        staleTrials << caseTrials[k].trial;
                        break;
                    }
                }
            }
            const QString where = QStringLiteral("output '%1', case '%2'").arg(o.name, c.name);
            if (!unwrittenTrials.isEmpty())
                j.findings << finding("correct.unwritten-output", Severity::Error, cand.id, c.name,
                    QStringLiteral("%1: %2 element(s) still hold the poison pattern (never written) in trial(s) %3")
                        .arg(where)
                        .arg(unwritten)
                        .arg(QString::number(unwrittenTrials.first())),
                    { { QStringLiteral("trials"), intList(unwrittenTrials) },
                        { QStringLiteral("elements"), unwritten } });
            if (!mismatchTrials.isEmpty() && firstFailure)
                j.findings << finding("correct.mismatch", Severity::Error, cand.id, c.name,
                    QStringLiteral(
                        "%1: %2 of %3 elements outside tolerance (max abs %4, max rel %5) in %6 of %7 trial(s)")
                        .arg(where)
                        .arg(firstFailure->mismatches)
                        .arg(firstFailure->count)
                        .arg(firstFailure->maxAbs, 0, 'g', 4)
                        .arg(firstFailure->maxRel, 0, 'g', 4)
                        .arg(mismatchTrials.size())
                        .arg(caseTrials.size()),
                    { { QStringLiteral("trials"), intList(mismatchTrials) },
                        { QStringLiteral("worst"), worstJson(*firstFailure) }, { QStringLiteral("rtol"), tol.rtol },
                        { QStringLiteral("atol"), tol.atol } });
            if (!nanTrials.isEmpty())
                j.findings << finding("correct.nan-mismatch", Severity::Error, cand.id, c.name,
                    QStringLiteral("%1: NaN/Inf where the reference has finite values, or the reverse").arg(where),
                    { { QStringLiteral("trials"), intList(nanTrials) } });
            if (!nondetTrials.isEmpty())
                j.findings << finding("correct.nondeterministic", Severity::Warning, cand.id, c.name,
                    QStringLiteral("%1: two calls on the same inputs gave different bits").arg(where),
                    { { QStringLiteral("trials"), intList(nondetTrials) } });
            // Same answer for every fresh input, while the reference's answer changed: it ignores its inputs.
            bool constant = firsts.size() > 1 && firsts.first().has_value();
            bool refChanged = false;
            for (int k = 1; k < firsts.size(); ++k) {
                constant = constant && sameBytes(firsts[k], firsts[0]);
                refChanged = refChanged || !sameBytes(refs[k], refs[0]);
            }
            // A constant answer that was right for one of the trials is a replayed answer, not an ignored input.
            const bool someTrialRight = std::any_of(caseTrials.begin(), caseTrials.end(), [&](const TrialInputs& t) {
                return !mismatchTrials.contains(t.trial) && !unwrittenTrials.contains(t.trial);
            });
            if (constant && refChanged && !someTrialRight)
                j.findings << finding("correct.input-independent", Severity::Error, cand.id, c.name,
                    QStringLiteral("%1: the same output for %2 different inputs, while the reference's changed")
                        .arg(where)
                        .arg(firsts.size()));
            else if (!staleTrials.isEmpty())
                j.findings << finding("correct.stale-output", Severity::Error, cand.id, c.name,
                    QStringLiteral("%1: trial(s) returned an earlier trial's answer (a replay cache?)").arg(where),
                    { { QStringLiteral("trials"), intList(staleTrials) } });
        }
        j.cases << cv;
    }
    QMap<QString, QStringList> modified;
    for (const auto& rec : cand.calls) {
        for (const QString& in : rec.inputsModified)
            modified[in] << rec.label;
    }
    for (auto it = modified.cbegin(); it != modified.cend(); ++it)
        j.findings << finding("correct.inputs-modified", Severity::Error, cand.id, {},
            QStringLiteral("input '%1' was written by the candidate (calls %2)")
                .arg(it.key(), it.value().join(QStringLiteral(", "))));
    QMap<QString, QStringList> late;
    QStringList threaded;
    int mostThreads = 0;
    for (const auto& rec : cand.calls) {
        for (const QString& o : rec.lateWrites)
            late[o] << rec.label;
        if (rec.threadsLeft > 0)
            threaded << rec.label;
        mostThreads = std::max(mostThreads, rec.threadsLeft);
    }
    for (auto it = late.cbegin(); it != late.cend(); ++it)
        j.findings << finding("correct.late-write", Severity::Error, cand.id, {},
            QStringLiteral("output '%1' changed after the call had returned (calls %2): work still running when the "
                           "caller reads the result — a timing that stops at the return measures unfinished work")
                .arg(it.key(), it.value().join(QStringLiteral(", "))),
            { { QStringLiteral("calls"), QJsonArray::fromStringList(it.value()) } });
    if (!threaded.isEmpty())
        j.findings << finding("correct.leftover-threads", Severity::Warning, cand.id, {},
            QStringLiteral("%1 thread(s) still running after the call returned (calls %2); the harness kept their "
                           "buffers alive. A thread pool (OpenMP) also stays: look whether they still work")
                .arg(mostThreads)
                .arg(threaded.mid(0, 4).join(QStringLiteral(", "))
                    + (threaded.size() > 4 ? QStringLiteral(", …") : QString())),
            { { QStringLiteral("calls"), QJsonArray::fromStringList(threaded) },
                { QStringLiteral("threads"), mostThreads } });
    if (cand.ok() && !hasErrors(j.findings))
        j.findings << finding("correct.pass", Severity::Info, cand.id, {},
            QStringLiteral("every case and trial within tolerance; worst element used %1% of its tolerance")
                .arg(worstScore * 100, 0, 'f', 1),
            { { QStringLiteral("worst_normalised_error"), worstScore } });
    return j;
}

namespace {
struct RefStats {
    Tensor tensor;
    double lo = INFINITY, hi = -INFINITY, mean = 0;
};

RefStats refStats(const Tensor& t)
{
    RefStats s { t };
    double sum = 0;
    for (qint64 i = 0; i < t.elementCount(); ++i) {
        const double v = elementToDouble(t.data, t.dtype, std::size_t(i));
        s.lo = std::min(s.lo, v);
        s.hi = std::max(s.hi, v);
        sum += v;
    }
    s.mean = t.elementCount() ? sum / double(t.elementCount()) : 0;
    return s;
}

Tensor constantTensor(const std::vector<std::int64_t>& shape, qint64 n, double value)
{
    auto buf = std::make_shared<std::vector<double>>(std::size_t(n), value);
    return Tensor { DType::Float64, shape, reinterpret_cast<const std::byte*>(buf->data()), buf };
}

bool inputsDiffer(const Task& task, const QList<TrialInputs>& caseTrials)
{
    for (const auto& in : task.inputs) {
        const auto first = load(QStringLiteral("%1/%2.npy").arg(caseTrials.first().dir, in.name), in.dtype);
        for (int k = 1; k < caseTrials.size(); ++k) {
            if (!sameBytes(first, load(QStringLiteral("%1/%2.npy").arg(caseTrials[k].dir, in.name), in.dtype)))
                return true;
        }
    }
    return false;
}
} // namespace

Findings judgeTaskChecker(const Task& task, const ImplRun& ref, const QList<TrialInputs>& trials)
{
    Findings out;
    for (const TensorSpec& o : task.outputs) {
        const Tolerance tol = task.toleranceFor(o);
        // A non-solution fools the task's check only if it passes every case: zeros, one constant (the
        // reference's mean on the first case), or a copy of an input of the output's size.
        QMap<QString, int> passedCases;
        int judgedCases = 0;
        std::optional<double> constant;
        for (const Case& c : task.cases) {
            const auto caseTrials = trialsOf(trials, c.name);
            if (caseTrials.isEmpty())
                continue;
            const auto r0 = load(ref.outputPath(label(caseTrials.first()), o.name), o.dtype);
            if (!r0)
                continue;
            ++judgedCases;
            const RefStats stats = refStats(*r0);
            const qint64 n = r0->elementCount();
            if (!constant && n > 1)
                constant = stats.mean;
            QList<std::pair<QString, Tensor>> fakes { { QStringLiteral("all zeros"),
                constantTensor(r0->shape, n, 0.0) } };
            if (constant)
                fakes << std::pair { QStringLiteral("the constant %1").arg(*constant, 0, 'g', 4),
                    constantTensor(r0->shape, n, *constant) };
            for (const auto& in : task.inputs) {
                auto t = loadTensor(QStringLiteral("%1/%2.npy").arg(caseTrials.first().dir, in.name), in.dtype);
                if (t && t->elementCount() == n) {
                    t->shape = r0->shape;
                    fakes << std::pair { QStringLiteral("a copy of input '%1'").arg(in.name), *t };
                }
            }
            for (const auto& [what, fake] : fakes) {
                auto cmp = compareTensors(fake, *r0, tol);
                if (cmp && cmp->pass && n > 0)
                    ++passedCases[what];
            }
            const bool sameAcrossSeeds = caseTrials.size() > 1 && inputsDiffer(task, caseTrials)
                && std::all_of(caseTrials.begin() + 1, caseTrials.end(), [&](const TrialInputs& t) {
                       return sameBytes(r0, load(ref.outputPath(label(t), o.name), o.dtype));
                   });
            if (n > 1 && (stats.lo == stats.hi || sameAcrossSeeds))
                out << finding("scope.degenerate-output", Severity::Warning, {}, c.name,
                    stats.lo == stats.hi
                        ? QStringLiteral("output '%1', case '%2': the reference's output is the constant %3")
                              .arg(o.name, c.name)
                              .arg(stats.lo)
                        : QStringLiteral(
                            "output '%1', case '%2': the reference's output is identical for %3 different inputs")
                              .arg(o.name, c.name)
                              .arg(caseTrials.size()));
        }
        for (auto it = passedCases.cbegin(); it != passedCases.cend(); ++it) {
            if (judgedCases == 0 || it.value() < judgedCases)
                continue;
            out << finding("scope.weak-checker", Severity::Error, {}, {},
                QStringLiteral(
                    "output '%1': %2 passes the task's tolerance (rtol %3, atol %4) in every case — the check cannot "
                    "tell this non-solution from a solution")
                    .arg(o.name, it.key())
                    .arg(tol.rtol)
                    .arg(tol.atol),
                { { QStringLiteral("non_solution"), it.key() }, { QStringLiteral("cases"), judgedCases } });
        }
    }
    return out;
}

} // namespace kwb

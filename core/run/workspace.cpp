// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/workspace.h"

#include "core/env/hostpeaks.h"
#include "core/env/toolprobe.h"
#include "core/inputs/inputgenerator.h"
#include "core/inputs/stress.h"
#include "core/task/expression.h"
#include "core/task/placement.h"
#include "core/tensor/npy.h"
#include "core/tensor/tensor.h"

#include <QCryptographicHash>
#include <QDir>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <optional>
#include <thread>

namespace kwb {

Result<std::vector<qint64>> resolveShape(const TensorSpec& tensor, const Case& c)
{
    std::vector<qint64> shape;
    for (const QString& d : tensor.shape) {
        bool literal = false;
        const qint64 v = d.toLongLong(&literal);
        if (literal)
            shape.push_back(v);
        else if (c.dims.contains(d))
            shape.push_back(c.dims.value(d));
        else
            return Error { QStringLiteral("task.json"), {},
                QStringLiteral("case '%1' gives no value for dim '%2' of '%3'").arg(c.name, d, tensor.name) };
    }
    return shape;
}

Status writeTrialInputs(const Task& task, const Case& c, quint64 seed, const QString& dir)
{
    if (!QDir().mkpath(dir))
        return Error { dir, {}, QStringLiteral("cannot create the inputs folder") };
    for (const auto& in : task.inputs) {
        auto shape = resolveShape(in, c);
        if (!shape)
            return shape.error();
        const QString out = QDir(dir).filePath(in.name + QStringLiteral(".npy"));
        if (in.init.dist == u"file") {
            auto t = loadTensor(task.path(in.init.path), in.dtype);
            if (!t)
                return t.error();
            if (t->dtype != in.dtype || t->shape != std::vector<std::int64_t>(shape->begin(), shape->end()))
                return Error { in.init.path, {},
                    QStringLiteral("holds %1 %2, input '%3' of case '%4' needs %5 %6")
                        .arg(dtypeName(t->dtype), t->shapeText(), in.name, c.name, dtypeName(in.dtype),
                            shapeText(std::vector<std::int64_t>(shape->begin(), shape->end()))) };
            if (auto w = writeNpy(out, in.dtype, t->shape, t->data); !w)
                return w.error();
            continue;
        }
        qint64 count = 1;
        for (qint64 d : *shape)
            count *= d; // sizes were overflow-checked when the task loaded
        std::vector<std::byte> data(std::size_t(count) * dtypeSize(in.dtype));
        const bool stressed = c.origin == CaseOrigin::Stress && stressPatternsFor(in).contains(c.stress);
        const uint64_t key = inputKey(seed, c.name, in.name);
        // The task's absolute tolerance at the inputs' scale sizes the `hidden` pattern's spikes.
        const Tolerance tol = task.outputs.isEmpty() ? Tolerance {} : task.toleranceFor(task.outputs.first());
        const double scale = std::abs(in.init.mean) + std::max(in.init.std, std::abs(in.init.high - in.init.low));
        const double tolerance = tol.atol + tol.rtol * std::max(1.0, scale);
        if (auto f = stressed ? fillStressInput(c.stress, in.init, in.dtype, key, data.data(), count,
                         shape->empty() ? count : shape->back(), tolerance)
                              : fillInput(in.init, in.dtype, key, data.data(), count);
            !f)
            return Error { QStringLiteral("task.json"), {},
                QStringLiteral("input '%1': %2").arg(in.name, f.error().what) };
        if (auto w = writeNpy(out, in.dtype, std::vector<std::int64_t>(shape->begin(), shape->end()), data.data()); !w)
            return w.error();
    }
    return Ok {};
}

Status writeInputSets(const Task& task, const QList<std::pair<Case, TrialInputs>>& sets)
{
    std::vector<std::optional<Error>> errors(std::size_t(sets.size()));
    std::atomic<qsizetype> next { 0 };
    const auto work = [&] {
        for (qsizetype i = next++; i < sets.size(); i = next++) {
            const auto& [c, t] = sets[i];
            if (auto w = writeTrialInputs(task, c, t.seed, t.dir); !w)
                errors[std::size_t(i)] = w.error();
        }
    };
    const qsizetype workers = std::min<qsizetype>(sets.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::jthread> threads;
    for (qsizetype k = 1; k < workers; ++k)
        threads.emplace_back(work);
    work();
    threads.clear(); // joins
    for (const auto& e : errors) {
        if (e)
            return *e;
    }
    return Ok {};
}

QString callOutDir(const QString& label)
{
    return QStringLiteral("out/") + label;
}

namespace {
// Launch sizes of a __global__ entry for one case, as plan dims.
Result<QString> launchDims(const Implementation& impl, const Case& c)
{
    if (!impl.launch)
        return QString();
    QString text;
    const auto emit = [&](const QString& name, const QString& expr, qint64 fallback) -> Status {
        qint64 v = fallback;
        if (!expr.isEmpty()) {
            auto e = Expression::parse(expr);
            if (!e)
                return Error { QStringLiteral("task.json"), impl.jsonPath + QStringLiteral("/launch"), e.error().what };
            auto r = e->evaluate(c.dims);
            if (!r)
                return Error { QStringLiteral("task.json"), impl.jsonPath + QStringLiteral("/launch"),
                    QStringLiteral("'%1' in case '%2': %3").arg(expr, c.name, r.error().what) };
            v = *r;
        }
        text += QStringLiteral("dim %1 %2\n").arg(name).arg(v);
        return Ok {};
    };
    const char* axes[] = { "x", "y", "z" };
    for (int i = 0; i < 3; ++i) {
        if (auto s = emit(QStringLiteral("__grid_") + QLatin1StringView(axes[i]), impl.launch->grid.value(i), 1); !s)
            return s.error();
        if (auto s = emit(QStringLiteral("__block_") + QLatin1StringView(axes[i]), impl.launch->block.value(i), 1); !s)
            return s.error();
    }
    if (auto s = emit(QStringLiteral("__smem"), impl.launch->smem, 0); !s)
        return s.error();
    return text;
}
} // namespace

qint64 planFlushBytes(const Implementation& impl, bool remote)
{
    const bool onThisCpu = !remote && runsAs(impl, acceleratorPresent()) != RunsAs::Device;
    return onThisCpu ? 2 * hostLastLevelCacheBytes() : -1;
}

QString opaqueInputsDir(const QString& inputsRoot, quint64 salt, const QString& caseName, int trial)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(QByteArray::number(salt));
    h.addData(QStringLiteral("\n%1/t%2").arg(caseName).arg(trial).toUtf8());
    return QDir(inputsRoot).filePath(QString::fromLatin1(h.result().toHex().left(16)));
}

QList<PlanCall> trialCalls(const QList<TrialInputs>& trials, int repeats, QStringList* internalLabels, bool lettered)
{
    QList<PlanCall> calls;
    for (const auto& t : trials) {
        for (int r = 0; r < repeats; ++r) {
            QString label = QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
            if (repeats > 1 || lettered)
                label += QLatin1Char('/') + QChar(u'a' + r);
            if (internalLabels)
                *internalLabels << label;
            calls << PlanCall { QStringLiteral("k%1").arg(calls.size()), t.dir, t.caseName };
        }
    }
    return calls;
}

Result<QByteArray> planText(
    const Task& task, const Implementation& impl, const QList<PlanCall>& calls, qint64 flushBytes)
{
    QString plan = QStringLiteral("kwb-plan 1\noption flush_bytes %1\n").arg(flushBytes);
    for (const PlanCall& call : calls) {
        const auto c = std::find_if(
            task.cases.begin(), task.cases.end(), [&](const Case& x) { return x.name == call.caseName; });
        if (c == task.cases.end())
            return Error { {}, {}, QStringLiteral("no case '%1'").arg(call.caseName) };
        auto launch = launchDims(impl, *c);
        if (!launch)
            return launch.error();
        plan += QStringLiteral("call %1 %2 %3\n").arg(call.label, call.indir, callOutDir(call.label));
        for (auto it = c->dims.cbegin(); it != c->dims.cend(); ++it)
            plan += QStringLiteral("dim %1 %2\n").arg(it.key()).arg(it.value());
        plan += *launch;
        for (const auto& o : task.outputs) {
            if (!o.shapeKnown)
                continue; // the implementation returns it: its shape is whatever the call gives
            auto shape = resolveShape(o, *c);
            if (!shape)
                return shape.error();
            plan += QStringLiteral("shape ") + o.name;
            for (qint64 d : *shape)
                plan += QLatin1Char(' ') + QString::number(d);
            plan += QLatin1Char('\n');
        }
    }
    return plan.toUtf8();
}

} // namespace kwb

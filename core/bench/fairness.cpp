// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/fairness.h"

#include "core/task/buildflags.h"
#include "core/task/expression.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>

namespace kwb {
namespace {
QStringList sourceLines(const Task& task, const Implementation& impl)
{
    QFile f(task.path(impl.source));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
}

/// The first line (1-based) matching `re`, 0 when none.
int firstLine(const QStringList& lines, const QRegularExpression& re)
{
    for (int i = 0; i < lines.size(); ++i) {
        if (re.match(lines[i]).hasMatch())
            return i + 1;
    }
    return 0;
}

bool taskHas(const Task& task, std::initializer_list<DType> types)
{
    for (const auto& list : { task.inputs, task.outputs }) {
        for (const auto& t : list) {
            if (std::find(types.begin(), types.end(), t.dtype) != types.end())
                return true;
        }
    }
    return false;
}

bool isNamedBaseline(const Implementation& impl)
{
    static const QRegularExpression re(
        QStringLiteral("baseline|naive|original"), QRegularExpression::CaseInsensitiveOption);
    return re.match(impl.id).hasMatch();
}

/// A reduced precision the implementation uses that the task's data does not have: {what, line}.
std::pair<QString, int> reducedPrecision(const Task& task, const QStringList& lines)
{
    static const QRegularExpression tf32(
        QStringLiteral(R"(precision::tf32|__float_to_tf32|\.tf32\b|CUBLAS_TF32|FAST_TF32|allow_tf32\s*=\s*True|)"
                       R"(set_float32_matmul_precision\(\s*["'](high|medium)|input_precision\s*=\s*["']tf32|)"
                       R"(precision\s*=\s*["']?(DEFAULT|tensorfloat32|bfloat16))"));
    static const QRegularExpression half(QStringLiteral(R"(\b(__half2?|half2|__float2half\w*|float16|fp16)\b)"));
    static const QRegularExpression bf16(QStringLiteral(R"(\b(__nv_bfloat16\w*|__float2bfloat16\w*|bfloat16|bf16)\b)"));
    static const QRegularExpression fp8(QStringLiteral(R"(\b(__nv_fp8\w*|float8_e\w+|fp8)\b)"));
    if (taskHas(task, { DType::Float32 }) && !taskHas(task, { DType::Float16, DType::BFloat16 })) {
        if (const int l = firstLine(lines, tf32))
            return { QStringLiteral("TF32 (10-bit mantissa) on float32 data"), l };
    }
    if (!taskHas(task, { DType::Float16 })) {
        if (const int l = firstLine(lines, half))
            return { QStringLiteral("float16 arithmetic, but no tensor of the task is float16"), l };
    }
    if (!taskHas(task, { DType::BFloat16 })) {
        if (const int l = firstLine(lines, bf16))
            return { QStringLiteral("bfloat16 arithmetic, but no tensor of the task is bfloat16"), l };
    }
    if (!taskHas(task, { DType::Float8E4M3FN, DType::Float8E5M2 })) {
        if (const int l = firstLine(lines, fp8))
            return { QStringLiteral("float8 arithmetic, but no tensor of the task is float8"), l };
    }
    return { {}, 0 };
}

bool matmulLike(const Task& task)
{
    auto e = Expression::parse(task.benchmarkFlops);
    return e && e->names().size() >= 3;
}

/// The line of the loop that makes `lines` a naive implementation, 0 when it is not one.
int naiveLoop(const QStringList& lines, const Implementation& impl)
{
    static const QRegularExpression tuned(QStringLiteral(
        R"(__shared__|wmma::|\bmma\b|mma\.sync|cublas|cutlass|cblas_|sgemm_\(|Eigen::|torch\.|jnp\.dot|jnp\.matmul|)"
        R"(np\.(dot|matmul|einsum)|@|tl\.dot)"));
    static const QRegularExpression loop(QStringLiteral(R"(\bfor\s*\(|^\s*for\s+\w+\s+in\b)"));
    if (firstLine(lines, tuned))
        return 0;
    int loops = 0, first = 0;
    for (int i = 0; i < lines.size(); ++i) {
        if (loop.match(lines[i]).hasMatch()) {
            ++loops;
            first = first ? first : i + 1;
        }
    }
    // A CUDA kernel maps two loops onto the grid: one loop left is naive. Host code needs all three.
    return loops >= (impl.backend == u"cuda" ? 1 : 3) ? first : 0;
}
} // namespace

Findings staticFairnessFindings(const Task& task)
{
    Findings out;
    QStringList candidateBackends;
    for (const auto& c : task.candidates)
        candidateBackends << c.backend;
    QStringList baselines;
    if (candidateBackends.contains(task.reference.backend))
        baselines << task.reference.id;
    for (const auto& c : task.candidates) {
        if (isNamedBaseline(c))
            baselines << c.id;
    }
    for (const auto& impl : task.implementations()) {
        if (impl.id == u"oracle")
            continue;
        const QStringList lines = sourceLines(task, impl);
        if (lines.isEmpty())
            continue;
        const bool baseline = baselines.contains(impl.id);
        if (!baseline && impl.id != u"reference") {
            const auto [what, line] = reducedPrecision(task, lines);
            if (line) {
                Finding f { QStringLiteral("bench.precision-mismatch"), Severity::Warning,
                    QStringLiteral("'%1' computes in %2; its baseline computes in the task's dtype, so part of any "
                                   "speedup is the precision change, not the kernel")
                        .arg(impl.id, what) };
                f.file = impl.source;
                f.line = line;
                f.impl = impl.id;
                f.evidence.insert(QStringLiteral("source_line"), lines[line - 1].trimmed());
                out << f;
            }
        }
        // Flags set from inside the source are per-file compiler flags: a candidate built with other optimisation
        // or math flags than its reference is not compared with it on equal terms.
        if (impl.id != task.reference.id && (impl.backend == u"cpp" || impl.backend == u"cuda")) {
            static const QRegularExpression flags(QStringLiteral(
                R"(#\s*pragma\s+(GCC\s+(optimize|target)|clang\s+(optimize|attribute)|STDC\s+FP_CONTRACT|float_control|)"
                R"(fp_contract|fenv_access)|__attribute__\s*\(\(\s*(optimize|target)\s*\(|__fast_math|-ffast-math)"));
            const int line = firstLine(lines, flags);
            if (line && !firstLine(sourceLines(task, task.reference), flags)) {
                Finding f { QStringLiteral("bench.flags-mismatch"), Severity::Warning,
                    QStringLiteral("'%1' sets its own optimisation or math flags in its source; the reference is built "
                                   "with the build's flags only (%2), so part of any speedup may be the flags")
                        .arg(impl.id,
                            (QStringList { impl.backend == u"cuda" ? QStringLiteral("nvcc") : QStringLiteral("g++"),
                                 QStringLiteral("-O2") }
                                + buildFlags(task, task.reference))
                                .join(u' ')) };
                f.file = impl.source;
                f.line = line;
                f.impl = impl.id;
                f.evidence.insert(QStringLiteral("source_line"), lines[line - 1].trimmed());
                out << f;
            }
        }
        // Flags declared in the manifest: a candidate built with other optimisation, ISA or math flags than a
        // baseline of its backend is not compared with it on equal terms.
        if (!baseline && impl.id != task.reference.id && (impl.backend == u"cpp" || impl.backend == u"cuda")) {
            const QStringList mine = speedFlags(buildFlags(task, impl), impl.backend);
            for (const QString& b : baselines) {
                const Implementation* base = task.implementation(b);
                if (!base || base->backend != impl.backend)
                    continue;
                const QStringList theirs = speedFlags(buildFlags(task, *base), base->backend);
                if (mine == theirs)
                    continue;
                Finding f { QStringLiteral("bench.flags-mismatch"), Severity::Warning,
                    QStringLiteral("'%1' is built with %2 and its baseline '%3' with %4 (task.json): part of any "
                                   "speedup may be the flags, not the code")
                        .arg(impl.id, mine.join(u' '), base->id, theirs.join(u' ')) };
                f.file = QStringLiteral("task.json");
                f.impl = impl.id;
                f.evidence.insert(QStringLiteral("candidate_flags"), QJsonArray::fromStringList(mine));
                f.evidence.insert(QStringLiteral("baseline_flags"), QJsonArray::fromStringList(theirs));
                f.evidence.insert(QStringLiteral("baseline"), base->id);
                out << f;
                break;
            }
        }
        if (baseline && matmulLike(task)) {
            if (const int line = naiveLoop(lines, impl)) {
                Finding f { QStringLiteral("bench.weak-baseline"), Severity::Warning,
                    QStringLiteral(
                        "baseline '%1' is a naive loop (no tiling through shared memory, no tensor cores, no "
                        "vendor library) for matrix-multiply work, where %2 exists")
                        .arg(impl.id, impl.backend == u"cuda" ? QStringLiteral("cuBLAS") : QStringLiteral("a BLAS")) };
                f.file = impl.source;
                f.line = line;
                f.impl = impl.id;
                f.evidence.insert(QStringLiteral("source_line"), lines[line - 1].trimmed());
                out << f;
            }
        }
    }
    return out;
}

} // namespace kwb

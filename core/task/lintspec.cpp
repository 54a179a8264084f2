// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/buildflags.h"
#include "core/task/lintcontext.h"

#include <QRegularExpression>

namespace kwb::lint {
namespace {
// How a spec may name each dtype. Bare words that also occur in plain prose ("half", "byte") are left
// out; C type names count, since specs of C/C++ kernels use them (`float` is binary32 in C).
QStringList spellings(DType t)
{
    const auto l = [](std::initializer_list<const char*> names) {
        QStringList out;
        for (const char* n : names)
            out << QString::fromLatin1(n);
        return out;
    };
    switch (t) {
    case DType::Float64:
        return l({ "float64", "fp64", "f64", "double", "double precision", "binary64" });
    case DType::Float32:
        return l({ "float32", "fp32", "f32", "float", "single precision", "binary32" });
    case DType::Float16:
        return l({ "float16", "fp16", "f16", "half precision", "__half", "binary16" });
    case DType::BFloat16:
        return l({ "bfloat16", "bf16", "__nv_bfloat16", "brain float" });
    case DType::Float8E4M3FN:
        return l({ "float8_e4m3fn", "float8_e4m3", "e4m3", "e4m3fn", "fp8_e4m3" });
    case DType::Float8E5M2:
        return l({ "float8_e5m2", "e5m2", "fp8_e5m2" });
    case DType::Int64:
        return l({ "int64", "int64_t", "i64", "64-bit integer", "64-bit signed", "long long" });
    case DType::Int32:
        return l({ "int32", "int32_t", "i32", "int", "32-bit integer", "32-bit signed" });
    case DType::Int16:
        return l({ "int16", "int16_t", "i16", "short", "16-bit integer" });
    case DType::Int8:
        return l({ "int8", "int8_t", "i8", "signed char", "8-bit integer", "8-bit signed" });
    case DType::UInt8:
        return l({ "uint8", "uint8_t", "u8", "unsigned char", "8-bit unsigned" });
    case DType::Bool:
        return l({ "bool", "boolean" });
    }
    return {};
}

// Whole-word match: a spelling must not be glued to letters, digits or '_' (a digit may precede a
// dim name, as in "2N"). Spaces in a spelling match any run of spaces or hyphens.
bool mentions(const QString& text, const QString& word, bool caseSensitive, bool digitBefore)
{
    QString body = QRegularExpression::escape(word);
    body.replace(QStringLiteral("\\ "), QStringLiteral("[\\s-]+"));
    const QString before = digitBefore ? QStringLiteral("(?<![A-Za-z_])") : QStringLiteral("(?<![A-Za-z0-9_])");
    QRegularExpression re(before + body + QStringLiteral("(?![A-Za-z0-9_])"),
        caseSensitive ? QRegularExpression::NoPatternOption : QRegularExpression::CaseInsensitiveOption);
    return re.match(text).hasMatch();
}
} // namespace

void specGaps(const Context& c, Findings& out)
{
    const Task& t = c.task();
    const QString spec = c.specText();
    if (spec.trimmed().isEmpty())
        return; // scope.missing-field says so already
    const QString id = QStringLiteral("scope.spec-gap");

    // First use of each dtype, in manifest order.
    QList<std::pair<DType, QString>> used;
    const auto use = [&](DType d, const QString& pointer) {
        if (std::none_of(used.begin(), used.end(), [&](const auto& u) { return u.first == d; }))
            used.append({ d, pointer });
    };
    for (qsizetype i = 0; i < t.inputs.size(); ++i)
        use(t.inputs[i].dtype, QStringLiteral("/inputs/%1/dtype").arg(i));
    for (qsizetype i = 0; i < t.outputs.size(); ++i)
        use(t.outputs[i].dtype, QStringLiteral("/outputs/%1/dtype").arg(i));
    for (const ScalarSpec& s : t.scalars)
        use(s.dtype, QStringLiteral("/scalars/%1/dtype").arg(s.name));

    for (const auto& [dtype, pointer] : used) {
        const QStringList names = spellings(dtype);
        if (std::none_of(names.begin(), names.end(), [&](const QString& n) { return mentions(spec, n, false, false); }))
            out << c.at(id, Severity::Warning, pointer,
                QStringLiteral("%1 never mentions dtype %2 (looked for %3)")
                    .arg(t.spec, dtypeName(dtype), names.join(QStringLiteral(", "))));
    }
    for (auto it = t.dims.begin(); it != t.dims.end(); ++it) {
        if (!mentions(spec, it.key(), true, true))
            out << c.at(id, Severity::Warning, QStringLiteral("/dims/%1").arg(it.key()),
                QStringLiteral("%1 never mentions dim %2 (%3)").arg(t.spec, it.key(), it.value()));
    }
}

void unboundedDims(const Context& c, Findings& out)
{
    const Task& t = c.task();
    QString spec = c.specText();
    for (const QString& description : t.dims)
        spec += QLatin1Char('\n') + description;
    // "any length", "arbitrary sizes", or a range over a dim ("1 <= N <= 2^24", "N ≤ 16777216").
    static const QRegularExpression anySize(
        QStringLiteral("\\b(any|arbitrary|every)\\s+(\\w+\\s+)?(length|size|shape)s?\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression range(QStringLiteral("\\b([A-Za-z_]\\w*)\\s*(<=|≤|<)\\s*(\\d|2\\^)"));
    QString said;
    if (const auto m = anySize.match(spec); m.hasMatch())
        said = m.captured(0);
    for (auto it = range.globalMatch(spec); said.isEmpty() && it.hasNext();) {
        const auto m = it.next();
        if (t.dims.contains(m.captured(1)))
            said = m.captured(0);
    }
    if (said.isEmpty())
        return;
    QStringList open;
    for (auto it = t.dims.begin(); it != t.dims.end(); ++it) {
        if (!t.dimBounds.value(it.key()).given())
            open << it.key();
    }
    if (open.isEmpty())
        return;
    out << c.at(QStringLiteral("scope.unbounded-dims"), Severity::Info, QStringLiteral("/dims"),
        QStringLiteral("%1 (or a dim's description) speaks of a range of sizes ('%2') but dim(s) %3 have no bounds: "
                       "give {\"min\", \"max\", "
                       "\"multiple_of\"} so kwb run draws held-out sizes from the promised range")
            .arg(t.spec, said.trimmed(), open.join(QStringLiteral(", "))));
}

// The spec promises a build ("compiled with -O3 -march=native", "--use_fast_math") that no build carries: every
// implementation is built with the runner's flags plus target.flags and its own flags only.
void undeclaredFlags(const Context& c, Findings& out)
{
    const Task& t = c.task();
    QStringList declared;
    for (const QStringList& f : t.target.flags)
        declared << f;
    for (const Implementation& impl : t.implementations())
        declared << impl.flags;
    for (const QString& flag : flagsNamedIn(c.specText())) {
        const bool carried = declared.contains(flag)
            || (flag == u"-use_fast_math" && declared.contains(QStringLiteral("--use_fast_math")))
            || (flag == u"--use_fast_math" && declared.contains(QStringLiteral("-use_fast_math")));
        if (!carried)
            out << c.at(QStringLiteral("scope.flags-undeclared"), Severity::Warning,
                t.target.flags.isEmpty() ? QStringLiteral("/target") : QStringLiteral("/target/flags"),
                QStringLiteral("%1 names the compiler option '%2', but no build in task.json carries it (target.flags "
                               "or an implementation's flags): the runners are built without it")
                    .arg(t.spec, flag));
    }
}

} // namespace kwb::lint

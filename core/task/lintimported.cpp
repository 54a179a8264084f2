// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lintcontext.h"

#include "core/hardware/hardware.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

// Checks of bundles written by `kwb import` from the static analysis they carry (import.json): the problems
// KernelBench is known for (docs/importers.md) — shapes too large for the target or too small to time, outputs that
// uniform [0, 1) inputs make degenerate, an absolute tolerance above the outputs' magnitude (zeros pass).

namespace kwb::lint {
namespace {
constexpr double kMinTimedSeconds = 10e-6;

// On inputs in [0, 1) these are the identity (or a fixed affine map): a copy of the input passes.
const QStringList kIdentityOnNonNegative { QStringLiteral("relu"), QStringLiteral("relu6"),
    QStringLiteral("leaky_relu"), QStringLiteral("leakyrelu"), QStringLiteral("elu"), QStringLiteral("celu"),
    QStringLiteral("hardtanh"), QStringLiteral("abs"), QStringLiteral("threshold") };

const QStringList kRandomOps { QStringLiteral("randn"), QStringLiteral("rand"), QStringLiteral("randint"),
    QStringLiteral("randn_like"), QStringLiteral("rand_like"), QStringLiteral("randint_like"), QStringLiteral("normal"),
    QStringLiteral("bernoulli"), QStringLiteral("multinomial"), QStringLiteral("randperm") };

QString leaf(const QString& op)
{
    return op.section(QLatin1Char('.'), -1).toLower();
}

// Operations whose arithmetic, not their inputs' bytes, bounds their time (and module types the scanner cannot
// see into): with one of them in forward, small inputs do not mean a short kernel.
bool computeBound(const QJsonArray& ops)
{
    static const QStringList heavy { QStringLiteral("linear"), QStringLiteral("matmul"), QStringLiteral("mm"),
        QStringLiteral("bmm"), QStringLiteral("einsum"), QStringLiteral("@"), QStringLiteral("lstm"),
        QStringLiteral("gru"), QStringLiteral("rnn"), QStringLiteral("multiheadattention"),
        QStringLiteral("scaled_dot_product_attention"), QStringLiteral("sequential"), QStringLiteral("modulelist") };
    return std::any_of(ops.begin(), ops.end(), [](const QJsonValue& v) {
        const QString op = leaf(v.toObject().value(QStringLiteral("op")).toString());
        return heavy.contains(op) || op.startsWith(QStringLiteral("conv"));
    });
}

struct Tensor {
    QString expr;
    int line = 0;
    QString dtype;
    QString dist;
    double low = 0;
    std::optional<std::vector<qint64>> shape;
    qint64 elements() const
    {
        qint64 n = 1;
        for (qint64 d : *shape)
            n *= d;
        return n;
    }
};

QList<Tensor> tensors(const QJsonArray& items)
{
    QList<Tensor> out;
    for (const auto& v : items) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("kind")).toString() != u"tensor")
            continue;
        Tensor t { o.value(QStringLiteral("expr")).toString(), o.value(QStringLiteral("line")).toInt(),
            o.value(QStringLiteral("dtype")).toString(), o.value(QStringLiteral("dist")).toString(),
            o.value(QStringLiteral("low")).toDouble(), std::nullopt };
        if (o.value(QStringLiteral("shape")).isArray()) {
            std::vector<qint64> s;
            for (const auto& d : o.value(QStringLiteral("shape")).toArray())
                s.push_back(d.toInteger());
            t.shape = s;
        }
        out << t;
    }
    return out;
}

Finding at(const QString& id, Severity s, const QString& file, int line, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = s;
    f.file = file;
    f.line = line;
    f.message = message;
    return f;
}

// min(x, c) followed by clamp(min = c): every element is c. Returns c and the clamp's line.
std::optional<std::pair<double, int>> constantAfterMinClamp(const QJsonArray& ops)
{
    std::optional<double> minConstant;
    for (const auto& v : ops) {
        const QJsonObject o = v.toObject();
        const QString op = leaf(o.value(QStringLiteral("op")).toString());
        const QJsonObject args = o.value(QStringLiteral("args")).toObject();
        if ((op == u"min" || op == u"minimum") && args.value(QStringLiteral("positional")).toArray().size() == 2
            && args.value(QStringLiteral("positional")).toArray().at(1).isDouble())
            minConstant = args.value(QStringLiteral("positional")).toArray().at(1).toDouble();
        if ((op == u"clamp" || op == u"clamp_min") && minConstant && args.value(QStringLiteral("min")).isDouble()
            && args.value(QStringLiteral("min")).toDouble() == *minConstant)
            return std::make_pair(*minConstant, o.value(QStringLiteral("line")).toInt());
    }
    return std::nullopt;
}

// The magnitude of the outputs where the forward's last operation makes it predictable, with the reason.
std::optional<std::pair<double, QString>> outputMagnitude(const QJsonArray& ops, const QList<Tensor>& in)
{
    // Only where forward is that one operation on its first input: after any other op the shape and the
    // values are no longer the input's, and the static analysis does not follow them.
    if (ops.size() != 1 || in.isEmpty() || !in.first().shape)
        return std::nullopt;
    const QJsonObject last = ops.last().toObject();
    const QString op = leaf(last.value(QStringLiteral("op")).toString());
    const QJsonObject args = last.value(QStringLiteral("args")).toObject();
    const Tensor& x = in.first();
    if (args.contains(QStringLiteral("dim")) && !args.value(QStringLiteral("dim")).isDouble())
        return std::nullopt; // a dim the scanner could not evaluate (self.dim, …)
    const auto dimSize = [&]() -> std::optional<qint64> {
        if (!args.contains(QStringLiteral("dim")))
            return std::nullopt;
        const qint64 d = args.value(QStringLiteral("dim")).toInteger(INT64_MIN);
        const qint64 rank = qint64(x.shape->size());
        if (d < -rank || d >= rank)
            return std::nullopt;
        return (*x.shape)[std::size_t(d < 0 ? d + rank : d)];
    };
    if ((op == u"softmax") && dimSize() && *dimSize() >= 256)
        return std::make_pair(1.0 / double(*dimSize()),
            QStringLiteral("softmax over %1 elements: every output is about 1/%1").arg(*dimSize()));
    if (op == u"mean" && x.dist == u"normal") {
        const qint64 n = dimSize() ? *dimSize() : x.elements();
        if (n >= 1024)
            return std::make_pair(1.0 / std::sqrt(double(n)),
                QStringLiteral("the mean of %1 standard-normal values is about 1/sqrt(%1)").arg(n));
    }
    return std::nullopt;
}
} // namespace

void importedAnalysis(const Context& c, Findings& out)
{
    const Task& t = c.task();
    QFile f(t.path(QStringLiteral("import.json")));
    if (!f.open(QIODevice::ReadOnly))
        return;
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    if (doc.value(QStringLiteral("format")).toString() != u"kwb.import/1")
        return;
    const QString file = t.reference.source;
    for (const auto& v : doc.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject o = v.toObject();
        const auto severity = o.value(QStringLiteral("severity")).toString();
        out << at(o.value(QStringLiteral("id")).toString(),
            severity == u"error"         ? Severity::Error
                : severity == u"warning" ? Severity::Warning
                                         : Severity::Info,
            o.value(QStringLiteral("file")).toString(), o.value(QStringLiteral("line")).toInt(),
            o.value(QStringLiteral("message")).toString());
    }
    const QJsonObject analysis = doc.value(QStringLiteral("analysis")).toObject();
    for (const auto& n : analysis.value(QStringLiteral("notes")).toArray())
        out << at(QStringLiteral("import.not-static"), Severity::Info,
            n.toObject().value(QStringLiteral("file")).toString(file),
            n.toObject().value(QStringLiteral("line")).toInt(),
            n.toObject().value(QStringLiteral("message")).toString());
    const HardwareSpec* hw = t.target.hardware.isEmpty() ? nullptr : findHardware(t.target.hardware);
    const QJsonArray ops = analysis.value(QStringLiteral("forward_ops")).toArray();
    for (const auto& cv : doc.value(QStringLiteral("cases")).toArray()) {
        const QJsonObject cs = cv.toObject();
        const QList<Tensor> in = tensors(cs.value(QStringLiteral("inputs")).toArray());
        for (const Tensor& x : in) {
            if (!x.shape || x.dtype.isEmpty())
                out << at(QStringLiteral("import.not-static"), Severity::Info, file, x.line,
                    QStringLiteral("input '%1': %2 not known statically: size checks skip it")
                        .arg(x.expr, x.shape ? QStringLiteral("dtype") : QStringLiteral("shape")));
        }
        const bool sized = !in.isEmpty()
            && std::all_of(in.begin(), in.end(), [](const Tensor& x) { return x.shape && dtypeFromName(x.dtype); });
        if (sized && hw && hw->memoryBytes > 0) {
            double bytes = 0;
            for (const Tensor& x : in)
                bytes += double(x.elements()) * double(dtypeSize(*dtypeFromName(x.dtype)));
            if (bytes > double(hw->memoryBytes))
                out << at(QStringLiteral("scope.oversized-case"), Severity::Warning, file, in.first().line,
                    QStringLiteral("get_inputs() alone allocates %1; %2 has %3 (outputs and parameters come on top)")
                        .arg(formatBytes(bytes), hw->name, formatBytes(double(hw->memoryBytes))));
            const double seconds = 2 * bytes / hw->memoryBandwidth; // read once, write an output as large
            if (seconds < kMinTimedSeconds && !computeBound(ops))
                out << at(QStringLiteral("scope.undersized-case"), Severity::Warning, file, in.first().line,
                    QStringLiteral("the inputs hold %1: about %2 µs at %3's %4/s, below the ~10 µs where launch "
                                   "overhead dominates any timing")
                        .arg(formatBytes(bytes), QString::number(seconds * 1e6, 'g', 2), hw->name,
                            formatBytes(hw->memoryBandwidth)));
        }
        const bool floatInputs = std::any_of(in.begin(), in.end(),
            [](const Tensor& x) { return x.dtype.startsWith(QStringLiteral("float")) || x.dtype == u"bfloat16"; });
        const bool allUnit = floatInputs && std::all_of(in.begin(), in.end(), [](const Tensor& x) {
            const bool isFloat = x.dtype.startsWith(QStringLiteral("float")) || x.dtype == u"bfloat16";
            return !isFloat || (x.dist == u"uniform" && x.low >= 0);
        });
        // Only when forward is that one operation is its output a copy of the input (F.relu(self.conv(x)) applies
        // the convolution first, and x / mean(abs(x)) is not abs(x)); ops are in evaluation order.
        if (allUnit && ops.size() == 1) {
            const QJsonObject first = ops.first().toObject();
            if (kIdentityOnNonNegative.contains(leaf(first.value(QStringLiteral("op")).toString())))
                out << at(QStringLiteral("scope.degenerate-output"), Severity::Warning, file,
                    first.value(QStringLiteral("line")).toInt(),
                    QStringLiteral("every float input is uniform on [0, 1) and forward first applies %1, which is the "
                                   "identity (or a fixed linear map) on non-negative values: a copy of the input "
                                   "passes; inputs must cross zero")
                        .arg(first.value(QStringLiteral("op")).toString()));
        }
        for (const auto& o : ops) {
            const QString op = o.toObject().value(QStringLiteral("op")).toString();
            if ((op.startsWith(QStringLiteral("torch.")) && kRandomOps.contains(leaf(op)))
                || (leaf(op).contains(QStringLiteral("dropout"))
                    && o.toObject().value(QStringLiteral("p")).toDouble(1.0) > 0)) { // p = 0 draws nothing
                out << at(QStringLiteral("import.random-in-forward"), Severity::Warning, file,
                    o.toObject().value(QStringLiteral("line")).toInt(),
                    QStringLiteral("forward draws random numbers (%1%2): its output depends on the generator's state, "
                                   "so a candidate matches only if it draws the same numbers in the same order (the "
                                   "harness seeds torch before every call)")
                        .arg(op,
                            leaf(op).contains(QStringLiteral("dropout"))
                                ? QStringLiteral(", active because the module is never put in eval mode")
                                : QString()));
                break;
            }
        }
        if (const auto constant = constantAfterMinClamp(ops))
            out << at(QStringLiteral("scope.degenerate-output"), Severity::Warning, file, constant->second,
                QStringLiteral("forward takes min(x, %1) and then clamps with min = %1: every output element is %1, "
                               "so a constant passes")
                    .arg(constant->first));
        if (const auto m = outputMagnitude(ops, in); m && t.tolerance && t.tolerance->atol >= m->first)
            out << at(QStringLiteral("scope.tolerance-too-loose"), Severity::Warning, file,
                ops.last().toObject().value(QStringLiteral("line")).toInt(),
                QStringLiteral("returning zeros passes: %1 (≈ %2), at or below atol %3")
                    .arg(m->second, QString::number(m->first, 'g', 2), QString::number(t.tolerance->atol, 'g', 3)));
    }
}

} // namespace kwb::lint

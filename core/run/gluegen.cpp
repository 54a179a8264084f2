// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/gluegen.h"

#include "core/run/kernelscope.h"

#include <QFileInfo>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace kwb {

QString npyDescr(DType t)
{
    switch (t) {
    case DType::Float64:
        return QStringLiteral("<f8");
    case DType::Float32:
        return QStringLiteral("<f4");
    case DType::Float16:
        return QStringLiteral("<f2");
    case DType::BFloat16:
        return QStringLiteral("<V2");
    case DType::Float8E4M3FN:
    case DType::Float8E5M2:
        return QStringLiteral("|V1");
    case DType::Int64:
        return QStringLiteral("<i8");
    case DType::Int32:
        return QStringLiteral("<i4");
    case DType::Int16:
        return QStringLiteral("<i2");
    case DType::Int8:
        return QStringLiteral("|i1");
    case DType::UInt8:
        return QStringLiteral("|u1");
    case DType::Bool:
        return QStringLiteral("|b1");
    }
    return {};
}

quint64 poisonPattern(DType t)
{
    switch (t) {
    case DType::Float64:
        return 0x7FF5A5A5A5A5A5A5ull;
    case DType::Float32:
        return 0x7FA5A5A5ull;
    case DType::Float16:
        return 0x7DA5ull;
    case DType::BFloat16:
        return 0x7FA5ull;
    case DType::Float8E4M3FN:
        return 0xFFull;
    case DType::Float8E5M2:
        return 0x7Dull;
    default:
        return 0xA5A5A5A5A5A5A5A5ull >> (64 - 8 * dtypeSize(t));
    }
}

namespace {
QString cType(DType t, bool cuda)
{
    switch (t) {
    case DType::Float64:
        return QStringLiteral("double");
    case DType::Float32:
        return QStringLiteral("float");
    case DType::Float16:
        return cuda ? QStringLiteral("__half") : QStringLiteral("uint16_t");
    case DType::BFloat16:
        return cuda ? QStringLiteral("__nv_bfloat16") : QStringLiteral("uint16_t");
    case DType::Float8E4M3FN:
        return cuda ? QStringLiteral("__nv_fp8_e4m3") : QStringLiteral("uint8_t");
    case DType::Float8E5M2:
        return cuda ? QStringLiteral("__nv_fp8_e5m2") : QStringLiteral("uint8_t");
    case DType::Int64:
        return QStringLiteral("int64_t");
    case DType::Int32:
        return QStringLiteral("int32_t");
    case DType::Int16:
        return QStringLiteral("int16_t");
    case DType::Int8:
        return QStringLiteral("int8_t");
    case DType::UInt8:
        return QStringLiteral("uint8_t");
    case DType::Bool:
        return QStringLiteral("bool");
    }
    return {};
}

int indexOf(const QList<TensorSpec>& list, const QString& name)
{
    for (int i = 0; i < list.size(); ++i) {
        if (list[i].name == name)
            return i;
    }
    return -1;
}

QString sigEntries(const QList<TensorSpec>& list)
{
    QStringList entries;
    for (const auto& t : list)
        entries << QStringLiteral("{ \"%1\", \"%2\", %3, 0x%4ull }")
                       .arg(t.name, npyDescr(t.dtype))
                       .arg(dtypeSize(t.dtype))
                       .arg(poisonPattern(t.dtype), 0, 16);
    return entries.join(QStringLiteral(", "));
}

struct Call {
    QStringList params; // C declaration of each argument
    QStringList values; // C expression of each argument
};

Result<Call> buildCall(const Task& task, const Implementation& impl, bool cuda)
{
    Call c;
    for (const QString& arg : impl.args) {
        if (const int i = indexOf(task.inputs, arg); i >= 0) {
            const QString t = cType(task.inputs[i].dtype, cuda);
            c.params << QStringLiteral("const %1*").arg(t);
            c.values << QStringLiteral("static_cast<const %1*>(b.in[%2])").arg(t).arg(i);
        } else if (const int o = indexOf(task.outputs, arg); o >= 0) {
            const QString t = cType(task.outputs[o].dtype, cuda);
            c.params << QStringLiteral("%1*").arg(t);
            c.values << QStringLiteral("static_cast<%1*>(b.out[%2])").arg(t).arg(o);
        } else if (const auto s = std::find_if(
                       task.scalars.begin(), task.scalars.end(), [&](const ScalarSpec& x) { return x.name == arg; });
                   s != task.scalars.end()) {
            // A validated number from the manifest, printed exactly (17 significant digits round-trip a double).
            const QString t = cType(s->dtype, cuda);
            c.params << t;
            c.values << QStringLiteral("static_cast<%1>(%2)").arg(t, QString::number(s->value, 'g', 17));
        } else if (task.dims.contains(arg)) {
            c.params << QStringLiteral("int64_t");
            c.values << QStringLiteral("b.dim(\"%1\")").arg(arg);
        } else {
            return Error { QStringLiteral("task.json"), impl.jsonPath + QStringLiteral("/args"),
                QStringLiteral("'%1' names no input, output or dim").arg(arg) };
        }
    }
    return c;
}

QByteArray signatureJson(const Task& task, const Implementation& impl)

{
    QJsonArray args, outputs;
    for (const QString& arg : impl.args) {
        if (const int i = indexOf(task.inputs, arg); i >= 0)
            args.append(QJsonObject { { QStringLiteral("kind"), QStringLiteral("input") },
                { QStringLiteral("name"), arg }, { QStringLiteral("dtype"), dtypeName(task.inputs[i].dtype) } });
        else if (const int o = indexOf(task.outputs, arg); o >= 0)
            args.append(QJsonObject { { QStringLiteral("kind"), QStringLiteral("output") },
                { QStringLiteral("name"), arg }, { QStringLiteral("dtype"), dtypeName(task.outputs[o].dtype) } });
        else if (const auto s = std::find_if(
                     task.scalars.begin(), task.scalars.end(), [&](const ScalarSpec& x) { return x.name == arg; });
                 s != task.scalars.end())
            args.append(
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("scalar") }, { QStringLiteral("name"), arg },
                    { QStringLiteral("dtype"), dtypeName(s->dtype) }, { QStringLiteral("value"), s->value } });
        else
            args.append(
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("dim") }, { QStringLiteral("name"), arg } });
    }
    for (const auto& o : task.outputs)
        outputs.append(
            QJsonObject { { QStringLiteral("name"), o.name }, { QStringLiteral("dtype"), dtypeName(o.dtype) } });
    QJsonObject sig { { QStringLiteral("impl"), impl.id }, { QStringLiteral("framework"), impl.framework },
        { QStringLiteral("source"), QFileInfo(impl.source).fileName() }, { QStringLiteral("entry"), impl.entry },
        { QStringLiteral("args"), args }, { QStringLiteral("outputs"), outputs },
        { QStringLiteral("convention"), impl.convention } };
    if (recordsDispatch(task, impl))
        sig.insert(QStringLiteral("record_dispatch"), true);
    return QJsonDocument(sig).toJson(QJsonDocument::Indented);
}
} // namespace

Result<GlueFiles> generateGlue(const Task& task, const Implementation& impl)
{
    if (impl.backend == u"python")
        return GlueFiles { QStringLiteral("signature.json"), signatureJson(task, impl) };
    const bool cuda = impl.backend == u"cuda";
    if (!cuda && impl.backend != u"cpp")
        return Error { QStringLiteral("task.json"), impl.jsonPath + QStringLiteral("/backend"),
            QStringLiteral("no runner for backend '%1'").arg(impl.backend) };
    auto call = buildCall(task, impl, cuda);
    if (!call)
        return call.error();

    QString g = QStringLiteral("// Generated by the workbench for implementation '%1' of task '%2'. Do not edit.\n")
                    .arg(impl.id, task.id);
    g += QStringLiteral("#include \"kwb_harness.h\"\n#include <cstdint>\n");
    if (cuda) {
        g += QStringLiteral("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n#include <cuda_fp8.h>\n");
        g += QStringLiteral("#include \"%1\"\n").arg(QFileInfo(impl.source).fileName());
    } else {
        g += QStringLiteral("extern \"C\" void %1(%2);\n").arg(impl.entry, call->params.join(QStringLiteral(", ")));
    }
    g += QStringLiteral("extern const kwbh::Signature kwb_signature { \"%1\", { %2 }, { %3 } };\n")
             .arg(impl.id, sigEntries(task.inputs), sigEntries(task.outputs));
    g += QStringLiteral("void kwb_invoke(kwbh::Buffers& b)\n{\n");
    const QString args = call->values.join(QStringLiteral(",\n        "));
    if (cuda && impl.launch) {
        g += QStringLiteral(
            "    const dim3 grid(b.dim(\"__grid_x\"), b.dim(\"__grid_y\"), b.dim(\"__grid_z\"));\n"
            "    const dim3 block(b.dim(\"__block_x\"), b.dim(\"__block_y\"), b.dim(\"__block_z\"));\n"
            "    %1<<<grid, block, b.dim(\"__smem\"), static_cast<cudaStream_t>(b.stream)>>>(\n        %2);\n")
                 .arg(impl.entry, args);
    } else if (cuda) {
        g += QStringLiteral("    %1(\n        %2,\n        static_cast<cudaStream_t>(b.stream));\n")
                 .arg(impl.entry, args);
    } else {
        g += QStringLiteral("    %1(\n        %2);\n").arg(impl.entry, args);
    }
    g += QStringLiteral("}\n");
    return GlueFiles { cuda ? QStringLiteral("glue.cu") : QStringLiteral("glue.cpp"), g.toUtf8() };
}

} // namespace kwb

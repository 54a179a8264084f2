// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/kernelbench.h"

#include "core/hardware/hardware.h"
#include "core/importers/scanner.h"
#include "core/task/lint.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace kwb {
namespace {
QString shortName(const KernelBenchProblem& p)
{
    return QStringLiteral("%1_%2").arg(p.problemId).arg(p.name);
}

// KernelBench's comparison (torch.allclose): 1e-4 for float32 and float64, 1e-2 for 16-bit floats (docs/importers.md).
double kernelBenchTolerance(const QString& dtype)
{
    return dtype == u"float16" || dtype == u"bfloat16" ? 1e-2 : 1e-4;
}

// The float dtype every tensor input shares, or empty when they differ or some are not known statically.
QString sharedFloatDtype(const QJsonArray& items)
{
    QString dtype;
    for (const auto& v : items) {
        const QJsonObject item = v.toObject();
        if (item.value(QStringLiteral("kind")).toString() != u"tensor")
            continue;
        const QString d = item.value(QStringLiteral("dtype")).toString();
        if (d.isEmpty())
            return {};
        if (!d.startsWith(QStringLiteral("float")) && d != u"bfloat16")
            continue;
        if (!dtype.isEmpty() && dtype != d)
            return {};
        dtype = d;
    }
    return dtype;
}

// The one case: KernelBench's precision and the problem's size constants (what a held-out case may change).
QJsonObject kernelBenchCase(const QString& precision, const QJsonObject& sizes)
{
    QJsonObject c { { QStringLiteral("name"), QStringLiteral("kernelbench") } };
    QJsonObject params = sizes;
    if (!precision.isEmpty())
        params.insert(QStringLiteral("precision"), precision);
    if (!params.isEmpty())
        c.insert(QStringLiteral("params"), params);
    return c;
}

QJsonObject candidateEntry(const QString& id, const QString& source)
{
    return { { QStringLiteral("id"), id }, { QStringLiteral("backend"), QStringLiteral("python") },
        { QStringLiteral("framework"), QStringLiteral("torch") },
        { QStringLiteral("convention"), QStringLiteral("torch_module") }, { QStringLiteral("source"), source },
        { QStringLiteral("entry"), QStringLiteral("ModelNew") }, { QStringLiteral("args"), QJsonArray {} } };
}
} // namespace

ImportedBundle writeKernelBenchBundle(const KernelBenchProblem& p, const QJsonObject& scan,
    const QStringList& candidates, const KernelBenchOptions& options, const QJsonObject& provenance)
{
    ImportedBundle b;
    b.source = p.origin;
    const QString fileName = QFileInfo(p.file).fileName();
    for (const auto& e : scan.value(QStringLiteral("errors")).toArray()) {
        const QJsonObject err = e.toObject();
        b.findings << importFinding(QStringLiteral("import.missing-definition"), Severity::Error, fileName,
            err.value(QStringLiteral("line")).toInt(), err.value(QStringLiteral("message")).toString());
    }
    if (!b.findings.isEmpty()) {
        b.error = QStringLiteral("%1: %2").arg(p.origin, b.findings.first().message);
        return b;
    }
    QFile f(p.file);
    if (!f.open(QIODevice::ReadOnly)) {
        b.error = QStringLiteral("%1: cannot read: %2").arg(p.origin, f.errorString());
        return b;
    }
    const QByteArray code = f.readAll();

    const QString levelPart = p.level > 0 ? QStringLiteral("l%1-").arg(p.level) : QString();
    b.id = taskIdFrom(QStringLiteral("kb-%1%2-%3").arg(levelPart).arg(p.problemId).arg(p.name));
    b.dir = QDir(options.outDir)
                .filePath((p.level > 0 ? QStringLiteral("level%1/").arg(p.level) : QString()) + shortName(p));

    const QJsonArray inputs
        = scan.value(QStringLiteral("get_inputs")).toObject().value(QStringLiteral("items")).toArray();
    const QString precision = kernelBenchPrecision(options.precision);
    QString outDtype = precision.isEmpty() ? sharedFloatDtype(inputs) : precision;
    QJsonArray notes = scan.value(QStringLiteral("notes")).toArray();
    if (outDtype.isEmpty()) {
        outDtype = QStringLiteral("float32");
        notes.append(QJsonObject { { QStringLiteral("line"), scan.value(QStringLiteral("forward_line")).toInt() },
            { QStringLiteral("message"),
                QStringLiteral("output dtype not known statically (the inputs' float dtypes are not one known dtype): "
                               "the manifest says float32, and the reference's first run checks it") } });
    }
    const int outputs = scan.value(QStringLiteral("forward_outputs")).toInt(1);
    QJsonArray outputList;
    for (int i = 0; i < std::max(outputs, 1); ++i)
        outputList.append(QJsonObject {
            { QStringLiteral("name"), QStringLiteral("out%1").arg(i) }, { QStringLiteral("dtype"), outDtype } });
    const double tol = kernelBenchTolerance(outDtype);

    QMap<QString, QByteArray> files;
    files.insert(QStringLiteral("reference.py"), code);
    QJsonArray candidateList;
    QSet<QString> usedIds;
    // ModelNew bound any way Python allows (a class, `ModelNew = Impl`, an import), read from the syntax tree.
    const auto bindings = moduleBindings(QStringLiteral("ModelNew"), candidates);
    for (const QString& c : candidates) {
        QFile cf(c);
        if (!cf.open(QIODevice::ReadOnly)) {
            b.findings << importFinding(QStringLiteral("import.missing-definition"), Severity::Warning, c, 0,
                QStringLiteral("candidate not readable: %1").arg(cf.errorString()));
            continue;
        }
        const QByteArray text = cf.readAll();
        QString id = taskIdFrom(QFileInfo(c).completeBaseName());
        for (int n = 2; usedIds.contains(id) || id == u"reference" || id == u"oracle"; ++n)
            id = taskIdFrom(QFileInfo(c).completeBaseName()) + QStringLiteral("-%1").arg(n);
        usedIds.insert(id);
        const QString rel = QStringLiteral("candidates/%1.py").arg(id);
        if (!bindings)
            b.findings << importFinding(QStringLiteral("import.not-static"), Severity::Warning, rel, 0,
                QStringLiteral("whether candidate '%1' binds ModelNew was not checked: %2")
                    .arg(id, bindings.error().oneLine()));
        else if (const auto missing = bindingFinding(bindings->value(c), rel, QStringLiteral("ModelNew")))
            b.findings << *missing;
        files.insert(rel, text);
        candidateList.append(candidateEntry(id, rel));
    }

    // KernelBench asks for custom kernels (CUDA through load_inline, or Triton) in place of the reference's torch
    // ops: a ModelNew that recomputes the reference with those ops is no kernel (scope.no-kernel / forbidden-op).
    QJsonObject target { { QStringLiteral("framework"), QStringLiteral("torch") },
        { QStringLiteral("kernel"), QStringLiteral("any") },
        { QStringLiteral("forbidden_ops"), QJsonArray { QStringLiteral("reference") } },
        { QStringLiteral("hardware"), options.hardware } };
    if (const HardwareSpec* hw = findHardware(options.hardware); hw && !hw->arch.isEmpty())
        target.insert(QStringLiteral("arch"), hw->arch);
    const QString title = QStringLiteral("KernelBench%1 #%2: %3")
                              .arg(p.level > 0 ? QStringLiteral(" level %1").arg(p.level) : QString())
                              .arg(p.problemId)
                              .arg(QString(p.name).replace(u'_', u' ').trimmed());
    const QJsonObject manifest { { QStringLiteral("format"), QStringLiteral("kwb.task/1") },
        { QStringLiteral("id"), b.id }, { QStringLiteral("title"), title },
        { QStringLiteral("kind"), QStringLiteral("optimization") },
        { QStringLiteral("spec"), QStringLiteral("spec.md") }, { QStringLiteral("target"), target },
        { QStringLiteral("inputs"), QJsonArray {} }, { QStringLiteral("outputs"), outputList },
        { QStringLiteral("cases"),
            QJsonArray { kernelBenchCase(precision, scan.value(QStringLiteral("size_constants")).toObject()) } },
        { QStringLiteral("tolerance"),
            QJsonObject { { QStringLiteral("rtol"), tol }, { QStringLiteral("atol"), tol } } },
        { QStringLiteral("reference"),
            QJsonObject { { QStringLiteral("backend"), QStringLiteral("python") },
                { QStringLiteral("framework"), QStringLiteral("torch") },
                { QStringLiteral("convention"), QStringLiteral("torch_module") },
                { QStringLiteral("source"), QStringLiteral("reference.py") },
                { QStringLiteral("entry"), QStringLiteral("Model") }, { QStringLiteral("args"), QJsonArray {} } } },
        { QStringLiteral("candidates"), candidateList } };

    QJsonObject analysis = scan;
    analysis.remove(QStringLiteral("file"));
    analysis.insert(QStringLiteral("notes"), notes);
    QJsonObject importDoc { { QStringLiteral("format"), QStringLiteral("kwb.import/1") },
        { QStringLiteral("source"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("kernelbench") },
                { QStringLiteral("origin"), p.origin }, { QStringLiteral("file"), QFileInfo(p.file).fileName() },
                { QStringLiteral("level"), p.level }, { QStringLiteral("problem_id"), p.problemId },
                { QStringLiteral("name"), p.name },
                { QStringLiteral("sha256"),
                    QString::fromLatin1(QCryptographicHash::hash(code, QCryptographicHash::Sha256).toHex()) } } },
        { QStringLiteral("importer"), provenance },
        { QStringLiteral("precision"), precision.isEmpty() ? QJsonValue() : QJsonValue(precision) },
        { QStringLiteral("tolerance_origin"),
            QStringLiteral("KernelBench's torch.allclose tolerance for %1 (rtol = atol = %2)").arg(outDtype).arg(tol) },
        { QStringLiteral("cases"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("kernelbench") },
                { QStringLiteral("inputs"), inputs },
                { QStringLiteral("init_inputs"),
                    scan.value(QStringLiteral("get_init_inputs")).toObject().value(QStringLiteral("items")) } } } },
        { QStringLiteral("analysis"), analysis } };
    // What the importer found travels in import.json, so `kwb lint` and the GUI show it on every open.
    importDoc.insert(QStringLiteral("findings"), findingsJson(b.findings));
    b.findings.clear();
    files.insert(QStringLiteral("import.json"), QJsonDocument(importDoc).toJson(QJsonDocument::Indented));
    files.insert(QStringLiteral("spec.md"),
        kernelBenchSpec(p, scan,
            QStringLiteral("rtol = atol = %1 (KernelBench's for %2)%3")
                .arg(tol)
                .arg(outDtype,
                    precision.isEmpty() ? QString()
                                        : QStringLiteral("; as KernelBench's eval with precision %1, every "
                                                         "floating-point input, init input and parameter is cast to it")
                                              .arg(precision)))
            .toUtf8());
    if (auto s = writeBundle(b.dir, manifest, files); !s) {
        b.error = s.error().oneLine();
        b.dir.clear();
        return b;
    }
    const LintReport lint = lintBundle(b.dir);
    if (!lint.loaded)
        b.error = QStringLiteral("%1: the written bundle does not load: %2").arg(p.origin, lint.loadError);
    b.findings << lint.findings;
    return b;
}

QString kernelBenchPrecision(const QString& name)
{
    static const QHash<QString, QString> names { { QStringLiteral("fp32"), QStringLiteral("float32") },
        { QStringLiteral("float32"), QStringLiteral("float32") }, { QStringLiteral("fp16"), QStringLiteral("float16") },
        { QStringLiteral("float16"), QStringLiteral("float16") },
        { QStringLiteral("bf16"), QStringLiteral("bfloat16") },
        { QStringLiteral("bfloat16"), QStringLiteral("bfloat16") } };
    return names.value(name.toLower());
}

} // namespace kwb

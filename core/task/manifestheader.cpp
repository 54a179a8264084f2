// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/bundlepath.h"
#include "core/task/expression.h"
#include "core/task/manifestparse.h"

#include <QRegularExpression>

namespace kwb::manifest {
namespace {
const QString kFormat = QStringLiteral("kwb.task/1");

void readTarget(ManifestReader& r, const Json& root, Task& task)
{
    const Json* target = r.member(root, {}, "target", "object", false);
    if (!target)
        return;
    const QString p = QStringLiteral("/target");
    r.checkKeys(
        *target, p, { "framework", "kernel", "forbidden_ops", "allowed_ops", "hardware", "arch", "peak", "flags" });
    task.target.framework = r.string(*target, p, "framework", false);
    task.target.kernel = r.string(*target, p, "kernel", false);
    if (!task.target.kernel.isEmpty() && task.target.kernel != u"any" && task.target.kernel != u"none"
        && !kernelLanguages().contains(task.target.kernel))
        r.fail(p + QStringLiteral("/kernel"),
            QStringLiteral("expected one of %1, any, none; got '%2'")
                .arg(kernelLanguages().join(QStringLiteral(", ")), task.target.kernel));
    for (const char* key : { "forbidden_ops", "allowed_ops" }) {
        const Json* ops = r.member(*target, p, key, "array", false);
        if (!ops)
            continue;
        QStringList& out = std::string_view(key) == "forbidden_ops" ? task.target.forbiddenOps : task.target.allowedOps;
        for (std::size_t i = 0; i < ops->size(); ++i) {
            if (!(*ops)[i].is_string() || (*ops)[i].get<std::string>().empty())
                r.fail(ManifestReader::child(p + u'/' + QString::fromLatin1(key), qsizetype(i)),
                    QStringLiteral("expected an op name such as \"aten::mm\", \"aten::conv*\" or \"reference\", got %1")
                        .arg(ManifestReader::describe((*ops)[i])));
            else
                out << QString::fromStdString((*ops)[i].get<std::string>());
        }
    }
    task.target.hardware = r.string(*target, p, "hardware", false);
    if (const Json* arch = r.member(*target, p, "arch", "", false)) {
        const QString ap = p + QStringLiteral("/arch");
        if (arch->is_string()) {
            task.target.arch << r.string(*target, p, "arch", true);
        } else if (arch->is_array() && !arch->empty()) {
            for (std::size_t i = 0; i < arch->size(); ++i) {
                if (!(*arch)[i].is_string() || (*arch)[i].get<std::string>().empty())
                    r.fail(ManifestReader::child(ap, qsizetype(i)),
                        QStringLiteral("expected a non-empty string, got %1")
                            .arg(ManifestReader::describe((*arch)[i])));
                task.target.arch << QString::fromStdString((*arch)[i].get<std::string>());
            }
        } else {
            r.fail(ap,
                QStringLiteral("expected a string or a non-empty array of strings, got %1")
                    .arg(ManifestReader::describe(*arch)));
        }
    }
    if (const Json* flags = r.member(*target, p, "flags", "object", false)) {
        const QString fp = p + QStringLiteral("/flags");
        r.checkKeys(*flags, fp, { "cpp", "cuda" });
        for (const char* backend : { "cpp", "cuda" }) {
            if (flags->contains(backend))
                task.target.flags.insert(
                    QString::fromLatin1(backend), readBuildFlags(r, *flags, fp, backend, QString::fromLatin1(backend)));
        }
    }
    if (const Json* peak = r.member(*target, p, "peak", "object", false)) {
        const QString pp = p + QStringLiteral("/peak");
        r.checkKeys(*peak, pp, { "bytes_per_s", "flops_per_s" });
        for (const char* key : { "bytes_per_s", "flops_per_s" }) {
            if (!peak->contains(key))
                continue;
            const double v = r.number(*peak, pp, key, true);
            if (!(v > 0))
                r.fail(
                    ManifestReader::child(pp, QString::fromLatin1(key)), QStringLiteral("expected a positive number"));
            (std::string_view(key) == "bytes_per_s" ? task.target.peakBytesPerS : task.target.peakFlopsPerS) = v;
        }
    }
}
} // namespace

void readHeader(ManifestReader& r, const Json& root, Task& task)
{
    r.checkKeys(root, {},
        { "$schema", "format", "id", "title", "kind", "spec", "target", "dims", "scalars", "inputs", "outputs", "cases",
            "tolerance", "reference", "oracle", "candidates", "benchmark", "claim", "precision" });
    const QString format = r.string(root, {}, "format", true);
    if (format != kFormat)
        r.fail(QStringLiteral("/format"), QStringLiteral("expected '%1', got '%2'").arg(kFormat, format));
    task.id = r.string(root, {}, "id", true);
    static const QRegularExpression idRe(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    if (!idRe.match(task.id).hasMatch())
        r.fail(
            QStringLiteral("/id"), QStringLiteral("expected letters, digits, '.', '_' or '-', got '%1'").arg(task.id));
    task.title = r.string(root, {}, "title", false, task.id);
    task.kind = r.string(root, {}, "kind", true);
    if (!kTaskKinds.contains(task.kind))
        r.fail(QStringLiteral("/kind"),
            QStringLiteral("expected one of %1, got '%2'").arg(kTaskKinds.join(QStringLiteral(", ")), task.kind));
    task.spec = r.string(root, {}, "spec", false);
    if (!task.spec.isEmpty())
        checkFile(r, task, QStringLiteral("/spec"), task.spec);
    readTarget(r, root, task);
}

void checkFile(ManifestReader& r, const Task& task, const QString& pointer, const QString& relative)
{
    const auto resolved = resolveBundleFile(task.dir, relative);
    if (!resolved)
        r.fail(pointer, resolved.error().what, resolved.error().findingId);
}

QString readExpression(ManifestReader& r, const Json& value, const QString& pointer, const Task& task, qint64 min)
{
    QString text;
    if (value.is_number_integer())
        text = QString::fromStdString(value.dump());
    else if (value.is_string())
        text = QString::fromStdString(value.get<std::string>());
    else
        r.fail(pointer,
            QStringLiteral("expected an expression over dims (a string) or an integer, got %1")
                .arg(ManifestReader::describe(value)));
    const auto expr = Expression::parse(text);
    if (!expr)
        r.fail(pointer,
            QStringLiteral("invalid expression '%1': %2: %3").arg(text, expr.error().where, expr.error().what));
    for (const QString& name : expr->names()) {
        if (!task.dims.contains(name))
            r.fail(pointer, QStringLiteral("'%1' in '%2' is not a dim declared in /dims").arg(name, text));
    }
    for (const Case& c : task.cases) {
        const auto v = expr->evaluate(c.dims);
        if (!v)
            r.fail(pointer,
                QStringLiteral("'%1' for case '%2': %3: %4").arg(text, c.name, v.error().where, v.error().what));
        if (*v < min)
            r.fail(pointer,
                QStringLiteral("'%1' is %2 for case '%3', expected at least %4")
                    .arg(text, QString::number(*v), c.name, QString::number(min)));
    }
    return text;
}

} // namespace kwb::manifest

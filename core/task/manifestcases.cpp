// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/manifestparse.h"
#include "core/task/tasksizes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

namespace kwb::manifest {
namespace {
qint64 readDimValue(ManifestReader& r, const Json& v, const QString& p)
{
    if (v.is_number_unsigned() && v.get<quint64>() > quint64(INT64_MAX))
        r.fail(
            p, QStringLiteral("expected a positive integer below 2^63, got %1").arg(QString::fromStdString(v.dump())));
    if (!v.is_number_integer())
        r.fail(p, QStringLiteral("expected a positive integer below 2^63, got %1").arg(ManifestReader::describe(v)));
    const qint64 n = v.get<qint64>();
    if (n <= 0)
        r.fail(p, QStringLiteral("expected a positive integer, got %1").arg(n));
    return n;
}
} // namespace

void readCases(ManifestReader& r, const Json& root, Task& task)
{
    const Json* cases = r.member(root, {}, "cases", "array", false);
    if (!cases)
        return;
    QSet<QString> seen;
    for (std::size_t i = 0; i < cases->size(); ++i) {
        const QString p = ManifestReader::child(QStringLiteral("/cases"), qsizetype(i));
        const Json& o = (*cases)[i];
        if (!o.is_object())
            r.fail(p, QStringLiteral("expected an object, got %1").arg(ManifestReader::describe(o)));
        r.checkKeys(o, p, { "name", "dims", "params" });
        Case c;
        c.name = r.string(o, p, "name", true);
        if (seen.contains(c.name))
            r.fail(p + QStringLiteral("/name"), QStringLiteral("case name '%1' is used twice").arg(c.name));
        seen.insert(c.name);
        const Json* dims = r.member(o, p, "dims", "object", !task.dims.isEmpty());
        const QString dp = p + QStringLiteral("/dims");
        if (dims) {
            for (auto it = dims->begin(); it != dims->end(); ++it) {
                const QString name = QString::fromStdString(it.key());
                const QString ep = ManifestReader::child(dp, name);
                if (!task.dims.contains(name))
                    r.fail(ep, QStringLiteral("dim '%1' is not declared in /dims").arg(name));
                c.dims.insert(name, readDimValue(r, it.value(), ep));
                if (const auto b = task.dimBounds.constFind(name);
                    b != task.dimBounds.constEnd() && !b->admits(c.dims.value(name)))
                    r.fail(ep,
                        QStringLiteral("%1 is outside the bounds of dim '%2' (min %3, max %4, multiple of %5)")
                            .arg(c.dims.value(name))
                            .arg(name)
                            .arg(b->min.value_or(1))
                            .arg(b->max ? QString::number(*b->max) : QStringLiteral("none"))
                            .arg(b->multipleOf));
            }
        }
        for (auto it = task.dims.constBegin(); it != task.dims.constEnd(); ++it) {
            if (!c.dims.contains(it.key()))
                r.fail(dp, QStringLiteral("no value for dim '%1'").arg(it.key()));
        }
        if (const Json* params = r.member(o, p, "params", "object", false)) {
            for (auto it = params->begin(); it != params->end(); ++it) {
                const QString key = QString::fromStdString(it.key());
                const QString ep = ManifestReader::child(p + QStringLiteral("/params"), key);
                if (!ManifestReader::isIdentifier(key))
                    r.fail(ep, QStringLiteral("expected a keyword name ([A-Za-z_][A-Za-z0-9_]*), got '%1'").arg(key));
                const Json& v = it.value();
                if (v.is_boolean())
                    c.params.insert(key, v.get<bool>());
                else if (v.is_number_integer() && !(v.is_number_unsigned() && v.get<quint64>() > quint64(INT64_MAX)))
                    c.params.insert(key, qint64(v.get<qint64>()));
                else if (v.is_number())
                    c.params.insert(key, v.get<double>());
                else if (v.is_string())
                    c.params.insert(key, QString::fromStdString(v.get<std::string>()));
                else if (v.is_array()
                    && std::all_of(v.begin(), v.end(), [](const Json& x) { return x.is_primitive() && !x.is_null(); }))
                    c.params.insert(key, QJsonDocument::fromJson(QByteArray::fromStdString(v.dump())).array());
                else
                    r.fail(ep,
                        QStringLiteral("expected a number, string, bool or a list of them, got %1")
                            .arg(ManifestReader::describe(v)));
            }
        }
        const auto bytes = caseBytes(task, c);
        if (!bytes)
            r.fail(p, bytes.error().what);
        task.cases << c;
    }
}

} // namespace kwb::manifest

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/manifestparse.h"

namespace kwb::manifest {
namespace {
QString expectedDType()
{
    return QStringLiteral("one of ") + dtypeNames().join(QStringLiteral(", "));
}

DType readDType(ManifestReader& r, const Json& object, const QString& pointer)
{
    const QString name = r.string(object, pointer, "dtype", true);
    const auto t = dtypeFromName(name);
    if (!t)
        r.fail(pointer + QStringLiteral("/dtype"), QStringLiteral("expected %1, got '%2'").arg(expectedDType(), name));
    return *t;
}

void declare(ManifestReader& r, Names& names, const QString& name, const QString& pointer)
{
    const auto it = names.constFind(name);
    if (it != names.constEnd())
        r.fail(pointer, QStringLiteral("name '%1' is already declared at %2").arg(name, *it));
    names.insert(name, pointer);
}

qint64 boundValue(ManifestReader& r, const Json& o, const QString& p, const char* key)
{
    const Json& v = o.at(key);
    const QString ep = ManifestReader::child(p, QString::fromLatin1(key));
    if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<quint64>() > quint64(INT64_MAX))
        || v.get<qint64>() < 1)
        r.fail(ep, QStringLiteral("expected a positive integer below 2^63, got %1").arg(ManifestReader::describe(v)));
    return v.get<qint64>();
}

QString readDimBounds(ManifestReader& r, const Json& o, const QString& p, DimBounds& b)
{
    r.checkKeys(o, p, { "description", "min", "max", "multiple_of" });
    const QString description = r.string(o, p, "description", false);
    if (o.contains("min"))
        b.min = boundValue(r, o, p, "min");
    if (o.contains("max"))
        b.max = boundValue(r, o, p, "max");
    if (o.contains("multiple_of"))
        b.multipleOf = boundValue(r, o, p, "multiple_of");
    if (b.min && b.max && *b.min > *b.max)
        r.fail(p + QStringLiteral("/max"), QStringLiteral("max %1 is below min %2").arg(*b.max).arg(*b.min));
    if (b.max && b.min.value_or(1) + (b.multipleOf - b.min.value_or(1) % b.multipleOf) % b.multipleOf > *b.max)
        r.fail(p + QStringLiteral("/multiple_of"),
            QStringLiteral("no multiple of %1 lies between min %2 and max %3")
                .arg(b.multipleOf)
                .arg(b.min.value_or(1))
                .arg(*b.max));
    return description;
}

void readStress(ManifestReader& r, const Json& tensor, const QString& pointer, TensorSpec& t)
{
    if (!tensor.contains("stress"))
        return;
    const Json& v = tensor.at("stress");
    const QString p = pointer + QStringLiteral("/stress");
    const QStringList known = stressPatternNames();
    if (v.is_boolean()) {
        t.stress = v.get<bool>() ? known : QStringList {};
        return;
    }
    if (!v.is_array())
        r.fail(p,
            QStringLiteral("expected false, true or a list of patterns (%1), got %2")
                .arg(known.join(QStringLiteral(", ")), ManifestReader::describe(v)));
    QStringList list;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const QString ep = ManifestReader::child(p, qsizetype(i));
        if (!v[i].is_string() || !known.contains(QString::fromStdString(v[i].get<std::string>())))
            r.fail(ep,
                QStringLiteral("expected one of %1, got %2")
                    .arg(known.join(QStringLiteral(", ")), ManifestReader::describe(v[i])));
        list << QString::fromStdString(v[i].get<std::string>());
    }
    t.stress = list;
}

void readInit(ManifestReader& r, const Json& tensor, const QString& pointer, TensorSpec& t, const Task& task)
{
    const Json* init = r.member(tensor, pointer, "init", "object", false);
    if (!init)
        return;
    const QString p = pointer + QStringLiteral("/init");
    static const QStringList dists { QStringLiteral("normal"), QStringLiteral("uniform"), QStringLiteral("randint"),
        QStringLiteral("arange"), QStringLiteral("constant"), QStringLiteral("file") };
    t.init.dist = r.string(*init, p, "dist", true);
    if (!dists.contains(t.init.dist))
        r.fail(p + QStringLiteral("/dist"),
            QStringLiteral("expected one of %1, got '%2'").arg(dists.join(QStringLiteral(", ")), t.init.dist));
    const QString& d = t.init.dist;
    if (d == u"normal") {
        r.checkKeys(*init, p, { "dist", "mean", "std" });
        t.init.mean = r.number(*init, p, "mean", false, 0.0);
        t.init.std = r.number(*init, p, "std", false, 1.0);
        if (!(t.init.std > 0))
            r.fail(p + QStringLiteral("/std"), QStringLiteral("expected a positive number"));
    } else if (d == u"uniform" || d == u"randint") {
        r.checkKeys(*init, p, { "dist", "low", "high" });
        const bool ints = d == u"randint";
        t.init.low = r.number(*init, p, "low", ints, 0.0);
        t.init.high = r.number(*init, p, "high", ints, 1.0);
        if (!(t.init.low < t.init.high))
            r.fail(p + QStringLiteral("/high"), QStringLiteral("expected high > low"));
        if (ints && (!init->at("low").is_number_integer() || !init->at("high").is_number_integer()))
            r.fail(p, QStringLiteral("randint expects integer low and high"));
    } else if (d == u"constant") {
        r.checkKeys(*init, p, { "dist", "value" });
        t.init.value = r.number(*init, p, "value", true);
    } else if (d == u"file") {
        r.checkKeys(*init, p, { "dist", "path" });
        t.init.path = r.string(*init, p, "path", true);
        checkFile(r, task, p + QStringLiteral("/path"), t.init.path);
    } else {
        r.checkKeys(*init, p, { "dist" });
    }
}

void readShape(
    ManifestReader& r, const Json& tensor, const QString& pointer, TensorSpec& t, const Task& task, bool isInput)
{
    // Outputs of convention implementations may omit the shape: the reference's result defines it.
    const Json* found = r.member(tensor, pointer, "shape", "array", isInput);
    if (!found) {
        t.shapeKnown = false;
        return;
    }
    const Json& shape = *found;
    const QString p = pointer + QStringLiteral("/shape");
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const Json& e = shape[i];
        const QString ep = ManifestReader::child(p, qsizetype(i));
        if (e.is_string()) {
            const QString dim = QString::fromStdString(e.get<std::string>());
            if (!task.dims.contains(dim))
                r.fail(ep, QStringLiteral("dim '%1' is not declared in /dims").arg(dim));
            t.shape << dim;
        } else if (e.is_number_integer() && !(e.is_number_unsigned() && e.get<quint64>() > quint64(INT64_MAX))
            && e.get<qint64>() > 0) {
            t.shape << QString::number(e.get<qint64>());
        } else {
            r.fail(ep,
                QStringLiteral("expected a dim name or a positive integer, got %1").arg(ManifestReader::describe(e)));
        }
    }
}

QList<TensorSpec> readList(ManifestReader& r, const Json& root, const char* key, Task& task, Names& names)
{
    const bool isInput = std::string_view(key) == "inputs";
    const Json& list = *r.member(root, {}, key, "array", true);
    const QString lp = QLatin1Char('/') + QString::fromLatin1(key);
    if (!isInput && list.empty())
        r.fail(lp, QStringLiteral("expected at least one output"));
    QList<TensorSpec> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const QString p = ManifestReader::child(lp, qsizetype(i));
        if (!list[i].is_object())
            r.fail(p, QStringLiteral("expected an object, got %1").arg(ManifestReader::describe(list[i])));
        const Json& o = list[i];
        if (isInput)
            r.checkKeys(o, p, { "name", "dtype", "shape", "init", "stress" });
        else
            r.checkKeys(o, p, { "name", "dtype", "shape", "tolerance" });
        TensorSpec t;
        t.name = r.identifier(o, p, "name", true);
        declare(r, names, t.name, p + QStringLiteral("/name"));
        t.dtype = readDType(r, o, p);
        readShape(r, o, p, t, task, isInput);
        if (isInput) {
            readInit(r, o, p, t, task);
            readStress(r, o, p, t);
        } else if (const Json* tol = r.member(o, p, "tolerance", "object", false))
            t.tolerance = readTolerance(r, *tol, p + QStringLiteral("/tolerance"));
        out << t;
    }
    return out;
}
} // namespace

void readDims(ManifestReader& r, const Json& root, Task& task, Names& names)
{
    if (const Json* dims = r.member(root, {}, "dims", "object", false)) {
        for (auto it = dims->begin(); it != dims->end(); ++it) {
            const QString name = QString::fromStdString(it.key());
            const QString p = ManifestReader::child(QStringLiteral("/dims"), name);
            if (!ManifestReader::isIdentifier(name))
                r.fail(p, QStringLiteral("expected a dim name ([A-Za-z_][A-Za-z0-9_]*), got '%1'").arg(name));
            declare(r, names, name, p);
            if (it.value().is_string()) {
                task.dims.insert(name, QString::fromStdString(it.value().get<std::string>()));
                continue;
            }
            if (!it.value().is_object())
                r.fail(p,
                    QStringLiteral("expected a description (a string) or an object {\"description\", \"min\", "
                                   "\"max\", \"multiple_of\"}, got %1")
                        .arg(ManifestReader::describe(it.value())));
            task.dims.insert(name, readDimBounds(r, it.value(), p, task.dimBounds[name]));
        }
    }
    if (const Json* scalars = r.member(root, {}, "scalars", "object", false)) {
        for (auto it = scalars->begin(); it != scalars->end(); ++it) {
            const QString name = QString::fromStdString(it.key());
            const QString p = ManifestReader::child(QStringLiteral("/scalars"), name);
            if (!ManifestReader::isIdentifier(name))
                r.fail(p, QStringLiteral("expected a scalar name ([A-Za-z_][A-Za-z0-9_]*), got '%1'").arg(name));
            if (!it.value().is_object())
                r.fail(p,
                    QStringLiteral("expected an object {\"dtype\", \"value\"}, got %1")
                        .arg(ManifestReader::describe(it.value())));
            declare(r, names, name, p);
            r.checkKeys(it.value(), p, { "dtype", "value" });
            ScalarSpec s;
            s.name = name;
            s.dtype = readDType(r, it.value(), p);
            s.value = r.number(it.value(), p, "value", true);
            if (!isFloatingPoint(s.dtype) && it.value().at("value").is_number_float())
                r.fail(p + QStringLiteral("/value"),
                    QStringLiteral("expected an integer for dtype %1").arg(dtypeName(s.dtype)));
            task.scalars << s;
        }
    }
}

void readTensors(ManifestReader& r, const Json& root, Task& task, Names& names)
{
    task.inputs = readList(r, root, "inputs", task, names);
    task.outputs = readList(r, root, "outputs", task, names);
}

Tolerance readTolerance(ManifestReader& r, const Json& value, const QString& p)
{
    r.checkKeys(value, p, { "rtol", "atol", "max_ulp", "nan", "mismatch_fraction" });
    Tolerance t;
    t.rtol = r.number(value, p, "rtol", true);
    t.atol = r.number(value, p, "atol", true);
    if (t.rtol < 0)
        r.fail(p + QStringLiteral("/rtol"), QStringLiteral("expected a number >= 0"));
    if (t.atol < 0)
        r.fail(p + QStringLiteral("/atol"), QStringLiteral("expected a number >= 0"));
    if (value.contains("max_ulp")) {
        t.maxUlp = r.number(value, p, "max_ulp", true);
        if (*t.maxUlp < 0)
            r.fail(p + QStringLiteral("/max_ulp"), QStringLiteral("expected a number >= 0"));
    }
    const QString nan = r.string(value, p, "nan", false, QStringLiteral("match"));
    const auto policy = nanPolicyFromName(nan);
    if (!policy)
        r.fail(p + QStringLiteral("/nan"), QStringLiteral("expected 'match' or 'forbid', got '%1'").arg(nan));
    t.nan = *policy;
    if (value.contains("mismatch_fraction")) {
        t.mismatchFraction = r.number(value, p, "mismatch_fraction", true);
        if (*t.mismatchFraction < 0 || *t.mismatchFraction >= 1)
            r.fail(p + QStringLiteral("/mismatch_fraction"), QStringLiteral("expected a number in [0, 1)"));
    }
    return t;
}

} // namespace kwb::manifest

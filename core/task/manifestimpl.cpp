// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/buildflags.h"
#include "core/task/manifestparse.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace kwb::manifest {

QStringList readBuildFlags(
    ManifestReader& r, const Json& o, const QString& pointer, const char* key, const QString& backend)
{
    const QString p = ManifestReader::child(pointer, QString::fromLatin1(key));
    const Json* list = r.member(o, pointer, key, "array", true);
    QStringList out;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const QString ip = ManifestReader::child(p, qsizetype(i));
        if (!(*list)[i].is_string())
            r.fail(ip,
                QStringLiteral("expected a compiler option (a string), got %1")
                    .arg(ManifestReader::describe((*list)[i])));
        const QString flag = QString::fromStdString((*list)[i].get<std::string>());
        if (const QString problem = buildFlagProblem(flag, backend); !problem.isEmpty())
            r.fail(ip, problem);
        out << flag;
    }
    return out;
}

namespace {
const QStringList kBackends { QStringLiteral("cpp"), QStringLiteral("cuda"), QStringLiteral("python") };
const QStringList kFrameworks { QStringLiteral("numpy"), QStringLiteral("torch"), QStringLiteral("triton"),
    QStringLiteral("jax"), QStringLiteral("nki") };

bool hasName(const QList<TensorSpec>& list, const QString& name)
{
    return std::any_of(list.begin(), list.end(), [&](const TensorSpec& t) { return t.name == name; });
}

void readArgs(ManifestReader& r, const Json& o, const QString& p, const Task& task, Implementation& impl)
{
    const Json& args = *r.member(o, p, "args", "array", true);
    const QString ap = p + QStringLiteral("/args");
    const bool python = impl.backend == u"python";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const QString ep = ManifestReader::child(ap, qsizetype(i));
        if (!args[i].is_string())
            r.fail(ep, QStringLiteral("expected a name (a string), got %1").arg(ManifestReader::describe(args[i])));
        const QString name = QString::fromStdString(args[i].get<std::string>());
        const bool scalar = std::any_of(
            task.scalars.begin(), task.scalars.end(), [&](const ScalarSpec& s) { return s.name == name; });
        if (!hasName(task.inputs, name) && !hasName(task.outputs, name) && !task.dims.contains(name) && !scalar)
            r.fail(ep, QStringLiteral("'%1' names no input, output, dim or scalar").arg(name));
        impl.args << name;
    }
    // Python entries may return their outputs or write into preallocated ones passed in args.
    if (python)
        return;
    for (const TensorSpec& out : task.outputs) {
        if (!impl.args.contains(out.name))
            r.fail(ap,
                QStringLiteral("output '%1' is not passed (%2 entries write outputs through pointer arguments)")
                    .arg(out.name, impl.backend));
    }
}

void readLaunch(ManifestReader& r, const Json& launch, const QString& p, const Task& task, Implementation& impl)
{
    r.checkKeys(launch, p, { "grid", "block", "smem" });
    LaunchSpec spec;
    for (const char* key : { "grid", "block" }) {
        const Json& list = *r.member(launch, p, key, "array", true);
        const QString lp = ManifestReader::child(p, QString::fromLatin1(key));
        if (list.empty() || list.size() > 3)
            r.fail(lp, QStringLiteral("expected 1 to 3 expressions (x, y, z), got %1").arg(list.size()));
        QStringList& dst = std::string_view(key) == "grid" ? spec.grid : spec.block;
        for (std::size_t i = 0; i < list.size(); ++i)
            dst << readExpression(r, list[i], ManifestReader::child(lp, qsizetype(i)), task, 1);
    }
    const auto smem = launch.find("smem");
    spec.smem
        = smem == launch.end() ? QStringLiteral("0") : readExpression(r, *smem, p + QStringLiteral("/smem"), task, 0);
    impl.launch = spec;
}

// `convention` and `files`: how the python harness calls the entry, and the modules it imports.
void readConvention(ManifestReader& r, const Json& o, const QString& p, const Task& task, Implementation& impl)
{
    static const QStringList conventions { QStringLiteral("function"), QStringLiteral("torch_module"),
        QStringLiteral("gpumode") };
    impl.convention = r.string(o, p, "convention", false, QStringLiteral("function"));
    if (!conventions.contains(impl.convention))
        r.fail(p + QStringLiteral("/convention"),
            QStringLiteral("expected one of %1, got '%2'")
                .arg(conventions.join(QStringLiteral(", ")), impl.convention));
    if (impl.convention != u"function" && impl.backend != u"python")
        r.fail(p + QStringLiteral("/convention"),
            QStringLiteral("convention '%1' applies to backend python only").arg(impl.convention));
    if (impl.convention == u"torch_module" && impl.framework != u"torch")
        r.fail(p + QStringLiteral("/framework"),
            QStringLiteral("convention torch_module needs framework torch, got '%1'").arg(impl.framework));
    const Json* files = r.member(o, p, "files", "array", false);
    if (files && impl.backend != u"python")
        r.fail(p + QStringLiteral("/files"), QStringLiteral("'files' applies to backend python only"));
    for (std::size_t i = 0; files && i < files->size(); ++i) {
        const QString fp = ManifestReader::child(p + QStringLiteral("/files"), qsizetype(i));
        if (!(*files)[i].is_string())
            r.fail(fp, QStringLiteral("expected a path (a string), got %1").arg(ManifestReader::describe((*files)[i])));
        const QString f = QString::fromStdString((*files)[i].get<std::string>());
        checkFile(r, task, fp, f);
        impl.files << f;
    }
}

Implementation readImpl(ManifestReader& r, const Json& o, const QString& p, const Task& task, bool candidate)
{
    if (!o.is_object())
        r.fail(p, QStringLiteral("expected an object, got %1").arg(ManifestReader::describe(o)));
    if (candidate)
        r.checkKeys(o, p,
            { "id", "backend", "framework", "source", "entry", "args", "launch", "convention", "files", "flags" });
    else
        r.checkKeys(
            o, p, { "backend", "framework", "source", "entry", "args", "launch", "convention", "files", "flags" });
    Implementation impl;
    impl.jsonPath = p;
    if (candidate) {
        impl.id = r.string(o, p, "id", true);
        static const QRegularExpression idRe(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
        if (!idRe.match(impl.id).hasMatch())
            r.fail(p + QStringLiteral("/id"),
                QStringLiteral("expected letters, digits, '.', '_' or '-', got '%1'").arg(impl.id));
        if (impl.id == u"reference" || impl.id == u"oracle")
            r.fail(p + QStringLiteral("/id"),
                QStringLiteral("'%1' is reserved, expected another candidate id").arg(impl.id));
    }
    impl.backend = r.string(o, p, "backend", true);
    if (!kBackends.contains(impl.backend))
        r.fail(p + QStringLiteral("/backend"),
            QStringLiteral("expected one of cpp, cuda, python, got '%1'").arg(impl.backend));
    impl.framework = r.string(o, p, "framework", impl.backend == u"python");
    if (impl.backend == u"python" && !kFrameworks.contains(impl.framework))
        r.fail(p + QStringLiteral("/framework"),
            QStringLiteral("expected one of %1, got '%2'").arg(kFrameworks.join(QStringLiteral(", ")), impl.framework));
    if (impl.backend != u"python" && !impl.framework.isEmpty())
        r.warn(QStringLiteral("scope.unknown-field"), p + QStringLiteral("/framework"),
            QStringLiteral("'framework' applies to backend python only (ignored)"));
    impl.source = r.string(o, p, "source", true);
    checkFile(r, task, p + QStringLiteral("/source"), impl.source);
    impl.entry = r.identifier(o, p, "entry", true);
    readConvention(r, o, p, task, impl);
    if (o.contains("flags"))
        impl.flags = readBuildFlags(r, o, p, "flags", impl.backend);
    readArgs(r, o, p, task, impl);
    if (const Json* launch = r.member(o, p, "launch", "object", false)) {
        if (impl.backend != u"cuda")
            r.fail(p + QStringLiteral("/launch"), QStringLiteral("'launch' applies to backend cuda only"));
        readLaunch(r, *launch, p + QStringLiteral("/launch"), task, impl);
    }
    return impl;
}
} // namespace

void readImplementations(ManifestReader& r, const Json& root, Task& task)
{
    task.reference
        = readImpl(r, *r.member(root, {}, "reference", "object", true), QStringLiteral("/reference"), task, false);
    task.reference.id = QStringLiteral("reference");
    if (const Json* oracle = r.member(root, {}, "oracle", "object", false)) {
        task.oracle = readImpl(r, *oracle, QStringLiteral("/oracle"), task, false);
        task.oracle->id = QStringLiteral("oracle");
    }
    const Json* candidates = r.member(root, {}, "candidates", "array", false);
    QSet<QString> ids;
    for (std::size_t i = 0; candidates && i < candidates->size(); ++i) {
        const QString p = ManifestReader::child(QStringLiteral("/candidates"), qsizetype(i));
        Implementation c = readImpl(r, (*candidates)[i], p, task, true);
        if (ids.contains(c.id))
            r.fail(p + QStringLiteral("/id"), QStringLiteral("candidate id '%1' is used twice").arg(c.id));
        ids.insert(c.id);
        task.candidates << c;
    }
    // An output without a shape is only allowed where no implementation writes into preallocated buffers.
    for (qsizetype i = 0; i < task.outputs.size(); ++i) {
        if (task.outputs[i].shapeKnown)
            continue;
        for (const Implementation& impl : task.implementations()) {
            if (impl.convention == u"function")
                r.fail(ManifestReader::child(QStringLiteral("/outputs"), i),
                    QStringLiteral("output '%1' needs a 'shape': implementation '%2' uses the function convention")
                        .arg(task.outputs[i].name, impl.id));
        }
    }
}

void readBenchmark(ManifestReader& r, const Json& root, Task& task)
{
    const Json* bench = r.member(root, {}, "benchmark", "object", false);
    if (!bench)
        return;
    const QString p = QStringLiteral("/benchmark");
    r.checkKeys(*bench, p, { "flops", "bytes" });
    if (const auto it = bench->find("flops"); it != bench->end())
        task.benchmarkFlops = readExpression(r, *it, p + QStringLiteral("/flops"), task, 0);
    if (const auto it = bench->find("bytes"); it != bench->end())
        task.benchmarkBytes = readExpression(r, *it, p + QStringLiteral("/bytes"), task, 0);
}

void readPrecision(ManifestReader& r, const Json& root, Task& task)
{
    const Json* precision = r.member(root, {}, "precision", "", false);
    if (!precision)
        return;
    const QString p = QStringLiteral("/precision");
    const QList<DType> floats { DType::Float64, DType::Float32, DType::Float16, DType::BFloat16, DType::Float8E4M3FN,
        DType::Float8E5M2 }; // widest first
    const auto floating = [&](const Json& v, const QString& at) -> std::optional<DType> {
        const auto d = v.is_string() ? dtypeFromName(QString::fromStdString(v.get<std::string>())) : std::nullopt;
        if (!d || !floats.contains(*d)) {
            r.fail(at,
                QStringLiteral("expected a floating dtype (float64, float32, float16, bfloat16, float8_e4m3fn, "
                               "float8_e5m2), got %1")
                    .arg(ManifestReader::describe(v)));
            return std::nullopt;
        }
        return d;
    };
    if (precision->is_object()) {
        r.checkKeys(*precision, p, { "min" });
        const auto it = precision->find("min");
        if (it == precision->end()) {
            r.fail(p, QStringLiteral("expected {\"min\": DTYPE} or a list of dtypes"));
            return;
        }
        if (const auto min = floating(*it, p + QStringLiteral("/min")))
            task.allowedPrecisions = floats.mid(0, floats.indexOf(*min) + 1);
    } else if (precision->is_array() && !precision->empty()) {
        for (std::size_t i = 0; i < precision->size(); ++i) {
            if (const auto d = floating((*precision)[i], ManifestReader::child(p, qsizetype(i))))
                task.allowedPrecisions << *d;
        }
    } else {
        r.fail(p,
            QStringLiteral("expected {\"min\": DTYPE} or a non-empty list of dtypes, got %1")
                .arg(ManifestReader::describe(*precision)));
    }
}

// After the cases: the claimed case must be one of them.
void readClaim(ManifestReader& r, const Json& root, Task& task)
{
    const Json* claim = r.member(root, {}, "claim", "object", false);
    if (!claim)
        return;
    const QString p = QStringLiteral("/claim");
    r.checkKeys(*claim, p, { "speedup", "case" });
    // The values stay in task.manifest, read by taskClaim() (task/claim.h).
    const double speedup = r.number(*claim, p, "speedup", true);
    if (!(speedup > 0))
        r.fail(p + QStringLiteral("/speedup"), QStringLiteral("expected a positive number"));
    const QString caseName = r.string(*claim, p, "case", true);
    if (!caseName.isEmpty()
        && std::none_of(task.cases.cbegin(), task.cases.cend(), [&](const Case& k) { return k.name == caseName; }))
        r.fail(p + QStringLiteral("/case"), QStringLiteral("expected a case of this task, got '%1'").arg(caseName));
}

} // namespace kwb::manifest

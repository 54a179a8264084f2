// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/kernelscope.h"

#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"
#include "core/exec/runtocompletion.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

namespace kwb {
namespace {
QString evidenceLines(const QJsonArray& ops, int max = 6)
{
    QStringList parts;
    for (const auto& v : ops) {
        const QJsonObject o = v.toObject();
        parts << QStringLiteral("%1 (line %2)")
                     .arg(o.value(QStringLiteral("op")).toString())
                     .arg(o.value(QStringLiteral("line")).toInt());
        if (parts.size() == max)
            break;
    }
    return parts.join(QStringLiteral(", "));
}

/// `aten::conv*` style patterns; `aten::mm` also matches `aten::mm.out` (an overload).
bool opMatches(const QString& op, const QString& pattern)
{
    if (pattern.endsWith(u'*'))
        return op.startsWith(pattern.chopped(1));
    return op == pattern || op.startsWith(pattern + u'.');
}

QMap<QString, qint64> opsOf(const ImplRun& run, QMap<QString, qint64>* kernels, QMap<QString, qint64>* kernelErrors,
    bool* intact, int* recorded)
{
    QMap<QString, qint64> ops;
    for (const CallRecord& c : run.calls) {
        if (c.dispatch.isEmpty())
            continue;
        if (recorded)
            ++*recorded;
        const QJsonObject o = c.dispatch.value(QStringLiteral("ops")).toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            ops[it.key()] += it.value().toInteger();
        if (kernels) {
            const QJsonObject k = c.dispatch.value(QStringLiteral("kernels")).toObject();
            for (auto it = k.begin(); it != k.end(); ++it)
                (*kernels)[it.key()] += it.value().toInteger();
        }
        if (kernelErrors) {
            const QJsonObject k = c.dispatch.value(QStringLiteral("kernel_errors")).toObject();
            for (auto it = k.begin(); it != k.end(); ++it)
                (*kernelErrors)[it.key()] += it.value().toInteger();
        }
        if (intact && !c.dispatch.value(QStringLiteral("intact")).toBool(true))
            *intact = false;
    }
    return ops;
}

QJsonObject countsJson(const QMap<QString, qint64>& m, int max = 40)
{
    QList<std::pair<qint64, QString>> sorted;
    for (auto it = m.begin(); it != m.end(); ++it)
        sorted.append({ it.value(), it.key() });
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    QJsonObject o;
    for (qsizetype i = 0; i < sorted.size() && i < max; ++i)
        o.insert(sorted[i].second, sorted[i].first);
    return o;
}

QString opList(const QMap<QString, qint64>& m, int max = 8)
{
    QStringList parts;
    const QJsonObject o = countsJson(m, max);
    for (auto it = o.begin(); it != o.end(); ++it)
        parts << QStringLiteral("%1 ×%2").arg(it.key()).arg(it.value().toInteger());
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

Finding finding(const QString& id, Severity sev, const Implementation& impl, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = sev;
    f.impl = impl.id;
    f.file = impl.source;
    f.message = message;
    return f;
}
} // namespace

bool isDataMovementOp(const QString& op)
{
    static const QSet<QString> names { QStringLiteral("empty"), QStringLiteral("empty_like"),
        QStringLiteral("empty_strided"), QStringLiteral("zeros"), QStringLiteral("zeros_like"), QStringLiteral("ones"),
        QStringLiteral("ones_like"), QStringLiteral("full"), QStringLiteral("full_like"), QStringLiteral("new_empty"),
        QStringLiteral("new_empty_strided"), QStringLiteral("new_zeros"), QStringLiteral("new_ones"),
        QStringLiteral("new_full"), QStringLiteral("view"), QStringLiteral("_unsafe_view"), QStringLiteral("reshape"),
        QStringLiteral("_reshape_alias"), QStringLiteral("as_strided"), QStringLiteral("expand"),
        QStringLiteral("permute"), QStringLiteral("transpose"), QStringLiteral("t"), QStringLiteral("contiguous"),
        QStringLiteral("clone"), QStringLiteral("copy_"), QStringLiteral("_to_copy"), QStringLiteral("to"),
        QStringLiteral("detach"), QStringLiteral("alias"), QStringLiteral("select"), QStringLiteral("slice"),
        QStringLiteral("unsqueeze"), QStringLiteral("squeeze"), QStringLiteral("flatten"), QStringLiteral("fill_"),
        QStringLiteral("zero_"), QStringLiteral("item"), QStringLiteral("_local_scalar_dense"),
        QStringLiteral("lift_fresh"), QStringLiteral("lift_fresh_copy"), QStringLiteral("split"),
        QStringLiteral("split_with_sizes"), QStringLiteral("chunk"), QStringLiteral("narrow"), QStringLiteral("unbind"),
        QStringLiteral("resize_"), QStringLiteral("set_"), QStringLiteral("arange"), QStringLiteral("scalar_tensor"),
        QStringLiteral("is_same_size"), QStringLiteral("sym_size"), QStringLiteral("sym_stride"),
        QStringLiteral("sym_numel"), QStringLiteral("view_as"), QStringLiteral("expand_as"),
        QStringLiteral("unsafe_view"), QStringLiteral("_unsafe_index"), QStringLiteral("convert_element_type"),
        QStringLiteral("broadcast_in_dim"), QStringLiteral("squeeze_dims"), QStringLiteral("pjit"),
        QStringLiteral("jit"), QStringLiteral("device_put"), QStringLiteral("copy"), QStringLiteral("copy_p"),
        QStringLiteral("iota"), QStringLiteral("reshape_p") };
    QString name = op.section(QStringLiteral("::"), -1);
    name = name.section(u'.', 0, 0);
    return names.contains(name);
}

bool recordsDispatch(const Task& task, const Implementation& impl)
{
    static const QStringList recorded { QStringLiteral("torch"), QStringLiteral("triton"), QStringLiteral("jax") };
    return impl.backend == u"python" && recorded.contains(impl.framework) && !task.requiredKernelLanguage().isEmpty();
}

KernelScan scanCandidateKernels(const Task& task, const Implementation& impl, const RunRequest& request)
{
    KernelScan scan;
    if (impl.backend != u"python")
        return scan;
    const QString python = runnerPython();
    if (python.isEmpty()) {
        scan.error = QStringLiteral("no python to parse '%1' with").arg(impl.source);
        return scan;
    }
    QTemporaryDir work(QDir::tempPath() + QStringLiteral("/kwb-scan-XXXXXX"));
    ProcessSpec spec;
    spec.program = python;
    spec.arguments = { QStringLiteral("-s"), QStringLiteral("-I"),
        QDir(harnessDir()).filePath(QStringLiteral("kwb_kernel_scan.py")) };
    QStringList sources { impl.source };
    sources << impl.files;
    for (const QString& s : sources)
        spec.arguments << task.path(s);
    spec.workDir = work.path();
    spec.readOnlyPaths = { task.dir, harnessDir() };
    if (!python.startsWith(QStringLiteral("/usr/"))) {
        QDir prefix = QFileInfo(python).absoluteDir();
        prefix.cdUp();
        spec.readOnlyPaths << prefix.absolutePath();
    }
    spec.sandbox = request.sandbox;
    spec.bindGpu = false;
    spec.limits.timeoutMs = 60'000;
    auto ran = runToCompletion(spec);
    if (!ran || !ran->succeeded()) {
        scan.error = ran ? ran->detail + QStringLiteral(": ") + QString::fromUtf8(ran->stderrOutput.text()).right(300)
                         : ran.error().oneLine();
        return scan;
    }
    const QJsonObject doc = QJsonDocument::fromJson(ran->stdoutOutput.text()).object();
    for (const auto& v : doc.value(QStringLiteral("files")).toArray()) {
        const QJsonObject file = v.toObject();
        const QString rel = QDir(task.dir).relativeFilePath(file.value(QStringLiteral("file")).toString());
        if (file.contains(QStringLiteral("error"))) {
            scan.error = rel + QStringLiteral(": ") + file.value(QStringLiteral("error")).toString();
            continue;
        }
        const auto tag = [&](const QString& key, QJsonArray& into) {
            for (const auto& e : file.value(key).toArray()) {
                QJsonObject o = e.toObject();
                o.insert(QStringLiteral("file"), rel);
                into.append(o);
            }
        };
        tag(QStringLiteral("kernels"), scan.kernels);
        tag(QStringLiteral("launches"), scan.launches);
        tag(QStringLiteral("fallbacks"), scan.fallbacks);
        tag(QStringLiteral("builds"), scan.builds);
        tag(QStringLiteral("unrecognised"), scan.unrecognised);
        tag(QStringLiteral("findings"), scan.findings);
    }
    scan.scanned = scan.error.isEmpty();
    return scan;
}

Findings kernelScopeFindings(
    const Task& task, const Implementation& impl, const KernelScan& scan, const ImplRun* candidate, const ImplRun* ref)
{
    Findings out;
    if (impl.backend != u"python")
        return out;
    // A scan that could not read the source leaves its questions open: said, not silent (a source that breaks the
    // scanner must not thereby hide a timer patch).
    if (!scan.scanned && !scan.error.isEmpty())
        out << finding(QStringLiteral("scope.scan-failed"), Severity::Warning, impl,
            QStringLiteral("the static scan of its source did not run (%1): timer patches, writes into the harness, "
                           "fallbacks and kernels were not looked for in the source — read it")
                .arg(scan.error.left(300)));
    // Calls the runner was asked to record and could not (JAX could not trace the entry: it converts a result with
    // numpy, branches on a value): not the candidate's failure, but the record's questions rest on the source alone.
    if (candidate) {
        QString why;
        int unrecorded = 0;
        for (const CallRecord& c : candidate->calls) {
            if (c.ok && !c.unrecorded.isEmpty()) {
                ++unrecorded;
                if (why.isEmpty())
                    why = c.unrecorded;
            }
        }
        if (unrecorded > 0) {
            Finding f = finding(QStringLiteral("scope.unrecorded"), Severity::Warning, impl,
                QStringLiteral("the runner could not record what %1 call(s) dispatched (%2): whose work the result is "
                               "— its kernels' or the framework's — rests on the scan of its source; read it")
                    .arg(unrecorded)
                    .arg(why.left(300)));
            f.evidence = QJsonObject { { QStringLiteral("calls"), unrecorded }, { QStringLiteral("why"), why } };
            out << f;
        }
    }
    // What the source does to the harness or instead of work: in any task (a timer patch matters everywhere).
    for (const auto& v : scan.findings) {
        const QJsonObject o = v.toObject();
        const QString id = o.value(QStringLiteral("id")).toString();
        const bool kernelFact = id == u"scope.writes-inputs" || id == u"scope.uninitialised-output"
            || id == u"scope.unsynchronised-stream" || id == u"scope.offload";
        if (kernelFact && task.requiredKernelLanguage().isEmpty())
            continue;
        Finding f = finding(id,
            o.value(QStringLiteral("severity")).toString() == u"warning" ? Severity::Warning : Severity::Error, impl,
            o.value(QStringLiteral("message")).toString());
        f.file = o.value(QStringLiteral("file")).toString();
        f.line = o.value(QStringLiteral("line")).toInt();
        f.evidence = o;
        out << f;
    }
    const QString lang = task.requiredKernelLanguage();
    if (lang.isEmpty())
        return out;
    const QString want = lang == u"any" ? QStringLiteral("a kernel (Triton, CUDA, Pallas, NKI, TileLang or CuTe)")
                                        : QStringLiteral("a %1 kernel").arg(lang);

    for (const auto& v : scan.fallbacks) {
        const QJsonObject fb = v.toObject();
        const QJsonObject launch = fb.value(QStringLiteral("launch")).toObject();
        const bool isTry = fb.value(QStringLiteral("kind")).toString() == u"try";
        Finding f = finding(QStringLiteral("scope.reference-fallback"), Severity::Error, impl,
            isTry
                ? QStringLiteral(
                    "the kernel launch at line %1 sits in a try whose handler (line %2) computes the result "
                    "with framework ops instead: %3. Where the kernel fails, the framework's answer is "
                    "returned and judged as the kernel's")
                      .arg(launch.value(QStringLiteral("line")).toInt())
                      .arg(fb.value(QStringLiteral("handler_line")).toInt())
                      .arg(evidenceLines(fb.value(QStringLiteral("ops")).toArray()))
                : QStringLiteral("'if %1' chooses between the kernel (line %2) and framework ops (%3): where the test "
                                 "fails — a machine without a GPU, say — the framework computes the result")
                      .arg(fb.value(QStringLiteral("condition")).toString())
                      .arg(launch.value(QStringLiteral("line")).toInt())
                      .arg(evidenceLines(fb.value(QStringLiteral("ops")).toArray())));
        f.file = fb.value(QStringLiteral("file")).toString();
        f.line = fb.value(QStringLiteral("line")).toInt();
        f.endLine = fb.value(QStringLiteral("end_line")).toInt();
        f.evidence = fb;
        out << f;
    }

    QMap<QString, qint64> kernels, kernelErrors;
    bool intact = true;
    int recorded = 0;
    const QMap<QString, qint64> ops
        = candidate ? opsOf(*candidate, &kernels, &kernelErrors, &intact, &recorded) : QMap<QString, qint64> {};
    // Calls into an extension whose source launches no kernel are not kernel launches, whatever the record says.
    QStringList hollow;
    for (const auto& v : scan.builds) {
        const QJsonObject b = v.toObject();
        if (!b.value(QStringLiteral("verified")).toBool())
            hollow << QStringLiteral("cuda:%1.").arg(b.value(QStringLiteral("extension")).toString());
    }
    for (auto it = kernels.begin(); it != kernels.end();) {
        const QString name = it.key();
        it = std::any_of(hollow.begin(), hollow.end(), [&](const QString& h) { return name.startsWith(h); })
            ? kernels.erase(it)
            : std::next(it);
    }
    QMap<QString, qint64> computeOps;
    for (auto it = ops.begin(); it != ops.end(); ++it) {
        if (!isDataMovementOp(it.key()))
            computeOps.insert(it.key(), it.value());
    }

    const bool staticNone = scan.scanned && scan.kernels.isEmpty() && scan.launches.isEmpty();
    // Kernels whose launches the runner's record cannot see (TileLang, CuTe, CUTLASS, cupy, numba), or a DSL the
    // scan does not know: an empty record then says nothing about them.
    const bool unseenKernels = !scan.unrecognised.isEmpty()
        || std::any_of(scan.kernels.begin(), scan.kernels.end(),
            [](const QJsonValue& k) { return !k.toObject().value(QStringLiteral("recorded")).toBool(true); });
    const bool dynamicNone = recorded > 0 && kernels.isEmpty() && kernelErrors.isEmpty() && !unseenKernels;
    if (recorded > 0 && !intact) {
        Finding f = finding(QStringLiteral("sandbox.harness-tampered"), Severity::Error, impl,
            QStringLiteral("the candidate removed the runner's recording of what it dispatches (a dispatch mode or a "
                           "launch hook was gone when its call returned): its record cannot be trusted"));
        out << f;
    }
    // An extension built whose source has no kernel it launches: say what its functions do instead.
    QStringList builds;
    for (const auto& v : scan.builds) {
        const QJsonObject b = v.toObject();
        if (!b.value(QStringLiteral("verified")).toBool())
            builds << QStringLiteral("the extension built at %1:%2 %3")
                          .arg(b.value(QStringLiteral("file")).toString())
                          .arg(b.value(QStringLiteral("line")).toInt())
                          .arg(b.value(QStringLiteral("why")).toString());
    }
    if (staticNone && !scan.unrecognised.isEmpty() && (recorded == 0 || kernels.isEmpty())) {
        QStringList what;
        for (const auto& v : scan.unrecognised)
            what << QStringLiteral("%1 (%2:%3)")
                        .arg(v.toObject().value(QStringLiteral("what")).toString(),
                            v.toObject().value(QStringLiteral("file")).toString())
                        .arg(v.toObject().value(QStringLiteral("line")).toInt());
        Finding f = finding(QStringLiteral("scope.kernel-unrecognised"), Severity::Warning, impl,
            QStringLiteral("the task asks for %1; '%2' uses a GPU kernel language the workbench does not recognise "
                           "(%3): check by reading it that a kernel of it does the task's work")
                .arg(want, impl.source, what.join(QStringLiteral(", "))));
        f.evidence = QJsonObject { { QStringLiteral("unrecognised"), scan.unrecognised } };
        out << f;
    } else if (dynamicNone || (staticNone && recorded == 0)) {
        Finding f = finding(QStringLiteral("scope.no-kernel"), Severity::Error, impl,
            dynamicNone
                ? QStringLiteral("the task asks for %1, but the candidate launched none in %2 recorded call(s): "
                                 "its outputs came from framework ops (%3)%4")
                      .arg(want)
                      .arg(recorded)
                      .arg(opList(computeOps.isEmpty() ? ops : computeOps),
                          builds.isEmpty() ? QString() : QStringLiteral("; ") + builds.join(QStringLiteral("; ")))
                : QStringLiteral("the task asks for %1, but '%2' defines and launches none (no @triton.jit, "
                                 "pallas_call, @nki.jit, TileLang or CuTe kernel, nor a cpp_extension build whose "
                                 "source launches a __global__ kernel)%3")
                      .arg(want, impl.source,
                          builds.isEmpty() ? QString() : QStringLiteral(": ") + builds.join(QStringLiteral("; "))));
        f.evidence
            = QJsonObject { { QStringLiteral("ops"), countsJson(ops) }, { QStringLiteral("recorded_calls"), recorded },
                  { QStringLiteral("static_kernels"), scan.kernels }, { QStringLiteral("builds"), scan.builds } };
        out << f;
    }
    if (!kernelErrors.isEmpty() && candidate && candidate->ok()) {
        Finding f = finding(QStringLiteral("scope.reference-fallback"), Severity::Error, impl,
            QStringLiteral("kernel launches raised (%1) and the calls still returned outputs: they came from a "
                           "fallback (%2)")
                .arg(opList(kernelErrors), opList(computeOps)));
        f.evidence = QJsonObject { { QStringLiteral("kernel_errors"), countsJson(kernelErrors) },
            { QStringLiteral("ops"), countsJson(computeOps) } };
        out << f;
    }

    // Ops the task forbids, or that it does not allow.
    QStringList forbidden;
    bool forbidReference = false;
    for (const QString& p : task.target.forbiddenOps) {
        if (p == u"reference")
            forbidReference = true;
        for (auto it = computeOps.begin(); it != computeOps.end(); ++it) {
            if (p != u"reference" && opMatches(it.key(), p))
                forbidden << it.key();
        }
    }
    if (!task.target.allowedOps.isEmpty()) {
        for (auto it = computeOps.begin(); it != computeOps.end(); ++it) {
            if (std::none_of(task.target.allowedOps.begin(), task.target.allowedOps.end(),
                    [&](const QString& p) { return opMatches(it.key(), p); }))
                forbidden << it.key();
        }
    }
    forbidden.removeDuplicates();
    if (!forbidden.isEmpty()) {
        Finding f = finding(QStringLiteral("scope.forbidden-op"), Severity::Error, impl,
            QStringLiteral("the candidate computes with ops the task does not allow: %1")
                .arg(forbidden.join(QStringLiteral(", "))));
        f.evidence = QJsonObject { { QStringLiteral("ops"), countsJson(computeOps) },
            { QStringLiteral("forbidden_ops"), QJsonArray::fromStringList(task.target.forbiddenOps) },
            { QStringLiteral("allowed_ops"), QJsonArray::fromStringList(task.target.allowedOps) } };
        out << f;
    }

    // The reference's own computation redone with the framework beside some kernel.
    if (ref && !kernels.isEmpty()) {
        QMap<QString, qint64> refCompute;
        const QMap<QString, qint64> refOps = opsOf(*ref, nullptr, nullptr, nullptr, nullptr);
        for (auto it = refOps.begin(); it != refOps.end(); ++it) {
            if (!isDataMovementOp(it.key()))
                refCompute.insert(it.key(), it.value());
        }
        const bool covers = !refCompute.isEmpty()
            && std::all_of(
                refCompute.keyBegin(), refCompute.keyEnd(), [&](const QString& op) { return computeOps.contains(op); });
        if (covers) {
            Finding f = finding(
                forbidReference ? QStringLiteral("scope.forbidden-op") : QStringLiteral("scope.framework-compute"),
                forbidReference ? Severity::Error : Severity::Warning, impl,
                QStringLiteral("besides its kernels (%1) the candidate dispatches every compute op the reference does "
                               "(%2): check that the kernels do the task's work and are not decoration")
                    .arg(opList(kernels), opList(refCompute)));
            f.evidence = QJsonObject { { QStringLiteral("ops"), countsJson(computeOps) },
                { QStringLiteral("reference_ops"), countsJson(refCompute) },
                { QStringLiteral("kernels"), countsJson(kernels) } };
            out << f;
        }
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The python backend of compileImplementation(): resources/harness/kwb_compile.py byte-compiles and imports the
// implementation, checks NKI tiles statically, and calls the entry per case with the launches intercepted:
// each Triton launch (and autotune config) is compiled for every target arch, each pallas_call lowered for its
// target. It runs the candidate's code, so it runs in the sandbox, with the runner python.
#include "core/compile/backends.h"
#include "core/executors/executorfactory.h"

#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/run/gluegen.h"
#include "core/run/workspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace kwb {

namespace {
QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The TTIR, TTGIR, LLIR, PTX and SASS the check wrote: PTX and SASS parsed (lines, instruction mix, source lines
// from `.loc` / nvdisasm's line info), the MLIR dialects mapped to source lines through their `loc(...)` info.
void readArtifacts(const QString& output, const QString& tmp, const QString& source, ImplementationCompile& c)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^kwb-triton: (\S+) (\S+) (\S+) (.+)$)"), QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(output); it.hasNext();) {
        const auto m = it.next();
        const QString path = m.captured(4).trimmed();
        if (!QFileInfo(path).absoluteFilePath().startsWith(tmp))
            continue;
        const QString text = readText(path);
        const QString kind = m.captured(3);
        if (kind == u"ptx") {
            for (DisassembledKernel k : parsePtx(text, m.captured(2), source)) {
                k.name = k.demangled = m.captured(1); // the entry name is the same for every config
                c.disassembly << k;
            }
            continue;
        }
        if (kind == u"sass") {
            for (DisassembledKernel k : parseNvdisasm(text, m.captured(2), source)) {
                k.name = k.demangled = m.captured(1);
                c.disassembly << k;
            }
            continue;
        }
        DisassembledKernel k = parseMlirWithLocations(text, source);
        k.name = k.demangled = m.captured(1);
        k.arch = m.captured(2);
        k.kind = kind;
        c.disassembly << k;
    }
}

// One `kwb-kernel:` record (a Triton kernel compiled for one arch and config) into a resource row, with the
// figures of the ptxas -v log triton's own compile wrote.
KernelResources tritonKernel(const QJsonObject& o, const QString& tmp)
{
    KernelResources k;
    k.framework = QStringLiteral("triton");
    k.name = o.value(u"name").toString();
    k.demangled = o.value(u"display").toString(k.name);
    k.arch = o.value(u"arch").toString();
    k.config = o.value(u"config").toString();
    k.line = o.value(u"line").toInt();
    k.numWarps = o.value(u"num_warps").toInt();
    k.numStages = o.value(u"num_stages").toInt();
    k.dynamicSmemBytes = o.value(u"shared").toInteger();
    k.error = o.value(u"error").toString();
    const QString log = o.value(u"ptxas_log").toString();
    if (!log.isEmpty() && QFileInfo(log).absoluteFilePath().startsWith(tmp)) {
        const QList<KernelResources> ptxas = parsePtxasResources(readText(log));
        if (!ptxas.isEmpty()) {
            const KernelResources& p = ptxas.first();
            k.registers = p.registers;
            k.stackBytes = p.stackBytes;
            k.spillStores = p.spillStores;
            k.spillLoads = p.spillLoads;
            k.smemBytes = p.smemBytes;
            k.cmemBytes = p.cmemBytes;
            k.barriers = p.barriers;
        }
    }
    QJsonObject d;
    for (const char* key : { "grids", "cases", "constexprs", "num_ctas", "hash", "autotuned", "target_arch" }) {
        const QString kk = QString::fromLatin1(key);
        if (o.contains(kk))
            d.insert(kk, o.value(kk));
    }
    k.details = d;
    return k;
}

// One `kwb-pallas:` record (a pallas_call lowered for a platform) into one row per target arch of that platform.
QList<KernelResources> pallasKernels(const QJsonObject& o, const QStringList& archs)
{
    QList<KernelResources> out;
    const QString platform = o.value(u"platform").toString();
    for (const QString& arch : archs) {
        if ((platform == u"tpu") != arch.startsWith(u"tpu"))
            continue;
        KernelResources k;
        k.framework = QStringLiteral("pallas");
        k.name = k.demangled = o.value(u"name").toString();
        k.arch = arch;
        QStringList grid;
        for (const QJsonValue& g : o.value(u"grid").toArray())
            grid << QString::number(g.toInt());
        QStringList blocks;
        for (const QJsonValue& b : o.value(u"blocks").toArray()) {
            QStringList dims;
            for (const QJsonValue& d : b.toObject().value(u"shape").toArray())
                dims << QString::number(d.toInt());
            blocks << dims.join(u'x');
        }
        k.config = QStringLiteral("grid=(%1) blocks=%2").arg(grid.join(u','), blocks.join(u' '));
        k.line = o.value(u"line").toInt();
        k.smemBytes = static_cast<int>(o.value(u"smem_bytes").toInteger());
        k.vmemBytes = platform == u"tpu" ? o.value(u"vmem_bytes").toInteger() : -1;
        k.error = o.value(u"error").toString();
        QJsonObject d;
        for (const char* key : { "grid", "blocks", "buffers", "case", "inputs", "vmem_limit_bytes", "call_line",
                 "error_line", "platform" }) {
            const QString kk = QString::fromLatin1(key);
            if (o.contains(kk))
                d.insert(kk, o.value(kk));
        }
        if (const QJsonObject chip = o.value(u"chips").toObject().value(arch).toObject(); !chip.isEmpty())
            d.insert(QStringLiteral("chip"), chip);
        k.details = d;
        out << k;
    }
    return out;
}

// One `kwb-nki:` record (a tile checked against NKI's documented limits).
KernelResources nkiTile(const QJsonObject& o, const QStringList& archs)
{
    KernelResources k;
    k.framework = QStringLiteral("nki");
    k.line = o.value(u"line").toInt();
    k.name = k.demangled = QStringLiteral("%1 tile").arg(o.value(u"buffer").toString());
    k.arch = archs.value(0, QStringLiteral("nki"));
    QStringList dims;
    for (const QJsonValue& d : o.value(u"shape").toArray())
        dims << (d.isString() ? d.toString() : QString::number(d.toInteger()));
    k.config = QStringLiteral("nl.%1((%2), %3)%4")
                   .arg(o.value(u"call").toString(), dims.join(QStringLiteral(", ")), o.value(u"dtype").toString(),
                       o.value(u"checked").toBool() ? QString() : QStringLiteral(" — shape known at trace time only"));
    k.details = o;
    return k;
}

void readKernelRecords(const QString& output, const QString& tmp, const QStringList& archs, ImplementationCompile& c)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^kwb-(kernel|pallas|nki): (\{.*\})\s*$)"), QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(output); it.hasNext();) {
        const auto m = it.next();
        const QJsonObject o = QJsonDocument::fromJson(m.captured(2).toUtf8()).object();
        if (o.isEmpty())
            continue;
        if (m.captured(1) == u"kernel")
            c.kernels << tritonKernel(o, tmp);
        else if (m.captured(1) == u"pallas")
            c.kernels << pallasKernels(o, archs);
        else
            c.kernels << nkiTile(o, archs);
    }
}

// The runner's own inputs and plan (one call per case, seed 0), so the entry sees what `kwb run` gives it.
QString writeCasePlan(const Task& task, const Implementation& impl, const QString& tmp)
{
    auto glue = generateGlue(task, impl);
    if (!glue)
        return glue.error().oneLine();
    QFile sig(tmp + QStringLiteral("/signature.json"));
    if (!sig.open(QIODevice::WriteOnly) || sig.write(glue->content) < 0)
        return sig.fileName() + QStringLiteral(": cannot write");
    QList<TrialInputs> trials;
    for (const Case& cs : task.cases) {
        TrialInputs t { cs.name, 0, 0, tmp + QStringLiteral("/inputs/") + cs.name };
        if (auto w = writeTrialInputs(task, cs, 0, t.dir); !w)
            return w.error().oneLine();
        trials << t;
    }
    auto plan = planText(task, impl, trialCalls(trials, 1, nullptr), planFlushBytes(impl, false));
    if (!plan)
        return plan.error().oneLine();
    QFile p(tmp + QStringLiteral("/plan.txt"));
    if (!p.open(QIODevice::WriteOnly) || p.write(*plan) < 0)
        return p.fileName() + QStringLiteral(": cannot write");
    return {};
}

bool copyHarnessFile(const QString& name, const QString& tmp)
{
    QFile in(QDir(harnessDir()).filePath(name));
    QFile out(QDir(tmp).filePath(name));
    return in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly) && out.write(in.readAll()) >= 0;
}
} // namespace

void compilePython(const Task& task, const Implementation& impl, const QStringList& archs,
    const CompileRequest& request, const JobContext& job, const QString& tmp, ImplementationCompile& c)
{
    const auto executor = makeExecutor(request.executor);
    const QString python = executor->program(QStringLiteral("python3"), runnerPython);
    if (python.isEmpty()) {
        c.toolMissing = true;
        c.notes << QStringLiteral("no python3 found (set KWB_PYTHON)");
        return;
    }
    const QString script = tmp + QStringLiteral("/kwb_compile.py");
    // python_main.py and the modules it imports (its clock, the dispatch record, the conventions).
    if (!copyHarnessFile(QStringLiteral("kwb_compile.py"), tmp)
        || !copyHarnessFile(QStringLiteral("python_main.py"), tmp)
        || !copyHarnessFile(QStringLiteral("kwb_timing.py"), tmp)
        || !copyHarnessFile(QStringLiteral("kwb_dispatch.py"), tmp)
        || !copyHarnessFile(QStringLiteral("kwb_conventions.py"), tmp)) {
        c.notes << QStringLiteral("%1: harness sources missing (resources not installed?)").arg(harnessDir());
        return;
    }
    const QString source = task.path(impl.source);
    QStringList args { QStringLiteral("-s"), script, source, impl.entry, tmp, archs.join(QLatin1Char(',')),
        impl.framework };
    // Triton and Pallas: the entry is called per case with its launches intercepted (local compiles only).
    if ((impl.framework == u"triton" || impl.framework == u"jax") && impl.convention != u"function") {
        c.notes << QStringLiteral("launches not compiled: convention %1 is not called by the compile check")
                       .arg(impl.convention);
    } else if (impl.framework == u"triton" || impl.framework == u"jax") {
        if (executor->remote()) {
            c.notes << QStringLiteral("launches not compiled: the launch-intercepting compile runs locally only");
        } else if (const QString why = writeCasePlan(task, impl, tmp); !why.isEmpty()) {
            c.notes << QStringLiteral("launches not compiled: ") + why;
        } else {
            args << tmp + QStringLiteral("/signature.json") << tmp + QStringLiteral("/plan.txt");
        }
    }
    c.command = shellCommand(python, args, tmp);
    if (request.sandbox)
        c.command += QStringLiteral("  # in the bubblewrap sandbox (bundle read-only, no network)");
    c.compilerVersion = executor->versionOutput(python, { QStringLiteral("--version") }).trimmed();

    ToolOptions options = compilerOptions(task, request, job);
    options.sandbox = request.sandbox;
    options.readOnlyPaths << task.dir;
    // A runner python outside /usr (a virtual environment) must be visible inside the sandbox.
    if (!executor->remote() && !python.startsWith(QStringLiteral("/usr/"))) {
        QDir prefix = QFileInfo(python).absoluteDir();
        prefix.cdUp();
        options.readOnlyPaths << prefix.absolutePath();
    }
    options.environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    // Triton's and JAX's caches stay in the temporary folder: nothing a candidate compiles outlives its check.
    options.environment.insert(QStringLiteral("TRITON_CACHE_DIR"), tmp + QStringLiteral("/triton-cache"));
    options.environment.insert(QStringLiteral("HOME"), tmp);
    options.environment.insert(QStringLiteral("JAX_PLATFORMS"), QStringLiteral("cpu"));
    const ToolRun run = executor->runTool(python, args, tmp, options);
    recordToolRun(c, run);
    c.toolMissing = run.finished && run.exitCode == 3;
    if (run.stopped)
        return;
    if (!run.started) {
        c.notes << QStringLiteral("import check not run: ") + run.output.trimmed();
        return;
    }
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(tmp, task.dir));
    for (Diagnostic& d : c.diagnostics)
        d.tool = impl.framework == u"nki" && d.message.startsWith(u"NKI") ? QStringLiteral("nki")
                                                                          : QStringLiteral("python");
    static const QRegularExpression note(QStringLiteral(R"(^kwb-note: (.+)$)"), QRegularExpression::MultilineOption);
    for (auto it = note.globalMatch(run.output); it.hasNext();)
        c.notes << it.next().captured(1).trimmed();
    readKernelRecords(run.output, tmp, archs, c);
    readArtifacts(run.output, tmp, impl.source, c);
    // A kernel that does not compile (or lower) for an arch: its error is a diagnostic at the kernel's line.
    for (const KernelResources& k : c.kernels) {
        if (k.error.isEmpty())
            continue;
        Diagnostic d;
        d.file = impl.source;
        d.line = k.framework == u"pallas" ? k.details.value(u"error_line").toInt(k.line) : k.line;
        d.severity = DiagnosticSeverity::Error;
        d.tool = k.framework;
        d.arch = k.arch;
        d.message = k.framework == u"pallas"
            ? QStringLiteral("Pallas lowering of %1 for %2 failed: %3").arg(k.name, k.arch, k.error)
            : QStringLiteral("Triton compile of %1 for %2 failed: %3").arg(k.demangled, k.arch, k.error);
        c.diagnostics << d;
        c.ok = false;
    }
}

} // namespace kwb

#include "compile/compiler.h"

#include "compile/archlimits.h"
#include "compile/launchcheck.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>

namespace kwb {

QString findNvcc()
{
    const QString forced = qEnvironmentVariable("KWB_NVCC");
    if (!forced.isEmpty())
        return QFileInfo(forced).isExecutable() ? QFileInfo(forced).absoluteFilePath() : QString();
    QString p = QStandardPaths::findExecutable(QStringLiteral("nvcc"));
    if (!p.isEmpty())
        return p;
    QStringList dirs;
    if (qEnvironmentVariableIsSet("CUDA_HOME"))
        dirs << qEnvironmentVariable("CUDA_HOME") + QStringLiteral("/bin");
    dirs << QStringLiteral("/usr/local/cuda/bin");
    return QStandardPaths::findExecutable(QStringLiteral("nvcc"), dirs);
}

namespace {
bool isArchMismatch(const QString& message)
{
    static const QRegularExpression re(
        QStringLiteral(
            R"(not supported (?:for|on) (?:this GPU architecture|sm_|target|compute_)|requires (?:\.target )?sm_\d+|requires compute capability|Feature '[^']+' requires|is not supported on \.target|unsupported gpu architecture)"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(message).hasMatch();
}
} // namespace

Findings compileFindings(const ImplementationCompile& c, const QStringList& archs)
{
    Findings out;
    for (const Diagnostic& d : c.diagnostics) {
        if (d.severity == u"note" || d.message.startsWith(u"Registers are spilled"))
            continue; // spills are reported per kernel from the resource lines below
        Finding f;
        const bool mismatch = isArchMismatch(d.message);
        f.id = mismatch              ? QStringLiteral("compile.arch-mismatch")
            : d.severity == u"error" ? QStringLiteral("compile.error")
                                     : QStringLiteral("compile.warning");
        f.severity = mismatch || d.severity == u"error" ? Severity::Error : Severity::Warning;
        f.message = QStringLiteral("%1%2: %3")
                        .arg(d.tool, d.arch.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(d.arch), d.message);
        f.file = d.file;
        f.line = d.line;
        f.impl = c.id;
        f.evidence = d.toJson();
        out.append(f);
    }
    QSet<QString> archsWithCode;
    for (const KernelResources& k : c.kernels) {
        archsWithCode.insert(k.arch);
        if (k.spillStores > 0 || k.spillLoads > 0) {
            Finding f;
            f.id = QStringLiteral("compile.spills");
            f.severity = Severity::Warning;
            f.message = QStringLiteral("%1 on %2 spills: %3 bytes spill stores, %4 bytes spill loads (%5 registers, "
                                       "%6 bytes stack frame)")
                            .arg(k.demangled, k.arch)
                            .arg(k.spillStores)
                            .arg(k.spillLoads)
                            .arg(k.registers)
                            .arg(k.stackBytes);
            f.file = c.source;
            f.impl = c.id;
            f.evidence = k.toJson();
            out.append(f);
        }
    }
    // A kernel compiled for one arch but not another (e.g. fenced off by __CUDA_ARCH__): the build lacks code.
    if (c.ok && c.backend == u"cuda" && !archsWithCode.isEmpty()) {
        for (const QString& a : archs) {
            if (archsWithCode.contains(QString(a).remove(QRegularExpression(QStringLiteral("[af]$"))))
                || archsWithCode.contains(a))
                continue;
            Finding f;
            f.id = QStringLiteral("compile.arch-mismatch");
            f.severity = Severity::Error;
            f.message = QStringLiteral("%1: the build has no kernel code for %2").arg(c.id, a);
            f.file = c.source;
            f.impl = c.id;
            out.append(f);
        }
    }
    return out;
}

Result<CompileResult> compileTask(const Task& task, const CompileRequest& request)
{
    CompileResult r;
    r.taskId = task.id;
    r.taskDir = task.dir;
    r.archs = request.archs.isEmpty() ? task.target.arch : request.archs;
    QList<Implementation> impls;
    for (const QString& id : request.implIds) {
        const Implementation* i = task.implementation(id);
        if (!i)
            return Error { task.path(QStringLiteral("task.json")), {},
                QStringLiteral("no implementation '%1'").arg(id) };
        impls << *i;
    }
    if (request.implIds.isEmpty())
        impls = task.implementations();
    // Archs name GPU targets: they matter to nvcc and Triton only (a numpy or Pallas task's `x86-64`, `tpu_v5e` do
    // not).
    const bool gpuCode = std::any_of(impls.cbegin(), impls.cend(),
        [](const Implementation& i) { return i.backend == u"cuda" || i.framework == u"triton"; });
    for (const QString& a : r.archs) {
        if (gpuCode && !findArchLimits(a)
            && !QRegularExpression(QStringLiteral(R"(^sm_\d+[af]?$)")).match(a).hasMatch())
            return Error { {}, {}, QStringLiteral("unknown arch '%1' (expected sm_XX, e.g. sm_80)").arg(a) };
    }
    const auto stopped = [&request] { return request.cancel && request.cancel->load(); };
    const Error stopError { {}, {}, QStringLiteral("compile stopped by the user"), QStringLiteral("stopped") };
    for (qsizetype i = 0; i < impls.size(); ++i) {
        const Implementation& impl = impls[i];
        if (stopped())
            return stopError;
        if (request.progress)
            request.progress(impl.id, static_cast<int>(i), static_cast<int>(impls.size()));
        ImplementationCompile c = compileImplementation(task, impl, r.archs, request);
        if (stopped())
            return stopError;
        r.findings << compileFindings(c, r.archs);
        if (impl.backend == u"cuda")
            r.findings << validateLaunches(task, impl, r.archs, c.kernels);
        r.implementations << c;
    }
    return r;
}

} // namespace kwb

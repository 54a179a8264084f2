// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/compiler.h"

#include "core/compile/archlimits.h"
#include "core/compile/launchcheck.h"
#include "core/compile/occupancy.h"
#include "core/run/implrun.h"

#include <QJsonArray>

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
        if (d.severity == DiagnosticSeverity::Note || d.message.startsWith(u"Registers are spilled"))
            continue; // spills are reported per kernel from the resource lines below
        Finding f;
        const bool mismatch = isArchMismatch(d.message);
        f.id = mismatch                               ? QStringLiteral("compile.arch-mismatch")
            : d.severity == DiagnosticSeverity::Error ? QStringLiteral("compile.error")
                                                      : QStringLiteral("compile.warning");
        f.severity = mismatch || d.severity == DiagnosticSeverity::Error ? Severity::Error : Severity::Warning;
        f.message = QStringLiteral("%1%2: %3")
                        .arg(d.tool, d.arch.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(d.arch), d.message);
        f.file = d.file;
        f.line = d.line;
        f.impl = c.id;
        f.evidence = d.toJson();
        out.append(f);
    }
    if (!c.archsNotBuilt.isEmpty()) {
        Finding f = toolkitArchFinding(c.id, c.archsNotBuilt, c.archsNotBuiltWhy);
        f.file = c.source;
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
            f.line = k.line;
            f.impl = c.id;
            f.evidence = k.toJson();
            out.append(f);
        }
    }
    // A kernel compiled for one arch but not another (e.g. fenced off by __CUDA_ARCH__): the build lacks code.
    if (c.ok && c.backend == u"cuda" && !archsWithCode.isEmpty()) {
        for (const QString& a : archs) {
            if (c.archsNotBuilt.contains(a)
                || archsWithCode.contains(QString(a).remove(QRegularExpression(QStringLiteral("[af]$"))))
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

namespace {
Finding kernelFinding(
    const ImplementationCompile& c, const KernelResources& k, const QString& id, Severity sev, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = sev;
    f.message = message;
    f.file = c.source;
    f.line = k.line;
    f.impl = c.id;
    f.caseName = k.details.value(u"cases").toArray().first().toString(k.details.value(u"case").toString());
    f.evidence = k.toJson();
    return f;
}

QString kib(qint64 bytes)
{
    return QStringLiteral("%1 bytes (%2 KiB)").arg(bytes).arg(double(bytes) / 1024.0, 0, 'f', 1);
}
} // namespace

Findings pythonKernelFindings(ImplementationCompile& c)
{
    Findings out;
    for (KernelResources& k : c.kernels) {
        if (!k.error.isEmpty())
            continue; // reported as a compile.error diagnostic
        if (k.framework == u"triton") {
            const ArchLimits* lim = findArchLimits(k.arch);
            if (!lim)
                continue;
            const int threads = k.numWarps * lim->warpSize;
            const QString who = QStringLiteral("%1 on %2").arg(k.demangled, k.arch);
            if (k.numWarps <= 0 || (k.numWarps & (k.numWarps - 1)) != 0 || threads > lim->maxThreadsPerBlock)
                out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                    QStringLiteral("%1: num_warps=%2 gives %3 threads per block; a block may have at most %4 (and "
                                   "num_warps must be a power of two)")
                        .arg(who)
                        .arg(k.numWarps)
                        .arg(threads)
                        .arg(lim->maxThreadsPerBlock));
            // Triton opts in to the arch's maximum dynamic shared memory; above it the launch raises
            // OutOfResources ("out of resources: shared memory").
            if (k.dynamicSmemBytes + k.smemBytes > lim->smemPerBlockOptIn)
                out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                    QStringLiteral("%1 needs %2 of shared memory (num_stages=%3); an %4 block may have at most %5: "
                                   "Triton raises OutOfResources (shared memory) at the launch")
                        .arg(who, kib(k.dynamicSmemBytes + k.smemBytes))
                        .arg(k.numStages)
                        .arg(k.arch, kib(lim->smemPerBlockOptIn)));
            if (threads > 0 && k.registers > 0) {
                OccupancyInput in;
                in.blockThreads = threads;
                in.registersPerThread = k.registers;
                in.dynamicSmem = k.dynamicSmemBytes;
                in.staticSmem = k.smemBytes;
                in.barriers = k.barriers;
                in.smemOptIn = true;
                if (auto occ = computeOccupancy(*lim, in); occ) {
                    k.occupancy = *occ;
                    if (occ->activeBlocks == 0 && k.dynamicSmemBytes + k.smemBytes <= lim->smemPerBlockOptIn)
                        out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                            QStringLiteral("%1: a block of %2 threads cannot be resident: %3")
                                .arg(who)
                                .arg(threads)
                                .arg(occ->why));
                    else if (occ->activeBlocks > 0 && occ->occupancy < 0.25)
                        out << kernelFinding(c, k, QStringLiteral("launch.low-occupancy"), Severity::Info,
                            QStringLiteral("%1: theoretical occupancy %2 % (%3 blocks of %4 threads per SM), limited "
                                           "by %5")
                                .arg(who)
                                .arg(occ->occupancy * 100, 0, 'f', 1)
                                .arg(occ->activeBlocks)
                                .arg(threads)
                                .arg(occ->limiter));
                }
            }
            for (const QJsonValue& g : k.details.value(u"grids").toArray()) {
                const QJsonArray dims = g.toArray();
                for (int i = 0; i < 3 && i < dims.size(); ++i) {
                    const qint64 v = dims[i].toInteger();
                    if (v > lim->maxGridDim[i])
                        out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                            QStringLiteral("%1: grid dimension %2 is %3; the limit is %4")
                                .arg(who, QString(QChar(u'x' + i)))
                                .arg(v)
                                .arg(lim->maxGridDim[i]));
                }
            }
        } else if (k.framework == u"pallas" && k.vmemBytes >= 0) {
            const QJsonObject chip = k.details.value(u"chip").toObject();
            const qint64 capacity = chip.value(u"vmem_capacity_bytes").toInteger();
            const qint64 limit = k.details.value(u"vmem_limit_bytes").toInteger();
            const QString who = QStringLiteral("%1 on %2 (%3)").arg(k.name, k.arch, k.config);
            if (capacity > 0 && k.vmemBytes > capacity)
                out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                    QStringLiteral("%1: its blocks take %2 of VMEM per grid step (double-buffered); the chip has %3")
                        .arg(who, kib(k.vmemBytes), kib(capacity)));
            else if (limit > 0 && k.vmemBytes > limit)
                out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                    QStringLiteral("%1: its blocks take %2 of VMEM per grid step; vmem_limit_bytes is %3")
                        .arg(who, kib(k.vmemBytes), kib(limit)));
            const qint64 smemCap = chip.value(u"smem_capacity_bytes").toInteger();
            if (smemCap > 0 && k.smemBytes > smemCap)
                out << kernelFinding(c, k, QStringLiteral("launch.invalid-config"), Severity::Error,
                    QStringLiteral("%1: its SMEM blocks take %2; the chip has %3")
                        .arg(who, kib(k.smemBytes), kib(smemCap)));
        }
    }
    return out;
}

Result<CompileResult> compileTask(const Task& task, const CompileRequest& request, const JobContext& job)
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
    Error stopError = Error::stopped();
    stopError.what = QStringLiteral("compile stopped by the user");
    for (qsizetype i = 0; i < impls.size(); ++i) {
        const Implementation& impl = impls[i];
        if (job.cancelled())
            return stopError;
        job.progress(QStringLiteral("compile"), impl.id, static_cast<int>(i), static_cast<int>(impls.size()));
        ImplementationCompile c = compileImplementation(task, impl, r.archs, request, job);
        if (job.cancelled())
            return stopError;
        if (impl.backend == u"python")
            r.findings << pythonKernelFindings(c);
        r.findings << compileFindings(c, r.archs);
        if (impl.backend == u"cuda")
            r.findings << validateLaunches(task, impl, r.archs, c.kernels);
        r.implementations << c;
    }
    return r;
}

} // namespace kwb

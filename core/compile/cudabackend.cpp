// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The cuda backend of compileImplementation(): nvcc on the implementation's own .cu file.
#include "core/compile/backends.h"
#include "core/executors/executorfactory.h"

#include "core/compile/kernelresources.h"
#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/run/runnerbuild.h"
#include "core/task/buildflags.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace kwb {

namespace {
QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The source line of PTX line `ptxLine`: the last `.loc` of the implementation's file before it.
int sourceLineOfPtx(const QString& ptx, int ptxLine, const QString& sourceFile)
{
    static const QRegularExpression fileRe(QStringLiteral(R"(^\s*\.file\s+(\d+)\s+\"([^\"]+)\")"));
    static const QRegularExpression locRe(QStringLiteral(R"(^\s*\.loc\s+(\d+)\s+(\d+))"));
    const QStringList lines = ptx.split(QLatin1Char('\n'));
    QStringList own;
    for (const QString& l : lines) {
        if (auto m = fileRe.match(l);
            m.hasMatch() && QFileInfo(m.captured(2)).fileName() == QFileInfo(sourceFile).fileName())
            own << m.captured(1);
    }
    int line = 0;
    for (int i = 0; i < std::min<int>(ptxLine, lines.size()); ++i) {
        if (auto m = locRe.match(lines[i]); m.hasMatch())
            line = own.contains(m.captured(1)) ? m.captured(2).toInt() : 0;
    }
    return line;
}

// nvcc's front end gives no column, but echoes the line (indented by two spaces) with a caret under the spot.
// Where the echo is the source line itself (not a macro expansion), the caret's position is the column.
void addCaretColumns(const QString& log, const QString& sourcePath, const QString& source, QList<Diagnostic>& diags)
{
    const QStringList logLines = log.split(QLatin1Char('\n'));
    const QStringList sourceLines = readText(sourcePath).split(QLatin1Char('\n'));
    for (Diagnostic& d : diags) {
        if (d.tool != u"nvcc" || d.column > 0 || d.line <= 0 || d.file != source || d.line > sourceLines.size())
            continue;
        const QString head = QStringLiteral("(%1): ").arg(d.line);
        for (qsizetype i = 0; i + 2 < logLines.size(); ++i) {
            const QString& l = logLines[i];
            if (!l.contains(head) || !l.endsWith(d.message))
                continue;
            const QString& echo = logLines[i + 1];
            const QString& caret = logLines[i + 2];
            const qsizetype at = caret.indexOf(QLatin1Char('^'));
            if (echo.startsWith(QStringLiteral("  ")) && echo.mid(2) == sourceLines[d.line - 1] && at >= 2
                && caret.trimmed() == u"^")
                d.column = static_cast<int>(at - 1);
            break;
        }
    }
}

QString ptxArch(const QString& ptx)
{
    static const QRegularExpression re(QStringLiteral(R"(^\.target\s+(sm_\w+))"), QRegularExpression::MultilineOption);
    const auto m = re.match(ptx);
    return m.hasMatch() ? m.captured(1) : QString();
}
} // namespace

void compileCuda(const Task& task, const Implementation& impl, const QStringList& archs, const CompileRequest& request,
    const JobContext& job, const QString& tmp, ImplementationCompile& c)
{
    const auto executor = makeExecutor(request.executor);
    const QString nvcc = executor->program(QStringLiteral("nvcc"), findNvcc);
    if (nvcc.isEmpty()) {
        c.toolMissing = true;
        c.notes << QStringLiteral("nvcc not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin; or set KWB_NVCC)");
        return;
    }
    // A target arch the nvcc does not know (by its own list, here or on the host) is the toolkit's limit, not the
    // code's: compiled for the others.
    const QStringList knownArchs = !executor->remote()
        ? nvccKnownArchs(nvcc)
        : nvccKnownArchs(request.executor.name(), nvcc, [&]() -> std::optional<QString> {
              const ToolRun listed = executor->runTool(
                  nvcc, { QStringLiteral("--list-gpu-arch") }, tmp, compilerOptions(task, request, job));
              if (!listed.started || !listed.finished || listed.exitCode == 255) // ssh could not reach the host
                  return std::nullopt;
              return listed.ok() ? listed.output : QString();
          });
    const CudaTargetArchs targets = cudaTargetArchs(archs, knownArchs,
        executor->remote() ? QStringLiteral("host ") + request.executor.host : QStringLiteral("this machine"), nvcc);
    c.archsNotBuilt = targets.notBuilt;
    c.archsNotBuiltWhy = targets.why;
    if (!targets.notBuilt.isEmpty()) {
        c.notes << targets.why;
        if (targets.build.isEmpty()) {
            c.toolMissing = true;
            return;
        }
    }
    QStringList args { QStringLiteral("-c"), QStringLiteral("-Xptxas"), QStringLiteral("-v,--warn-on-spills"),
        QStringLiteral("-lineinfo") };
    if (request.disassemble) // keeps each arch's PTX and cubin, and gives ptxas errors a PTX line to map back
        args << QStringLiteral("-keep") << QStringLiteral("-keep-dir") << tmp;
    // Run in the temporary folder (the bundle may be read-only) on the bundle's file by its absolute path;
    // the path mapper turns the paths nvcc prints back into bundle-relative ones.
    args << buildFlags(task, impl); // the task's own options, as the runner is built
    args << gencodeArgs(targets.build) << task.path(impl.source) << QStringLiteral("-o")
         << tmp + QStringLiteral("/impl.o");
    c.command = shellCommand(nvcc, args, tmp);
    if (const QStringList version
        = executor->versionOutput(nvcc, { QStringLiteral("--version") }).trimmed().split(QLatin1Char('\n'));
        !version.value(0).isEmpty())
        c.compilerVersion = version.size() >= 2 ? version.value(version.size() - 2).trimmed() : version.value(0);
    ToolOptions options = compilerOptions(task, request, job);
    const ToolRun run = executor->runTool(nvcc, args, tmp, options);
    recordToolRun(c, run);
    if (run.stopped)
        return;
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(tmp, task.dir));
    addCaretColumns(run.output, task.path(impl.source), impl.source, c.diagnostics);
    c.kernels = parsePtxasResources(run.output);

    // ptxas names the kept PTX file and its line: put the diagnostic on the source line that made that PTX.
    for (Diagnostic& d : c.diagnostics) {
        const QString ptxPath = QFileInfo(QDir(tmp), d.file).absoluteFilePath();
        if (!d.file.endsWith(u".ptx") || !ptxPath.startsWith(tmp))
            continue;
        const QString ptx = readText(ptxPath);
        if (d.arch.isEmpty())
            d.arch = ptxArch(ptx);
        d.line = sourceLineOfPtx(ptx, d.line, impl.source);
        d.file = impl.source;
    }
    if (!request.disassemble)
        return;
    const QFileInfoList ptxFiles = QDir(tmp).entryInfoList({ QStringLiteral("*.ptx") }, QDir::Files, QDir::Name);
    for (const QFileInfo& f : ptxFiles) {
        const QString ptx = readText(f.absoluteFilePath());
        c.disassembly << parsePtx(ptx, ptxArch(ptx), impl.source);
    }
    if (executor->remote()) {
        const ToolRun sass = executor->runTool(
            QStringLiteral("cuobjdump"), { QStringLiteral("-sass"), tmp + QStringLiteral("/impl.o") }, tmp, options);
        if (sass.ok())
            c.disassembly << parseSass(sass.output);
        return;
    }
    const QString cuobjdump = cudaBinaryTool(QStringLiteral("cuobjdump"), nvcc);
    const QString nvdisasm = cudaBinaryTool(QStringLiteral("nvdisasm"), nvcc);
    if (cuobjdump.isEmpty()) {
        c.notes << QStringLiteral(
            "SASS not shown: cuobjdump is not installed (it ships with the full CUDA toolkit, "
            "package cuda-cuobjdump, and with the triton wheel); the instruction mix is from PTX");
        return;
    }
    if (!c.ok)
        return;
    // Each arch's cubin out of the object, disassembled with its line info (-lineinfo): SASS per source line.
    const QString dir = tmp + QStringLiteral("/sass");
    QDir().mkpath(dir);
    const ToolRun x = executor->runTool(
        cuobjdump, { QStringLiteral("-xelf"), QStringLiteral("all"), tmp + QStringLiteral("/impl.o") }, dir, options);
    const QFileInfoList cubins = QDir(dir).entryInfoList({ QStringLiteral("*.cubin") }, QDir::Files, QDir::Name);
    if (!nvdisasm.isEmpty() && x.ok() && !cubins.isEmpty()) {
        static const QRegularExpression archRe(QStringLiteral(R"(\.(sm_\w+)\.cubin$)"));
        for (const QFileInfo& cubin : cubins) {
            const ToolRun d = executor->runTool(
                nvdisasm, { QStringLiteral("-g"), QStringLiteral("-c"), cubin.absoluteFilePath() }, dir, options);
            if (d.ok())
                c.disassembly << parseNvdisasm(d.output, archRe.match(cubin.fileName()).captured(1), impl.source);
        }
        c.notes
            << QStringLiteral("SASS: %1 -xelf all, %2 -g -c (source lines from -lineinfo)").arg(cuobjdump, nvdisasm);
        return;
    }
    const ToolRun sass
        = executor->runTool(cuobjdump, { QStringLiteral("-sass"), tmp + QStringLiteral("/impl.o") }, tmp, options);
    if (sass.ok())
        c.disassembly << parseSass(sass.output);
    else
        c.notes << QStringLiteral("cuobjdump -sass failed: ") + sass.output.left(200);
}

QString cudaBinaryTool(const QString& name, const QString& nvcc)
{
    if (!nvcc.isEmpty()) {
        if (const QString p = QStandardPaths::findExecutable(name, { QFileInfo(nvcc).absolutePath() }); !p.isEmpty())
            return p;
    }
    if (const QString p = QStandardPaths::findExecutable(name); !p.isEmpty())
        return p;
    // The triton wheel ships ptxas, cuobjdump and nvdisasm for its own use.
    const QString python = runnerPython();
    if (python.isEmpty())
        return {};
    QDir prefix = QFileInfo(python).absoluteDir();
    prefix.cdUp();
    QDir lib(prefix.filePath(QStringLiteral("lib")));
    for (const QString& py : lib.entryList({ QStringLiteral("python3*") }, QDir::Dirs, QDir::Name | QDir::Reversed)) {
        const QString bin = lib.filePath(py + QStringLiteral("/site-packages/triton/backends/nvidia/bin"));
        if (const QString p = QStandardPaths::findExecutable(name, { bin }); !p.isEmpty())
            return p;
    }
    return {};
}

} // namespace kwb

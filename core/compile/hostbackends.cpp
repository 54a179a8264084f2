// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The cpp backend of compileImplementation(), and the dispatch.
#include "core/compile/backends.h"
#include "core/executors/executorfactory.h"

#include "core/env/toolprobe.h"
#include "core/exec/toolrun.h"
#include "core/task/buildflags.h"

#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>

namespace kwb {

void compileCpp(const Task& task, const Implementation& impl, const CompileRequest& request, const JobContext& job,
    const QString& tmp, ImplementationCompile& c)
{
    const auto executor = makeExecutor(request.executor);
    const QString gxx = executor->program(
        QStringLiteral("g++"), [] { return QStandardPaths::findExecutable(QStringLiteral("g++")); });
    if (gxx.isEmpty()) {
        c.toolMissing = true;
        c.notes << QStringLiteral("g++ not found on PATH");
        return;
    }
    // -O2 as the runner builds it; -g for the source lines of the disassembly.
    QStringList args { QStringLiteral("-std=c++17"), QStringLiteral("-O2"), QStringLiteral("-Wall"),
        QStringLiteral("-Wextra"), QStringLiteral("-fdiagnostics-color=never") };
    args << buildFlags(task, impl); // the task's own options, as the runner is built
    if (request.disassemble)
        args << QStringLiteral("-g");
    args << QStringLiteral("-c") << task.path(impl.source) << QStringLiteral("-o") << tmp + QStringLiteral("/impl.o");
    c.command = shellCommand(gxx, args, tmp);
    c.compilerVersion
        = executor->versionOutput(gxx, { QStringLiteral("--version") }).section(QLatin1Char('\n'), 0, 0).trimmed();
    ToolOptions options = compilerOptions(task, request, job);
    const ToolRun run = executor->runTool(gxx, args, tmp, options);
    recordToolRun(c, run);
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(tmp, task.dir));
    if (!c.ok || !request.disassemble || executor->remote())
        return;
    // x86-64 of the implementation's own functions, with the source line of each instruction.
    const QString objdump = QStandardPaths::findExecutable(QStringLiteral("objdump"));
    if (objdump.isEmpty()) {
        c.notes << QStringLiteral("x86-64 disassembly not shown: objdump is not installed (package binutils)");
        return;
    }
    const ToolRun dis = executor->runTool(objdump,
        { QStringLiteral("-d"), QStringLiteral("-l"), QStringLiteral("-C"), QStringLiteral("--no-show-raw-insn"),
            tmp + QStringLiteral("/impl.o") },
        tmp, options);
    if (!dis.ok()) {
        c.notes << QStringLiteral("objdump -d -l failed: ") + dis.output.left(200);
        return;
    }
    c.disassembly << parseObjdump(dis.output, impl.source);
    const QString version = probeOutput(objdump, { QStringLiteral("--version") }).section(QLatin1Char('\n'), 0, 0);
    // The flags the object was really built with: the runner's, the task's own (`-O3`, `-march=…`) and -g.
    QStringList flags = args.mid(0, args.indexOf(QStringLiteral("-c")));
    flags.removeAll(QStringLiteral("-fdiagnostics-color=never"));
    c.notes << QStringLiteral("x86-64 disassembly: objdump -d -l -C --no-show-raw-insn impl.o (%1), from g++ %2")
                   .arg(version.trimmed(), flags.join(u' '));
}

ToolOptions compilerOptions(const Task& task, const CompileRequest& request, const JobContext& job)
{
    ToolOptions options;
    options.timeoutMs = request.timeoutMs;
    options.cancel = job.cancel;
    options.bundleDir = task.dir;
    return options;
}

void recordToolRun(ImplementationCompile& c, const ToolRun& run)
{
    c.log = run.output;
    c.ok = run.ok();
    if (run.host.isEmpty())
        return;
    c.host = run.host;
    if (!run.toolVersion.isEmpty())
        c.compilerVersion = run.toolVersion;
}

ImplementationCompile compileImplementation(const Task& task, const Implementation& impl, const QStringList& archs,
    const CompileRequest& request, const JobContext& job)
{
    ImplementationCompile c;
    c.id = impl.id;
    c.backend = impl.backend;
    c.source = impl.source;
    if (request.executor.remote()) {
        c.executor = request.executor.name();
        c.host = c.executor; // completed with the host's name once a tool ran there
    } else {
        c.host = QSysInfo::machineHostName();
    }
    QTemporaryDir tmp;
    if (!tmp.isValid()) {
        c.notes << QStringLiteral("cannot create a temporary folder: ") + tmp.errorString();
        return c;
    }
    if (impl.backend == u"cuda")
        compileCuda(task, impl, archs, request, job, tmp.path(), c);
    else if (impl.backend == u"cpp")
        compileCpp(task, impl, request, job, tmp.path(), c);
    else if (impl.backend == u"python")
        compilePython(task, impl, archs, request, job, tmp.path(), c);
    else
        c.notes << QStringLiteral("unknown backend '%1'").arg(impl.backend);
    return c;
}

} // namespace kwb

// The cpp backend of compileImplementation(), and the dispatch.
#include "compile/backends.h"

#include "compile/toolrun.h"
#include "env/toolprobe.h"

#include <QStandardPaths>
#include <QTemporaryDir>

namespace kwb {

void compileCpp(const Task& task, const Implementation& impl, const CompileRequest& request, const QString& tmp,
    ImplementationCompile& c)
{
    const QString gxx = QStandardPaths::findExecutable(QStringLiteral("g++"));
    if (gxx.isEmpty()) {
        c.toolMissing = true;
        c.notes << QStringLiteral("g++ not found on PATH");
        return;
    }
    const QStringList args { QStringLiteral("-std=c++17"), QStringLiteral("-Wall"), QStringLiteral("-Wextra"),
        QStringLiteral("-fdiagnostics-color=never"), QStringLiteral("-c"), task.path(impl.source), QStringLiteral("-o"),
        tmp + QStringLiteral("/impl.o") };
    c.command = shellCommand(gxx, args, tmp);
    c.compilerVersion = probeOutput(gxx, { QStringLiteral("--version") }).section(QLatin1Char('\n'), 0, 0).trimmed();
    ToolOptions options;
    options.timeoutMs = request.timeoutMs;
    options.cancel = request.cancel;
    const ToolRun run = runTool(gxx, args, tmp, options);
    c.log = run.output;
    c.ok = run.ok();
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(tmp, task.dir));
}

ImplementationCompile compileImplementation(
    const Task& task, const Implementation& impl, const QStringList& archs, const CompileRequest& request)
{
    ImplementationCompile c;
    c.id = impl.id;
    c.backend = impl.backend;
    c.source = impl.source;
    QTemporaryDir tmp;
    if (!tmp.isValid()) {
        c.notes << QStringLiteral("cannot create a temporary folder: ") + tmp.errorString();
        return c;
    }
    if (impl.backend == u"cuda")
        compileCuda(task, impl, archs, request, tmp.path(), c);
    else if (impl.backend == u"cpp")
        compileCpp(task, impl, request, tmp.path(), c);
    else if (impl.backend == u"python")
        compilePython(task, impl, archs, request, tmp.path(), c);
    else
        c.notes << QStringLiteral("unknown backend '%1'").arg(impl.backend);
    return c;
}

} // namespace kwb

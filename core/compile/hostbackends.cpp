// The cpp and python backends of compileImplementation(), and the dispatch.
#include "compile/backends.h"

#include "compile/toolrun.h"
#include "env/toolprobe.h"

#include <QStandardPaths>
#include <QTemporaryDir>

namespace kwb {

namespace {
// Byte-compiles, then imports the file and looks up the entry, printing problems as `file:line:col: error: msg`
// so the gcc-style parser reads them. Imports run the module's top level, as the runner would.
const char* const kPythonCheck = R"PY(
import importlib.util, sys, traceback
src, entry = sys.argv[1], sys.argv[2]
try:
    compile(open(src, encoding="utf-8").read(), src, "exec")
except SyntaxError as e:
    print(f"{src}:{e.lineno or 0}:{e.offset or 0}: error: SyntaxError: {e.msg}")
    sys.exit(1)
try:
    spec = importlib.util.spec_from_file_location("kwb_impl", src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
except BaseException as e:
    line = 0
    for fr in traceback.extract_tb(e.__traceback__):
        if fr.filename == src:
            line = fr.lineno
    print(f"{src}:{line}:0: error: import failed: {type(e).__name__}: {e}")
    sys.exit(2 if isinstance(e, ImportError) else 1)
if not callable(getattr(mod, entry, None)):
    print(f"{src}:0:0: error: no callable '{entry}' in the module")
    sys.exit(1)
print("import ok")
)PY";
} // namespace

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
        QStringLiteral("-fdiagnostics-color=never"), QStringLiteral("-c"), impl.source, QStringLiteral("-o"),
        tmp + QStringLiteral("/impl.o") };
    c.command = shellCommand(gxx, args, task.dir);
    c.compilerVersion = probeOutput(gxx, { QStringLiteral("--version") }).section(QLatin1Char('\n'), 0, 0).trimmed();
    const ToolRun run = runTool(gxx, args, task.dir, request.timeoutMs);
    c.log = run.output;
    c.ok = run.ok();
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(task.dir, task.dir));
}

void compilePython(
    const Task& task, const Implementation& impl, const CompileRequest& request, ImplementationCompile& c)
{
    const QString python = runnerPython();
    if (python.isEmpty()) {
        c.toolMissing = true;
        c.notes << QStringLiteral("no python3 found (set KWB_PYTHON)");
        return;
    }
    const QStringList args { QStringLiteral("-c"), QString::fromUtf8(kPythonCheck), impl.source, impl.entry };
    c.command = shellCommand(python,
        { QStringLiteral("-c"), QStringLiteral("<byte-compile and import check>"), impl.source, impl.entry }, task.dir);
    c.compilerVersion = probeOutput(python, { QStringLiteral("--version") }).trimmed();
    const ToolRun run = runTool(python, args, task.dir, request.timeoutMs);
    c.log = run.output;
    c.ok = run.ok();
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(task.dir, task.dir));
    for (Diagnostic& d : c.diagnostics)
        d.tool = QStringLiteral("python");
    if (impl.framework == u"triton") {
        const bool hasTriton = probeOutput(
            python, { QStringLiteral("-c"), QStringLiteral("import triton; print('triton', triton.__version__)") })
                                   .startsWith(u"triton ");
        c.notes << (hasTriton
                ? QStringLiteral("Triton kernels were byte-compiled and imported; ahead-of-time compilation to "
                                 "TTIR/TTGIR/PTX for the target arch is not done yet")
                : QStringLiteral("Triton ahead-of-time compile not done: triton is not installed for %1, so the "
                                 "@triton.jit kernels were only byte-compiled")
                      .arg(python));
    }
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
        compilePython(task, impl, request, c);
    else
        c.notes << QStringLiteral("unknown backend '%1'").arg(impl.backend);
    return c;
}

} // namespace kwb

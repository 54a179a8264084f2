// The python backend of compileImplementation(): byte-compile, import check, and for Triton an ahead-of-time
// compile of each @triton.jit kernel for the target arch. The import runs the candidate's top level, so it
// runs in the sandbox, with the runner python.
#include "compile/backends.h"

#include "compile/toolrun.h"
#include "env/toolprobe.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace kwb {

namespace {
// Problems are printed as `file:line:col: error: msg` (the gcc-style parser reads them), what was not done as
// `kwb-note: …`, and each Triton artifact as `kwb-triton: KERNEL ARCH KIND PATH`.
const char* const kPythonCheck = R"PY(
import importlib.util, inspect, os, sys, traceback
src, entry, outdir, archs, framework = sys.argv[1:6]
sys.path.insert(0, os.path.dirname(src))
try:
    compile(open(src, encoding="utf-8").read(), src, "exec")
except SyntaxError as e:
    print(f"{src}:{e.lineno or 0}:{e.offset or 0}: error: SyntaxError: {e.msg}")
    sys.exit(1)
if framework == "triton":
    try:
        import triton
    except BaseException as e:
        print(f"kwb-note: Triton ahead-of-time compile not done: triton is not installed for {sys.executable} "
              f"({type(e).__name__}: {e})")
try:
    spec = importlib.util.spec_from_file_location("kwb_impl", src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
except ModuleNotFoundError as e:
    # A framework missing on this machine is not a defect of the candidate: say so, as for a missing compiler.
    print(f"kwb-note: import check not done: module '{e.name}' is not installed for {sys.executable}")
    sys.exit(3)
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
if framework != "triton":
    sys.exit(0)
try:
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
except BaseException as e:
    print(f"kwb-note: Triton ahead-of-time compile not done: triton's compiler cannot be imported ({type(e).__name__}: {e})")
    sys.exit(0)

def jit_functions(obj):
    while obj is not None and not isinstance(obj, triton.runtime.jit.JITFunction):
        obj = getattr(obj, "fn", None)  # autotuners and heuristics wrap the JITFunction
    return obj

class NoSignature(Exception):
    pass

def sources(fn):
    # The signature must be known without a launch: from the parameters' annotations ('*fp32', 'i32', ...);
    # constexpr parameters need a default value.
    sig, consts, missing = {}, {}, []
    for p in fn.params:
        if p.is_constexpr:
            if p.default is not inspect.Parameter.empty:
                consts[p.name] = p.default
            else:
                missing.append(f"{p.name} (constexpr without a default)")
        elif isinstance(p.annotation, str) and p.annotation and p.annotation != "constexpr":
            sig[p.name] = p.annotation.strip("'\"")
        else:
            missing.append(p.name)
    if missing:
        raise NoSignature("no Triton type for " + ", ".join(missing) + " (annotate e.g. x_ptr: '*fp32', n: 'i32'; "
                          "constexprs need a default): the signature is otherwise only known at a launch")
    names = [p.name for p in fn.params]
    full = {n: sig.get(n, "constexpr") for n in names}
    attempts = [  # the keyword and key forms of triton 3.3+, 3.2, and 3.0/3.1
        lambda: ASTSource(fn, signature=full, constexprs=dict(consts)),
        lambda: ASTSource(fn, signature=full, constants=dict(consts)),
        lambda: ASTSource(fn, signature={names.index(k): v for k, v in sig.items()},
                          constants={names.index(k): v for k, v in consts.items()}),
    ]
    return attempts

def compile_for(fn, cc):
    # The first form this triton accepts wins; when none compiles, the error of the newest form is reported.
    first = None
    for make in sources(fn):
        try:
            return triton.compile(make(), target=GPUTarget("cuda", cc, 32))
        except BaseException as e:
            first = first or e
    raise first

status = 0
kernels = [(n, jit_functions(o)) for n, o in vars(mod).items() if jit_functions(o) is not None]
if not kernels:
    print("kwb-note: no @triton.jit kernel in the module")
for name, fn in kernels:
    for arch in archs.split(","):
        cc = int("".join(c for c in arch if c.isdigit()) or 0)
        try:
            k = compile_for(fn, cc)
            for kind in ("ttir", "ttgir", "ptx"):
                if kind in k.asm:
                    path = os.path.join(outdir, f"{name}.{arch}.{kind}")
                    text = k.asm[kind]
                    open(path, "w", encoding="utf-8").write(text if isinstance(text, str) else text.decode())
                    print(f"kwb-triton: {name} {arch} {kind} {path}")
        except NoSignature as e:
            # Not the kernel's defect: its signature is only known at a launch.
            print(f"kwb-note: Triton kernel {name} not compiled ahead of time for {arch}: {e}")
        except BaseException as e:
            line = fn.fn.__code__.co_firstlineno if hasattr(fn, "fn") else 0
            print(f"{src}:{line}:0: error: Triton compile of {name} for {arch} failed: {type(e).__name__}: {e}")
            status = 1
sys.exit(status)
)PY";

QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The Triton artifacts the check printed: PTX parsed like nvcc's (lines, instruction mix), TTIR and TTGIR kept
// as text per kernel.
void readTritonArtifacts(const QString& output, const QString& tmp, const QString& source, ImplementationCompile& c)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^kwb-triton: (\S+) (\S+) (\S+) (.+)$)"), QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(output); it.hasNext();) {
        const auto m = it.next();
        const QString path = m.captured(4).trimmed();
        if (!QFileInfo(path).absoluteFilePath().startsWith(tmp))
            continue;
        const QString text = readText(path);
        if (m.captured(3) == u"ptx") {
            for (DisassembledKernel k : parsePtx(text, m.captured(2), source)) {
                k.demangled = m.captured(1);
                c.disassembly << k;
            }
            continue;
        }
        DisassembledKernel k;
        k.name = k.demangled = m.captured(1);
        k.arch = m.captured(2);
        k.kind = m.captured(3);
        k.lines = text.split(QLatin1Char('\n'));
        c.disassembly << k;
    }
}
} // namespace

void compilePython(const Task& task, const Implementation& impl, const QStringList& archs,
    const CompileRequest& request, const QString& tmp, ImplementationCompile& c)
{
    const bool remote = request.executor.startsWith(QStringLiteral("ssh:"));
    const QString python = remote ? QStringLiteral("python3") : runnerPython();
    if (python.isEmpty()) {
        c.toolMissing = true;
        c.notes << QStringLiteral("no python3 found (set KWB_PYTHON)");
        return;
    }
    const QString script = tmp + QStringLiteral("/kwb_check.py");
    QFile f(script);
    if (!f.open(QIODevice::WriteOnly) || f.write(kPythonCheck) < 0) {
        c.notes << QStringLiteral("%1: cannot write the import check").arg(script);
        return;
    }
    f.close();
    const QString source = task.path(impl.source);
    const QStringList args { script, source, impl.entry, tmp, archs.join(QLatin1Char(',')), impl.framework };
    c.command = shellCommand(python, args, tmp);
    if (request.sandbox)
        c.command += QStringLiteral("  # in the bubblewrap sandbox (bundle read-only, no network)");
    if (!remote)
        c.compilerVersion = probeOutput(python, { QStringLiteral("--version") }).trimmed();

    ToolOptions options;
    options.timeoutMs = request.timeoutMs;
    options.cancel = request.cancel;
    options.sandbox = request.sandbox;
    options.readOnlyPaths << task.dir;
    options.executor = request.executor;
    options.bundleDir = task.dir;
    // A runner python outside /usr (a virtual environment) must be visible inside the sandbox.
    if (!remote && !python.startsWith(QStringLiteral("/usr/"))) {
        QDir prefix = QFileInfo(python).absoluteDir();
        prefix.cdUp();
        options.readOnlyPaths << prefix.absolutePath();
    }
    options.environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    const ToolRun run = runTool(python, args, tmp, options);
    noteToolHost(c, run);
    c.log = run.output;
    c.ok = run.ok();
    c.toolMissing = run.finished && run.exitCode == 3;
    if (run.stopped)
        return;
    if (!run.started) {
        c.notes << QStringLiteral("import check not run: ") + run.output.trimmed();
        return;
    }
    c.diagnostics = parseCompilerOutput(run.output, bundlePathMapper(tmp, task.dir));
    for (Diagnostic& d : c.diagnostics)
        d.tool = QStringLiteral("python");
    static const QRegularExpression note(QStringLiteral(R"(^kwb-note: (.+)$)"), QRegularExpression::MultilineOption);
    for (auto it = note.globalMatch(run.output); it.hasNext();)
        c.notes << it.next().captured(1).trimmed();
    if (impl.framework == u"triton")
        readTritonArtifacts(run.output, tmp, impl.source, c);
}

} // namespace kwb

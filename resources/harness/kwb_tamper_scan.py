# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Static signs that a python candidate reaches into the harness instead of computing (for kwb_kernel_scan.py).

- `scope.timer-patched`: it reassigns a timer or synchronisation function (`time.perf_counter = ...`,
  `torch.cuda.Event.elapsed_time = ...`, `torch.cuda.synchronize = ...`, `triton.testing.do_bench = ...`), also
  through aliases and assembled names (`E = getattr(getattr(torch, "cuda"), "Ev" + "ent"); setattr(E, m, w)`).
- `scope.harness-patched`: it writes into a caller's frame (`sys._getframe(1).f_globals[...] = ...`, also through a
  helper that is handed the frame's dict), into a function's `__globals__` or the runner's own modules; walks the
  garbage collector's objects (`gc.get_objects()`); reads or writes process memory (ctypes `memmove`/`memset`/
  `string_at`/`from_address`, `mprotect`, `/proc/self/mem`, ptrace) or scans the device's address space;
  duplicates or redirects file descriptors; writes a `.py` module file; ends the process while imported; or steps
  outside the runner's record of framework ops — torch's switches that hide ops from a dispatch mode or take the
  mode off the stack (`torch._C._DisableTorchDispatch`, `_disable_current_modes`, `_pop_mode_temporarily`,
  `no_dispatch`, dispatch-key guards), named directly, through an import or with `getattr`.
Reads only the syntax tree; a module that builds its attack at run time from data it decodes is beyond it.
"""
import ast

TIMER_ROOTS = ("time.", "timeit.", "torch.cuda.", "triton.testing.", "torch.utils.benchmark.", "torch.profiler.",
               "torch._C._cuda", "torch.Tensor.record_stream")
TIMER_NAMES = {"time", "timeit", "torch.cuda", "triton.testing", "torch.utils.benchmark"}
HARNESS_MODULES = ("kwb_timing", "kwb_dispatch", "kwb_conventions", "python_main", "__main__", "kwb_harness")
FRAME_ATTRS = {"f_globals", "f_locals", "f_builtins", "__globals__"}
DICT_WRITES = {"update", "__setitem__", "setdefault", "pop", "popitem", "clear", "__delitem__"}
OBJECT_WRITES = {"fill_", "copy_", "zero_", "mul_", "add_", "sub_", "div_", "__setitem__", "set_", "resize_",
                 "uniform_", "normal_", "data_ptr"}
MEMORY_CALLS = {"ctypes.memmove", "ctypes.memset", "ctypes.string_at", "ctypes.wstring_at"}
MEMORY_SUFFIXES = (".from_address", ".mprotect", "ptrace", "process_vm_writev", "process_vm_readv",
                   "cuMemGetAddressRange", "cuMemGetAddressRange_v2", "ctypes.pythonapi")
EMBEDDED_SIGNS = ("PTRACE_POKE", "PTRACE_ATTACH", "process_vm_writev", "/proc/self/mem", "mprotect(")
GC_WALKS = ("gc.get_objects", "gc.get_referrers", "gc.get_referents")
# Ways to run framework ops the recording dispatch mode does not see: switch python dispatch off, take the modes off
# the stack, or exclude the Python dispatch key. No kernel needs them.
DISPATCH_ESCAPES = {"_DisableTorchDispatch", "_DisablePythonDispatcher", "_pop_torch_dispatch_stack",
                    "_set_dispatch_mode", "_unset_dispatch_mode", "_ExcludeDispatchKeyGuard",
                    "_dispatch_tls_set_dispatch_key_excluded", "_dispatch_tls_set_dispatch_key_included",
                    "_ForceDispatchKeyGuard", "_disable_current_modes", "_pop_mode", "_pop_mode_temporarily",
                    "no_dispatch", "_RestorePythonTLSSnapshot", "_set_torch_dispatch_mode"}


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


def const_str(node):
    """The string an expression statically is ("a" + "b", f-strings without fields), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = const_str(node.left), const_str(node.right)
        return a + b if a is not None and b is not None else None
    return None


class TamperScan:
    def __init__(self, aliases):
        self.aliases = dict(aliases)  # name -> dotted path ("torch.cuda", "torch.cuda.Event", "torch.cuda.?")
        self.frame_names = set()  # names holding a frame's dict (or a frame)
        self.gc_names = set()  # names bound to objects found through gc
        self.findings = []

    def resolve(self, node):
        """The dotted path an expression stands for, following aliases and getattr(x, "name")."""
        if isinstance(node, ast.Call) and dotted(node.func) == "getattr" and len(node.args) >= 2:
            base = self.resolve(node.args[0])
            attr = const_str(node.args[1])
            return f"{base}.{attr if attr is not None else '?'}" if base else ""
        if isinstance(node, ast.Subscript) and dotted(node.value) == "sys.modules":
            return const_str(node.slice) or ""
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            return f"{base}.{node.attr}" if base else ""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id, node.id)
        return ""

    def add(self, fid, node, message):
        self.findings.append({"id": fid, "severity": "error", "line": getattr(node, "lineno", 0), "message": message})

    @staticmethod
    def timer_path(path):
        return bool(path) and (path in TIMER_NAMES or path.startswith(TIMER_ROOTS))

    @staticmethod
    def harness_path(path):
        return bool(path) and path.split(".")[0] in HARNESS_MODULES

    def frameish(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and sub.attr in FRAME_ATTRS:
                return True
            if isinstance(sub, ast.Name) and sub.id in self.frame_names:
                return True
        return False

    def gcish(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and self.resolve(sub.func) in ("gc.get_objects", "gc.get_referrers",
                                                                       "gc.get_referents"):
                return True
            if isinstance(sub, ast.Name) and sub.id in self.gc_names:
                return True
        return False

    def bind(self, target, value):
        names = [t.id for t in ast.walk(target) if isinstance(t, ast.Name)]
        path = self.resolve(value)
        for n in names:
            if isinstance(target, ast.Name) and path and (self.timer_path(path) or path.startswith("torch")):
                self.aliases[n] = path
            if self.frameish(value):
                self.frame_names.add(n)
            if self.gcish(value):
                self.gc_names.add(n)

    def written_params(self, tree):
        """{function name: indices of parameters it writes into (subscript store or dict write)}."""
        out = {}
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            params = [a.arg for a in fn.args.args]
            hit = set()
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Subscript) and isinstance(sub.ctx, ast.Store) and \
                        isinstance(sub.value, ast.Name) and sub.value.id in params:
                    hit.add(params.index(sub.value.id))
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                        sub.func.attr in DICT_WRITES and isinstance(sub.func.value, ast.Name) and \
                        sub.func.value.id in params:
                    hit.add(params.index(sub.func.value.id))
            if hit:
                out[fn.name] = hit
        return out

    def scan(self, tree):
        # Bindings first (in source order, twice: a helper defined below its use), then the writes.
        for _ in range(2):
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign):
                    for t in node.targets:
                        self.bind(t, node.value)
                elif isinstance(node, (ast.For, ast.comprehension)):
                    self.bind(node.target, node.iter)
                elif isinstance(node, ast.NamedExpr):
                    self.bind(node.target, node.value)
        writers = self.written_params(tree)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for t in targets:
                self.check_target(t, node)
            if isinstance(node, ast.Call):
                self.check_call(node, writers)
            self.check_dispatch_escape(node)
            if isinstance(node, ast.Delete):
                for t in node.targets:
                    self.check_target(t, node)
        self.module_exit(tree)
        self.embedded_source(tree)
        return self.findings

    def check_dispatch_escape(self, node):
        """A reference to one of torch's switches that hide framework ops from the recording (DISPATCH_ESCAPES),
        reported once per line."""
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("torch"):
            names = [a.name for a in node.names if a.name in DISPATCH_ESCAPES]
            path = f"{node.module}.{names[0]}" if names else ""
        elif isinstance(node, (ast.Attribute, ast.Call)):
            path = self.resolve(node)
            if not (path.startswith("torch") and path.rsplit(".", 1)[-1] in DISPATCH_ESCAPES):
                path = ""
        else:
            path = ""
        line = getattr(node, "lineno", 0)
        if not path or any(f["line"] == line and f["message"].startswith("uses torch") for f in self.findings):
            return
        self.add("scope.harness-patched", node, f"uses {path}: torch's switch that hides framework ops from the "
                 "runner's record of what a call dispatches (or takes the recording off the stack)")

    def embedded_source(self, tree):
        """C source it carries in a string (to compile at run time) that attaches to or pokes another process."""
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 40:
                sign = next((x for x in EMBEDDED_SIGNS if x in node.value), None)
                if sign:
                    self.add("scope.harness-patched", node, f"carries source that uses {sign}: attaches to or writes "
                             "a process's memory")
                    return

    def check_target(self, t, node):
        if isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                self.check_target(e, node)
            return
        if isinstance(t, ast.Attribute):
            path = self.resolve(t)
            if self.timer_path(path):
                self.add("scope.timer-patched", node, f"reassigns {ast.unparse(t)} ({path}): a timer or "
                         "synchronisation function the harness measures with")
            elif self.harness_path(path):
                self.add("scope.harness-patched", node, f"reassigns {ast.unparse(t)} in the runner's own module")
            elif self.gcish(t.value):
                self.add("scope.harness-patched", node, f"writes {ast.unparse(t)} on an object it found through "
                         "the garbage collector (gc.get_objects)")
        elif isinstance(t, ast.Subscript):
            if self.frameish(t.value):
                self.add("scope.harness-patched", node, f"writes {ast.unparse(t)[:80]}: a caller's frame or a "
                         "function's globals, where the harness keeps its state")
            elif self.gcish(t.value):
                self.add("scope.harness-patched", node, f"writes {ast.unparse(t)[:80]} into an object it found "
                         "through the garbage collector (gc.get_objects)")

    def check_call(self, node, writers):
        name = dotted(node.func)
        path = self.resolve(node.func)
        if name == "setattr" and len(node.args) >= 2:
            base = self.resolve(node.args[0])
            attr = const_str(node.args[1])
            full = f"{base}.{attr if attr is not None else '?'}"
            if self.timer_path(full) or self.timer_path(base):
                self.add("scope.timer-patched", node, f"setattr on {ast.unparse(node.args[0])} ({full}): replaces "
                         "a timer or synchronisation function the harness measures with")
            elif self.harness_path(base):
                self.add("scope.harness-patched", node, "setattr on the runner's own module")
            elif self.frameish(node.args[0]) or self.gcish(node.args[0]):
                self.add("scope.harness-patched", node, "setattr on an object reached through a frame or the "
                         "garbage collector")
            return
        if isinstance(node.func, ast.Attribute) and node.func.attr in DICT_WRITES and self.frameish(node.func.value):
            self.add("scope.harness-patched", node, f"{ast.unparse(node.func)[:80]}(...): writes a caller's frame "
                     "or a function's globals")
            return
        if isinstance(node.func, ast.Attribute) and node.func.attr in OBJECT_WRITES - {"data_ptr"} and \
                self.gcish(node.func.value):
            self.add("scope.harness-patched", node, f"{ast.unparse(node.func)[:80]}(...): modifies an object it "
                     "found through the garbage collector (gc.get_objects): the harness's tensors")
            return
        if isinstance(node.func, ast.Name) and node.func.id in writers:
            for i in writers[node.func.id]:
                if i < len(node.args) and self.frameish(node.args[i]):
                    self.add("scope.harness-patched", node, f"{node.func.id}(...) is handed a frame's dict and "
                             "writes into it")
                    return
        if path in MEMORY_CALLS or path.endswith(MEMORY_SUFFIXES) or ".pythonapi." in path:
            self.add("scope.harness-patched", node, f"{path}(...): reads or writes the process's memory (or the "
                     "device's address space) directly")
            return
        if path in GC_WALKS:
            self.add("scope.harness-patched", node, f"{path}(): walks the garbage collector's objects, where the "
                     "harness's tensors and state are reachable")
            return
        if path in ("os.dup", "os.dup2"):
            self.add("scope.harness-patched", node, f"{path}(...): duplicates or redirects a file descriptor it did "
                     "not open (the harness's output channels)")
            return
        if name in ("open", "io.open") and len(node.args) >= 2:
            target, mode = const_str(node.args[0]) or "", const_str(node.args[1]) or ""
            if target.endswith(".py") and any(c in mode for c in "wa+"):
                self.add("scope.harness-patched", node, f"writes the python module {target}: shadows a module the "
                         "harness imports")
                return
        if name in ("open", "os.open", "io.open") and node.args:
            target = const_str(node.args[0]) or ""
            if target.startswith("/proc/self/mem") or target.startswith("/proc/") and target.endswith("/mem"):
                self.add("scope.harness-patched", node, f"opens {target}: the process's memory")
        if path in ("os.fdopen", "os.write", "os.dup2") and node.args and not isinstance(node.args[0], ast.Constant):
            if "getenv" in ast.unparse(node.args[0]) or "environ" in ast.unparse(node.args[0]):
                self.add("scope.harness-patched", node, f"{path}(...) on a file descriptor named by the "
                         "environment: writes to the harness's own channel")

    def module_exit(self, tree):
        for node in tree.body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                if self.resolve(node.value.func) in ("exit", "quit", "sys.exit", "os._exit", "os.abort", "os.kill"):
                    self.add("scope.harness-patched", node, f"{ast.unparse(node.value)[:60]} at module level: ends "
                             "the process while the harness imports it")


def scan(tree, aliases):
    return TamperScan(aliases).scan(tree)

# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Static scan of a python implementation for kernels and framework fallbacks (never imports it).

    python3 kwb_kernel_scan.py SOURCE [SOURCE...]

Prints one JSON document: for each source, the kernels it defines (`@triton.jit`, `@nki.jit`, numba/cupy CUDA
kernels, `pl.pallas_call`, `load_inline`/`cpp_extension.load` builds of CUDA/C++ code), the launches it
writes (`kernel[grid](...)`, `pallas_call(...)(...)`, calls of an extension module built here) and the
fallbacks: a `try` whose body reaches a kernel and whose handler computes with framework ops, or an `if` on
the environment (device, availability, a "have triton" flag) with a kernel on one side and framework ops on
the other. The workbench turns these facts into findings (`scope.no-kernel`, `scope.reference-fallback`);
this file only reads the syntax tree, so nothing the candidate does can change what it reports.

A `load_inline`/`cpp_extension.load` build counts as a kernel only when its C++/CUDA source (string constants,
also assembled, or the files it names) defines a `__global__` function and launches it (kwb_cuda_source.py);
its host functions are read for work-avoiding tricks (`scope.writes-inputs`, `scope.uninitialised-output`,
`scope.unsynchronised-stream`). TileLang (`@T.prim_func`, `@tilelang.jit`, `tilelang.compile`) and CuTe DSL
(`@cute.kernel`, `@cute.jit`, `cute.compile`) kernels and CUTLASS Python plans are kernels; a decorator or
import of a GPU DSL this file does not know is `unrecognised` (a warning for the reviewer, not "no kernel").
Timer patches and writes into the harness's state are findings of their own (kwb_tamper_scan.py).
"""
import ast
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # run with -I: the helpers beside this file
import kwb_cuda_source  # noqa: E402
import kwb_tamper_scan  # noqa: E402

FRAMEWORK_ROOTS = {"torch", "jax", "numpy", "cupy", "scipy"}
# Calls that allocate, describe or move data: not "computing the result with the framework".
NON_COMPUTE = {
    "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like",
    "tensor", "as_tensor", "from_numpy", "asarray", "array", "arange", "device", "dtype", "is_available",
    "device_count", "current_device", "synchronize", "manual_seed", "get_device_properties", "Size", "finfo",
    "iinfo", "cdiv", "next_power_of_2", "contiguous", "view", "reshape", "to", "cpu", "cuda", "numel", "size",
    "stride", "dim", "float", "half", "bfloat16", "int", "long", "item", "data_ptr", "element_size", "is_cuda",
    "is_contiguous", "shape", "new_empty", "new_zeros", "permute", "transpose", "expand", "unsqueeze", "squeeze",
    "flatten", "detach", "clone", "copy_", "fill_", "zero_", "ShapeDtypeStruct", "BlockSpec", "block_until_ready",
    "no_grad", "inference_mode", "is_tensor", "warn", "print", "len", "range", "isinstance", "getattr",
}
TENSOR_COMPUTE_METHODS = {
    "softmax", "log_softmax", "matmul", "mm", "bmm", "addmm", "sum", "mean", "exp", "log", "relu", "sigmoid",
    "tanh", "norm", "max", "min", "amax", "amin", "cumsum", "cumprod", "prod", "var", "std", "sqrt", "rsqrt",
    "pow", "abs", "clamp", "gelu", "silu", "mul", "add", "sub", "div", "argmax", "argmin", "topk", "sort",
    "einsum", "conv1d", "conv2d", "conv3d", "layer_norm", "group_norm", "batch_norm", "linear", "dot", "outer",
    "masked_fill", "where", "scatter_add", "index_add", "gather", "logsumexp", "baddbmm", "t_", "erf",
}
# Routes out of the framework (scope.offload, read statically; kwb_dispatch.py watches the same ones at run time).
# numpy's heavy routines only: elementwise numpy on a tensor's memory is left to the record's time split.
OFFLOAD_NUMPY = {"matmul", "dot", "einsum", "tensordot", "inner", "outer", "vdot", "convolve", "correlate"}
OFFLOAD_LOADERS = {"ctypes.CDLL", "ctypes.PyDLL", "ctypes.cdll.LoadLibrary", "ctypes.CDLL.LoadLibrary"}
# Another process computes where no record of this one can see (a fork writing into shared memory, a worker pool).
OFFLOAD_PROCESSES = {"os.fork", "os.forkpty", "os.posix_spawn", "os.posix_spawnp", "os.system", "os.popen",
                     "concurrent.futures.ProcessPoolExecutor"}
OFFLOAD_PROCESS_MODULES = ("subprocess.", "multiprocessing.", "os.spawn", "os.exec")

# GPU kernel languages the scan does not model: a module using one is "not recognised", never "no kernel".
UNMODELLED_DSLS = ("helion", "warp", "pycuda", "hidet", "taichi", "cuda.core", "cuda.compute", "cuda.cooperative",
                   "cuda.tile", "thunderkittens", "tvm", "mojo", "max", "jax_triton", "triton_dist", "gluon",
                   "triton.experimental.gluon", "cutile", "tk", "quack", "cuda.bindings.nvrtc")
KERNEL_DECORATOR_WORDS = ("jit", "kernel", "prim_func", "cuda_kernel", "gpu_kernel", "compile", "autotune")
ENV_WORDS = ("is_available", "is_cuda", "device", "HAS_", "_AVAILABLE", "TRITON", "triton", "interpret",
             "INTERPRET", "platform", "backend", "cpu", "gpu", "cuda")


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    if isinstance(node, ast.Call):
        inner = dotted(node.func)
        return (inner + "()." if inner else "().") + ".".join(reversed(parts)) if parts else (inner or "") + "()"
    return ""


class Scanner(ast.NodeVisitor):
    def __init__(self, source_name):
        self.source = source_name
        self.aliases = {}  # local name -> dotted module path
        self.kernels = []  # {"lang", "name", "line"}
        self.kernel_names = {}  # name -> lang (triton/nki/numba functions, pallas_call results, extension modules)
        self.launches = []
        self.fallbacks = []
        self.launching_functions = set()
        self.builds = []  # load_inline / cpp_extension.load builds with what their C++/CUDA source does
        self.unrecognised = []  # {"what", "line"}: a GPU DSL this scan does not model
        self.findings = []  # ready findings: {"id", "severity", "line", "message", "evidence"}
        self.strings = {}  # name -> value nodes of its plain assignments (for source strings)
        self.source_dir = os.path.dirname(os.path.abspath(source_name))

    # ---- names ----------------------------------------------------------------------------------------
    def resolve(self, name):
        if not name:
            return ""
        head, _, rest = name.partition(".")
        full = self.aliases.get(head, head)
        return full + ("." + rest if rest else "")

    def visit_Import(self, node):
        for a in node.names:
            self.aliases[(a.asname or a.name).split(".")[0] if not a.asname else a.asname] = (
                a.name if a.asname else a.name.split(".")[0])
        self.note_imports([a.name for a in node.names], node.lineno)

    def visit_ImportFrom(self, node):
        for a in node.names:
            self.aliases[a.asname or a.name] = f"{node.module}.{a.name}" if node.module else a.name
        self.note_imports([node.module or ""], node.lineno)

    # ---- kernel definitions --------------------------------------------------------------------------
    def decorator_lang(self, dec):
        target = dec.func if isinstance(dec, ast.Call) else dec
        full = self.resolve(dotted(target))
        if full.startswith("triton.") and full.split(".")[-1] in ("jit", "autotune", "heuristics"):
            return "triton"
        if ("nki" in full.split(".")) and full.split(".")[-1] in ("jit", "baremetal", "benchmark", "simulate_kernel"):
            return "nki"
        if full.startswith("numba.cuda.") and full.endswith("jit"):
            return "cuda"
        if full.startswith(("cutlass.cute.", "cute.")) and full.split(".")[-1] in ("kernel", "jit"):
            return "cute"
        if full.startswith("tilelang.") and full.split(".")[-1] in ("jit", "prim_func", "macro"):
            return "tilelang"
        if full.split(".")[-1] == "prim_func" and full.startswith(("tvm.", "T.", "tir.")):
            return "tilelang"
        return ""

    def unmodelled(self, full):
        return next((d for d in UNMODELLED_DSLS if full == d or full.startswith(d + ".")), None)

    def visit_FunctionDef(self, node):
        for dec in node.decorator_list:
            lang = self.decorator_lang(dec)
            if lang:
                self.kernels.append({"lang": lang, "name": node.name, "line": node.lineno})
                self.kernel_names[node.name] = lang
                break
            full = self.resolve(dotted(dec.func if isinstance(dec, ast.Call) else dec))
            root = full.split(".")[0]
            if full.split(".")[-1] in KERNEL_DECORATOR_WORDS and (self.unmodelled(full) or (
                    root not in FRAMEWORK_ROOTS | {"triton", "numba", "functools", "torch", "jax", "self", "staticmethod",
                                                   "classmethod", "property", "dataclasses", "typing", "abc"}
                    and root in set(self.aliases.values()) | set(self.aliases))):
                self.unrecognised.append({"what": f"@{full} on {node.name}", "line": node.lineno})
        self.generic_visit(node)

    def visit_Module(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Assign) and len(sub.targets) == 1 and isinstance(sub.targets[0], ast.Name):
                self.strings.setdefault(sub.targets[0].id, []).append(sub.value)
        self.generic_visit(node)

    def note_imports(self, names, line):
        for full in names:
            dsl = self.unmodelled(full)
            if dsl:
                self.unrecognised.append({"what": f"import {full}", "line": line})

    visit_AsyncFunctionDef = visit_FunctionDef

    def call_lang(self, call):
        full = self.resolve(dotted(call.func))
        last = full.split(".")[-1]
        if last == "pallas_call" and ("pallas" in full or full == "pallas_call"):
            return "pallas"
        if last in ("load_inline", "load") and "cpp_extension" in full:
            return "cuda"
        if full.startswith("cupy.") and last in ("RawKernel", "RawModule", "ElementwiseKernel", "ReductionKernel"):
            return "cuda"
        if last in ("compile", "nvrtc") and "cuda" in full and "torch" not in full:
            return "cuda"
        if full.startswith("tilelang.") and last in ("compile", "jit"):
            return "tilelang"
        if full.startswith(("cutlass.cute.", "cute.")) and last == "compile":
            return "cute"
        if full.startswith("cutlass.op.") and last[:1].isupper():
            return "cutlass"
        return ""

    # ---- the C++/CUDA source of an extension build --------------------------------------------------------
    def string_values(self, node, depth=0):
        """The strings an expression statically stands for (constants, + and f-string joins, names assigned a
        string, lists of them, "".join([...]), open(path).read() of a file beside the source)."""
        if depth > 8 or node is None:
            return []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, ast.JoinedStr):
            return ["".join(v.value if isinstance(v, ast.Constant) else "".join(
                self.string_values(v.value, depth + 1)) for v in node.values)]
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            left = self.string_values(node.left, depth + 1)
            right = self.string_values(node.right, depth + 1) if isinstance(node.op, ast.Add) else []
            return ["".join(left + right)] if left or right else []
        if isinstance(node, (ast.List, ast.Tuple)):
            return [x for e in node.elts for x in self.string_values(e, depth + 1)]
        if isinstance(node, ast.Name) and node.id in self.strings:
            return [x for v in self.strings[node.id] for x in self.string_values(v, depth + 1)]
        if isinstance(node, ast.Call) and dotted(node.func) in ("os.path.join", "posixpath.join"):
            parts = []
            for a in node.args:
                if isinstance(a, ast.Call) and dotted(a.func) in ("os.path.dirname", "os.path.abspath") or \
                        isinstance(a, ast.Name) and a.id == "__file__":
                    parts.append(".")  # the source's own folder
                else:
                    values = self.string_values(a, depth + 1)
                    if not values:
                        return []
                    parts.append(values[0])
            return ["/".join(parts)]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "join" and node.args:
                return ["\n".join(self.string_values(node.args[0], depth + 1))]
            if node.func.attr in ("format", "replace", "strip"):
                return self.string_values(node.func.value, depth + 1)
            if node.func.attr in ("read", "read_text"):
                inner = node.func.value
                path = inner.args[0] if isinstance(inner, ast.Call) and inner.args else None
                return [t for p in self.string_values(path, depth + 1) for t in [self.read_beside(p)] if t]
        return []

    def read_beside(self, rel):
        path = rel if os.path.isabs(rel) else os.path.join(self.source_dir, rel)
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                return f.read(400000)
        except OSError:
            return ""

    def extension_build(self, call, name):
        """The facts of a load_inline / cpp_extension.load build; `verified` when a kernel is defined and launched."""
        full = self.resolve(dotted(call.func))
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        sources, missing = [], []
        if full.endswith("load_inline"):
            for i, key in ((1, "cpp_sources"), (2, "cuda_sources")):
                node = kw.get(key, call.args[i] if len(call.args) > i else None)
                if node is not None:
                    values = self.string_values(node)
                    sources += values
                    if not values:
                        missing.append(key)
        else:
            node = kw.get("sources", call.args[1] if len(call.args) > 1 else None)
            for p in self.string_values(node):
                text = self.read_beside(p)
                (sources.append(text) if text else missing.append(p))
            if node is None or not self.string_values(node):
                missing.append("sources")
        functions = self.string_values(kw.get("functions")) if "functions" in kw else None
        facts = kwb_cuda_source.analyse(sources[:64], functions) if sources else {
            "kernels_defined": [], "kernels_launched": [], "functions": [], "any_launch_api": False}
        ext = kw.get("name", call.args[0] if call.args else None)
        facts.update({"name": name, "line": call.lineno, "unresolved": missing,
                      "extension": (self.string_values(ext) or ["?"])[0],
                      "verified": bool(facts["kernels_launched"]) or (bool(missing) and not sources)})
        if not facts["verified"] and not missing:
            what = []
            for f in facts["functions"]:
                parts = []
                if f["allocates"] and not f["library"] and not f["framework_ops"]:
                    parts.append("allocates (" + ", ".join(f["allocates"]) + ")")
                if f["writes_params"]:
                    parts.append("writes its inputs (" + ", ".join(f["writes_params"]) + ")")
                if f["library"]:
                    parts.append("calls " + ", ".join(f["library"]))
                if f["framework_ops"]:
                    parts.append("computes with torch ops (" + ", ".join(f["framework_ops"]) + ")")
                if f["side_stream"]:
                    parts.append("on a stream of its own")
                what.append(f"{f['function']} " + (" and ".join(parts) if parts else "launches nothing"))
            defined = facts["kernels_defined"]
            facts["why"] = ((f"defines __global__ {', '.join(defined)} but never launches it" if defined else
                             "defines no __global__ kernel") + (": " + "; ".join(what) if what else ""))
        for fid, sev, message in kwb_cuda_source.tricks(facts):
            self.findings.append({"id": fid, "severity": sev, "line": call.lineno,
                                  "message": f"the extension built at line {call.lineno}: {message}",
                                  "evidence": {"build": name, "functions": facts["functions"]}})
        self.builds.append(facts)
        return facts

    def visit_Assign(self, node):
        if isinstance(node.value, ast.Call):
            lang = self.call_lang(node.value)
            full = self.resolve(dotted(node.value.func))
            if lang == "cuda" and "cpp_extension" in full:
                build = self.extension_build(node.value, dotted(node.targets[0]) or "?")
                if not build["verified"]:
                    lang = ""  # a module built, no kernel in it
            if lang:
                self.kernels.append({"lang": lang, "name": dotted(node.targets[0]) or "?", "line": node.lineno})
                for t in node.targets:
                    if dotted(t):
                        self.kernel_names[dotted(t)] = lang
            elif isinstance(node.value.func, ast.Name) and node.value.func.id in self.kernel_names:
                pass
        self.generic_visit(node)

    def visit_Call(self, node):
        lang = self.call_lang(node)
        if lang in ("pallas", "tilelang", "cute", "cutlass") and \
                not any(k["line"] == node.lineno and k["lang"] == lang for k in self.kernels):
            self.kernels.append({"lang": lang, "name": dotted(node.func) or lang, "line": node.lineno})
            if lang != "pallas":
                self.launches.append({"lang": lang, "name": dotted(node.func), "line": node.lineno})
        # `kernel(args).launch(grid=..., block=...)`: a CuTe kernel launched from a @cute.jit host function.
        if isinstance(node.func, ast.Attribute) and node.func.attr == "launch" and isinstance(node.func.value, ast.Call):
            inner = dotted(node.func.value.func)
            if self.kernel_names.get(inner) == "cute":
                self.launches.append({"lang": "cute", "name": inner, "line": node.lineno})
        # An extension built without being assigned (returned, passed on): its source is read all the same.
        full = self.resolve(dotted(node.func))
        if lang == "cuda" and "cpp_extension" in full and not any(b["line"] == node.lineno for b in self.builds):
            build = self.extension_build(node, "?")
            if build["verified"]:
                self.kernels.append({"lang": "cuda", "name": "load_inline", "line": node.lineno})
        self.generic_visit(node)

    # ---- launches ------------------------------------------------------------------------------------
    def launch_in(self, node):
        """The first kernel launch reachable in `node` (directly or through a module function that launches)."""
        for sub in ast.walk(node):
            if not isinstance(sub, ast.Call):
                continue
            f = sub.func
            if isinstance(f, ast.Subscript) and dotted(f.value).split(".")[-1] in self.kernel_names:
                return {"lang": self.kernel_names[dotted(f.value).split(".")[-1]], "line": sub.lineno,
                        "name": dotted(f.value)}
            if isinstance(f, ast.Call) and self.call_lang(f) == "pallas":
                return {"lang": "pallas", "line": sub.lineno, "name": "pallas_call"}
            name = dotted(f)
            root = name.split(".")[0]
            if name in self.kernel_names or (root in self.kernel_names and self.kernel_names[root] == "cuda"):
                return {"lang": self.kernel_names.get(name, self.kernel_names.get(root)), "line": sub.lineno,
                        "name": name}
            if name.split(".")[-1] in self.launching_functions and (root == name or root in ("self", "cls")):
                return {"lang": "indirect", "line": sub.lineno, "name": name}
        return None

    def framework_compute_in(self, nodes, module_attrs):
        ops = []
        for node in nodes:
            for sub in ast.walk(node):
                if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.MatMult):
                    ops.append({"op": "@", "line": sub.lineno})
                if not isinstance(sub, ast.Call):
                    continue
                name = dotted(sub.func)
                full = self.resolve(name)
                last = full.split(".")[-1]
                root = full.split(".")[0]
                if root in FRAMEWORK_ROOTS and last not in NON_COMPUTE and last[:1].islower():
                    ops.append({"op": full, "line": sub.lineno})
                elif name.startswith("super().") or name.endswith(".forward") and name.startswith("super"):
                    ops.append({"op": name, "line": sub.lineno})
                elif name.startswith("self.") and name[5:] in module_attrs:
                    ops.append({"op": f"{name} ({module_attrs[name[5:]]})", "line": sub.lineno})
                elif isinstance(sub.func, ast.Attribute) and last in TENSOR_COMPUTE_METHODS \
                        and root not in self.kernel_names and not full.startswith(("triton", "tl.")):
                    if self.resolve(dotted(sub.func.value)).split(".")[0] not in ("tl", "triton", "math"):
                        ops.append({"op": "." + last, "line": sub.lineno})
        return ops

    def module_attributes(self, tree):
        """self.X = nn.Something(...) anywhere: calling self.X computes with the framework."""
        attrs = {}
        for sub in ast.walk(tree):
            if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Call):
                full = self.resolve(dotted(sub.value.func))
                if full.startswith("torch.nn.") and full.split(".")[-1][:1].isupper():
                    for t in sub.targets:
                        if isinstance(t, ast.Attribute) and dotted(t).startswith("self."):
                            attrs[t.attr] = full
        return attrs

    def find_fallbacks(self, tree):
        module_attrs = self.module_attributes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Try):
                launch = self.launch_in(ast.Module(body=node.body, type_ignores=[]))
                if not launch:
                    continue
                for h in node.handlers:
                    ops = self.framework_compute_in(h.body, module_attrs)
                    if ops:
                        self.fallbacks.append({"kind": "try", "line": node.lineno,
                                               "end_line": getattr(node, "end_lineno", node.lineno),
                                               "handler_line": h.lineno, "launch": launch, "ops": ops[:8]})
        for block in self.statement_lists(tree):
            for i, node in enumerate(block):
                if not isinstance(node, ast.If):
                    continue
                test = ast.unparse(node.test) if hasattr(ast, "unparse") else ""
                if not any(w in test for w in ENV_WORDS):
                    continue
                orelse = node.orelse
                if not orelse and node.body and isinstance(node.body[-1], (ast.Return, ast.Raise)):
                    orelse = block[i + 1:]  # `if cond: return kernel(...)` then the fallback below it
                sides = [node.body, orelse]
                launches = [self.launch_in(ast.Module(body=s, type_ignores=[])) for s in sides]
                computes = [self.framework_compute_in(s, module_attrs) for s in sides]
                for k in (0, 1):
                    if launches[k] and not launches[1 - k] and computes[1 - k]:
                        self.fallbacks.append({"kind": "if", "line": node.lineno,
                                               "end_line": getattr(node, "end_lineno", node.lineno),
                                               "handler_line": (sides[1 - k][0].lineno if sides[1 - k] else node.lineno),
                                               "condition": test[:200], "launch": launches[k],
                                               "ops": computes[1 - k][:8]})

    @staticmethod
    def statement_lists(tree):
        for node in ast.walk(tree):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    yield block

    def scan(self, tree):
        self.visit(tree)
        # Module functions and methods that launch a kernel, to a fixed point (a helper calling a helper).
        functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        changed = True
        while changed:
            changed = False
            for f in functions:
                if f.name not in self.launching_functions and f.name not in self.kernel_names and self.launch_in(f):
                    self.launching_functions.add(f.name)
                    changed = True
        for sub in ast.walk(tree):
            if isinstance(sub, ast.Call):
                f = sub.func
                if isinstance(f, ast.Subscript) and dotted(f.value).split(".")[-1] in self.kernel_names:
                    self.launches.append({"lang": self.kernel_names[dotted(f.value).split(".")[-1]],
                                          "name": dotted(f.value), "line": sub.lineno})
                elif isinstance(f, ast.Call) and self.call_lang(f) == "pallas":
                    self.launches.append({"lang": "pallas", "name": "pallas_call", "line": sub.lineno})
                elif dotted(f).split(".")[0] in self.kernel_names and self.kernel_names[dotted(f).split(".")[0]] \
                        in ("cuda", "nki", "pallas"):
                    self.launches.append({"lang": self.kernel_names[dotted(f).split(".")[0]], "name": dotted(f),
                                          "line": sub.lineno})
        self.find_fallbacks(tree)
        for f in kwb_tamper_scan.scan(tree, self.aliases):
            self.findings.append(f)
        self.find_offload(tree)

    def find_offload(self, tree):
        """Routes out of the framework a kernel task's record cannot weigh, read from the source: numpy's and
        scipy's heavy routines, foreign libraries loaded (ctypes, cffi) and other processes started (a fork, a
        process pool, a subprocess) — not `.numpy()` alone, which returns a
        result as often as it offloads work. A warning: the run's dispatch record says whether the calls spend their
        work there (scope.offload, an error)."""
        routes = []
        for sub in ast.walk(tree):
            if not isinstance(sub, ast.Call):
                continue
            name = dotted(sub.func)
            full = self.resolve(name)
            parts = full.split(".")
            last = parts[-1]
            if parts[0] == "numpy" and (last in OFFLOAD_NUMPY or (len(parts) > 2 and parts[1] in ("linalg", "fft"))):
                routes.append((full, sub.lineno))
            elif parts[0] == "scipy" and len(parts) > 2:
                routes.append((full, sub.lineno))
            elif full in OFFLOAD_LOADERS or (parts[0] in ("ctypes", "cffi") and last in ("LoadLibrary", "dlopen")):
                routes.append((full, sub.lineno))
            elif isinstance(sub.func, ast.Attribute) and last == "dlopen":
                routes.append((".dlopen()", sub.lineno))
            elif full in OFFLOAD_PROCESSES or full.startswith(OFFLOAD_PROCESS_MODULES):
                routes.append((f"{full} (another process)", sub.lineno))
        if routes:
            text = ", ".join(f"{r} (line {line})" for r, line in routes[:8]) + (", ..." if len(routes) > 8 else "")
            self.findings.append({"id": "scope.offload", "severity": "warning", "line": routes[0][1],
                                  "message": f"the source takes work out of the framework, where a kernel task's "
                                             f"record cannot weigh it: {text}; the run's record says whether the "
                                             f"calls spend their time there",
                                  "routes": [{"route": r, "line": line} for r, line in routes[:32]]})


def scan_file(path):
    if not path.endswith(".py"):  # a support file (a .cu an extension builds): read through the build, not parsed
        return {"file": path, "kernels": [], "launches": [], "fallbacks": [], "builds": [], "unrecognised": [],
                "findings": [], "launching_functions": []}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        tree = ast.parse(text, filename=path)
    except SyntaxError as e:
        return {"file": path, "error": f"line {e.lineno}: {e.msg}"}
    except OSError as e:
        return {"file": path, "error": str(e)}
    s = Scanner(path)
    s.scan(tree)
    # Whether the runner's dispatch record can see this kind of kernel launch (kwb_dispatch.py): Triton launches,
    # calls into a cpp_extension module, pallas_call; not TileLang, CuTe, CUTLASS, cupy or numba launches.
    built = {b["name"] for b in s.builds}
    for k in s.kernels:
        k["recorded"] = k["lang"] in ("triton", "pallas") or (k["lang"] == "cuda" and (k["name"] in built
                                                                                      or k["name"] == "load_inline"))
    return {"file": path, "kernels": s.kernels, "launches": s.launches, "fallbacks": s.fallbacks,
            "launching_functions": sorted(s.launching_functions), "builds": s.builds,
            "unrecognised": s.unrecognised, "findings": s.findings}


if __name__ == "__main__":
    json.dump({"format": "kwb.kernel-scan/1", "files": [scan_file(p) for p in sys.argv[1:]]}, sys.stdout)
    sys.stdout.write("\n")

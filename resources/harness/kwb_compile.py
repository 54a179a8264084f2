# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compile check for python implementations (numpy, torch, triton, jax/Pallas, nki), run sandboxed by kwb compile:

    python3 -s kwb_compile.py SOURCE ENTRY OUTDIR ARCHS FRAMEWORK [SIGNATURE.json PLAN.txt]

1. byte-compiles SOURCE (a SyntaxError on its line);
2. NKI: static checks of the tile shapes against NKI's documented limits (the compiler, neuronx-cc, is not
   needed and usually not installed);
3. imports it (its top level runs, as in the runner) and checks that ENTRY is callable;
4. with SIGNATURE and PLAN (python_main.py's files: the runner's own inputs, one call per case), calls ENTRY
   per case with the kernel launches intercepted, and compiles what was launched for the target:
   - Triton: every launch (and every autotune config) goes through triton's own JIT specialization with a
     stand-in driver whose target is each of ARCHS (`GPUTarget("cuda", CC, 32)`), compiled but not launched;
   - Pallas: every pallas_call is lowered with interpret=False for the target (`jax.export`, platform tpu for
     a tpu_* arch, cuda for sm_XX) with the shapes of the call; the entry then gets zeros of the outputs.
   Kernels are never executed, so the outputs the entry returns are meaningless (not compared).

Output, one record per line on stdout: `FILE:LINE:COL: error|warning: MESSAGE` (gcc style), `kwb-note: TEXT`,
`kwb-triton: NAME ARCH KIND PATH` (artifacts), `kwb-kernel: JSON` (one compiled Triton kernel, config and arch),
`kwb-pallas: JSON` (one lowered pallas_call), `kwb-nki: JSON` (one statically checked NKI tile).
Exit: 0 done, 1 an error diagnostic, 2 ImportError, 3 a module the implementation needs is not installed.
"""
import ast
import contextlib
import importlib.util
import inspect
import io
import json
import math
import os
import re
import sys
import traceback

src, entry_name, outdir, archs_arg, framework = sys.argv[1:6]
sig_path = sys.argv[6] if len(sys.argv) > 7 else ""
plan_path = sys.argv[7] if len(sys.argv) > 7 else ""
archs = [a for a in archs_arg.split(",") if a]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # python_main.py, beside this file
sys.path.insert(0, os.path.dirname(src))
status = 0


def say(kind, obj):
    print(f"kwb-{kind}: " + json.dumps(obj, sort_keys=True), flush=True)


def diag(line, col, severity, message):
    global status
    message = " ".join(str(message).split())  # one line
    print(f"{src}:{line or 0}:{col or 0}: {severity}: {message}", flush=True)
    if severity == "error":
        status = 1


def note(text):
    print("kwb-note: " + " ".join(str(text).split()), flush=True)


def deepest_line(tb, default=0):
    line = default
    for fr in traceback.extract_tb(tb):
        if os.path.abspath(fr.filename) == os.path.abspath(src):
            line = fr.lineno
    return line


def caller_line():
    """The line of SOURCE that made the current call (the deepest frame in the candidate's file)."""
    for fr in inspect.stack(0):
        if os.path.abspath(fr.filename) == os.path.abspath(src):
            return fr.lineno
    return 0


# ---- 1. byte-compile ------------------------------------------------------------------------------------------
try:
    text = open(src, encoding="utf-8").read()
    tree = compile(text, src, "exec", ast.PyCF_ONLY_AST)
except SyntaxError as e:
    diag(e.lineno, e.offset, "error", f"SyntaxError: {e.msg}")
    sys.exit(1)


# ---- 2. NKI static checks -------------------------------------------------------------------------------------
# Limits from the NKI documentation (Neuron SDK, "NKI programming model" and "nki.language"): a tile's first
# dimension is the partition dimension, at most 128 (nl.tile_size.pmax); a PSUM tile holds at most 2 KiB per
# partition (one bank; nl.tile_size.psum_fmax = 512 fp32); an SBUF tile at most 192 KiB per partition (trn1/trn2
# SBUF: 24 MiB over 128 partitions); matmul: stationary free size <= 128 (gemm_stationary_fmax), moving free size
# <= 512 (gemm_moving_fmax), PSUM accumulates in fp32 (or int32).
NKI_CONST = {"pmax": 128, "psum_fmax": 512, "gemm_stationary_fmax": 128, "gemm_moving_fmax": 512}
NKI_DTYPES = {"float32": 4, "float16": 2, "bfloat16": 2, "tfloat32": 4, "float8_e4m3": 1, "float8_e5m2": 1,
              "int32": 4, "uint32": 4, "int16": 2, "uint16": 2, "int8": 1, "uint8": 1, "bool_": 1}
NKI_PSUM_BYTES = 2048
NKI_SBUF_BYTES = 192 * 1024


class NkiEval(ast.NodeVisitor):
    """Evaluates the integer expressions of a module that do not depend on a kernel's inputs."""

    def __init__(self, tree):
        self.env = {}
        for node in tree.body:  # module constants
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                v = self.value(node.value)
                if v is not None:
                    self.env[node.targets[0].id] = v

    def value(self, n, local=None):
        env = dict(self.env, **(local or {}))
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool):
            return n.value
        if isinstance(n, ast.Name):
            return env.get(n.id)
        if isinstance(n, ast.Attribute) and n.attr in NKI_CONST:
            return NKI_CONST[n.attr]
        if isinstance(n, ast.BinOp):
            a, b = self.value(n.left, local), self.value(n.right, local)
            if a is None or b is None:
                return None
            ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
                   ast.FloorDiv: lambda: a // b if b else None, ast.Div: lambda: a / b if b else None}
            f = ops.get(type(n.op))
            return f() if f else None
        return None


def nki_dtype(n):
    if isinstance(n, ast.Attribute):
        return n.attr
    if isinstance(n, ast.Name):
        return n.id
    if isinstance(n, ast.Constant) and isinstance(n.value, str):
        return n.value
    return None


def nki_static_checks(tree):
    ev = NkiEval(tree)
    checked, unknown = 0, 0
    # The entry and the functions it calls (by name, transitively): other kernels of the file are not launched.
    defs = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    todo, reached = [entry_name], []
    while todo:
        name = todo.pop()
        if name in defs and defs[name] not in reached:
            reached.append(defs[name])
            todo += [c.func.id for c in ast.walk(defs[name]) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)]
    for fn in reached:
        local = {}
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                v = ev.value(node.value, local)
                if v is not None:
                    local[node.targets[0].id] = v
        for node in ast.walk(fn):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            what = node.func.attr
            if what not in ("ndarray", "zeros", "ones", "full", "empty", "empty_like"):
                continue
            kw = {k.arg: k.value for k in node.keywords}
            shape = node.args[0] if node.args else kw.get("shape")
            if not isinstance(shape, (ast.Tuple, ast.List)):
                continue
            buf = kw.get("buffer")
            buffer = buf.attr if isinstance(buf, ast.Attribute) else (buf.id if isinstance(buf, ast.Name) else "sbuf")
            if buffer not in ("sbuf", "psum"):
                continue  # hbm / shared_hbm tensors have no partition limit
            dtype = nki_dtype(kw.get("dtype") or (node.args[1] if len(node.args) > 1 else None)) or "float32"
            dims = [ev.value(d, local) for d in shape.elts]
            rec = {"line": node.lineno, "call": what, "buffer": buffer, "dtype": dtype,
                   "shape": [d if d is not None else ast.unparse(e) for d, e in zip(dims, shape.elts)]}
            if any(d is None for d in dims):
                unknown += 1
                rec["checked"] = False
                say("nki", rec)
                continue
            checked += 1
            rec["checked"] = True
            part = int(dims[0])
            free = int(math.prod(int(d) for d in dims[1:])) if len(dims) > 1 else 1
            size = NKI_DTYPES.get(dtype)
            rec.update({"partition": part, "free": free,
                        "bytes_per_partition": free * size if size else None})
            say("nki", rec)
            if part > 128:
                diag(node.lineno, node.col_offset + 1, "error",
                     f"NKI tile {rec['shape']} on {buffer}: partition dimension {part} exceeds 128 "
                     "(nl.tile_size.pmax)")
            if size is None:
                diag(node.lineno, node.col_offset + 1, "warning", f"NKI tile on {buffer}: unknown dtype '{dtype}'")
            elif buffer == "psum":
                if dtype not in ("float32", "int32"):
                    diag(node.lineno, node.col_offset + 1, "error",
                         f"NKI PSUM tile of {dtype}: PSUM accumulates in float32 (or int32)")
                if free * size > NKI_PSUM_BYTES:
                    diag(node.lineno, node.col_offset + 1, "error",
                         f"NKI PSUM tile {rec['shape']} of {dtype}: {free * size} bytes per partition exceed "
                         f"one PSUM bank ({NKI_PSUM_BYTES} bytes; nl.tile_size.psum_fmax = 512 float32)")
            elif free * size > NKI_SBUF_BYTES:
                diag(node.lineno, node.col_offset + 1, "error",
                     f"NKI SBUF tile {rec['shape']} of {dtype}: {free * size} bytes per partition exceed the "
                     f"SBUF partition ({NKI_SBUF_BYTES} bytes)")
    note(f"NKI static checks: {checked} tile(s) checked against the documented limits, {unknown} with a shape "
         "known only at trace time not checked; not checked without neuronx-cc: instruction legality per engine, "
         "access patterns, SBUF/PSUM allocation of all live tiles together, the compiled program")


if framework == "nki":
    nki_static_checks(tree)

# (name, first decorator's line) -> the line of `def name` — what a reviewer looks for.
def_lines = {}
for node in ast.walk(tree):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        first = min([d.lineno for d in node.decorator_list] + [node.lineno])
        def_lines[(node.name, first)] = node.lineno


# ---- 3. import ------------------------------------------------------------------------------------------------
current_case = [""]


def install_triton_interceptor():
    """Launches compile for each target arch through triton's own JIT, with a stand-in driver; nothing runs."""
    os.environ.pop("TRITON_INTERPRET", None)
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # triton 3.9's default, without its warning
    try:
        import triton
        from triton.backends.compiler import GPUTarget
        from triton.runtime import driver
        from triton.runtime.autotuner import Autotuner
        from triton.runtime.jit import JITFunction
    except BaseException as e:
        note(f"Triton compile not done: triton cannot be imported for {sys.executable} ({type(e).__name__}: {e})")
        return False
    triton.knobs.runtime.interpret = False
    triton.knobs.nvidia.dump_ptxas_log = True

    class StandInDriver:
        """Answers what JITFunction.run asks of a driver, for a GPU that is not there."""

        def __init__(self):
            self.cc = 80

        def get_current_device(self):
            return self.cc  # one compile cache per target

        def get_current_stream(self, device=None):
            return 0

        def get_current_target(self):
            return GPUTarget("cuda", self.cc, 32)

        def get_active_torch_device(self):
            import torch
            return torch.device("cpu")

        def map_python_to_cpp_type(self, ty):
            return ty

    nvdisasm = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "nvdisasm")

    def disassemble(cubin, tag):
        """SASS with source lines (nvdisasm -g: `//## File "...", line N`), from the nvdisasm triton ships."""
        if not cubin or not os.access(nvdisasm, os.X_OK):
            return None
        import subprocess
        out = os.path.join(outdir, tag + ".sass")
        with open(out, "w") as f:
            r = subprocess.run([nvdisasm, "-g", "-c", cubin], stdout=f, stderr=subprocess.DEVNULL, timeout=120)
        return out if r.returncode == 0 else None

    stand_in = StandInDriver()
    driver.set_active(stand_in)
    seen = {}
    original_run = JITFunction.run
    dry = []

    def intercepted_run(self, *args, grid, warmup, **kwargs):
        fn = self.fn
        line = 0
        if os.path.abspath(fn.__code__.co_filename) == os.path.abspath(src):
            # the `def` line (co_firstlineno is the first decorator's)
            line = def_lines.get((fn.__name__, fn.__code__.co_firstlineno), fn.__code__.co_firstlineno)
        constexprs = {p.name: kwargs.get(p.name, p.default) for p in self.params if p.is_constexpr}
        constexprs.update({p.name: a for p, a in zip(self.params, args) if p.is_constexpr})
        options = {k: kwargs[k] for k in ("num_warps", "num_stages", "num_ctas", "maxnreg") if k in kwargs}
        config = ",".join([f"{k}={v}" for k, v in constexprs.items()] +
                          [f"{k}={v}" for k, v in sorted(options.items())])
        named = dict(zip(self.arg_names, args), **kwargs)
        try:
            g = grid(named) if callable(grid) else grid
            g = [int(x) for x in (g if isinstance(g, (tuple, list)) else (g,))]
        except BaseException as e:
            g = f"{type(e).__name__}: {e}"
        for arch in archs:
            cc = int("".join(c for c in arch if c.isdigit()) or 0)
            stand_in.cc = cc
            key = None
            log = io.StringIO()
            try:
                with contextlib.redirect_stdout(log):
                    k = original_run(self, *args, grid=grid, warmup=True, **kwargs)
                key = (fn.__qualname__, arch, k.hash)
                if key in seen:
                    rec = seen[key]
                    if g not in rec["grids"] and len(rec["grids"]) < 16:
                        rec["grids"].append(g)
                    if current_case[0] not in rec["cases"]:
                        rec["cases"].append(current_case[0])
                    continue
                md = k.metadata
                rec = {"name": fn.__name__, "line": line, "arch": arch, "config": config, "hash": k.hash,
                       "num_warps": md.num_warps, "num_stages": md.num_stages, "num_ctas": md.num_ctas,
                       "shared": md.shared, "grids": [g], "cases": [current_case[0]],
                       "autotuned": bool(dry), "target_arch": md.target.arch,
                       "constexprs": {k2: repr(v) for k2, v in constexprs.items()}}
                tag = f"{fn.__name__}.{len(seen)}.{arch}"
                log_path = os.path.join(outdir, tag + ".ptxas.log")
                with open(log_path, "w") as f:
                    f.write(log.getvalue().replace("ptxas-blackwell", "ptxas"))
                rec["ptxas_log"] = log_path
                display = f"{fn.__name__}[{config}]"
                rec["display"] = display
                for kind in ("ttir", "ttgir", "llir", "ptx", "cubin"):
                    if kind in k.asm:
                        path = os.path.join(outdir, f"{tag}.{kind}")
                        data = k.asm[kind]
                        with open(path, "wb") as f:
                            f.write(data if isinstance(data, bytes) else data.encode())
                        rec[kind] = path
                        if kind != "cubin":
                            print(f"kwb-triton: {display} {arch} {kind} {path}", flush=True)
                sass = disassemble(rec.get("cubin"), tag)
                if sass:
                    print(f"kwb-triton: {display} {arch} sass {sass}", flush=True)
                seen[key] = rec
            except BaseException as e:
                err_line = line
                m = re.search(r"at (\d+):(\d+):", str(e))
                if m and line:
                    err_line = line + int(m.group(1)) - 1
                rec = {"name": fn.__name__, "line": err_line, "arch": arch, "config": config, "grids": [g],
                       "cases": [current_case[0]], "error": f"{type(e).__name__}: {str(e).strip()}",
                       "autotuned": bool(dry)}
                key = (fn.__qualname__, arch, config, "error")
                if key in seen:
                    continue
                seen[key] = rec
            say("kernel", rec)
        return None

    def intercepted_autotune(self, *args, **kwargs):
        # Every config the autotuner would benchmark is compiled (pruned as it would prune them); none runs.
        self.nargs = dict(zip(self.arg_names, args))
        configs = self.prune_configs(kwargs) if len(self.configs) > 1 else self.configs
        dry.append(True)
        try:
            for config in configs:
                self.fn.run(*args, **kwargs, **config.all_kwargs())
        finally:
            dry.pop()
            self.nargs = None
        return None

    JITFunction.run = intercepted_run
    Autotuner.run = intercepted_autotune
    return True


def install_pallas_interceptor():
    """Each pallas_call is lowered for the target with interpret=False; the entry gets zeros of its outputs."""
    try:
        import jax
        import jax.numpy as jnp
        from jax.experimental import pallas as pl
        import jax._src.pallas.pallas_call as pc
    except BaseException as e:
        note(f"Pallas lowering not done: jax/pallas cannot be imported ({type(e).__name__}: {e})")
        return False
    original = pc.pallas_call
    platforms = sorted({"tpu" if a.startswith("tpu") else "cuda" for a in archs if a.startswith(("tpu", "sm_"))})
    if not platforms:
        note(f"Pallas lowering not done: no TPU or GPU target arch in {archs} (expected tpu_v5e, sm_90, …)")
    chips = {}
    try:
        from jax._src.pallas.mosaic import tpu_info
        for a in archs:
            if a.startswith("tpu_"):
                try:
                    chips[a] = tpu_info.get_tpu_info_for_chip(tpu_info.ChipVersion(a[4:]), 1)
                except BaseException:
                    pass
    except BaseException:
        pass
    seen = set()

    def block_of(spec, aval):
        shape = list(getattr(aval, "shape", ()))
        dtype = getattr(aval, "dtype", None)
        block = getattr(spec, "block_shape", None) if spec is not None else None
        space = getattr(spec, "memory_space", None) if spec is not None else None
        if block is None:
            dims = shape
        else:
            dims = []
            for d, full in zip(block, shape):
                if d is None:
                    dims.append(1)
                elif isinstance(d, int):
                    dims.append(d)
                else:
                    dims.append(int(getattr(d, "block_size", getattr(d, "size", 1)) or 1))
        itemsize = jnp.dtype(dtype).itemsize if dtype is not None else 4
        # VMEM holds a block in (sublane, 128-lane) tiles: 8 sublanes of 32 bits, packed for narrower dtypes.
        padded = list(dims)
        if len(padded) >= 1:
            padded[-1] = -(-padded[-1] // 128) * 128
        if len(padded) >= 2:
            sub = 8 * max(1, 4 // itemsize)
            padded[-2] = -(-padded[-2] // sub) * sub
        return {"shape": [int(x) for x in dims], "array": [int(x) for x in shape], "dtype": str(dtype),
                "bytes": int(math.prod(dims) * itemsize), "vmem_bytes": int(math.prod(padded) * itemsize),
                "memory_space": str(space) if space is not None else ""}

    def intercepted(kernel, out_shape, **kw):
        call_line = caller_line()
        kernel_fn = getattr(kernel, "func", kernel)
        code = getattr(kernel_fn, "__code__", None)
        name = getattr(kernel_fn, "__name__", "kernel")
        kernel_line = 0
        if code and os.path.abspath(code.co_filename) == os.path.abspath(src):
            kernel_line = def_lines.get((name, code.co_firstlineno), code.co_firstlineno)

        def call(*operands):
            leaves_out = jax.tree_util.tree_leaves(out_shape)
            avals = [jax.ShapeDtypeStruct(x.shape, x.dtype) for x in operands]
            spec = kw.get("grid_spec")
            grid = getattr(spec, "grid", None) if spec is not None else kw.get("grid", ())
            in_specs = getattr(spec, "in_specs", None) if spec is not None else kw.get("in_specs")
            out_specs = getattr(spec, "out_specs", None) if spec is not None else kw.get("out_specs")
            prefetch = int(getattr(spec, "num_scalar_prefetch", 0) or 0) if spec is not None else 0
            ins = list(in_specs) if isinstance(in_specs, (list, tuple)) else [in_specs] * (len(avals) - prefetch)
            outs = list(out_specs) if isinstance(out_specs, (list, tuple)) else [out_specs] * len(leaves_out)
            grid = grid if isinstance(grid, (tuple, list)) else (grid,)
            blocks = []
            for i, (s, a) in enumerate(zip(ins, avals[prefetch:])):
                blocks.append(dict(block_of(s, a), operand=f"in{i}"))
            for i, (s, a) in enumerate(zip(outs, leaves_out)):
                blocks.append(dict(block_of(s, a), operand=f"out{i}"))
            steps = math.prod(int(g) for g in grid) if grid else 1
            buffers = 2 if steps > 1 else 1  # the pipeline double-buffers each block across grid steps
            vmem = sum(b["vmem_bytes"] * buffers for b in blocks if "SMEM" not in b["memory_space"].upper()
                       and "ANY" not in b["memory_space"].upper())
            smem = sum(b["bytes"] for b in blocks if "SMEM" in b["memory_space"].upper())
            params = kw.get("compiler_params")
            limit = getattr(params, "vmem_limit_bytes", None) if params is not None else None
            for platform in platforms:
                key = (name, platform, tuple((tuple(a.shape), str(a.dtype)) for a in avals))
                if key in seen:
                    continue
                seen.add(key)
                rec = {"name": name, "line": kernel_line, "call_line": call_line, "platform": platform,
                       "case": current_case[0], "grid": [int(g) for g in grid], "blocks": blocks,
                       "buffers": buffers, "vmem_bytes": vmem, "smem_bytes": smem, "vmem_limit_bytes": limit,
                       "inputs": [[list(a.shape), str(a.dtype)] for a in avals]}
                for a, info in chips.items():
                    rec.setdefault("chips", {})[a] = {"vmem_capacity_bytes": info.vmem_capacity_bytes,
                                                      "smem_capacity_bytes": info.smem_capacity_bytes}
                lowered_kw = dict(kw, interpret=False)
                try:
                    fn = jax.jit(lambda *xs: original(kernel, out_shape, **lowered_kw)(*xs))
                    exported = jax.export.export(fn, platforms=[platform])(*avals)
                    text = exported.mlir_module()
                    path = os.path.join(outdir, f"{name}.{len(seen)}.{platform}.mlir")
                    with open(path, "w") as f:
                        f.write(text)
                    rec["mlir"] = path
                except BaseException as e:
                    msg = str(e).strip().splitlines()
                    rec["error"] = f"{type(e).__name__}: " + " ".join(l.strip() for l in msg[:6])
                    rec["error_line"] = deepest_line(e.__traceback__, kernel_line or call_line)
                say("pallas", rec)
            return jax.tree_util.tree_map(lambda s: jnp.zeros(s.shape, s.dtype), out_shape)

        return call

    pc.pallas_call = intercepted
    pl.pallas_call = intercepted
    return True


intercept = bool(sig_path and plan_path and os.path.exists(sig_path) and os.path.exists(plan_path))
if framework == "triton" and intercept:
    intercept = install_triton_interceptor()
elif framework == "jax" and intercept:
    intercept = install_pallas_interceptor()
else:
    intercept = False
if framework == "triton" and not intercept:
    try:
        import triton  # noqa: F401
    except BaseException as e:
        note(f"Triton compile not done: triton is not installed for {sys.executable} ({type(e).__name__}: {e})")

try:
    spec = importlib.util.spec_from_file_location("kwb_impl", src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
except ModuleNotFoundError as e:
    # A framework missing on this machine is not a defect of the candidate: say so, as for a missing compiler.
    note(f"import check not done: module '{e.name}' is not installed for {sys.executable}")
    sys.exit(3)
except BaseException as e:
    diag(deepest_line(e.__traceback__), 0, "error", f"import failed: {type(e).__name__}: {e}")
    sys.exit(2 if isinstance(e, ImportError) else 1)
entry = getattr(mod, entry_name, None)
if not callable(entry):
    diag(0, 0, "error", f"no callable '{entry_name}' in the module")
    sys.exit(1)
print("import ok", flush=True)


# ---- 4. call the entry per case, launches intercepted -------------------------------------------------------
if intercept:
    import python_main as pm
    with open(sig_path) as f:
        sig = json.load(f)
    fw = pm.Framework("torch" if framework == "triton" else framework)
    cases = {}
    for call in pm.read_plan(plan_path):
        cases.setdefault(call["label"].split("/")[0], call)  # one call per case
    for case, call in cases.items():
        current_case[0] = case
        args = []
        for a in sig["args"]:
            if a["kind"] == "input":
                args.append(fw.to_framework(pm.load_input(os.path.join(call["indir"], a["name"] + ".npy"), a["dtype"])))
            elif a["kind"] == "output":
                shape = call["shapes"].get(a["name"])
                args.append(fw.to_framework(pm.poisoned(a["dtype"], shape)) if shape is not None else None)
            elif a["kind"] == "scalar":
                args.append(pm.numpy_dtype(a["dtype"]).type(a["value"]))
            else:
                args.append(call["dims"][a["name"]])
        try:
            entry(*args)
        except BaseException as e:
            # The kernels never ran, so the entry may trip over their (unwritten) outputs: not a compile error.
            note(f"case {case}: the entry stopped after the launches recorded so far "
                 f"({type(e).__name__}: {str(e).strip()[:300]} at line {deepest_line(e.__traceback__)})")
sys.exit(status)

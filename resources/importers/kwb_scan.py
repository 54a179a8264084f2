# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Static scanner for the importers of `kwb import kernelbench|gpumode`.

Reads task sets written for other harnesses WITHOUT importing or running them: Python files are parsed with
the `ast` module, task.yml with a YAML safe loader. Prints one JSON document on stdout:
    python3 kwb_scan.py kernelbench FILE...     -> {"problems": [scan, ...]}
    python3 kwb_scan.py gpumode TASK_DIR...     -> {"tasks": [scan, ...]}
    python3 kwb_scan.py defines NAME FILE...    -> {"files": [{"file", "name", "bound": yes|no|dynamic|error, "line",
                                                    "how"}, ...]}: how each module binds NAME at its top level
Each scan holds what could be evaluated statically, and "notes" for what could not (never a guess).
Needs only the standard library (and PyYAML for task.yml).
"""
import ast
import json
import math
import os
import sys

DTYPES = {"float32": "float32", "float": "float32", "float16": "float16", "half": "float16",
          "bfloat16": "bfloat16", "float64": "float64", "double": "float64", "int64": "int64", "long": "int64",
          "int32": "int32", "int": "int32", "int16": "int16", "int8": "int8", "uint8": "uint8", "bool": "bool",
          "float8_e4m3fn": "float8_e4m3fn", "float8_e5m2": "float8_e5m2"}
CASTS = {"float": "float32", "half": "float16", "bfloat16": "bfloat16", "double": "float64", "long": "int64",
         "int": "int32", "bool": "bool", "short": "int16", "byte": "uint8", "char": "int8"}
PASS_THROUGH = {"cuda", "cpu", "contiguous", "clone", "detach", "requires_grad_", "pin_memory", "t", "transpose",
                "permute"}
# Elementwise or along-a-dim methods: the shape survives, the values' distribution is no longer the factory's.
SHAPE_KEEPING = {"softmax", "log_softmax", "exp", "abs", "sigmoid", "tanh", "relu", "sqrt", "log", "clamp",
                 "clamp_min", "clamp_max", "mul", "add", "sub", "div", "neg", "sign", "normal_", "uniform_", "tril",
                 "triu", "round", "floor", "ceil", "sin", "cos", "pow"}


class NotStatic(Exception):
    pass


def dotted(node):
    """`torch.nn.functional.relu` for an attribute chain, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def evaluate(node, env):
    """Numbers, strings, tuples and lists over constants; NotStatic for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool)) or (
            isinstance(node, ast.Constant) and node.value is None):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in env and env[node.id] is not NotStatic:
            return env[node.id]
        raise NotStatic(f"'{node.id}' has no static value")
    if isinstance(node, (ast.Tuple, ast.List)):
        out = []
        for e in node.elts:
            if isinstance(e, ast.Starred):
                out.extend(evaluate(e.value, env))
            else:
                out.append(evaluate(e, env))
        return tuple(out) if isinstance(node, ast.Tuple) else out
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = evaluate(node.operand, env)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp):
        a, b = evaluate(node.left, env), evaluate(node.right, env)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.FloorDiv: lambda: a // b, ast.Div: lambda: a / b, ast.Mod: lambda: a % b,
               ast.Pow: lambda: a ** b}
        if type(node.op) in ops:
            try:
                return ops[type(node.op)]()
            except (ZeroDivisionError, TypeError, OverflowError) as e:
                raise NotStatic(str(e))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("int", "float", "tuple",
                                                                                            "list", "len", "max",
                                                                                            "min"):
        args = [evaluate(a, env) for a in node.args]
        f = {"int": int, "float": float, "tuple": tuple, "list": list, "len": len, "max": max, "min": min}
        try:
            return f[node.func.id](*args)
        except (TypeError, ValueError) as e:
            raise NotStatic(str(e))
    if isinstance(node, ast.Call) and dotted(node.func) in ("math.sqrt", "math.prod"):
        args = [evaluate(a, env) for a in node.args]
        return getattr(math, dotted(node.func).split(".")[1])(*args)
    raise NotStatic(f"'{ast.unparse(node)}' is not a constant expression")


def dtype_of(node, env):
    name = dotted(node) or ""
    leaf = name.split(".")[-1]
    if leaf in DTYPES:
        return DTYPES[leaf]
    raise NotStatic(f"dtype '{ast.unparse(node)}' is not a torch dtype")


def kwarg(call, name):
    for k in call.keywords:
        if k.arg == name:
            return k.value
    return None


def size_args(args, env):
    """torch.randn(a, b) / torch.randn((a, b)) / torch.randn(a, *shape) -> [a, b, ...]."""
    if len(args) == 1 and not isinstance(args[0], ast.Starred):
        v = evaluate(args[0], env)
        return list(v) if isinstance(v, (tuple, list)) else [v]
    out = []
    for a in args:
        if isinstance(a, ast.Starred):
            out.extend(evaluate(a.value, env))
        else:
            out.append(evaluate(a, env))
    return out


def tensor_expr(node, env, local):
    """What a get_inputs() item is: {"kind", "shape", "dtype", "dist", ...} with "notes" for unknowns."""
    item = {"expr": ast.unparse(node), "line": getattr(node, "lineno", 0), "kind": "tensor", "shape": None,
            "dtype": None, "dist": None, "notes": []}

    def note(msg):
        item["notes"].append(msg)

    if isinstance(node, ast.Name) and node.id in local:
        value = local_value(local, node)
        if value is None:
            note(f"'{node.id}' is used before it is assigned")
            return item
        inner = tensor_expr(value, env, local)
        inner["expr"], inner["line"] = node.id, getattr(node, "lineno", inner["line"])
        return inner
    try:
        v = evaluate(node, env)
        if isinstance(v, bool) or isinstance(v, (int, float)):
            item.update(kind="scalar", value=v, dtype="bool" if isinstance(v, bool) else
                        ("int64" if isinstance(v, int) else "float64"), shape=[])
            return item
        if isinstance(v, (tuple, list)):
            item.update(kind="sequence", value=list(v))
            return item
        item.update(kind="other", value=v)
        return item
    except NotStatic:
        pass
    if isinstance(node, ast.BinOp):
        for side in (node.left, node.right):
            sub = tensor_expr(side, env, local)
            if sub["kind"] == "tensor" and sub["shape"] is not None:
                item.update(shape=sub["shape"], dtype=sub["dtype"], dist="derived", notes=sub["notes"])
                note(f"values of '{item['expr']}' are derived arithmetic: distribution not tracked")
                return item
        note(f"'{item['expr']}': shape not statically known")
        return item
    if not isinstance(node, ast.Call):
        note(f"'{item['expr']}' is not a call the scanner understands")
        return item
    func = dotted(node.func) or ""
    leaf = node.func.attr if isinstance(node.func, ast.Attribute) else func.split(".")[-1]
    # Functional forms of the shape-keeping methods: torch.tril(x), torch.abs(x, ...) are x.tril(), x.abs().
    functional = func.startswith("torch.") and leaf in SHAPE_KEEPING and bool(node.args)
    # Method chains: x.float(), x.cuda(), x.to(torch.float16), Pareto(...).sample((n,)).
    if functional or isinstance(node.func, ast.Attribute) and not func.startswith(("torch.", "np.", "numpy.")):
        base_node = node.args[0] if functional else node.func.value
        if leaf in CASTS or leaf in PASS_THROUGH or leaf in SHAPE_KEEPING or leaf == "to":
            base = tensor_expr(base_node, env, local)
            item.update(shape=base["shape"], dtype=base["dtype"], dist=base["dist"], notes=base["notes"],
                        kind=base["kind"], **{k: base[k] for k in ("low", "high", "value") if k in base})
            if leaf in CASTS:
                item["dtype"] = CASTS[leaf]
            if leaf == "to":
                for a in list(node.args) + [k.value for k in node.keywords if k.arg == "dtype"]:
                    try:
                        item["dtype"] = dtype_of(a, env)
                    except NotStatic:
                        pass
            if leaf in SHAPE_KEEPING:
                item["via"] = base.get("via", []) + [leaf]
                item["from_dist"] = base.get("from_dist", base["dist"])
                item["dist"] = "derived"
                item.pop("low", None), item.pop("high", None)
            if leaf in ("t", "transpose", "permute") and item["shape"] is not None:
                item["shape"] = None
                note(f"'{item['expr']}': shape after {leaf}() not tracked")
            return item
        if leaf == "sample" and isinstance(base_node, ast.Call):
            try:
                item["shape"] = size_args(node.args, env)
            except NotStatic as e:
                note(f"'{item['expr']}': shape: {e}")
            item.update(dtype="float32", dist=(dotted(base_node.func) or "distribution").split(".")[-1].lower())
            return item
        note(f"'{item['expr']}': method '{leaf}' not understood")
        return item
    shape_from = None
    if leaf in ("randn", "rand", "ones", "zeros", "empty", "full"):
        args = node.args[:1] if leaf == "full" else node.args
        shape_from = args
        item["dist"] = {"randn": "normal", "rand": "uniform", "ones": "constant", "zeros": "constant",
                        "empty": "uninitialised", "full": "constant"}[leaf]
        if leaf == "rand":
            item["low"], item["high"] = 0.0, 1.0
        if leaf in ("ones", "zeros"):
            item["value"] = 1.0 if leaf == "ones" else 0.0
        if leaf == "full" and len(node.args) > 1:
            try:
                item["value"] = evaluate(node.args[1], env)
            except NotStatic:
                pass
    elif leaf == "randint":
        pos = list(node.args)
        try:
            if len(pos) >= 3:
                item["low"], item["high"] = evaluate(pos[0], env), evaluate(pos[1], env)
                shape_from = pos[2:3]
            elif len(pos) == 2:
                item["low"], item["high"] = 0, evaluate(pos[0], env)
                shape_from = pos[1:2]
            else:
                shape_from = [kwarg(node, "size")] if kwarg(node, "size") else None
                item["low"], item["high"] = evaluate(kwarg(node, "low") or ast.Constant(0), env), evaluate(
                    kwarg(node, "high"), env) if kwarg(node, "high") else None
        except NotStatic as e:
            note(f"'{item['expr']}': bounds: {e}")
        item["dist"], item["dtype"] = "randint", "int64"
    elif leaf in ("randn_like", "rand_like", "zeros_like", "ones_like", "empty_like"):
        base = tensor_expr(node.args[0], env, local) if node.args else None
        if base:
            item.update(shape=base["shape"], dtype=base["dtype"])
        item["dist"] = {"randn_like": "normal", "rand_like": "uniform", "zeros_like": "constant",
                        "ones_like": "constant", "empty_like": "uninitialised"}[leaf]
        if leaf == "rand_like":
            item["low"], item["high"] = 0.0, 1.0
    elif leaf in ("tensor", "as_tensor"):
        try:
            v = evaluate(node.args[0], env)
            item.update(shape=list(_shape_of(v)), dist="literal")
            item["dtype"] = "float32" if any(isinstance(x, float) for x in _flat(v)) else "int64"
        except (NotStatic, IndexError) as e:
            note(f"'{item['expr']}': {e}")
    elif leaf == "arange":
        try:
            vals = [evaluate(a, env) for a in node.args]
            n = vals[0] if len(vals) == 1 else (vals[1] - vals[0]) // (vals[2] if len(vals) > 2 else 1)
            item.update(shape=[int(n)], dist="arange", dtype="int64" if all(isinstance(x, int) for x in vals)
                        else "float32")
        except (NotStatic, IndexError) as e:
            note(f"'{item['expr']}': {e}")
    else:
        note(f"'{item['expr']}': '{func or ast.unparse(node.func)}' is not a tensor factory the scanner knows")
        return item
    if (shape_from and len(shape_from) == 1 and isinstance(shape_from[0], ast.Attribute)
            and shape_from[0].attr == "shape" and isinstance(shape_from[0].value, ast.Name)
            and shape_from[0].value.id in local):
        base = tensor_expr(shape_from[0].value, env, local)  # `x.shape` of a local tensor
        if base["shape"] is not None:
            item["shape"] = base["shape"]
            shape_from = None
    if shape_from is not None and shape_from and shape_from[0] is not None:
        try:
            shape = size_args(shape_from, env)
            if all(isinstance(d, int) for d in shape):
                item["shape"] = shape
            else:
                note(f"'{item['expr']}': shape {shape} is not all integers")
        except NotStatic as e:
            note(f"'{item['expr']}': shape: {e}")
    dt = kwarg(node, "dtype")
    if dt is not None:
        try:
            item["dtype"] = dtype_of(dt, env)
        except NotStatic as e:
            note(str(e))
    elif item["dtype"] is None and item["dist"] not in (None, "literal"):
        item["dtype"] = "float32"  # torch's default dtype for its float factories
    return item


def _flat(v):
    if isinstance(v, (list, tuple)):
        for x in v:
            yield from _flat(x)
    else:
        yield v


def _shape_of(v):
    if isinstance(v, (list, tuple)):
        return [len(v)] + (list(_shape_of(v[0])) if v else [])
    return []


def _end(node):
    return (getattr(node, "end_lineno", 0) or 0, getattr(node, "end_col_offset", 0) or 0)


def local_value(local, name_node):
    """The value a local name holds where `name_node` reads it: the last assignment that ends before the read
    (`A = (A + A.T) / 2` reads the previous A, never itself)."""
    at = (getattr(name_node, "lineno", 0), getattr(name_node, "col_offset", 0))
    earlier = [value for end, value in local.get(name_node.id, []) if end <= at]
    return earlier[-1] if earlier else None


def function_returns(fn, env):
    """The items a get_inputs()-like function returns, with the local assignments they name."""
    local, ret = {}, None
    for stmt in ast.walk(fn):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            local.setdefault(stmt.targets[0].id, []).append((_end(stmt), stmt.value))
        if isinstance(stmt, ast.Return):
            ret = stmt.value
    for defs in local.values():
        defs.sort(key=lambda d: d[0])
    if ret is None:
        return None, ["returns nothing"]
    if isinstance(ret, ast.Name) and ret.id in local:
        value = local_value(local, ret)
        if isinstance(value, (ast.List, ast.Tuple)):
            ret = value
    if not isinstance(ret, (ast.List, ast.Tuple)):
        return None, [f"returns '{ast.unparse(ret)}', not a list the scanner can read"]
    items, notes = [], []
    for e in ret.elts:
        if isinstance(e, ast.Starred):
            notes.append(f"'{ast.unparse(e)}': starred items are not statically countable")
            return None, notes
        items.append(tensor_expr(e, env, local))
    return items, notes


def static_args(call, env):
    """The keyword arguments of a call that evaluate statically (dim=-1, reduction='batchmean', ...)."""
    out = {}
    for k in call.keywords:
        if k.arg:
            try:
                out[k.arg] = evaluate(k.value, env)
            except NotStatic:
                out[k.arg] = None
    pos = []
    for a in call.args:
        if isinstance(a, ast.Call) and (dotted(a.func) or "").endswith(".tensor") and a.args:
            a = a.args[0]  # torch.tensor(c, device=...) is the constant c
        try:
            pos.append(evaluate(a, env))
        except NotStatic:
            pos.append(None)
    if any(v is not None for v in pos):
        out["positional"] = pos
    return out


def evaluation_order(node):
    """The nodes under `node` in the order Python evaluates them: arguments before the call that takes them, so in
    `F.relu(self.conv1(x))` the convolution comes first."""
    for child in ast.iter_child_nodes(node):
        yield from evaluation_order(child)
    yield node


def call_names(fn, modules, env):
    """Operations a function body calls, in evaluation order: torch.*, F.*, self.<module> (with its type), methods."""
    ops = []
    for node in (n for stmt in fn.body for n in evaluation_order(stmt)):
        if isinstance(node, ast.Call):
            name = dotted(node.func)
            if name and name.startswith("self.") and name.count(".") == 1 and name[5:] in modules:
                ops.append({"op": modules[name[5:]], "via": name, "line": node.lineno})
            elif name and name.startswith(("torch.", "F.", "nn.functional.", "torch.nn.functional.")):
                ops.append({"op": name, "line": node.lineno, "args": static_args(node, env)})
            elif isinstance(node.func, ast.Attribute):
                ops.append({"op": "." + node.func.attr, "line": node.lineno, "args": static_args(node, env)})
        elif isinstance(node, ast.BinOp):
            sym = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.MatMult: "@", ast.Pow: "**"}.get(
                type(node.op))
            if sym:
                ops.append({"op": sym, "line": node.lineno})
    return ops


def dropout_p(model, init_env, out):
    """Records the probability of every dropout submodule whose p is static (p = 0 draws nothing)."""
    init = next((n for n in model.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    if init is None:
        return
    for stmt in ast.walk(init):
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
            continue
        if "dropout" not in (dotted(stmt.value.func) or "").lower():
            continue
        arg = kwarg(stmt.value, "p") or (stmt.value.args[0] if stmt.value.args else None)
        try:
            p = evaluate(arg, init_env) if arg is not None else 0.5
        except NotStatic:
            continue
        for t in stmt.targets:
            if isinstance(t, ast.Attribute):
                for op in out.get("forward_ops", []):
                    if op.get("via") == "self." + t.attr:
                        op["p"] = p


def module_constants(tree):
    """Module-level constants: `a = 1`, `a, b = 1, 2`, chained `h = w = 128`, annotated `n: int = 4`."""
    env, notes = {}, []
    for stmt in tree.body:
        if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets = [stmt.target]
        elif isinstance(stmt, ast.Assign):
            targets = stmt.targets
        else:
            continue
        try:
            v = evaluate(stmt.value, env)
            error = None
        except (NotStatic, TypeError) as e:
            v, error = NotStatic, e
        for target in targets:
            names = [target] if isinstance(target, ast.Name) else (
                target.elts if isinstance(target, (ast.Tuple, ast.List)) else [])
            if error is None and len(names) > 1 or isinstance(target, (ast.Tuple, ast.List)):
                try:
                    vals = list(v) if error is None else None
                    if vals is not None and len(vals) != len(names):
                        raise TypeError(f"{len(names)} names but {len(vals)} values")
                except TypeError as e:
                    vals, error = None, e
            else:
                vals = [v] if error is None else None
            for i, n in enumerate(names):
                if not isinstance(n, ast.Name):
                    continue
                if vals is None:
                    env[n.id] = NotStatic
                    notes.append({"line": stmt.lineno, "message": f"constant '{n.id}': {error}"})
                else:
                    env[n.id] = vals[i]
    return env, notes


def scan_kernelbench(path):
    out = {"file": path, "name": os.path.basename(path), "notes": [], "errors": []}
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        tree = ast.parse(text, filename=path)
    except SyntaxError as e:
        out["errors"].append({"line": e.lineno or 0, "message": f"syntax error: {e.msg}"})
        return out
    except (OSError, UnicodeDecodeError) as e:
        out["errors"].append({"line": 0, "message": f"cannot read: {e}"})
        return out
    env, notes = module_constants(tree)
    # A module-level name that is not a constant (a helper like `to_2tuple = _ntuple(2)`) matters only where the
    # inputs use it; constants that feed other constants are named in those constants' own notes.
    used = {n.id for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in ("get_inputs", "get_init_inputs")
            for n in ast.walk(f) if isinstance(n, ast.Name)}
    out["notes"] += [n for n in notes if n["message"].split("'")[1] in used]
    out["constants"] = {k: v for k, v in env.items() if v is not NotStatic and not isinstance(v, str)}
    # The problem's sizes: integer constants the input functions read (batch_size, dim, ...), which a held-out case
    # may change before they run.
    out["size_constants"] = {k: v for k, v in env.items() if k in used and type(v) is int and v >= 2}
    out["module_doc"] = ast.get_docstring(tree) or ""
    defs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    model = defs.get("Model")
    if not isinstance(model, ast.ClassDef):
        out["errors"].append({"line": 1, "message": "no 'class Model' at module level"})
    else:
        out["doc"] = ast.get_docstring(model) or ""
        out["model_line"] = model.lineno
        methods = {n.name: n for n in model.body if isinstance(n, ast.FunctionDef)}
        modules = {}
        init = methods.get("__init__")
        if init:
            out["init_params"] = [a.arg for a in init.args.args[1:]]
            for stmt in ast.walk(init):
                if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
                    for t in stmt.targets:
                        if isinstance(t, ast.Attribute) and dotted(t) and dotted(t).startswith("self."):
                            modules[t.attr] = dotted(stmt.value.func) or ast.unparse(stmt.value.func)
        out["submodules"] = modules
        fwd = methods.get("forward")
        if not fwd:
            out["errors"].append({"line": model.lineno, "message": "class Model has no forward()"})
        else:
            out["forward_params"] = [a.arg for a in fwd.args.args[1:]]
            out["forward_line"] = fwd.lineno
            out["forward_doc"] = ast.get_docstring(fwd) or ""
            out["forward_ops"] = call_names(fwd, modules, env)
            counts = {len(r.value.elts) if isinstance(r.value, ast.Tuple) else 1
                      for r in ast.walk(fwd) if isinstance(r, ast.Return) and r.value is not None}
            out["forward_outputs"] = counts.pop() if len(counts) == 1 else None
            if out["forward_outputs"] is None:
                out["notes"].append({"line": fwd.lineno, "message": "forward() returns different numbers of values "
                                     "on different paths: output count not known statically"})
    for fn in ("get_inputs", "get_init_inputs"):
        node = defs.get(fn)
        if not isinstance(node, ast.FunctionDef):
            continue
        items, _ = function_returns(node, env)
        if fn == "get_init_inputs" and items is not None and isinstance(model, ast.ClassDef):
            init_env = dict(env)
            for name, it in zip(out.get("init_params", []), items):
                init_env[name] = it.get("value", NotStatic) if it["kind"] in ("scalar", "sequence") else NotStatic
            dropout_p(model, init_env, out)
    for fn in ("get_inputs", "get_init_inputs"):
        node = defs.get(fn)
        if not isinstance(node, ast.FunctionDef):
            out["errors"].append({"line": 1, "message": f"no function '{fn}' at module level"})
            continue
        items, notes = function_returns(node, env)
        out[fn] = {"line": node.lineno, "items": items, "notes": notes,
                   "source": ast.get_source_segment(text, node) or ""}
    return out


def finite(v):
    """JSON has no inf or nan: they travel as the strings "inf", "-inf", "nan"."""
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    if isinstance(v, dict):
        return {k: finite(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [finite(x) for x in v]
    return v


def guarded(scan, path, key):
    """One file the scanner cannot handle is that file's error, never the end of the whole scan."""
    try:
        return scan(path)
    except (RecursionError, ValueError, TypeError, KeyError, AttributeError, IndexError) as e:
        return {key: path, "name": os.path.basename(os.path.normpath(path)), "notes": [],
                "errors": [{"line": 0, "message": f"the static scanner failed on this file "
                            f"({type(e).__name__}: {str(e)[:200]})"}]}


def binding(path, name):
    """How a module binds `name` at its top level, by any statement Python allows: `def`, `class`, an assignment
    (`custom_kernel = torch.compile(_impl)`, `ModelNew = Impl`, tuple targets, annotations, walrus), an import
    (`from impl import custom_kernel`, `import x as custom_kernel`), `for`/`with ... as` targets, also inside a
    top-level `if`/`try`. "dynamic" where the module may bind it in ways the syntax does not show (a star import,
    `globals()[...] =`, `exec`, `setattr` on the module); "no" otherwise. Never imports the module."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            tree = ast.parse(f.read(), filename=path)
    except SyntaxError as e:
        return {"file": path, "name": name, "bound": "error", "line": e.lineno or 0, "message": f"syntax error: {e.msg}"}
    except OSError as e:
        return {"file": path, "name": name, "bound": "error", "line": 0, "message": str(e)}

    def targets(node):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, (ast.Tuple, ast.List)):
            for e in node.elts:
                yield from targets(e)
        elif isinstance(node, ast.Starred):
            yield from targets(node.value)

    def top_level(body):
        for node in body:
            yield node
            for field in ("body", "orelse", "finalbody"):
                if isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)) and hasattr(node, field):
                    yield from top_level(getattr(node, field))
            for h in getattr(node, "handlers", []) if isinstance(node, ast.Try) else []:
                yield from top_level(h.body)

    dynamic = None
    for node in top_level(tree.body):
        how = None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            how = "def"
        elif isinstance(node, ast.ClassDef) and node.name == name:
            how = "class"
        elif isinstance(node, ast.Assign) and any(name in targets(t) for t in node.targets):
            how = "assignment"
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and name in targets(node.target):
            how = "assignment"
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                if (a.asname or a.name.split(".")[0]) == name:
                    how = "import"
                elif a.name == "*":
                    dynamic = dynamic or {"line": node.lineno, "how": "star import"}
        elif isinstance(node, ast.For) and name in targets(node.target):
            how = "for target"
        elif isinstance(node, ast.With) and any(i.optional_vars is not None and name in targets(i.optional_vars)
                                                 for i in node.items):
            how = "with target"
        if how:
            return {"file": path, "name": name, "bound": "yes", "line": node.lineno, "how": how}
        for sub in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                else []:
            if isinstance(sub, ast.NamedExpr) and sub.target.id == name:
                return {"file": path, "name": name, "bound": "yes", "line": sub.lineno, "how": "assignment"}
    for sub in ast.walk(tree):
        if isinstance(sub, ast.Call) and (dotted(sub.func) or "") in ("exec", "setattr", "globals", "vars",
                                                                     "importlib.import_module", "__import__"):
            dynamic = dynamic or {"line": sub.lineno, "how": f"{dotted(sub.func)}(...)"}
        if isinstance(sub, ast.Global) and name in sub.names:
            dynamic = dynamic or {"line": sub.lineno, "how": f"global {name} in a function"}
    if dynamic:
        return {"file": path, "name": name, "bound": "dynamic", **dynamic}
    return {"file": path, "name": name, "bound": "no", "line": 0}


def main(argv):
    if len(argv) >= 3 and argv[0] == "defines":
        json.dump({"files": [binding(p, argv[1]) for p in argv[2:]]}, sys.stdout)
        return 0
    if len(argv) < 2 or argv[0] not in ("kernelbench", "gpumode"):
        print("usage: kwb_scan.py kernelbench FILE... | gpumode DIR... | defines NAME FILE...", file=sys.stderr)
        return 2
    if argv[0] == "kernelbench":
        doc = {"problems": [guarded(scan_kernelbench, p, "file") for p in argv[1:]]}
    else:
        try:
            import yaml  # noqa: F401
        except ImportError:
            print(f"reading task.yml needs PyYAML in {sys.executable} (Debian: python3-yaml)", file=sys.stderr)
            return 3
        from kwb_scan_gpumode import scan_gpumode  # beside this file
        doc = {"tasks": [guarded(scan_gpumode, p, "dir") for p in argv[1:]]}
    json.dump(finite(doc), sys.stdout, default=str, allow_nan=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

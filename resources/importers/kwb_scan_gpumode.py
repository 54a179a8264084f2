# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The GPU MODE half of the importers' static scanner (see kwb_scan.py): task.yml with a YAML safe loader and
reference.py with the `ast` module, never imported or run."""
import ast
import json
import os

from kwb_scan import CASTS, DTYPES, PASS_THROUGH, dotted

# torch functions whose result is a named tuple: `return torch.geqrf(a)` is two outputs (H, tau). Each field's dtype:
# "same" as the first argument's, a fixed one, or None (eig's are complex).
TUPLE_RESULTS = {"geqrf": ("same", "same"), "qr": ("same", "same"), "eigh": ("same", "same"), "eig": (None, None),
                 "slogdet": ("same", "same"), "topk": ("same", "int64"), "sort": ("same", "int64"),
                 "kthvalue": ("same", "int64"), "svd": ("same", "same", "same"), "lu_factor": ("same", "int32"),
                 "cummax": ("same", "int64"), "cummin": ("same", "int64"), "aminmax": ("same", "same"),
                 "frexp": ("same", "int32")}


def tuple_call(expr):
    """The TUPLE_RESULTS entry of a `torch.…` call returning a named tuple, else None."""
    if isinstance(expr, ast.Call):
        name = dotted(expr.func) or ""
        if name.startswith("torch.") and name.split(".")[-1] in TUPLE_RESULTS:
            return TUPLE_RESULTS[name.split(".")[-1]]
    return None


def own_nodes(fn):
    """The nodes of a function body, not those of functions defined inside it (a nested helper's `return` is not
    the function's)."""
    stack = list(fn.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                stack.append(child)


def locals_and_returns(fn):
    """A function's local names (each to the values of its plain assignments, in order) and its own return
    statements."""
    assigned, returns = {}, []
    for node in sorted(own_nodes(fn), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, ast.Return) and node.value is not None:
            returns.append(node)
    return assigned, returns


def cast_of(expr, assigned, inputs=None, seen=frozenset()):
    """The dtype an expression is cast to at its end (x.to(torch.bfloat16), x.half(), a.astype(np.float32),
    torch.empty(..., dtype=torch.float16), x.to(a.dtype)), looking through slicing, layout methods
    (`.to(torch.bfloat16)[:m]`, `.contiguous()`), arithmetic (`x * 2 - 1`: its tensor operand's) and matmul (its
    first operand's), following a local name to its assignments (`y = y + b` to the one before) and a name unpacked
    from the input to the dtype generate_input gives it (`inputs`); None when the expression says nothing."""
    inputs = inputs or {}
    if len(seen) > 6:
        return None
    if isinstance(expr, ast.Name):
        # The latest assignment that says something (the branches of an if/elif chain each assign it).
        history = assigned.get(expr.id, [])
        for i in reversed(range(len(history))):
            if (expr.id, i) not in seen:
                dtype = cast_of(history[i], assigned, inputs, seen | {(expr.id, i)})
                if dtype:
                    return dtype
        return inputs.get(expr.id)
    if isinstance(expr, ast.Subscript):
        return cast_of(expr.value, assigned, inputs, seen)
    if isinstance(expr, ast.BinOp) and not isinstance(expr.op, ast.MatMult):
        dtype = cast_of(expr.left, assigned, inputs, seen) or cast_of(expr.right, assigned, inputs, seen)
        if isinstance(expr.op, ast.Div) and dtype and dtype.startswith(("int", "uint", "bool")):
            return "float32"  # true division of integers promotes to the default float
        return dtype
    if isinstance(expr, ast.BinOp):
        return cast_of(expr.left, assigned, inputs, seen)
    if not isinstance(expr, ast.Call):
        return None
    for kw in expr.keywords:
        if kw.arg == "dtype" and isinstance(kw.value, ast.Attribute) and kw.value.attr == "dtype":
            return cast_of(kw.value.value, assigned, inputs, seen)  # torch.empty(..., dtype=x.dtype)
        if kw.arg == "dtype" and DTYPES.get((dotted(kw.value) or "").split(".")[-1]):
            return DTYPES[(dotted(kw.value) or "").split(".")[-1]]
    if (dotted(expr.func) or "") in ("torch.matmul", "torch.mm", "torch.bmm") and expr.args:
        return cast_of(expr.args[0], assigned, inputs, seen)
    if (dotted(expr.func) or "") == "torch.einsum" and len(expr.args) > 1:  # einsum("mk,nk->mn", a, b): a's
        return cast_of(expr.args[1], assigned, inputs, seen)
    if not isinstance(expr.func, ast.Attribute):
        return None
    attr = expr.func.attr
    if attr in CASTS and not expr.args:
        return CASTS[attr]
    if attr in ("to", "astype") and expr.args:
        arg = expr.args[0]
        if isinstance(arg, ast.Attribute) and arg.attr == "dtype":  # x.to(a.dtype): whatever a's dtype is
            return cast_of(arg.value, assigned, inputs, seen)
        if DTYPES.get((dotted(arg) or "").split(".")[-1]) or attr == "astype":
            return DTYPES.get((dotted(arg) or "").split(".")[-1])
    # Layout and device moves (`.to("cuda")`, `.to(device=...)`, `.contiguous()`) and in-place fills (`.random_()`,
    # `.uniform_()`) keep the dtype of the tensor they are called on.
    if attr in PASS_THROUGH or attr == "to" or (attr.endswith("_") and not attr.startswith("_")):
        return cast_of(expr.func.value, assigned, inputs, seen)
    return None


def tuple_size(expr, assigned, depth=0):
    """How many values an expression stands for: a tuple literal's items, a torch call that returns a named tuple
    (torch.geqrf, torch.linalg.eigh, torch.topk, ...), a local assigned one of those; else 1."""
    if isinstance(expr, ast.Tuple):
        return len(expr.elts)
    if isinstance(expr, ast.Name) and expr.id in assigned and depth < 4:
        return tuple_size(assigned[expr.id][-1], assigned, depth + 1)
    fields = tuple_call(expr)
    return len(fields) if fields else 1


def generated_dtypes(fn):
    """The dtype of each value generate_input returns (a tuple literal: one each; else one), None where unknown."""
    if fn is None:
        return []
    assigned, returns = locals_and_returns(fn)
    if not returns:
        return []
    value = returns[-1].value
    elts = value.elts if isinstance(value, ast.Tuple) else [value]
    return [cast_of(e, assigned) for e in elts]


UNINITIALISED = {"empty", "empty_like", "empty_strided", "new_empty"}


def generated_buffers(fn):
    """The dtype of each value generate_input returns that is an uninitialised tensor (`torch.empty(...)`, also
    through a local and `.contiguous()`/`.to(device)`): the buffer the task hands the submission to fill; None for
    the others."""
    if fn is None:
        return []
    assigned, returns = locals_and_returns(fn)
    if not returns:
        return []
    value = returns[-1].value
    elts = value.elts if isinstance(value, ast.Tuple) else [value]

    def uninitialised(expr, depth=0):
        if isinstance(expr, ast.Name) and expr.id in assigned and depth < 4:
            return uninitialised(assigned[expr.id][-1], depth + 1)
        if not isinstance(expr, ast.Call):
            return False
        name = dotted(expr.func) or ""
        if name.split(".")[-1] in UNINITIALISED:
            return True
        return isinstance(expr.func, ast.Attribute) and expr.func.attr in PASS_THROUGH | {"to"} and \
            uninitialised(expr.func.value, depth + 1)

    return [cast_of(e, assigned) if uninitialised(e) else None for e in elts]


def input_names(fn, generated):
    """Names ref_kernel unpacks from its input (`a, b, *_ = data`, or the input itself) mapped to the dtypes
    generate_input gives them."""
    if not fn.args.args:
        return {}
    param = fn.args.args[0].arg
    names = {param: generated[0]} if len(generated) == 1 else {}
    for node in own_nodes(fn):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)
                and isinstance(node.value, ast.Name) and node.value.id == param):
            for i, elt in enumerate(node.targets[0].elts):
                if isinstance(elt, ast.Starred) or i >= len(generated):
                    break
                if isinstance(elt, ast.Name):
                    names[elt.id] = generated[i]
    return {k: v for k, v in names.items() if v}


def returned_values(fn, generated=()):
    """How many values a function returns (a tuple literal counts its items, a torch call returning a named tuple
    its fields) and the dtype each is cast to."""
    assigned, returns = locals_and_returns(fn)
    counts = {tuple_size(r.value, assigned) for r in returns}
    if len(counts) != 1:
        return {"count": None, "line": fn.lineno, "dtypes": []}
    last = returns[-1]
    elts = last.value.elts if isinstance(last.value, ast.Tuple) else [last.value]
    inputs = input_names(fn, list(generated))
    value = last.value
    while isinstance(value, ast.Name) and value.id in assigned:  # `res = torch.linalg.eigh(a); return res`
        value = assigned[value.id][-1]
    fields = tuple_call(value)
    if fields and value.args:
        first = cast_of(value.args[0], assigned, inputs)
        dtypes = [first if f == "same" else f for f in fields]
    else:
        dtypes = [cast_of(e, assigned, inputs) for e in elts] if len(elts) == next(iter(counts)) else []
    return {"count": counts.pop(), "line": last.lineno, "dtypes": dtypes}


RANDOM_CALLS = {"rand", "randn", "randint", "rand_like", "randn_like", "randint_like", "randperm", "normal", "bernoulli",
                "multinomial", "poisson"}
RANDOM_INIT_LAYERS = {"Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
                      "ConvTranspose3d", "Embedding", "EmbeddingBag", "LSTM", "GRU", "RNN", "MultiheadAttention"}


def unseeded_random(fn, classes, depth=0):
    """The first random draw a function makes without an explicit generator: a torch.rand*/randn*/… call with no
    `generator=`, or a layer (nn.Linear, nn.Conv2d, …) whose weights are initialised at random, also inside a class
    of the module that the function instantiates. (line in fn, what) or None."""
    for node in sorted(own_nodes(fn), key=lambda n: getattr(n, "lineno", 0)):
        if not isinstance(node, ast.Call):
            continue
        name = dotted(node.func) or ""
        leaf = name.split(".")[-1]
        if (name.startswith("torch.") and leaf in RANDOM_CALLS
                and not any(kw.arg == "generator" for kw in node.keywords)):
            return node.lineno, name
        if name.startswith(("nn.", "torch.nn.")) and leaf in RANDOM_INIT_LAYERS:
            return node.lineno, f"{name} initialises its weights at random"
        if isinstance(node.func, ast.Name) and node.func.id in classes and depth < 3:
            for method in classes[node.func.id].body:
                if isinstance(method, ast.FunctionDef) and method.name == "__init__":
                    found = unseeded_random(method, classes, depth + 1)
                    if found:
                        return node.lineno, f"{node.func.id}(...): {found[1]}"
    return None


def scan_gpumode(folder):
    import yaml  # only the gpumode importer needs PyYAML
    out = {"dir": folder, "name": os.path.basename(os.path.normpath(folder)), "notes": [], "errors": []}
    yml = os.path.join(folder, "task.yml")
    try:
        with open(yml, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except OSError as e:
        out["errors"].append({"file": "task.yml", "line": 0, "message": f"cannot read: {e.strerror}"})
        return out
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        out["errors"].append({"file": "task.yml", "line": mark.line + 1 if mark else 0,
                              "column": mark.column + 1 if mark else 0,
                              "message": f"YAML: {getattr(e, 'problem', None) or e}"})
        return out
    if not isinstance(doc, dict):
        out["errors"].append({"file": "task.yml", "line": 1, "message": "expected a mapping at the top level"})
        return out
    out["yaml"] = json.loads(json.dumps(doc, default=str))
    # Lines (1-based) of the top-level keys and of every tests/benchmarks entry, for errors that name them.
    with open(yml, encoding="utf-8") as f:
        root = yaml.compose(f)
    lines = {}
    for key_node, value_node in root.value:
        lines[str(key_node.value)] = key_node.start_mark.line + 1
        if isinstance(value_node, yaml.SequenceNode):
            lines[str(key_node.value) + "[]"] = [item.start_mark.line + 1 for item in value_node.value]
    out["lines"] = lines
    ref = os.path.join(folder, "reference.py")
    if os.path.exists(ref):
        try:
            with open(ref, encoding="utf-8") as f:
                tree = ast.parse(f.read(), filename=ref)
            names = {}
            functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
            generated = generated_dtypes(functions.get("generate_input"))
            for n in tree.body:
                if isinstance(n, ast.FunctionDef):
                    positional = [a.arg for a in n.args.args]
                    names[n.name] = {"line": n.lineno, "params": positional,
                                     "kwonly": [a.arg for a in n.args.kwonlyargs],
                                     "varkw": n.args.kwarg is not None,
                                     "required": positional[:len(positional) - len(n.args.defaults)]
                                     + [a.arg for a, d in zip(n.args.kwonlyargs, n.args.kw_defaults) if d is None]}
                    if n.name == "ref_kernel":
                        out["ref_returns"] = returned_values(n, generated)
                        # The task's answer has the dtype of the buffer it hands the submission, whatever precision
                        # the reference computes in (`x.to(torch.float64)` in a prefix sum).
                        buffers = [d for d in generated_buffers(functions.get("generate_input")) if d]
                        if buffers and len(buffers) == out["ref_returns"]["count"]:
                            out["ref_returns"]["buffer_dtypes"] = buffers
                        classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}
                        found = unseeded_random(n, classes)
                        if found:
                            out["ref_random"] = {"line": found[0], "what": found[1]}
                elif isinstance(n, ast.Assign):
                    for t in n.targets:
                        if isinstance(t, ast.Name):
                            names[t.id] = {"line": n.lineno, "assigned": ast.unparse(n.value)[:200]}
            out["reference"] = names
        except SyntaxError as e:
            out["errors"].append({"file": "reference.py", "line": e.lineno or 0, "message": f"syntax error: {e.msg}"})
    return out

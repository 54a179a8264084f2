"""The GPU MODE half of the importers' static scanner (see kwb_scan.py): task.yml with a YAML safe loader and
reference.py with the `ast` module, never imported or run."""
import ast
import json
import os

from kwb_scan import CASTS, DTYPES, dotted


def cast_of(expr, assigned, depth=0):
    """The dtype an expression is cast to at its end (x.to(torch.bfloat16), x.half(), a.astype(np.float32)), following
    a returned local name to its last assignment; None when the expression says nothing about its dtype."""
    if isinstance(expr, ast.Name) and expr.id in assigned and depth < 4:
        return cast_of(assigned[expr.id], assigned, depth + 1)
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)):
        return None
    attr = expr.func.attr
    if attr in CASTS and not expr.args:
        return CASTS[attr]
    if attr in ("to", "astype") and expr.args:
        name = (dotted(expr.args[0]) or "").split(".")[-1]
        return DTYPES.get(name)
    return None


def returned_values(fn):
    """How many values a function returns (a tuple literal counts its items) and the dtype each is cast to."""
    assigned, returns = {}, []
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned[node.targets[0].id] = node.value
        elif isinstance(node, ast.Return) and node.value is not None:
            returns.append(node)
    counts = {len(r.value.elts) if isinstance(r.value, ast.Tuple) else 1 for r in returns}
    if len(counts) != 1:
        return {"count": None, "line": fn.lineno, "dtypes": []}
    last = returns[-1]
    elts = last.value.elts if isinstance(last.value, ast.Tuple) else [last.value]
    return {"count": counts.pop(), "line": last.lineno, "dtypes": [cast_of(e, assigned) for e in elts]}


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
            for n in tree.body:
                if isinstance(n, ast.FunctionDef):
                    names[n.name] = {"line": n.lineno, "params": [a.arg for a in n.args.args],
                                     "kwonly": [a.arg for a in n.args.kwonlyargs]}
                    if n.name == "ref_kernel":
                        out["ref_returns"] = returned_values(n)
                elif isinstance(n, ast.Assign):
                    for t in n.targets:
                        if isinstance(t, ast.Name):
                            names[t.id] = {"line": n.lineno, "assigned": ast.unparse(n.value)[:200]}
            out["reference"] = names
        except SyntaxError as e:
            out["errors"].append({"file": "reference.py", "line": e.lineno or 0, "message": f"syntax error: {e.msg}"})
    return out

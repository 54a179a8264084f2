# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Calling conventions of foreign task sets, for python_main.py (plain python3 + numpy, no Qt, no kwb).

- torch_module (KernelBench): the source defines an nn.Module class (`entry`: Model or ModelNew) built as
  entry(*get_init_inputs()) under the trial's seed (and torch.no_grad, as KernelBench builds it) and called as
  forward(*get_inputs()); a case param `precision` is KernelBench's eval precision (floating-point tensors and
  the model's parameters cast to it).
- gpumode (GPU MODE reference-kernels): the source defines entry(data) (ref_kernel or custom_kernel); the
  data comes from the reference's generate_input(**case params, seed=...).

Inputs are generated ONCE per (case, trial) by the reference's own generator in its own process
(plan header `kwb-generate 1`) and saved as .npy files plus data.json (the structure: tuples, lists,
dicts, numbers); every implementation then loads them in its own process. GPU MODE's own checker runs
in a separate process too (plan header `kwb-check 1`) on the inputs and a candidate's saved outputs.

GPU MODE tasks often hand the submission its output buffer inside `data` (`A, B, out = data`). Which leaves
are buffers is found when the inputs are generated, by running the reference (trusted code) on copies: a leaf
the reference writes, or whose content does not change the reference's answer, is a buffer (data.json
`buffers`). Writing it is the submission's job, not `correct.inputs-modified`. Its content is handed over as the
task's generator left it, as GPU MODE does (not poisoned: a submission that accumulates into a torch.empty buffer
passes or fails as it would there). Arrays keep their shape, 0-d included (a scalar result stays shape ()).
"""
import builtins
import importlib.util
import json
import os
import random
import sys
import time

import numpy as np

from kwb_timing import make_dirs, same_bytes, write_npy  # bound before the implementation is imported

__builtins__ = dict(vars(builtins))  # a private copy, as in python_main.py: a replaced builtins.len does not reach here

GENERATE_HEADER = "kwb-generate 1"
CHECK_HEADER = "kwb-check 1"


def load_module(sig, sig_dir):
    source = os.path.join(sig_dir, sig["source"])
    spec = importlib.util.spec_from_file_location(os.path.splitext(sig["source"])[0], source)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, sig_dir)  # support files (task.py, utils.py) sit beside the source
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def seed_everything(fw, seed):
    random.seed(seed)
    np.random.seed(seed % (1 << 32))
    if getattr(fw, "torch", None) is not None:
        fw.torch.manual_seed(seed)


# ---- data trees <-> files ------------------------------------------------------------------------------

def c_order(arr):
    """A C-ordered array of the same shape: np.ascontiguousarray would turn a 0-d array into shape (1,)."""
    arr = np.asarray(arr)
    return arr if arr.flags.c_contiguous else np.array(arr, order="C", copy=True)


def dtype_name(fw, value):
    if getattr(fw, "torch", None) is not None and isinstance(value, fw.torch.Tensor):
        return str(value.dtype).replace("torch.", "")
    return str(value.dtype)


def save_tree(value, outdir, fw, prefix):
    count = [0]

    def walk(v):
        is_tensor = getattr(fw, "torch", None) is not None and isinstance(v, fw.torch.Tensor)
        if is_tensor or isinstance(v, np.ndarray) or type(v).__module__.startswith("jax"):
            name = f"{prefix}{count[0]}.npy"
            count[0] += 1
            arr = fw.to_numpy(v)
            np.save(os.path.join(outdir, name), c_order(arr), allow_pickle=False)
            return {"npy": name, "dtype": dtype_name(fw, v) if is_tensor else str(arr.dtype),
                    "shape": list(arr.shape)}
        if v is None or isinstance(v, (bool, int, float, str)):
            return {"value": v}
        if isinstance(v, np.generic):
            return {"value": v.item()}
        if isinstance(v, tuple):
            return {"tuple": [walk(x) for x in v]}
        if isinstance(v, list):
            return {"list": [walk(x) for x in v]}
        if isinstance(v, dict):
            return {"dict": {str(k): walk(x) for k, x in v.items()}}
        raise TypeError(f"cannot save a {type(v).__name__}: inputs must be tensors, arrays, numbers, strings, "
                        "or tuples, lists and dicts of them")

    return walk(value)


def load_tree(desc, indir, fw, load_input, arrays=None):
    def walk(d):
        if "npy" in d:
            arr = load_input(os.path.join(indir, d["npy"]), d["dtype"])
            if arrays is not None:
                arrays.append((d["npy"], arr.copy()))
            return fw.to_framework(arr)
        if "value" in d:
            return d["value"]
        if "tuple" in d:
            return tuple(walk(x) for x in d["tuple"])
        if "list" in d:
            return [walk(x) for x in d["list"]]
        if "dict" in d:
            return {k: walk(x) for k, x in d["dict"].items()}
        raise ValueError(f"data.json: unknown node {sorted(d)}")

    return walk(desc)


def read_lines(path, header):
    with open(path) as f:
        lines = f.read().splitlines()
    if not lines or lines[0].strip() != header:
        raise RuntimeError(f"{path}: line 1: expected '{header}'")
    return lines[1:]


# ---- generation ----------------------------------------------------------------------------------------

def read_generate_plan(path):
    calls = []
    for n, line in enumerate(read_lines(path, GENERATE_HEADER), start=2):
        w = line.split(None, 2)
        if not w:
            continue
        if w[0] == "generate" and len(w) == 3:
            label, rest = w[1], w[2].split()
            calls.append({"label": label, "seed": int(rest[0]), "outdir": rest[1], "params": {}})
        elif w[0] == "param" and len(w) == 3 and calls:
            calls[-1]["params"][w[1]] = json.loads(w[2])
        else:
            raise RuntimeError(f"{path}: line {n}: expected 'generate LABEL SEED DIR' or 'param NAME JSON'")
    return calls


def generate_one(call, sig, fw, module):
    seed_everything(fw, call["seed"])
    os.makedirs(call["outdir"], exist_ok=True)
    tree = {"format": "kwb.generated/1", "convention": sig["convention"], "seed": call["seed"]}
    if sig["convention"] == "torch_module":
        for fn in ("get_inputs", "get_init_inputs"):
            if not hasattr(module, fn):
                raise RuntimeError(f"{sig['source']}: no function '{fn}'")
        # The case's sizes: module constants get_inputs / get_init_inputs read (batch_size, dim, ...), set before
        # they run; a held-out case changes one. The implementations' modules get the same before each call.
        sizes = {k: v for k, v in call["params"].items() if k != "precision"}
        for name, value in sizes.items():
            if not hasattr(module, name):
                raise RuntimeError(f"{sig['source']}: no module constant '{name}' for the case's size")
            setattr(module, name, value)
        tree["globals"] = sizes
        args = module.get_inputs()
        seed_everything(fw, call["seed"])
        init = module.get_init_inputs()
        precision = call["params"].get("precision")
        if precision:  # KernelBench's eval precision: floating-point tensors cast to it (its models too, at the call)
            tree["precision"] = precision
            args, init = cast_floats(fw, args, precision), cast_floats(fw, init, precision)
        tree["args"] = save_tree(list(args), call["outdir"], fw, "arg")
        tree["init"] = save_tree(list(init), call["outdir"], fw, "init")
    else:
        if not hasattr(module, "generate_input"):
            raise RuntimeError(f"{sig['source']}: no function 'generate_input'")
        params = dict(call["params"])
        if "seed" in params:  # a fresh seed per trial; the task's own is kept for the record
            tree["task_seed"] = params["seed"]
            params["seed"] = call["seed"] % (1 << 31)
        tree["params"] = params
        data = module.generate_input(**params)
        tree["data"] = save_tree(data, call["outdir"], fw, "data")
        case = call["label"].split("/")[0]
        if case not in BUFFER_PROBES:  # the same structure in every trial of a case: probed once
            BUFFER_PROBES[case] = probe_buffers(data, getattr(module, sig["entry"], None), fw, call["seed"])
        tree["buffers"], tree["buffer_probe"] = BUFFER_PROBES[case]
    with open(os.path.join(call["outdir"], "data.json"), "w") as f:
        json.dump(tree, f)


def cast_floats(fw, values, precision):
    """KernelBench's _process_input_tensor: tensors cast to the eval precision. Floating-point ones only: its cast
    of integer tensors (class targets, indices) to a float breaks the problems that take them."""
    torch = fw.torch
    want = getattr(torch, precision)
    return [v.to(want) if isinstance(v, torch.Tensor) and v.is_floating_point() else v for v in values]


# ---- output buffers in GPU MODE's data -------------------------------------------------------------------

BUFFER_PROBES = {}


def is_array(fw, v):
    torch = getattr(fw, "torch", None)
    return (torch is not None and isinstance(v, torch.Tensor)) or isinstance(v, np.ndarray) or \
        type(v).__module__.startswith("jax")


def leaves(fw, v, out=None):
    """The arrays of a data tree in save_tree's order (data0.npy, data1.npy, ...)."""
    out = [] if out is None else out
    if is_array(fw, v):
        out.append(v)
    elif isinstance(v, (tuple, list)):
        for x in v:
            leaves(fw, x, out)
    elif isinstance(v, dict):
        for x in v.values():
            leaves(fw, x, out)
    return out


def scrambled(fw, v):
    """An array of v's dtype, shape and device whose every byte is 0xA5 (bools: negated)."""
    torch = getattr(fw, "torch", None)
    if torch is not None and isinstance(v, torch.Tensor):
        if v.dtype == torch.bool:
            return ~v
        s = torch.empty_like(v, memory_format=torch.contiguous_format)
        s.reshape(-1).view(torch.uint8).fill_(0xA5)
        return s
    a = np.asarray(v)
    if a.dtype == np.bool_:
        return ~a
    s = np.empty(a.shape, dtype=a.dtype)
    s.reshape(-1).view(np.uint8)[...] = 0xA5
    return s


def clone_tree(fw, v, replace=None, counter=None):
    """A copy of a data tree with every array cloned (as GPU MODE's eval does), the `replace`-th one scrambled."""
    counter = [0] if counter is None else counter
    if is_array(fw, v):
        k = counter[0]
        counter[0] += 1
        if k == replace:
            return scrambled(fw, v)
        return v.clone() if hasattr(v, "clone") else np.array(v, copy=True)
    if isinstance(v, tuple):
        return tuple(clone_tree(fw, x, replace, counter) for x in v)
    if isinstance(v, list):
        return [clone_tree(fw, x, replace, counter) for x in v]
    if isinstance(v, dict):
        return {k: clone_tree(fw, x, replace, counter) for k, x in v.items()}
    return v


def fingerprint(fw, v):
    if is_array(fw, v):
        a = fw.to_numpy(v)
        return ("array", str(a.dtype), a.shape, c_order(a).tobytes())
    if isinstance(v, (tuple, list)):
        return (type(v).__name__, tuple(fingerprint(fw, x) for x in v))
    if isinstance(v, dict):
        return ("dict", tuple((k, fingerprint(fw, x)) for k, x in v.items()))
    return ("value", repr(v))


def probe_buffers(data, entry, fw, seed):
    """(names of the output buffers among data's arrays, how they were found): a leaf the reference writes, or
    one whose content does not change the reference's answer (torch.empty handed to be filled). Runs the
    reference (trusted code) on copies; a reference whose answer is not reproducible leaves every leaf an input."""
    arrays = leaves(fw, data)
    if entry is None or not arrays:
        return [], "no arrays" if entry is not None else "no reference entry"

    def answer(d):
        seed_everything(fw, seed)
        result = entry(d)
        fw.synchronize(result)
        return fingerprint(fw, result)

    try:
        first = clone_tree(fw, data)
        base = answer(first)
        if answer(clone_tree(fw, data)) != base:
            return [], "the reference's answer differs between two calls on the same data: no leaf is a buffer"
        found = {i for i, (before, after) in enumerate(zip(arrays, leaves(fw, first)))
                 if fingerprint(fw, before) != fingerprint(fw, after)}  # written by the reference
        for i in range(len(arrays)):
            if i in found:
                continue
            try:
                if answer(clone_tree(fw, data, replace=i)) == base:
                    found.add(i)  # its content does not matter to the answer
            except Exception:
                pass  # the reference reads it (and fails on scrambled values)
    except Exception as e:
        return [], f"probe failed: {type(e).__name__}: {str(e)[:200]}"
    return [f"data{i}.npy" for i in sorted(found)], "reference probed on copies"


# ---- calls ---------------------------------------------------------------------------------------------

def run_call(call, sig, fw, module, load_input, recorder, timer, index):
    """One call of the implementation, timed and marked by `timer` (python_main.CallTimer) like every call."""
    timer.slept += sys.modules["__main__"].wait_for_inputs(call["indir"])
    with open(os.path.join(call["indir"], "data.json")) as f:
        tree = json.load(f)
    arrays = []
    if sig["convention"] == "torch_module":
        args = load_tree(tree["args"], call["indir"], fw, load_input, arrays)
        init = load_tree(tree["init"], call["indir"], fw, load_input)
        cls = getattr(module, sig["entry"], None)
        if cls is None:
            raise RuntimeError(f"{sig['source']}: no class '{sig['entry']}'")
        for name, value in tree.get("globals", {}).items():  # the case's sizes, as get_inputs saw them
            setattr(module, name, value)
        fw.torch.manual_seed(tree["seed"])  # the same parameters for Model and ModelNew
        def build():
            with fw.torch.no_grad():  # as KernelBench builds them: in-place work on parameters in __init__ is allowed
                built = cls(*init)
                if hasattr(built, "to"):
                    precision = tree.get("precision")
                    built = (built.to(fw.device, dtype=getattr(fw.torch, precision)) if precision else
                             built.to(fw.device))
            return built

        model = recorder.learn(build) if recorder is not None else build()  # what it makes is known to the record
        fw.torch.manual_seed(tree["seed"])

        def forward():
            with fw.torch.no_grad():
                out = recorded(recorder, lambda: model(*args), known=args)
            fw.synchronize(out[0])
            return out

        (result, dispatch), times = timer.run(index, forward)
    else:
        data = load_tree(tree["data"], call["indir"], fw, load_input, arrays)
        entry = getattr(module, sig["entry"], None)
        if entry is None:
            raise RuntimeError(f"{sig['source']}: no function '{sig['entry']}'")
        args = data

        def submission():
            out = recorded(recorder, lambda: entry(data), known=data)
            fw.synchronize(out[0])
            return out

        (result, dispatch), times = timer.run(index, submission)
    times["drain_ns"] = timer.drain()
    kind = "tuple" if isinstance(result, tuple) else "list" if isinstance(result, list) else "single"
    results = list(result) if kind != "single" else [result]
    if len(results) != len(sig["outputs"]):
        raise RuntimeError(f"{sig['entry']} returned {len(results)} value(s), the manifest names "
                           f"{len(sig['outputs'])} output(s)")
    make_dirs(call["outdir"])
    for o, r in zip(sig["outputs"], results):
        arr = fw.to_numpy(r)
        if sig["impl"] == "reference" and str(arr.dtype) != o["dtype"]:
            if not task_dtype_cast(tree, arr, o["dtype"]):
                raise RuntimeError(f"the reference returned {arr.dtype} for output '{o['name']}', the manifest says "
                                   f"{o['dtype']} (fix the manifest's dtype)")
            print(f"kwb-runner: the reference computes '{o['name']}' in {arr.dtype}; the task's buffer and answer are "
                  f"{o['dtype']}: its result is rounded to {o['dtype']}", file=sys.stderr)
            arr = arr.astype(np_dtype(o["dtype"]))
        write_npy(call["outdir"] + "/" + o["name"] + ".npy", c_order(arr))
    with open(os.path.join(call["outdir"], "outputs.json"), "w") as f:
        json.dump({"kind": kind, "names": [o["name"] for o in sig["outputs"]],
                   "dtypes": [o["dtype"] for o in sig["outputs"]]}, f)
    # Inputs changed in place: compare every input array with the copy taken when it was loaded.
    arg_arrays = []  # the arrays of this call's arguments, in load order

    def collect(v):
        if isinstance(v, (tuple, list)):
            for x in v:
                collect(x)
        elif isinstance(v, dict):
            for x in v.values():
                collect(x)
        elif hasattr(v, "shape"):
            arg_arrays.append(v)

    collect(args)
    buffers = set(tree.get("buffers", []))  # the task's output buffers: writing them is the job
    modified = [name for (name, before), after in zip(arrays, arg_arrays)
                if name not in buffers and not same_bytes(raw_bytes(fw.to_numpy(after)), raw_bytes(before))]
    rec = {"label": call["label"], "status": "ok", "error": "", "inputs_modified": modified}
    rec.update(times)
    if dispatch is not None:
        rec["dispatch"] = dispatch
    timer.written(index, rec, call["outdir"])
    return rec


def raw_bytes(a):
    a = c_order(a)
    return a.reshape(-1).view(np.uint8)


def np_dtype(name):
    if name in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):
        import ml_dtypes
        return np.dtype(getattr(ml_dtypes, name))
    return np.dtype(name)


def buffer_dtypes(tree):
    names, out = set(tree.get("buffers", [])), set()

    def walk(d):
        if "npy" in d:
            if d["npy"] in names:
                out.add(d["dtype"])
        for key in ("tuple", "list"):
            for x in d.get(key, []):
                walk(x)
        for x in d.get("dict", {}).values():
            walk(x)

    walk(tree.get("data", {}))
    return out


FLOATS = ("float64", "float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2")


def task_dtype_cast(tree, arr, want):
    """True where a gpumode reference computes in a wider float than the task's answer (`x.to(torch.float64)` in
    ref_kernel) and the task hands a buffer of the manifest's dtype: the task's dtype is the buffer's."""
    got = str(arr.dtype)
    return (tree.get("convention") == "gpumode" and got in FLOATS and want in FLOATS
            and np_dtype(got).itemsize > np_dtype(want).itemsize and want in buffer_dtypes(tree))


def recorded(recorder, fn, known=()):
    """(fn(), what it dispatched) with a recorder (kwb_dispatch.DispatchRecorder), else (fn(), None); `known`: what
    the call is handed."""
    return recorder.call(fn, known=known) if recorder is not None else (fn(), None)


# ---- GPU MODE's own checker ------------------------------------------------------------------------------

def read_check_plan(path):
    calls = []
    for n, line in enumerate(read_lines(path, CHECK_HEADER), start=2):
        w = line.split()
        if not w:
            continue
        if w[0] != "check" or len(w) != 4:
            raise RuntimeError(f"{path}: line {n}: expected 'check LABEL INDIR OUTDIR'")
        calls.append({"label": w[1], "indir": w[2], "outdir": w[3]})
    return calls


def normalise_verdict(res):
    """check_implementation may return (ok, message), a bool, a message (empty: ok) or a list of reasons."""
    if isinstance(res, tuple) and len(res) == 2 and isinstance(res[0], bool):
        return res[0], str(res[1] or "")
    if isinstance(res, bool):
        return res, ""
    if isinstance(res, str):
        return res == "", res
    if isinstance(res, (list, tuple)):
        return len(res) == 0, "; ".join(str(x) for x in res)
    if res is None:
        return True, ""
    return bool(res), repr(res)[:500]


def check_one(call, sig, fw, module, load_input):
    with open(os.path.join(call["indir"], "data.json")) as f:
        tree = json.load(f)
    data = load_tree(tree["data"], call["indir"], fw, load_input)
    with open(os.path.join(call["outdir"], "outputs.json")) as f:
        shape = json.load(f)
    outs = [fw.to_framework(load_input(os.path.join(call["outdir"], n + ".npy"), d))
            for n, d in zip(shape["names"], shape["dtypes"])]
    output = outs[0] if shape["kind"] == "single" else tuple(outs) if shape["kind"] == "tuple" else outs
    ok, message = normalise_verdict(module.check_implementation(data, output))
    return {"label": call["label"], "status": "ok", "error": "", "passed": bool(ok), "message": message[:2000]}

"""Calling conventions of foreign task sets, for python_main.py (plain python3 + numpy, no Qt, no kwb).

- torch_module (KernelBench): the source defines an nn.Module class (`entry`: Model or ModelNew) built as
  entry(*get_init_inputs()) under the trial's seed and called as forward(*get_inputs()).
- gpumode (GPU MODE reference-kernels): the source defines entry(data) (ref_kernel or custom_kernel); the
  data comes from the reference's generate_input(**case params, seed=...).

Inputs are generated ONCE per (case, trial) by the reference's own generator in its own process
(plan header `kwb-generate 1`) and saved as .npy files plus data.json (the structure: tuples, lists,
dicts, numbers); every implementation then loads them in its own process. GPU MODE's own checker runs
in a separate process too (plan header `kwb-check 1`) on the inputs and a candidate's saved outputs.
"""
import importlib.util
import json
import os
import random
import sys
import time

import numpy as np

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
            np.save(os.path.join(outdir, name), np.ascontiguousarray(arr), allow_pickle=False)
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
        args = module.get_inputs()
        seed_everything(fw, call["seed"])
        init = module.get_init_inputs()
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
        tree["data"] = save_tree(module.generate_input(**params), call["outdir"], fw, "data")
    with open(os.path.join(call["outdir"], "data.json"), "w") as f:
        json.dump(tree, f)


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
        fw.torch.manual_seed(tree["seed"])  # the same parameters for Model and ModelNew
        model = cls(*init)
        if hasattr(model, "to"):
            model = model.to(fw.device)
        fw.torch.manual_seed(tree["seed"])

        def forward():
            with fw.torch.no_grad():
                out = recorded(recorder, lambda: model(*args))
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
            out = recorded(recorder, lambda: entry(data))
            fw.synchronize(out[0])
            return out

        (result, dispatch), times = timer.run(index, submission)
    times["drain_ns"] = timer.drain()
    kind = "tuple" if isinstance(result, tuple) else "list" if isinstance(result, list) else "single"
    results = list(result) if kind != "single" else [result]
    if len(results) != len(sig["outputs"]):
        raise RuntimeError(f"{sig['entry']} returned {len(results)} value(s), the manifest names "
                           f"{len(sig['outputs'])} output(s)")
    os.makedirs(call["outdir"], exist_ok=True)
    for o, r in zip(sig["outputs"], results):
        arr = fw.to_numpy(r)
        if sig["impl"] == "reference" and str(arr.dtype) != o["dtype"]:
            raise RuntimeError(f"the reference returned {arr.dtype} for output '{o['name']}', the manifest says "
                               f"{o['dtype']} (fix the manifest's dtype)")
        np.save(os.path.join(call["outdir"], o["name"] + ".npy"), np.ascontiguousarray(arr), allow_pickle=False)
    with open(os.path.join(call["outdir"], "outputs.json"), "w") as f:
        json.dump({"kind": kind, "names": [o["name"] for o in sig["outputs"]],
                   "dtypes": [o["dtype"] for o in sig["outputs"]]}, f)
    # Inputs changed in place: compare every input array with the copy taken when it was loaded.
    leaves = []

    def collect(v):
        if isinstance(v, (tuple, list)):
            for x in v:
                collect(x)
        elif isinstance(v, dict):
            for x in v.values():
                collect(x)
        elif hasattr(v, "shape"):
            leaves.append(v)

    collect(args)
    modified = [name for (name, before), after in zip(arrays, leaves)
                if not np.array_equal(fw.to_numpy(after).view(np.uint8), before.view(np.uint8))]
    rec = {"label": call["label"], "status": "ok", "error": "", "inputs_modified": modified}
    rec.update(times)
    if dispatch is not None:
        rec["dispatch"] = dispatch
    return rec


def recorded(recorder, fn):
    """(fn(), what it dispatched) with a recorder (kwb_dispatch.DispatchRecorder), else (fn(), None)."""
    return recorder.call(fn) if recorder is not None else (fn(), None)


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

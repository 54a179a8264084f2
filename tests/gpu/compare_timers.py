#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""One kernel timed three ways on the same inputs: kwb bench's median (from its report), triton.testing.do_bench
and a plain torch CUDA-event loop with an L2 flush before every call — the device check's yardstick for kwb's GPU
timing (goal: within 2 %). Needs a GPU, torch and triton.

    compare_timers.py --task DIR --impl ID --case NAME --kwb-report BENCH.json [--inputs KEPT_DIR]
                      [--build-dir DIR] --out COMPARE.json

- Inputs: the first input set kwb kept (`kwb bench --keep`: a `NAME.npy` of the case's shape for every input),
  else generated from the manifest's distributions (the figures do not depend on the values; the JSON says which).
- `cuda` implementations with a host entry (`extern "C" entry(..., cudaStream_t)`) are built into a shared library
  with the flags of kwb's own runner build (from the report) and called through ctypes on torch's current stream;
  python implementations (torch, triton) are imported and called with torch tensors on the device.
- do_bench: warm-up 25 ms, 100 ms of repetitions, its own cache clearing, the median. Events: warm-up 25 ms, then
  at least 100 calls (and 0.2 s), each preceded by a write of twice the L2 size, one event pair per call, the
  median — what kwb's CUDA runner does, in python.
"""

import argparse
import ctypes
import json
import re
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np


def dims_of(task, case):
    for c in task["cases"]:
        if c["name"] == case:
            return {k: int(v) for k, v in c["dims"].items()}
    raise SystemExit(f"{case}: no such case")


def shape_of(spec, dims):
    # Shapes name dims or give integers; an expression is evaluated over the dims alone.
    return tuple(int(eval(str(d), {"__builtins__": {}}, dict(dims))) for d in spec["shape"])


def find_impl(task, impl):
    if impl == "reference":
        return task["reference"]
    for c in task["candidates"]:
        if c["id"] == impl:
            return c
    raise SystemExit(f"{impl}: no such implementation")


def load_inputs(task, dims, kept):
    """{name: numpy array} from the first complete input set kwb kept, else generated; and where they came from."""
    want = {i["name"]: shape_of(i, dims) for i in task["inputs"]}
    if kept and Path(kept).is_dir():
        folders = sorted({p.parent for p in Path(kept).rglob("*.npy")
                          if p.stem in want and "out" not in p.relative_to(kept).parts})
        for folder in folders:
            arrays = {}
            for name, shape in want.items():
                path = folder / f"{name}.npy"
                if path.is_file():
                    a = np.load(path, mmap_mode="r")
                    if a.shape == shape:
                        arrays[name] = np.array(a)
            if len(arrays) == len(want):
                return arrays, f"kwb --keep: {folder}"
    rng = np.random.default_rng(7)
    arrays = {}
    for i in task["inputs"]:
        init, shape = i.get("init", {}), want[i["name"]]
        dist = init.get("dist", "normal")
        if dist == "uniform":
            a = rng.uniform(init.get("low", 0), init.get("high", 1), shape)
        elif dist == "randint":
            a = rng.integers(init.get("low", 0), init.get("high", 10), shape)
        else:
            a = rng.normal(init.get("mean", 0), init.get("std", 1), shape)
        arrays[i["name"]] = a.astype(i["dtype"])
    return arrays, "generated here (no input set kept by kwb)"


def to_torch(torch, a, dtype):
    if dtype == "bfloat16":
        return torch.from_numpy(np.ascontiguousarray(a).view(np.int16)).view(torch.bfloat16).cuda()
    return torch.from_numpy(np.ascontiguousarray(a)).cuda()


def cuda_callable(torch, task, impl, tensors, dims, report, build_dir):
    if impl.get("launch"):
        raise SystemExit(f"{impl['id']}: a __global__ entry with a launch configuration is not supported here")
    nvcc, flags = "nvcc", ["-std=c++17", "-O2", "-lineinfo", "-arch=sm_90"]
    build = next((i.get("build") for i in report.get("implementations", []) if i.get("id") == impl["id"]), None)
    if isinstance(build, str) and "nvcc" in build:
        words = shlex.split(build)
        nvcc = words[0]
        drop = {"cuda_main.cu", "glue.cu", "-o", "runner"}
        flags = [w for w in words[1:] if w not in drop and not w.endswith((".cu", ".cpp"))]
    build_dir.mkdir(parents=True, exist_ok=True)
    source = (Path(task["_dir"]) / impl["source"]).resolve()
    lib = build_dir / "impl.so"
    cmd = [nvcc, *flags, "-Xcompiler", "-fPIC", "-shared", str(source), "-o", str(lib)]
    subprocess.run(cmd, check=True, cwd=source.parent)
    entry = getattr(ctypes.CDLL(str(lib)), impl["entry"])
    args = []
    for name in impl["args"]:
        if name in tensors:
            args.append(ctypes.c_void_p(tensors[name].data_ptr()))
        elif name in dims:
            args.append(ctypes.c_int64(dims[name]))
        else:
            raise SystemExit(f"{impl['id']}: argument {name} is neither a tensor nor a dim")
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    return lambda: entry(*args, stream), " ".join(shlex.quote(c) for c in cmd)


def python_callable(task, impl, tensors, dims):
    sys.path.insert(0, str(Path(task["_dir"]) / Path(impl["source"]).parent))
    module = __import__(Path(impl["source"]).stem)
    fn = getattr(module, impl["entry"])
    args = [tensors[a] if a in tensors else dims[a] for a in impl["args"]]
    return lambda: fn(*args), f"{impl['source']}:{impl['entry']}"


def events_median_ns(torch, fn, flush_bytes):
    flush = torch.empty(flush_bytes, dtype=torch.uint8, device="cuda")
    start, end = time.perf_counter(), time.perf_counter() + 0.025
    while time.perf_counter() < end:
        fn()
    torch.cuda.synchronize()
    pairs = []
    start = time.perf_counter()
    while len(pairs) < 100 or time.perf_counter() - start < 0.2:
        flush.zero_()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        pairs.append((a, b))
        if len(pairs) >= 5000:
            break
    torch.cuda.synchronize()
    times = [a.elapsed_time(b) * 1e6 for a, b in pairs]
    return {"median_ns": statistics.median(times), "min_ns": min(times), "samples": len(times),
            "flush_bytes": flush_bytes}


def kwb_figures(report, impl, case):
    for c in report.get("cases", []):
        if c.get("name") != case:
            continue
        entry = c.get("reference") if impl == "reference" else next(
            (x for x in c.get("candidates", []) if x.get("id") == impl), None)
        if entry:
            return {k: entry.get(k) for k in ("median_ns", "min_ns", "iqr_ns", "samples", "verdict")}
    return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--task", required=True)
    ap.add_argument("--impl", required=True)
    ap.add_argument("--case", required=True)
    ap.add_argument("--kwb-report", required=True)
    ap.add_argument("--inputs")
    ap.add_argument("--build-dir", default="compare-build")
    ap.add_argument("--out", required=True)
    opt = ap.parse_args()
    result = {"task": Path(opt.task).name, "impl": opt.impl, "case": opt.case}
    try:
        result.update(compare(opt))
    except BaseException as e:  # the device check wants the reason in the JSON, whatever it was
        result["error"] = f"{type(e).__name__}: {e}"
    Path(opt.out).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))
    return 0 if "error" not in result else 1


def compare(opt):
    import torch
    import triton
    import triton.testing

    task = json.loads((Path(opt.task) / "task.json").read_text())
    task["_dir"] = str(Path(opt.task).resolve())
    report = json.loads(Path(opt.kwb_report).read_text())
    impl = find_impl(task, opt.impl)
    dims = dims_of(task, opt.case)
    arrays, source = load_inputs(task, dims, opt.inputs)
    dtypes = {i["name"]: i["dtype"] for i in task["inputs"]}
    tensors = {n: to_torch(torch, a, dtypes[n]) for n, a in arrays.items()}
    torch_dtypes = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
                    "float64": torch.float64, "int32": torch.int32, "int64": torch.int64}
    for o in task["outputs"]:
        tensors[o["name"]] = torch.empty(shape_of(o, dims), dtype=torch_dtypes[o["dtype"]], device="cuda")
    if impl["backend"] == "cuda":
        fn, how = cuda_callable(torch, task, impl, tensors, dims, report, Path(opt.build_dir))
    else:
        fn, how = python_callable(task, impl, tensors, dims)
    fn()
    torch.cuda.synchronize()
    props = torch.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 0) or (64 << 20)
    do_bench_ms = triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median")
    events = events_median_ns(torch, fn, 2 * l2)
    kwb = kwb_figures(report, opt.impl, opt.case)
    out = {"inputs": source, "called_as": how, "device": props.name, "torch": torch.__version__,
           "triton": triton.__version__, "kwb": kwb, "do_bench": {"median_ns": do_bench_ms * 1e6},
           "events": events}
    base = kwb.get("median_ns")
    if isinstance(base, (int, float)) and base > 0:
        out["ratios"] = {"do_bench/kwb": out["do_bench"]["median_ns"] / base,
                         "events/kwb": events["median_ns"] / base}
        out["within_2_percent"] = all(abs(r - 1) <= 0.02 for r in out["ratios"].values())
    else:
        out["error"] = f"no kwb median for {opt.impl} in {opt.case} in the report"
    if re.search(r"python", impl["backend"]):
        out["note"] = ("kwb times python implementations with a host clock around the call and a synchronize "
                       "(docs/benchmarking.md), events and do_bench time the GPU only: launch overhead shows as "
                       "a ratio below 1")
    return out


if __name__ == "__main__":
    sys.exit(main())

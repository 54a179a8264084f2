#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""How long a reviewer waits on `kwb run`, `kwb compile` and `kwb bench`, phase by phase, beside the floors
measured in the same run.

    tests/bench/reviewer_wait.py BUILD_DIR [--tasks T1,T2] [--repeat N] [--json OUT]

For every task (the bundled ones and tests/bench/fixtures/relu-cpp by default) it runs, warm (runner builds
cached by a first, unmeasured run):
  - `kwb run --json`: the report's `timings` (input generation; per implementation its runner build, start-up to
    the first call, the calls as the runner timed them, the harness's work around them; judging) and the wall time;
  - `kwb compile --json` and `kwb bench --json --budget 1` (wall time; bench: each implementation's process time);
and beside them two floors, measured in the same run:
  - the calls themselves: the sum of the implementations' call times from the run report;
  - for python implementations, a bare python process (the runner's python) that imports the framework, loads the
    candidate and makes the same declared calls (trials x 2) on the same inputs, doing nothing else.
Prints a table per task and the ratio of kwb's time to the floors. Figures depend on the machine and its load: run
it on a quiet machine and read the load average it prints first.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))

BARE = r'''
import importlib.util, json, os, sys, time
t0 = time.perf_counter()
task_dir, source, entry_name, framework, args_json, calls_json = sys.argv[1:7]
import numpy as np
if framework in ("torch", "triton"):
    if framework == "triton" and not os.path.exists("/dev/nvidiactl"):
        os.environ["TRITON_INTERPRET"] = "1"
    import torch
    if framework == "triton":
        import triton  # noqa: F401
elif framework == "jax":
    import jax  # noqa: F401
t_import = time.perf_counter()
spec = importlib.util.spec_from_file_location("bare_candidate", os.path.join(task_dir, source))
mod = importlib.util.module_from_spec(spec)
sys.path.insert(0, task_dir)
spec.loader.exec_module(mod)
entry = getattr(mod, entry_name)
args = json.loads(args_json)
calls = json.loads(calls_json)
for indir, dims in calls:
    vals = []
    for a in args:
        if a["kind"] == "input":
            x = np.load(os.path.join(indir, a["name"] + ".npy"))
            if framework in ("torch", "triton"):
                x = torch.from_numpy(x)
            elif framework == "jax":
                x = jax.numpy.asarray(x)
            vals.append(x)
        elif a["kind"] == "dim":
            vals.append(dims[a["name"]])
        else:
            vals.append(a.get("value"))
    r = entry(*vals)
    if framework == "jax":
        jax.block_until_ready(r)
t_end = time.perf_counter()
print(json.dumps({"import_s": t_import - t0, "calls_s": t_end - t_import, "total_s": t_end - t0}))
'''


def run(cmd, timeout=900):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return time.perf_counter() - t0, p


def runner_python():
    venv = os.environ.get("KWB_PYTHON") or os.path.expanduser("~/.local/share/kernel-workbench/venv/bin/python")
    return venv if os.path.exists(venv) else sys.executable


def bare_floor(task_dir, kept, report):
    """A bare python process making the candidate's declared calls on the run's own inputs."""
    task = json.load(open(os.path.join(task_dir, "task.json")))
    cand = next((c for c in task.get("candidates", []) if c.get("backend") == "python"), None)
    if not cand or task["reference"].get("convention") or cand.get("convention"):
        return None
    declared = {c["name"]: c["dims"] for c in task["cases"]}
    inputs = {i["name"] for i in task["inputs"]}
    outputs = {o["name"] for o in task["outputs"]}
    args = []
    for a in cand["args"]:
        kind = "input" if a in inputs else "output" if a in outputs else "dim" if a in task.get("dims", {}) else "scalar"
        args.append({"name": a, "kind": kind})
    calls = []
    for case, dims in declared.items():
        for trial in sorted(glob.glob(os.path.join(kept, "inputs", case, "t*"))):
            calls += [[trial, dims]] * 2  # a candidate is called twice per trial
    if not calls:
        return None
    t, p = run([runner_python(), "-c", BARE, task_dir, cand["source"], cand["entry"], cand.get("framework", "numpy"),
                json.dumps(args), json.dumps(calls)])
    if p.returncode != 0:
        return {"error": p.stderr.strip().splitlines()[-1:] or ["failed"]}
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["wall_s"] = t
    out["calls"] = len(calls)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build")
    ap.add_argument("--tasks", help="comma-separated task folders (default: every bundled task and relu-cpp)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", help="write the figures here")
    a = ap.parse_args()
    kwb = os.path.join(a.build, "app", "kwb")
    if not os.access(kwb, os.X_OK):
        sys.exit(f"{kwb}: not built")
    tasks = a.tasks.split(",") if a.tasks else sorted(
        glob.glob(os.path.join(SOURCE, "resources", "tasks", "*", "task.json")))
    tasks = [os.path.dirname(t) if t.endswith("task.json") else t for t in tasks]
    if not a.tasks:
        tasks.append(os.path.join(HERE, "fixtures", "relu-cpp"))
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    results = []
    for task in tasks:
        name = os.path.basename(task)
        run([kwb, "run", task, "--seed", "1", "--json"])  # builds the runners: not measured
        walls, timings = [], []
        with tempfile.TemporaryDirectory() as keep:
            for k in range(a.repeat):
                wall, p = run([kwb, "run", task, "--seed", str(2 + k), "--json", "--keep", keep])
                try:
                    report = json.loads(p.stdout)
                except json.JSONDecodeError:
                    print(f"{name}: kwb run gave no report ({p.stderr.strip()[-200:]})")
                    break
                walls.append(wall)
                timings.append(report.get("timings", {}))
            if not walls:
                continue
            floor = bare_floor(task, keep, report)
        t = timings[-1]
        impls = t.get("implementations", [])
        calls_floor = sum(i.get("calls_s", 0) for i in impls)
        compile_wall, _ = run([kwb, "compile", task, "--json"])
        bench_wall, bp = run([kwb, "bench", task, "--json", "--budget", "1", "--seed", "1"])
        row = {"task": name, "run_wall_s": statistics.median(walls), "timings": t, "calls_floor_s": calls_floor,
               "bare_python": floor, "compile_wall_s": compile_wall, "bench_wall_s": bench_wall}
        results.append(row)
        print(f"\n{name}")
        print(f"  kwb run        {row['run_wall_s']:7.2f} s   (inputs {t.get('inputs_s', 0):.2f}, judging "
              f"{t.get('judging_s', 0):.2f})")
        for i in impls:
            print(f"    {i['role']:<9} {i['id']:<14} wall {i['wall_s']:6.2f}  start-up {i['startup_s']:5.2f}  calls "
                  f"{i['calls_s']:6.2f}  harness {i['harness_s']:5.2f}  build {i['build_s']:4.2f}  processes "
                  f"{i['processes']}")
        print(f"  floor: the calls themselves {calls_floor:7.2f} s  (kwb run / calls: "
              f"{row['run_wall_s'] / calls_floor if calls_floor else float('nan'):.1f}x)")
        if floor and "total_s" in floor:
            goal = 1.25 * floor["total_s"] + 1
            print(f"  floor: bare python, {floor['calls']} declared calls: {floor['total_s']:6.2f} s (import "
                  f"{floor['import_s']:.2f}, calls {floor['calls_s']:.2f}); kwb run / bare: "
                  f"{row['run_wall_s'] / floor['total_s']:.2f}x; goal 1.25x + 1 s = {goal:.2f} s: "
                  f"{'met' if row['run_wall_s'] <= goal else 'not met'}")
        elif floor:
            print(f"  floor: bare python failed: {floor.get('error')}")
        print(f"  kwb compile    {compile_wall:7.2f} s")
        print(f"  kwb bench      {bench_wall:7.2f} s   (--budget 1)")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()

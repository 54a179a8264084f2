#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cost and false errors of kwb run's generated cases (held-out sizes, stress patterns), run by hand:

    tests/bench/run_generated_cost.py KWB [TASK_DIR...]

For each task (default: every bundled task in resources/tasks) it copies the bundle, adds the reference itself
as a candidate ("ref-as-candidate": whatever it gets is a false finding), and runs `kwb run --json` twice with
the same seed: with generated cases off (--heldout 0 --no-stress, the floor) and with the defaults. It prints
the wall time of both side by side and the error findings of every candidate that are new with generated cases
on, so a false error shows up as a new error of an honest candidate or any error of ref-as-candidate.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(kwb, task, extra):
    t0 = time.monotonic()
    p = subprocess.run([kwb, "run", task, "--json", "--seed", "20261201", "--trials", "3", *extra],
                       capture_output=True, text=True)
    dt = time.monotonic() - t0
    try:
        report = json.loads(p.stdout)
    except json.JSONDecodeError:
        return dt, None, p.stderr.strip().splitlines()[-1:] or ["no report"]
    return dt, report, []


def errors(report):
    out = set()
    for f in report.get("findings", []):
        if f.get("severity") == "error" and f.get("impl"):
            out.add((f["impl"], f["id"], f.get("case", "")))
    return out


def with_reference_as_candidate(task, tmp):
    dst = os.path.join(tmp, os.path.basename(task.rstrip("/")))
    shutil.copytree(task, dst)
    path = os.path.join(dst, "task.json")
    with open(path) as f:
        manifest = json.load(f)
    # CUDA candidates need a GPU; here they would only be built by nvcc and fail the same way twice.
    if not os.path.exists("/dev/nvidiactl"):
        manifest["candidates"] = [c for c in manifest.get("candidates", []) if c.get("backend") != "cuda"]
    ref = dict(manifest["reference"])
    ref["id"] = "ref-as-candidate"
    manifest.setdefault("candidates", []).append(ref)
    with open(path, "w") as f:
        json.dump(manifest, f, indent=1)
    return dst


def main():
    kwb = sys.argv[1]
    tasks = sys.argv[2:] or sorted(os.path.join(ROOT, "resources/tasks", d)
                                   for d in os.listdir(os.path.join(ROOT, "resources/tasks"))
                                   if os.path.isfile(os.path.join(ROOT, "resources/tasks", d, "task.json")))
    total_off = total_on = 0.0
    new_errors = 0
    print(f"{'task':36} {'off s':>7} {'on s':>7} {'ratio':>6} {'generated':>9}  new errors with generated cases")
    with tempfile.TemporaryDirectory() as tmp:
        for task in tasks:
            bundle = with_reference_as_candidate(task, tmp)
            off_t, off, off_err = run(kwb, bundle, ["--heldout", "0", "--no-stress"])
            on_t, on, on_err = run(kwb, bundle, [])
            if off is None or on is None:
                print(f"{os.path.basename(task):36} not run: {(off_err or on_err)[0]}")
                continue
            total_off += off_t
            total_on += on_t
            new = sorted(errors(on) - errors(off))
            counted = sum(1 for c in on.get("generated", {}).get("cases", []) if c.get("counts"))
            made = len(on.get("generated", {}).get("cases", []))
            new_errors += len(new)
            print(f"{os.path.basename(task):36} {off_t:7.1f} {on_t:7.1f} {on_t / off_t:6.2f} {counted:>4}/{made:<4}  "
                  + (", ".join(f"{i}:{f}[{c}]" for i, f, c in new) or "none"))
    if total_off > 0:
        print(f"{'total':36} {total_off:7.1f} {total_on:7.1f} {total_on / total_off:6.2f}  new errors: {new_errors}")


if __name__ == "__main__":
    main()

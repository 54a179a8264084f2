#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A/A calibration of `kwb bench` verdicts (docs/benchmarking.md, "Calibration").

Runs `kwb bench` RUNS times on each A/A task (the candidate is a byte-identical copy of the reference: every
FAST or SLOW verdict is a false one), quiet and under a background load of LOAD busy processes, and prints the
rate of false verdicts for the paired per-round rule (the verdict) and for the pooled-sample bootstrap (the
earlier rule, reported beside it in kwb.bench/1 as `pooled_bootstrap`), and how often the triangulation raised
a timing finding on honest code. For power it then runs the speed fixture (tests/benchstats/fixtures/speed:
`fast` must stay FAST, `slow` SLOW). The machine's load average is printed with every block: the figures mean
nothing without it.

    python3 tests/bench/aa_calibration/aa_calibration.py --kwb build/dev/app/kwb [--runs 40] [--budget 0.4]

A benchmark, not a test: it prints figures and exits 0 unless kwb itself fails.
"""
import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TIMING = ("bench.timer-tampered", "bench.untimed-work", "bench.skipped-work")


def spin():
    while True:
        pass


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def bench(kwb, task, args, seed):
    cmd = [kwb, "bench", task, "--json", "--seed", str(seed)] + args
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(f"kwb bench failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr[-2000:]}\n")
        return None
    return doc


def verdicts(doc):
    """{candidate id: (verdict, pooled verdict, timing findings, rounds)} of the first case."""
    out = {}
    case = doc["cases"][0]
    for c in case["candidates"]:
        timing = sorted({f["id"] for f in doc["findings"] if f.get("impl") in (c["id"], doc["implementations"][0]["id"])
                         and f["id"] in TIMING})
        out[c["id"]] = (c.get("verdict"), (c.get("pooled_bootstrap") or {}).get("verdict"), timing,
                        (c.get("speedup") or {}).get("rounds"))
    return out


def aa_block(kwb, task, runs, args, label):
    counts = {"paired": {}, "pooled": {}}
    timing_hits, rounds, failed = 0, [], 0
    t0 = time.time()
    la0 = load_average()
    for i in range(runs):
        doc = bench(kwb, task, args, 1000 + i)
        if doc is None:
            failed += 1
            continue
        v, pooled, timing, r = verdicts(doc)["copy"]
        counts["paired"][v] = counts["paired"].get(v, 0) + 1
        counts["pooled"][pooled] = counts["pooled"].get(pooled, 0) + 1
        timing_hits += bool(timing)
        rounds.append(r or 0)
    n = runs - failed

    def rate(c):
        false = c.get("FAST", 0) + c.get("SLOW", 0)
        return f"{false}/{n} = {100.0 * false / max(n, 1):.1f} % false ({', '.join(f'{k} {v}' for k, v in sorted(c.items(), key=str))})"

    print(f"{label}: {n} runs in {time.time() - t0:.0f} s, load average {la0} -> {load_average()}, "
          f"rounds {min(rounds, default=0)}-{max(rounds, default=0)}")
    print(f"    paired per-round rule : {rate(counts['paired'])}")
    print(f"    pooled bootstrap (old): {rate(counts['pooled'])}")
    print(f"    timing findings on honest code: {timing_hits}/{n}")
    sys.stdout.flush()
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kwb", default=os.path.join(ROOT, "build", "dev", "app", "kwb"))
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--budget", default="0.4", help="kwb bench --budget (seconds per implementation and case)")
    ap.add_argument("--rounds", default="4")
    ap.add_argument("--max-rounds", default="0", help="kwb bench --max-rounds (0: its default, twice --rounds)")
    ap.add_argument("--flush-mib", default="8", help="kwb bench --flush-mib (the default, 2x LLC, is slow here)")
    ap.add_argument("--load", type=int, default=2, help="busy processes for the loaded blocks")
    ap.add_argument("--power-runs", type=int, default=5)
    ap.add_argument("--only", choices=("cpp", "python"), help="one A/A task only")
    ap.add_argument("--no-power", action="store_true", help="skip the speed fixture")
    ap.add_argument("--loaded-only", action="store_true", help="skip the quiet blocks")
    ns = ap.parse_args()
    common = ["--budget", ns.budget, "--rounds", ns.rounds, "--warmup", "5", "--flush-mib", ns.flush_mib]
    if ns.max_rounds != "0":
        common += ["--max-rounds", ns.max_rounds]
    print(f"kwb: {ns.kwb}; host {os.uname().nodename}, {os.cpu_count()} CPUs; kwb bench {' '.join(common)}; "
          f"load average now {load_average()}")
    tasks = [("cpp", os.path.join(HERE, "cpp")), ("python", os.path.join(HERE, "python"))]
    for name, task in tasks:
        if ns.only and name != ns.only:
            continue
        if not ns.loaded_only:
            aa_block(ns.kwb, task, ns.runs, common, f"A/A {name}, quiet")
        spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(ns.load)]
        for s in spinners:
            s.start()
        try:
            aa_block(ns.kwb, task, ns.runs, common, f"A/A {name}, {ns.load} busy processes")
        finally:
            for s in spinners:
                s.terminate()
                s.join()
    if ns.no_power:
        return 0
    speed = os.path.join(ROOT, "tests", "benchstats", "fixtures", "speed")
    tally = {}
    for i in range(ns.power_runs):
        doc = bench(ns.kwb, speed, common, 2000 + i)
        if doc is None:
            continue
        for cid, (v, pooled, timing, r) in verdicts(doc).items():
            tally.setdefault(cid, []).append(f"{v}{'+' + ','.join(timing) if timing else ''}")
    print(f"power (speed fixture, {ns.power_runs} runs, load average {load_average()}):")
    for cid, vs in tally.items():
        print(f"    {cid}: {' '.join(vs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

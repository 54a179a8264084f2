#!/usr/bin/python3 -s
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the runner's record of a call's dispatch costs the call (resources/harness/kwb_dispatch.py), per kernel
launch and per framework op, beside the floor measured in the same run: the same launch or op with no record.

The record is on in every call of a kernel task's python implementations — correctness runs and benchmarks alike
(docs/running.md, "Whose work is it?") — so what it adds to a launch is added to every timed call of them. The
launch is a python function taking three tensors and two ints (what a Triton launch hands the hook); the op is
torch.add on 64 floats under the recording dispatch mode.

Usage: python3 tests/bench/dispatch_record_cost.py [--calls N] [--harness DIR]
(--harness: another copy of resources/harness, e.g. an earlier commit's, for a before/after comparison.)"""
import argparse
import os
import statistics
import sys
import time


def per_call_us(fn, calls, repeats=7):
    """The median over `repeats` runs of `calls` calls, in microseconds per call."""
    runs = []
    for _ in range(repeats):
        t0 = time.perf_counter_ns()
        for _ in range(calls):
            fn()
        runs.append((time.perf_counter_ns() - t0) / calls / 1e3)
    return statistics.median(runs)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--harness", default=os.path.join(here, "..", "..", "resources", "harness"))
    args = parser.parse_args()
    sys.path.insert(0, os.path.abspath(args.harness))
    import torch
    import kwb_dispatch

    recorder = kwb_dispatch.DispatchRecorder("triton")
    recorder.install()
    a, b, c = (torch.randn(64) for _ in range(3))

    def launch(x, y, z, n, block):
        return None

    counted = recorder.counted("triton:bench", launch)
    recorder.active = True
    if hasattr(recorder, "note_made"):
        for t in (a, b, c):
            recorder.note_made(t)
    bare_launch = per_call_us(lambda: launch(a, b, c, 64, 64), args.calls)
    recorded_launch = per_call_us(lambda: counted(a, b, c, 64, 64), args.calls)
    recorder.active = False
    bare_op = per_call_us(lambda: torch.add(a, b), args.calls)
    mode = recorder.mode()
    with mode:
        recorder.active = True
        recorded_op = per_call_us(lambda: torch.add(a, b), args.calls)
        recorder.active = False
    print(f"harness: {os.path.abspath(args.harness)}; torch {torch.__version__}; {args.calls} calls x 7, median")
    print(f"{'':28}{'recorded':>12}{'floor (no record)':>20}{'record adds':>14}")
    print(f"{'kernel launch (3 tensors)':28}{recorded_launch:>10.2f}us{bare_launch:>18.2f}us"
          f"{recorded_launch - bare_launch:>12.2f}us")
    print(f"{'framework op (torch.add)':28}{recorded_op:>10.2f}us{bare_op:>18.2f}us{recorded_op - bare_op:>12.2f}us")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns what a device check brought back into fixtures: tests/gpu/recorded/<gpu>/ (tests/gpu/README.md).

    record.py OUT [--dest tests/gpu/recorded] [--name h200]

Reads OUT/summary.json and OUT/raw*.tar.gz and writes, under DEST/NAME (NAME: from the GPU's name by default):

  RECORDED.md                   where and when: host, GPU, driver, toolkit, kwb, the steps and their statuses
  summary.json                  the device check's summary, as it came back
  nvidia-smi-q.txt              nvidia-smi -q
  reports/STEP.json             every kwb document (kwb.report/1, kwb.bench/1, kwb.profile/1, kwb.compile/1, …)
  ncu/STEP--RUN--FILE           ncu's raw output of each profiled run (the ncu parser's input)
  sanitizer/STEP--RUN--FILE     compute-sanitizer's logs (the sanitizer parser's input)
  runner/STEP--RUN--FILE        the runners' own result.json / bench.json from a GPU (the engine's input)
  compare/STEP.json             kwb bench vs do_bench vs CUDA events

Nothing is overwritten without --force; names keep letters, digits and . _ - only.
"""

import argparse
import json
import re
import sys
import tarfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def slug(text):
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-").lower() or "unknown"


def destination(parts):
    """Where one raw member goes (relative to the record folder), or None."""
    step, rest = parts[0], parts[1:]
    name = rest[-1]
    if step == "gpu.nvidia-smi" and name == "nvidia-smi-q.out.txt":
        return Path("nvidia-smi-q.txt")
    if len(rest) == 1 and name == "report.json":
        return Path("reports") / f"{step}.json"
    if len(rest) == 1 and name == "compare.json":
        return Path("compare") / f"{step}.json"
    if rest[0] == "kept" and len(rest) >= 2:
        run = "--".join(slug(p) for p in rest[1:-1]) or "-"
        flat = f"{step}--{run}--{slug(name)}"
        if name.startswith("ncu") or name.endswith(".csv"):
            return Path("ncu") / flat
        if name.startswith("sanitizer"):
            return Path("sanitizer") / flat
        if name in ("result.json", "bench.json", "build.log"):
            return Path("runner") / flat
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--dest", default=str(HERE / "recorded"))
    ap.add_argument("--name")
    ap.add_argument("--force", action="store_true")
    opt = ap.parse_args()
    out = Path(opt.out)
    summary = json.loads((out / "summary.json").read_text())
    gpu = summary.get("gpu", {})
    name = opt.name or (slug(gpu["name"].replace("NVIDIA", "")) if gpu.get("name") else "no-gpu")
    dest = Path(opt.dest) / name
    if dest.exists() and not opt.force:
        sys.exit(f"{dest} exists (--force to replace what it holds)")
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for part in sorted(out.glob("raw*.tar.gz")):
        with tarfile.open(part) as tar:
            for m in tar.getmembers():
                parts = Path(m.name).parts[1:]  # below raw/
                if not m.isfile() or len(parts) < 2:
                    continue
                rel = destination(parts)
                if rel is None:
                    continue
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(tar.extractfile(m).read())
                written.append(str(rel))
    (dest / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    host, kwb = summary.get("host", {}), summary.get("kwb", {})
    nvcc = ((host.get("tools") or {}).get("nvcc") or {}).get("version", "?")
    lines = [f"# Recorded on {gpu.get('name', 'no GPU')} — {summary.get('started')}", "",
             f"- host: {host.get('os', '?')}, {host.get('cpus', '?')} CPUs, kernel {host.get('uname', '?')}",
             f"- GPU: {gpu.get('name', '?')}, driver {gpu.get('driver', '?')}, {gpu.get('memory', '?')}",
             f"- nvcc: {nvcc}; runner python: {summary.get('python', {}).get('path')} "
             f"{summary.get('python', {}).get('modules', {})}",
             f"- kwb: {kwb.get('version', '?')} ({kwb.get('source', '?')}); sandbox: {summary.get('sandbox', '?')}",
             f"- device check: {summary.get('counts')}, {summary.get('wall_s')} s"
             + (" (dry run)" if summary.get("dry_run") else ""),
             "", "| step | status | detail |", "|---|---|---|"]
    for s in summary.get("steps", []):
        lines.append(f"| `{s['name']}` | {s['status']} | {s.get('detail', '').replace('|', '/')[:200]} |")
    lines += ["", "Files: " + ", ".join(sorted(written)), ""]
    (dest / "RECORDED.md").write_text("\n".join(lines))
    print(f"{dest}: {len(written) + 2} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The slowest tests of a suite run, from the JUnit file ctest writes in each build folder
(`ctest --output-junit junit.xml`, as tests/run-all.sh runs it) and the tests' labels (`ctest --show-only`).

    tests/slowest.py [--top N] [--write docs/slow-tests.md] build/dev build/asan ...

Prints a Markdown table (stage, test, tier, seconds, status), slowest first, and the total per stage;
with --write, also writes it to a file (docs/slow-tests.md is regenerated this way after a full
`tests/run-all.sh`). The stage is the build folder's name.
"""
import argparse
import datetime
import os
import json
import platform
import subprocess
import sys
import xml.etree.ElementTree as ET

TIERS = ("unit", "integration", "interop", "gpu", "fuzz")


def labels_of(build):
    try:
        out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"{build}: ctest --show-only failed: {e}")
    labels = {}
    for t in json.loads(out).get("tests", []):
        for p in t.get("properties", []):
            if p.get("name") == "LABELS":
                labels[t["name"]] = set(p.get("value", []))
    return labels


def read(build):
    stage = os.path.basename(os.path.abspath(build))
    path = os.path.join(build, "junit.xml")
    labels_by_test = labels_of(build)
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        sys.exit(f"{path}: cannot read the JUnit file: {e}")
    rows = []
    for case in root.iter("testcase"):
        name = case.get("name", "?")
        try:
            seconds = float(case.get("time", "0"))
        except ValueError:
            sys.exit(f"{path}: test '{name}': time '{case.get('time')}' is not a number")
        status = case.get("status", "run")
        if case.find("failure") is not None:
            status = "failed"
        elif case.find("skipped") is not None:
            status = "skipped"
        labels = labels_by_test.get(name, set())
        tier = next((t for t in TIERS if t in labels), "")
        rows.append((stage, name, tier, seconds, status))
    return rows


def table(rows, top):
    out = ["| stage | test | tier | seconds | status |", "|---|---|---|---:|---|"]
    for stage, name, tier, seconds, status in sorted(rows, key=lambda r: -r[3])[:top]:
        out.append(f"| {stage} | {name} | {tier} | {seconds:.1f} | {status} |")
    totals = {}
    for stage, _, _, seconds, _ in rows:
        totals[stage] = totals.get(stage, 0.0) + seconds
    out.append("")
    out.append("Test time per stage (summed over tests; they run in parallel): "
               + ", ".join(f"{s} {t:.0f} s" for s, t in totals.items()) + ".")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("builds", nargs="+", metavar="BUILD_DIR")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--write", metavar="FILE")
    a = ap.parse_args()
    rows = [r for b in a.builds for r in read(b)]
    text = table(rows, a.top)
    print(f"The {a.top} slowest tests:\n")
    print(text)
    if a.write:
        with open(a.write, "w", encoding="utf-8") as f:
            f.write("# The slowest tests\n\n")
            f.write(f"Written by `tests/slowest.py --write {a.write}` from one `tests/run-all.sh` "
                    f"({datetime.date.today().isoformat()}, {platform.node() or 'this host'}, "
                    f"{os.cpu_count()} cores, tests in parallel). CI prints the same table after every run.\n\n")
            f.write(text + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layers hold: every #include "…" of core/, ui/ and app/ is checked against the allowed dependencies.

- app may include ui and core; ui may include core (never app); core never includes ui or app.
- Inside core, each area (core/<area>/) may include only the areas ALLOWED names for it, plus the value types at
  core's top (result.h, finding.h and its catalogue findingcatalogue.h, dtype.h, tolerance.h). A new dependency
  between areas is a decision: add it here, with docs/architecture.md, or do without it.
- The table has no cycle (checked): an area never depends, directly or through others, on itself.

- Includes name their layer from the repository root ("core/run/implrun.h", "ui/run/runcontroller.h"); only a header
  of the same folder may be named alone.
Usage: check_layers.py REPO_ROOT   (exit 1 and one line per violation: file:line: include, and why)
"""
import os
import re
import sys

TOP = {"result.h", "finding.h", "findingcatalogue.h", "dtype.h", "tolerance.h", "jobcontext.h", "precompiled_core.h"}

ALLOWED = {
    "diagnose": set(),
    "exec": set(),
    "env": {"exec"},
    "hardware": set(),
    "tensor": set(),
    "diff": set(),
    "compare": {"tensor"},
    "task": {"hardware"},
    "inputs": {"task", "tensor"},
    "rubric": {"env", "task"},
    "review": {"rubric"},
    "export": {"review", "rubric", "task"},
    "importers": {"env", "exec", "hardware", "review", "task"},
    "run": {"compare", "diagnose", "env", "exec", "executors", "inputs", "task", "tensor"},
    "compile": {"env", "exec", "executors", "run", "task"},
    "executors": {"env", "exec"},
    "batch": {"exec", "executors", "task"},
    "bench": {"compare", "diagnose", "env", "exec", "executors", "hardware", "inputs", "run", "task", "tensor"},
    "profile": {"compile", "env", "exec", "executors", "run", "task"},
    "check": {"bench", "compile", "env", "exec", "executors", "profile", "run", "task"},
    "audit": {"bench", "compile", "review", "rubric", "run", "task"},
    "cli": {"audit", "batch", "bench", "check", "compare", "compile", "diagnose", "env", "exec", "executors", "export",
            "importers", "profile", "review", "rubric", "run", "task", "tensor"},
}


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    core_areas = {d for d in os.listdir(os.path.join(root, "core")) if os.path.isdir(os.path.join(root, "core", d))}
    problems = []
    unknown = core_areas - set(ALLOWED)
    for area in sorted(unknown):
        problems.append(f"core/{area}/: an area the dependency table does not know (add it to ALLOWED)")
    for area in sorted(ALLOWED):
        seen, stack = set(), list(ALLOWED[area])
        while stack:
            a = stack.pop()
            if a == area:
                problems.append(f"the dependency table has a cycle through core/{area}")
                break
            if a not in seen:
                seen.add(a)
                stack.extend(ALLOWED.get(a, ()))
    may_include = {"core": ("core",), "ui": ("ui", "core"), "app": ("app", "ui", "core")}
    for layer in ("core", "ui", "app"):
        for dirpath, _, files in os.walk(os.path.join(root, layer)):
            parts = os.path.relpath(dirpath, root).split(os.sep)
            area = parts[1] if len(parts) > 1 else None
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, errors="replace") as f:
                    lines = f.readlines()
                for number, line in enumerate(lines, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    where = f"{os.path.relpath(path, root)}:{number}: \"{inc}\""
                    if "/" not in inc and os.path.exists(os.path.join(dirpath, inc)):
                        continue  # a sibling in the same folder
                    head = inc.split("/")
                    if head[0] not in ("core", "ui", "app"):
                        problems.append(f"{where}: name the layer from the repository root (core/…, ui/…)")
                        continue
                    if not os.path.isfile(os.path.join(root, inc)):
                        problems.append(f"{where}: no such file in the repository")
                        continue
                    if head[0] not in may_include[layer]:
                        problems.append(f"{where}: {layer} may not include {head[0]} (app → ui → core)")
                        continue
                    if layer != "core" or head[0] != "core":
                        continue
                    target = head[1] if len(head) > 2 else None  # None: a value type at core's top
                    if target is None:
                        if head[1] not in TOP:
                            problems.append(f"{where}: not one of core's shared value types")
                    elif area and target != area and target not in ALLOWED.get(area, set()):
                        problems.append(f"{where}: core/{area} may not depend on core/{target}")
    for p in problems:
        print(p)
    print(f"{len(problems)} violation(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

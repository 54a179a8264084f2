#!/usr/bin/env python3
"""The layers hold: every #include "…" of core/, ui/ and app/ is checked against the allowed dependencies.

- app may include ui and core; ui may include core (never app); core never includes ui or app.
- Inside core, each area (core/<area>/) may include only the areas ALLOWED names for it, plus the value types at
  core's top (result.h, finding.h, dtype.h, tolerance.h). A new dependency between areas is a decision: add it
  here, with docs/architecture.md, or do without it.
- KNOWN_CYCLE lists the edges of the run / compile / executors loop that issue #24 is to remove; they are
  allowed for now and printed, so the list can only shrink.

Usage: check_layers.py REPO_ROOT   (exit 1 and one line per violation: file:line: include, and why)
"""
import os
import re
import sys

TOP = {"result.h", "finding.h", "dtype.h", "tolerance.h", "precompiled_core.h"}

ALLOWED = {
    "diagnose": set(),
    "exec": set(),
    "env": set(),
    "hardware": set(),
    "tensor": set(),
    "diff": set(),
    "compare": {"tensor"},
    "task": {"hardware"},
    "inputs": {"task", "tensor"},
    "rubric": {"env", "task"},
    "review": {"rubric"},
    "export": {"review", "rubric", "task"},
    "importers": {"env", "hardware", "review", "task"},
    "run": {"compare", "diagnose", "env", "exec", "inputs", "task", "tensor"},
    "compile": {"env", "exec", "task"},
    "executors": {"env", "exec"},
    "batch": {"executors", "task"},
    "bench": {"diagnose", "env", "exec", "executors", "hardware", "inputs", "run", "task"},
    "profile": {"compile", "env", "exec", "executors", "run", "task"},
    "check": {"bench", "compile", "env", "exec", "profile", "run", "task"},
    "audit": {"bench", "compile", "review", "rubric", "run", "task"},
    "cli": {"audit", "batch", "bench", "check", "compare", "compile", "diagnose", "env", "executors", "export",
            "importers", "profile", "review", "rubric", "run", "task", "tensor"},
}

KNOWN_CYCLE = {("run", "executors"), ("executors", "run"), ("compile", "executors"), ("executors", "compile"),
               ("compile", "run")}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    core_areas = {d for d in os.listdir(os.path.join(root, "core")) if os.path.isdir(os.path.join(root, "core", d))}
    ui_areas = {d for d in os.listdir(os.path.join(root, "ui")) if os.path.isdir(os.path.join(root, "ui", d))}
    problems, cycle_seen = [], set()
    unknown = core_areas - set(ALLOWED)
    for area in sorted(unknown):
        problems.append(f"core/{area}/: an area the dependency table does not know (add it to ALLOWED)")
    for layer in ("core", "ui", "app"):
        for dirpath, _, files in os.walk(os.path.join(root, layer)):
            rel_dir = os.path.relpath(dirpath, root)
            parts = rel_dir.split(os.sep)
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
                    if os.path.exists(os.path.join(dirpath, inc)) and "/" not in inc:
                        continue  # a sibling in the same folder
                    head = inc.split("/")[0] if "/" in inc else None
                    if layer == "core":
                        if head in ui_areas - core_areas or inc.startswith(("ui/", "app/")):
                            problems.append(f"{where}: core includes the GUI")
                        elif head is None:
                            if inc not in TOP:
                                problems.append(f"{where}: not a core value type nor a header of this folder")
                        elif head in core_areas and area and head != area:
                            if head not in ALLOWED.get(area, set()):
                                if (area, head) in KNOWN_CYCLE:
                                    cycle_seen.add((area, head))
                                else:
                                    problems.append(f"{where}: core/{area} may not depend on core/{head}")
                    elif layer == "ui":
                        if inc.startswith("app/") or (head and not (head in ui_areas or head in core_areas)):
                            problems.append(f"{where}: ui may include ui and core only")
                    elif layer == "app":
                        if head and not (head in ui_areas or head in core_areas):
                            problems.append(f"{where}: app may include ui and core only")
    for edge in sorted(KNOWN_CYCLE - cycle_seen):
        print(f"note: the known cycle edge core/{edge[0]} -> core/{edge[1]} is gone: remove it from KNOWN_CYCLE")
    for edge in sorted(cycle_seen):
        print(f"known cycle (issue #24): core/{edge[0]} -> core/{edge[1]}")
    for p in problems:
        print(p)
    print(f"{len(problems)} violation(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

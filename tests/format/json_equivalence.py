#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Same documents before and after a refactor: `kwb … --json` on every bundled task.

  json_equivalence.py capture KWB OUT_DIR     run every command on every bundled task, normalised, into OUT_DIR
  json_equivalence.py compare DIR_A DIR_B     diff two captures; exit 1 when any document differs

Normalised away (they change from run to run, not with the code): timings and anything measured by a clock
(every number of the bench, profile and check documents, and keys naming a time in the others), timestamps,
host load, work-folder paths, speed verdicts (FAST/SLOW/SAME/AMBIGUOUS follow the machine's load) and the
findings of the samples' statistics (bench.noisy, bench.too-short, …: CLOCK_FINDINGS), and whether a runner came
from the cache (STATE_KEYS). Everything else — every finding, status, verdict of correctness, exit code,
document shape — must be identical.

Usage, for a refactor:  build the old tree, `capture build/dev/app/kwb /tmp/before`; build the new one,
`capture … /tmp/after`; `compare /tmp/before /tmp/after`.
"""
import difflib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TASKS = ROOT / "resources" / "tasks"

# (name, arguments after the task folder), each printing one JSON document.
COMMANDS = [
    ("lint", ["lint", "--json"]),
    ("run", ["run", "--json", "--seed", "7"]),
    ("compile", ["compile", "--json"]),
    ("bench", ["bench", "--json", "--seed", "7", "--budget", "0.1", "--rounds", "2", "--max-rounds", "2", "--warmup", "5"]),
    ("profile", ["profile", "--json", "--seed", "7"]),
    ("check", ["check", "--json", "--seed", "7", "--budget", "0.1", "--rounds", "2", "--warmup", "5", "--trials", "1"]),
]
CLOCK_DOCS = {"bench", "profile", "check"}
TIME_KEY = re.compile(r"(^|_)(ns|us|ms|s|sec|seconds|secs|time|times|wall|elapsed|duration|timestamp|started|finished|"
                      r"created|updated|at|date|load|loadavg|when|took|cpu|user|sys|rss|kib|mib_used|pid)($|_)",
                      re.IGNORECASE)
SPEED_VERDICTS = {"FAST", "SLOW", "SAME", "AMBIGUOUS"}
# Findings that follow the machine's load, not the code: the statistics of the samples and the clocks' agreement.
CLOCK_FINDINGS = {"bench.noisy", "bench.too-short", "bench.warmup-transient", "bench.not-significant",
                  "bench.throttled", "bench.below-floor", "bench.untimed-work"}
TMP_PATH = re.compile(r"/tmp/[^\s\"',)]*")
NUMBER_IN_TEXT = re.compile(r"\d+(\.\d+)?(e[-+]?\d+)?")


# Keys that say what this machine held before the command ran (a runner found in the cache), not what the code did.
STATE_KEYS = {"cached"}


def normalise(value, clock_doc, key=""):
    if key in STATE_KEYS:
        return "<machine state>"
    if isinstance(value, dict):
        reasons = set(str(value.get("invalid_reason", "")).replace(" ", "").split(",")) - {""}
        if clock_doc and reasons and reasons <= CLOCK_FINDINGS:  # INVALID for a statistics finding only
            value = {k: v for k, v in value.items() if k != "invalid_reason"}
            value["verdict"] = "<speed verdict>"
        return {k: normalise(v, clock_doc, k) for k, v in sorted(value.items())}
    if isinstance(value, list):
        kept = [v for v in value if not (clock_doc and isinstance(v, dict) and v.get("id") in CLOCK_FINDINGS)]
        return [normalise(v, clock_doc, key) for v in kept]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        if clock_doc or TIME_KEY.search(key):
            return "<number>"
        return value
    if isinstance(value, str):
        if value in SPEED_VERDICTS:
            return "<speed verdict>"
        text = TMP_PATH.sub("<tmp>", value).replace(str(ROOT), "<repo>")
        if clock_doc or TIME_KEY.search(key):
            text = NUMBER_IN_TEXT.sub("<n>", text)
        return text
    return value


def capture(kwb, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, KWB_NO_COLOR="1")
    for task in sorted(p for p in TASKS.iterdir() if (p / "task.json").is_file()):
        for name, args in COMMANDS:
            target = out / f"{task.name}.{name}.json"
            if target.exists():  # resumes an interrupted capture
                continue
            argv = [kwb, args[0], str(task)] + args[1:]
            proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=900)
            try:
                doc = json.loads(proc.stdout) if proc.stdout.strip() else None
            except json.JSONDecodeError as e:
                doc = {"not json": str(e), "stdout head": proc.stdout[:400]}
            record = {"exit": proc.returncode, "document": normalise(doc, name in CLOCK_DOCS)}
            target.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
            print(f"{task.name:34} {name:8} exit {proc.returncode}", flush=True)


def compare(dir_a, dir_b):
    a, b = Path(dir_a), Path(dir_b)
    names = sorted({p.name for p in a.glob("*.json")} | {p.name for p in b.glob("*.json")})
    differing = 0
    for name in names:
        pa, pb = a / name, b / name
        if not pa.exists() or not pb.exists():
            print(f"only in {'after' if not pa.exists() else 'before'}: {name}")
            differing += 1
            continue
        # Normalised again: a capture taken before a rule was added reads as if taken with it.
        clock_doc = name.rsplit(".", 2)[-2] in CLOCK_DOCS
        ta, tb = (json.dumps(normalise(json.loads(p.read_text()), clock_doc), indent=1, sort_keys=True)
                  for p in (pa, pb))
        if ta != tb:
            differing += 1
            print(f"differs: {name}")
            for line in difflib.unified_diff(ta.splitlines(), tb.splitlines(), "before/" + name, "after/" + name,
                                             lineterm="", n=2):
                print(line)
    print(f"{len(names)} documents compared, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "capture":
        capture(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        print(__doc__)
        sys.exit(2)

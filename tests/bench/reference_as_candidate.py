#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""False errors of the correctness checks on honest code: every task given is copied with its own reference added
as one more candidate (`refcopy`), run with `kwb run` at its defaults (held-out sizes and stress inputs included),
and every error the copy gets is printed. The reference is right by definition, so each error is a false one —
except `scope.no-kernel`/`scope.forbidden-op` on a task that asks for a kernel (the reference is framework code)
and environment outcomes (`env.*`: not run here), which are counted apart.

    tests/bench/reference_as_candidate.py build/dev/app/kwb resources/tasks/*/
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

EXPECTED = {"scope.no-kernel", "scope.forbidden-op", "scope.reference-fallback"}


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    kwb, tasks = sys.argv[1], sys.argv[2:]
    false_errors = ran = 0
    print(f"{'task':40} {'exit':>4} {'secs':>5}  errors on refcopy (false unless marked)")
    for task in tasks:
        with tempfile.TemporaryDirectory() as tmp:
            dst = os.path.join(tmp, os.path.basename(task.rstrip("/")))
            shutil.copytree(task, dst)
            path = os.path.join(dst, "task.json")
            manifest = json.load(open(path))
            ref = dict(manifest["reference"])
            ref["id"] = "refcopy"
            manifest["candidates"] = manifest.get("candidates", []) + [ref]
            json.dump(manifest, open(path, "w"), indent=1)
            start = time.time()
            p = subprocess.run([kwb, "run", dst, "--trials", "1", "--seed", "5", "--json"], capture_output=True,
                               text=True)
            secs = time.time() - start
            try:
                doc = json.loads(p.stdout)
            except ValueError:
                print(f"{os.path.basename(dst):40} {p.returncode:4} {secs:5.0f}  no report: {p.stderr.strip()[-120:]}")
                continue
            status = {i["id"]: i["status"] for i in doc["implementations"]}
            errors = sorted({f["id"] for f in doc["findings"] if f.get("impl") == "refcopy" and f["severity"] == "error"})
            false = [e for e in errors if e not in EXPECTED and not e.startswith("env.")]
            if status.get("refcopy") != "not-run":
                ran += 1
                false_errors += len(false)
            shown = [e if e in false else e + " (expected)" for e in errors]
            print(f"{os.path.basename(dst):40} {p.returncode:4} {secs:5.0f}  {' '.join(shown) or '-'}"
                  f"   [refcopy {status.get('refcopy')}]")
    print(f"{false_errors} false error(s) on the reference copies of {ran} task(s) that ran here")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The clang-tidy gate: the project's .clang-tidy checks on the C++ files a change touches.

  clang_tidy_changed.py BUILD_DIR                 files changed since the base (below), committed or not
  clang_tidy_changed.py BUILD_DIR --base REV      files changed since REV
  clang_tidy_changed.py BUILD_DIR FILE…           these files

The base is KWB_TIDY_BASE when set, else the merge base with origin/main when the clone has it, else the commit
before HEAD. Only core/, ui/ and app/ sources that BUILD_DIR compiles are checked (headers through them); a file
the build does not know is skipped with a note. At most KWB_TIDY_MAX files (default 40) are checked, so that a
change touching the whole tree (a licence header) cannot take the CI's time; the rest are named, to run by hand. BUILD_DIR's compile_commands.json is used without its
precompiled-header options (the GNU PCH is not clang's). Exit 1 when clang-tidy reports anything, 0 when clean or
when nothing changed; clang-tidy missing is said, and is no failure (packaging/install-deps.sh installs it).
"""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PCH_FLAGS = {"-Winvalid-pch", "-fpch-preprocess"}


def git(*args):
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)


def base_revision(explicit):
    if explicit:
        return explicit
    if os.environ.get("KWB_TIDY_BASE"):
        return os.environ["KWB_TIDY_BASE"]
    merge = git("merge-base", "HEAD", "origin/main")
    if merge.returncode == 0 and merge.stdout.strip() and merge.stdout.strip() != git("rev-parse", "HEAD").stdout.strip():
        return merge.stdout.strip()
    return "HEAD~1"


def changed_files(base):
    out = git("diff", "--name-only", "--diff-filter=ACMR", base)
    if out.returncode != 0:
        print(f"clang-tidy gate: cannot diff against {base}: {out.stderr.strip()}")
        return []
    return [f for f in out.stdout.split() if f.endswith(".cpp") and f.split("/")[0] in {"core", "ui", "app"}]


def without_pch(command):
    args, out, skip = command.get("arguments") or shlex.split(command["command"]), [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-include":
            skip = True  # the next argument is the PCH header
            continue
        if a in PCH_FLAGS or a.endswith("cmake_pch.hxx"):
            continue
        out.append(a)
    return {"directory": command["directory"], "file": command["file"], "arguments": out}


def main():
    argv = sys.argv[1:]
    if not argv:
        print(__doc__)
        return 2
    build = Path(argv[0]).resolve()
    base = None
    if "--base" in argv:
        base = argv[argv.index("--base") + 1]
        argv = [a for i, a in enumerate(argv) if a != "--base" and (i == 0 or argv[i - 1] != "--base")]
    files = argv[1:] or changed_files(base_revision(base))
    tidy = shutil.which("clang-tidy") or shutil.which("clang-tidy-14")
    if not tidy:
        print("clang-tidy gate: skipped, clang-tidy is not installed")
        return 0
    commands = json.loads((build / "compile_commands.json").read_text())
    known = {str(Path(c["file"]).resolve()): c for c in commands}
    todo = []
    for f in files:
        full = str((ROOT / f).resolve())
        if full in known:
            todo.append((f, known[full]))
        else:
            print(f"clang-tidy gate: {f}: not compiled by {build}, skipped")
    if not todo:
        print("clang-tidy gate: no changed C++ source to check")
        return 0
    most = int(os.environ.get("KWB_TIDY_MAX", "40"))
    if len(todo) > most:
        rest = [f for f, _ in todo[most:]]
        print(f"clang-tidy gate: {len(todo)} changed files, checking the first {most}; not checked here: "
              + " ".join(rest))
        todo = todo[:most]
    with tempfile.TemporaryDirectory(prefix="kwb-tidy-") as tmp:
        Path(tmp, "compile_commands.json").write_text(json.dumps([without_pch(c) for _, c in todo]))

        def check(item):
            f, _ = item
            r = subprocess.run([tidy, "-p", tmp, "--quiet", str(ROOT / f)], capture_output=True, text=True)
            findings = [line for line in r.stdout.splitlines() if ": warning: " in line or ": error: " in line]
            return f, r.returncode, findings, r.stdout

        bad = 0
        with ThreadPoolExecutor(max_workers=2) as pool:
            for f, rc, findings, text in pool.map(check, todo):
                if rc != 0 or findings:
                    bad += 1
                    print(text.rstrip())
        print(f"clang-tidy gate: {len(todo)} changed file(s) checked, {bad} with findings")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every source file of the project carries its licence as SPDX tags (see LICENSE and README "Licence").

  check_spdx.py REPO_ROOT          exit 1 and one line per file without the two tags in its first lines
  check_spdx.py REPO_ROOT --fix    add them (after a shebang) where they are missing

Source files: C++ and CUDA (.cpp .h .inc .cu), python, shell, CMakeLists.txt and the CI script, tracked by git,
outside the data folders — task bundles (resources/tasks/) and test fixtures (*/fixtures/, tests/fuzz/regressions/)
are data, and the fixtures copied from public projects keep their own licences (noted beside them).
"""
import subprocess
import sys
from pathlib import Path

LICENSE = "GPL-3.0-or-later"
HOLDER = "2026 The Kernel Review Workbench authors"
SOURCE_SUFFIXES = {".cpp", ".h", ".inc", ".cu", ".py", ".sh"}
SOURCE_NAMES = {"CMakeLists.txt", "run"}
DATA_PARTS = ("fixtures/", "resources/tasks/", "tests/fuzz/regressions/")


def is_source(path: str) -> bool:
    p = Path(path)
    if any(part in path for part in DATA_PARTS):
        return False
    if p.name == "run" and path != ".ci/run":
        return False
    return p.suffix in SOURCE_SUFFIXES or p.name in SOURCE_NAMES or is_script(path)


def is_script(path: str) -> bool:
    """Extension-less executables with a shebang (tests/bench/diagnose_generalisation, …)."""
    p = Path(path)
    if p.suffix or not p.is_file():
        return False
    try:
        with open(p, "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def comment(path: str) -> str:
    return "//" if Path(path).suffix in {".cpp", ".h", ".inc", ".cu"} else "#"


def has_tags(text: str) -> bool:
    head = "\n".join(text.splitlines()[:5])
    return f"SPDX-License-Identifier: {LICENSE}" in head and "SPDX-FileCopyrightText:" in head


def with_tags(path: str, text: str) -> str:
    c = comment(path)
    tags = f"{c} SPDX-FileCopyrightText: {HOLDER}\n{c} SPDX-License-Identifier: {LICENSE}\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + tags + rest
    return tags + text


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])
    fix = "--fix" in sys.argv
    files = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True, check=True).stdout
    missing = []
    for rel in files.splitlines():
        full = root / rel
        if not full.is_file() or not is_source(str(full.relative_to(root))):
            continue
        text = full.read_text(encoding="utf-8")
        if has_tags(text):
            continue
        if fix:
            full.write_text(with_tags(rel, text), encoding="utf-8")
        else:
            missing.append(rel)
    for rel in missing:
        print(f"{rel}:1: no SPDX tags (SPDX-FileCopyrightText, SPDX-License-Identifier: {LICENSE}); "
              f"run tests/format/check_spdx.py . --fix")
    if not fix:
        checked = sum(1 for rel in files.splitlines() if (root / rel).is_file() and is_source(rel))
        print(f"{checked} source files checked, {len(missing)} without SPDX tags")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

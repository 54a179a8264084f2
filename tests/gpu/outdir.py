#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The results folder of the device check: the limits on what it may hold, and the raw outputs packed to fit them.

Limits (what comes back from a GPU host in one piece): at most 8 files, each at most 16 MiB, at most 2 folders
deep, names of letters, digits and . _ - only.

    outdir.py check OUT     exit 1 and one line per problem when OUT breaks a limit
"""

import io
import os
import re
import sys
import tarfile

MAX_FILES = 8
MAX_BYTES = 16 << 20
MAX_DEPTH = 2
NAME = re.compile(r"[A-Za-z0-9._-]+")

# Raw outputs: text only (never the .npy inputs and outputs of kept work folders), each file cut to PER_FILE, parts
# of at most PART_BYTES (well under MAX_BYTES), at most MAX_PARTS parts; what does not fit is listed, not packed.
RAW_SUFFIXES = (".json", ".txt", ".log", ".csv", ".md", ".xml", ".cfg")
PER_FILE = 4 << 20
PART_BYTES = 14 << 20
MAX_PARTS = 4


def check(out):
    """Problems of the folder OUT (an empty list when it keeps every limit)."""
    problems = []
    files = 0
    for root, dirs, names in os.walk(out):
        rel = os.path.relpath(root, out)
        depth = 0 if rel == "." else rel.count(os.sep) + 1
        for d in dirs:
            if depth + 1 > MAX_DEPTH:
                problems.append(f"{os.path.join(rel, d)}: more than {MAX_DEPTH} folders deep")
            if not NAME.fullmatch(d):
                problems.append(f"{os.path.join(rel, d)}: a name with characters other than letters, digits, . _ -")
        for n in names:
            path = os.path.join(root, n)
            shown = os.path.normpath(os.path.join(rel, n))
            files += 1
            if not NAME.fullmatch(n):
                problems.append(f"{shown}: a name with characters other than letters, digits, . _ -")
            if os.path.islink(path) or not os.path.isfile(path):
                problems.append(f"{shown}: not a plain file")
            elif os.path.getsize(path) > MAX_BYTES:
                problems.append(f"{shown}: {os.path.getsize(path)} bytes, above {MAX_BYTES}")
    if files > MAX_FILES:
        problems.append(f"{files} files, above {MAX_FILES}")
    return problems


def _clipped(path):
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        if size <= PER_FILE:
            return f.read()
        head = f.read(PER_FILE // 2)
        f.seek(size - PER_FILE // 4)
        tail = f.read()
    return head + f"\n[… {size - len(head) - len(tail)} bytes cut by the device check …]\n".encode() + tail


def pack_raw(raw_dir, out, base="raw"):
    """Packs the text files under raw_dir into OUT/raw.tar.gz (raw-2.tar.gz, … when one part is not enough).
    Returns (part names, files left out)."""
    paths = []
    for root, _, names in os.walk(raw_dir):
        for n in sorted(names):
            if n.endswith(RAW_SUFFIXES):
                paths.append(os.path.join(root, n))
    paths.sort(key=lambda p: (os.path.getsize(p) > PER_FILE, p))
    parts, left_out = [], []
    tar = fileobj = None
    for path in paths:
        data = _clipped(path)
        # A part is closed before a file that could take it past PART_BYTES (its size before compression bounds
        # what it adds), so no part comes near MAX_BYTES.
        if tar is not None and fileobj.tell() + len(data) > PART_BYTES:
            tar.close()
            fileobj.close()
            tar = None
        if tar is None:
            if len(parts) == MAX_PARTS:
                left_out.append(os.path.relpath(path, raw_dir))
                continue
            name = f"{base}.tar.gz" if not parts else f"{base}-{len(parts) + 1}.tar.gz"
            fileobj = open(os.path.join(out, name), "wb")
            tar = tarfile.open(fileobj=fileobj, mode="w:gz")
            parts.append(name)
        info = tarfile.TarInfo(os.path.join(base, os.path.relpath(path, raw_dir)))
        info.size = len(data)
        info.mtime = int(os.path.getmtime(path))
        tar.addfile(info, io.BytesIO(data))
    if tar is not None:
        tar.close()
        fileobj.close()
    return parts, left_out


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "check":
        sys.exit(__doc__)
    found = check(sys.argv[2])
    for p in found:
        print(f"{sys.argv[2]}: {p}")
    sys.exit(1 if found else 0)

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# ctest tst_device_check_dry (label integration): the device check rehearsed without a GPU, so it cannot rot.
#
#   tst_device_check_dry.sh KWB_PORTABLE
#
# 1. tests/gpu/pack_kwb.sh makes the bundle from the kwb_portable binary; the bundle and the tracked tree together
#    stay well inside what travels to a GPU host (48 MiB of the 64 MiB);
# 2. the rehearsal runs with the system's Qt libraries hidden (each bound over by /dev/null with bubblewrap, where
#    it works here), so the carried kwb must load its own — as on a GPU host without Qt;
# 3. tests/gpu/device-check.sh with KWB_DEVICE_CHECK_DRY=1: every GPU step "skipped (dry run)", every other step
#    passed, and OUT within the limits (tests/gpu/outdir.py) with its summary.json, summary.md, log and raw.tar.gz;
#    tests/gpu/record.py turns that OUT into a recorded folder.
set -euo pipefail

kwb=${1:?usage: tst_device_check_dry.sh KWB_PORTABLE}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
[[ -x $kwb ]] || {
    echo "FAIL: $kwb not built (cmake --build --preset dev --target kwb_portable)"
    exit 1
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tst_device_check_dry.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}

echo "== 1. the bundle"
"$here/pack_kwb.sh" "$kwb" "$tmp/carry"
bundle=$(stat -c %s "$tmp/carry/kwb-carry.tar.gz")
if git -C "$repo" rev-parse --git-dir > /dev/null 2>&1; then
    tree=$(git -C "$repo" ls-files -z | (cd "$repo" && xargs -0 stat -c %s 2> /dev/null) \
        | awk '{ s += $1 } END { print s }')
else
    tree=$(du -sb --exclude=build --exclude=.git "$repo" | cut -f1)
fi
echo "bundle $bundle bytes + tracked tree $tree bytes = $((bundle + tree)) bytes"
((bundle + tree <= 48 * 1024 * 1024)) || fail "bundle + tree above 48 MiB: too close to the 64 MiB that travels"

echo "== 2. the system's Qt hidden"
hide=()
for lib in /lib/*-linux-gnu/libQt6*.so.* /lib/*-linux-gnu/libicu*.so.* /lib/*-linux-gnu/libdouble-conversion.so.* \
    /lib/*-linux-gnu/libb2.so.* /lib/*-linux-gnu/libpcre2-16.so.*; do
    [[ -f $lib ]] && hide+=(--ro-bind /dev/null "$(readlink -f "$lib")")
done
wrap=()
if command -v bwrap > /dev/null && bwrap --dev-bind / / "${hide[@]}" true 2> /dev/null; then
    wrap=(bwrap --dev-bind / / "${hide[@]}")
    if "${wrap[@]}" "$repo/build/dev/app/kwb" --version > /dev/null 2>&1 && [[ -x $repo/build/dev/app/kwb ]]; then
        fail "the system-linked kwb still starts with Qt hidden: the hiding does not work"
    fi
    echo "$((${#hide[@]} / 3)) files of Qt, ICU and their helpers hidden"
else
    echo "bubblewrap cannot hide files here: the rehearsal uses the system's Qt where the bundle's is not found first"
fi

echo "== 3. the dry run"
start=$(date +%s)
rc=0
"${wrap[@]}" env -u KWB_BIN -u KWB_DEVICE_CHECK_ONLY -u KWB_DEVICE_CHECK_WORK OUT="$tmp/out" KWB_DEVICE_CHECK_DRY=1 \
    KWB_DEVICE_CHECK_CARRY="$tmp/carry/kwb-carry.tar.gz" "$here/device-check.sh" || rc=$?
echo "device-check.sh: exit $rc after $(($(date +%s) - start)) s"
[[ $rc == 0 ]] || fail "device-check.sh exited $rc"
python3 "$here/outdir.py" check "$tmp/out" || fail "OUT breaks a limit"
python3 - "$tmp/out" << 'EOF'
import json, sys, tarfile
from pathlib import Path
out = Path(sys.argv[1])
s = json.loads((out / "summary.json").read_text())
problems = []
if s.get("format") != "kwb.device-check/1" or s.get("dry_run") is not True:
    problems.append(f"format {s.get('format')}, dry_run {s.get('dry_run')}")
for step in s["steps"]:
    want = "skipped (dry run)" if step["device"] else "passed"
    if step["status"] != want:
        problems.append(f"{step['name']}: {step['status']} ({step.get('detail', '')}), expected {want}")
if not any(step["device"] for step in s["steps"]) or sum(not step["device"] for step in s["steps"]) < 8:
    problems.append("the plan lost its steps")
if not s.get("kwb", {}).get("source", "").startswith("the carried bundle"):
    problems.append(f"kwb came from {s.get('kwb', {}).get('source')}, not the bundle")
if "libQt6Core.so.6" not in s.get("kwb", {}).get("from_bundle", []):
    problems.append("libQt6Core.so.6 was not loaded from the bundle")
for name in ("summary.md", "device-check.log", "raw.tar.gz"):
    if not (out / name).is_file():
        problems.append(f"{name} missing")
with tarfile.open(out / "raw.tar.gz") as tar:
    names = tar.getnames()
for want in ("raw/kwb.locate/MANIFEST.txt", "raw/lint.bundled/report.json", "raw/run.cpu-smoke/report.json"):
    if want not in names:
        problems.append(f"raw.tar.gz lacks {want}")
for p in problems:
    print("FAIL:", p)
print(f"summary: {s['counts']}, {s['wall_s']} s, files {sorted(p.name for p in out.iterdir())}")
sys.exit(1 if problems else 0)
EOF
python3 "$here/record.py" "$tmp/out" --dest "$tmp/recorded" > /dev/null || fail "record.py failed on the dry run's OUT"
for f in RECORDED.md summary.json reports/lint.bundled.json reports/run.cpu-smoke.json; do
    [[ -f $tmp/recorded/no-gpu/$f ]] || fail "record.py wrote no $f"
done
echo "PASS"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the .deb from this build tree, checks its metadata and desktop files, installs it and uses the
# installed programs: kwb --version, kwb doctor, kwb check on an installed example task, and a GUI screenshot
# from the installed kernel-workbench.
# Two ways to install, and the test prints which one ran:
#   - system: `apt-get install ./kernel-workbench_*.deb` onto this machine, the programs used from /usr/bin,
#     then `apt-get remove`. Only as root and only when asked: CI set (a throw-away CI machine) or
#     KWB_TEST_SYSTEM_INSTALL=1; never when kernel-workbench is already installed (that one is left alone).
#   - fresh root (otherwise): `dpkg-deb -x` into an empty folder, the programs used from there.
# Usage: tst_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/kwb-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

echo "== cpack"
(cd "$work" && cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1) \
    || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/out/*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "cpack wrote no .deb (see above)"
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"

echo "== metadata"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for need in libqt6core6 libqt6widgets6 libqscintilla2-qt6 libqt6sql6-sqlite bubblewrap python3; do
    grep -q "$need" <<<"$depends" || fail "Depends lacks $need"
done
if command -v apt-get >/dev/null; then
    # Every dependency resolvable from the configured Debian archive (simulated: changes nothing).
    apt-get install -s "$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; fail "apt cannot resolve the package's dependencies"; }
fi

system_install=0
if [ "$(id -u)" = 0 ] && { [ -n "${CI:-}" ] || [ "${KWB_TEST_SYSTEM_INSTALL:-0}" = 1 ]; }; then
    if dpkg-query -W -f='${Status}' kernel-workbench 2>/dev/null | grep -q 'install ok installed'; then
        echo "kernel-workbench is already installed on this machine: not replacing it, using a fresh root instead"
    else
        system_install=1
    fi
fi

if [ "$system_install" = 1 ]; then
    echo "== install path: SYSTEM (apt-get install onto this machine, programs from /usr/bin, removed afterwards)"
    root=""
    remove_package() {
        apt-get remove -y -o DPkg::Lock::Timeout=300 kernel-workbench >"$work/remove.log" 2>&1 \
            || { cat "$work/remove.log"; echo "FAIL: apt-get remove kernel-workbench" >&2; return 1; }
        echo "removed: kernel-workbench"
    }
    trap 'remove_package || true; rm -rf "$work"' EXIT
    # apt needs a path it can read as the _apt user: copy the package out of the private work folder.
    cp "$deb" "$work/pkg.deb" && chmod 755 "$work" && chmod 644 "$work/pkg.deb"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=300 "$work/pkg.deb" >"$work/install.log" 2>&1 \
        || { cat "$work/install.log"; fail "apt-get install of the package"; }
    dpkg-query -W -f='installed: ${Package} ${Version}\n' kernel-workbench
    [ "$(command -v kwb)" = /usr/bin/kwb ] || fail "kwb on PATH is $(command -v kwb), not the installed /usr/bin/kwb"
else
    echo "== install path: FRESH ROOT (dpkg-deb -x into an empty folder, programs from there;" \
        "root with CI=1 or KWB_TEST_SYSTEM_INSTALL=1 installs onto the machine instead)"
    root="$work/root"
    dpkg-deb -x "$deb" "$root"
fi
for f in usr/bin/kwb usr/bin/kernel-workbench usr/share/man/man1/kwb.1.gz usr/share/man/man1/kwb-lint.1.gz \
    usr/share/bash-completion/completions/kwb usr/share/kernel-workbench/harness/kwb_harness.h \
    usr/share/kernel-workbench/rubrics/kernel-task-review.v1.json usr/share/kernel-workbench/tasks/vector-add-f32/task.json \
    usr/share/applications/org.kernelreview.Workbench.desktop usr/share/metainfo/org.kernelreview.Workbench.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/org.kernelreview.Workbench.svg; do
    [ -e "$root/$f" ] || fail "the package lacks /$f"
done
desktop-file-validate "$root/usr/share/applications/org.kernelreview.Workbench.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$root/usr/share/metainfo/org.kernelreview.Workbench.metainfo.xml" || fail "appstreamcli validate"
bash -n "$root/usr/share/bash-completion/completions/kwb" || fail "completion script is not valid bash"
zcat "$root/usr/share/man/man1/kwb.1.gz" | grep -q "Commands:" || fail "kwb.1 lacks the command list"

echo "== installed programs"
export HOME="$work/home" XDG_CACHE_HOME="$work/home/.cache" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$HOME"
unset KWB_RESOURCES_DIR KWB_RUBRICS_DIR
kwb="$root/usr/bin/kwb"
echo "kwb: $kwb"
"$kwb" --version | grep -q '^kwb ' || fail "kwb --version"
"$kwb" --version
"$kwb" doctor >"$work/doctor.txt" || true   # exit 3 only means a tool (nvcc, a GPU) is missing
grep -q "$root/usr/share/kernel-workbench" "$work/doctor.txt" || { cat "$work/doctor.txt"; fail "kwb doctor does not use the installed resources"; }
# The diagnosis reads its compiled-in wording model (it says so beside an `unknown` when it cannot).
printf 'step 1 done\n' | "$kwb" diagnose - >"$work/diagnose.txt" || fail "kwb diagnose"
! grep -q "wording model: not read" "$work/diagnose.txt" || { cat "$work/diagnose.txt"; fail "the installed kwb does not read its wording model"; }
task="$root/usr/share/kernel-workbench/tasks/vector-add-f32"
if "$kwb" check --help >/dev/null 2>&1; then
    # 0 pass, 1 findings; 3 only as "incomplete" (its CUDA candidate cannot be checked on a machine without a GPU).
    rc=0
    "$kwb" check "$task" --out "$work/check" --budget 0.2 >"$work/check.txt" 2>&1 || rc=$?
    case $rc in
    0 | 1) ;;
    3) grep -q "^task .*: INCOMPLETE" "$work/check.txt" || { cat "$work/check.txt"; fail "kwb check on the installed example"; } ;;
    *) cat "$work/check.txt"; fail "kwb check on the installed example" ;;
    esac
    [ -s "$work/check/report.json" ] || fail "kwb check wrote no report.json"
    echo "kwb check: $(grep -m1 "^task " "$work/check.txt" || tail -n 1 "$work/check.txt")"
else
    "$kwb" run "$task" --json >"$work/run.json" || fail "kwb run on the installed example"
fi
"$kwb" lint "$task" >/dev/null || fail "kwb lint on the installed example"

if command -v xvfb-run >/dev/null; then
    xvfb-run -a "$root/usr/bin/kernel-workbench" --screenshot "$work/shot.png" --size 1200x800 \
        "$root/usr/share/kernel-workbench/tasks" >"$work/gui.txt" 2>&1 || { cat "$work/gui.txt"; fail "installed GUI screenshot"; }
    size=$(stat -c %s "$work/shot.png")
    [ "$size" -gt 20000 ] || fail "the installed GUI's screenshot is suspiciously small ($size bytes)"
    echo "screenshot: $size bytes"
else
    fail "xvfb-run missing (packaging/install-deps.sh installs it)"
fi
if [ "$system_install" = 1 ]; then
    echo "PASS: package builds, installs onto this machine with apt-get, runs from /usr/bin"
else
    echo "PASS: package builds, installs into a fresh root and runs"
fi

#!/usr/bin/env bash
# Builds the .deb from this build tree, checks its metadata and desktop files, "installs" it into a fresh
# root (dpkg-deb -x) and uses the installed programs from there: kwb --version, kwb doctor, kwb check on an
# installed example task, and a GUI screenshot from the installed kernel-workbench.
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

echo "== fresh root"
root="$work/root"
dpkg-deb -x "$deb" "$root"
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
"$kwb" --version | grep -q '^kwb ' || fail "kwb --version"
"$kwb" doctor >"$work/doctor.txt" || true   # exit 3 only means a tool (nvcc, a GPU) is missing
grep -q "$root/usr/share/kernel-workbench" "$work/doctor.txt" || { cat "$work/doctor.txt"; fail "kwb doctor does not use the installed resources"; }
task="$root/usr/share/kernel-workbench/tasks/vector-add-f32"
if "$kwb" check --help >/dev/null 2>&1; then
    "$kwb" check "$task" --out "$work/check" --budget 0.2 >"$work/check.txt" 2>&1 \
        || [ $? -eq 1 ] || { cat "$work/check.txt"; fail "kwb check on the installed example"; }
    [ -s "$work/check/report.json" ] || fail "kwb check wrote no report.json"
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
echo "PASS: package builds, installs into a fresh root and runs"

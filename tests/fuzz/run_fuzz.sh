#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one libFuzzer target: first every saved regression input (crashes found before must stay fixed),
# then SECONDS of fuzzing from the seed folders. New inputs go to a throw-away folder, or to
# $KWB_FUZZ_CORPUS/<target>/ when that is set (kept for the next run); a crashing input is kept in
# $KWB_FUZZ_ARTIFACTS/<target>/ (default /tmp/kwb-fuzz-artifacts) and its path printed.
# Usage: run_fuzz.sh FUZZER SECONDS REGRESSION_DIR SEED_DIR...
set -euo pipefail
fuzzer=$(realpath "$1") seconds=$2 regressions=$3
shift 3
if [ -n "${KWB_FUZZ_CORPUS:-}" ]; then
    work="$KWB_FUZZ_CORPUS/$(basename "$fuzzer")"
    mkdir -p "$work"
    work=$(realpath "$work")
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/kwb-fuzz.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    echo "== regression inputs in $regressions"
    "$fuzzer" -runs=0 "$regressions"/*
fi
seeds=()
for d in "$@"; do [ -d "$d" ] && seeds+=("$(realpath "$d")"); done
echo "== fuzzing for ${seconds}s from ${seeds[*]}"
artifacts="${KWB_FUZZ_ARTIFACTS:-${TMPDIR:-/tmp}/kwb-fuzz-artifacts}/$(basename "$fuzzer")"
mkdir -p "$artifacts"
cd "$work"
"$fuzzer" -artifact_prefix="$artifacts/" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    "$work" "${seeds[@]}" 2>&1 | tail -n 40
exit "${PIPESTATUS[0]}"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The whole test suite, as CI runs it (after packaging/install-deps.sh):
#   1. dev build (gcc, -Werror): every test of every tier (unit, integration, interop; gpu ones say they were
#      skipped without a GPU), GUI ones offscreen, the package test included;
#   2. asan build (clang, ASan + UBSan): the unit tier, the tests marked ASAN (C++ parsers, executors, store and
#      the CLI over them) and each libFuzzer target for a short run — only the targets those need are built;
#   3. tsan build (clang, TSan): the threaded comparison engine and the executors (tests labelled `tsan`).
# Builds go through ccache when it is installed (packaging/install-deps.sh installs it; CMakeLists.txt).
# At the end it prints the slowest tests (tests/slowest.py; docs/slow-tests.md holds a committed copy).
# Tests run in parallel (KWB_TEST_JOBS, default: one more than the cores, at least 3 — most of them wait on
# child processes, sshd or Slurm); every test has its own folders, so any order is fine.
# Usage: tests/run-all.sh [dev|asan|tsan]...   (default: all three, in that order)
set -euo pipefail
cd "$(dirname "$0")/.."
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(dev asan tsan)
jobs=${KWB_TEST_JOBS:-$(($(nproc) + 1))}
# torch and triton are part of the default install: their tests fail, not skip, when they are missing —
# unless this is a lean install (KWB_LEAN=1, packaging/install-python-deps.sh).
[ "${KWB_LEAN:-0}" = 1 ] || export KWB_REQUIRE_FRAMEWORKS=1
[ "$jobs" -lt 3 ] && [ -z "${KWB_TEST_JOBS:-}" ] && jobs=3
summary=()

stage() {
    local name=$1 start=$SECONDS built
    echo "==== $name: configure, build, test ($jobs tests at a time)"
    cmake --preset "$name" >/dev/null
    case $name in
        dev) cmake --build --preset dev ;;
        asan | tsan)
            # Only what the stage's tests need: their own targets (a kwb_add_test's name is its target; the
            # programs they run are its dependencies) and the kwb CLI.
            mapfile -t targets < <(ctest --preset "$name" --show-only=json-v1 |
                python3 -c 'import json, sys; print("\n".join(t["name"] for t in json.load(sys.stdin)["tests"]))' |
                grep -Fxf <(ninja -C "build/$name" -t targets all | sed -n 's/^\([A-Za-z0-9_]*\): phony$/\1/p'))
            cmake --build --preset "$name" --target kwb "${targets[@]}"
            ;;
    esac
    built=$SECONDS
    ctest --preset "$name" --parallel "$jobs" --output-junit junit.xml
    summary+=("$name: build $((built - start)) s, tests $((SECONDS - built)) s")
    echo "==== $name: passed in $((SECONDS - start)) s"
}

for s in "${stages[@]}"; do
    case $s in
        dev | asan | tsan) ;;
        *)
            echo "run-all: unknown stage '$s' (dev, asan or tsan)" >&2
            exit 2
            ;;
    esac
done
for s in "${stages[@]}"; do
    stage "$s"
done
echo "==== all passed in $SECONDS s"
printf '     %s\n' "${summary[@]}"
builds=()
for s in "${stages[@]}"; do builds+=("build/$s"); done
python3 tests/slowest.py "${builds[@]}"

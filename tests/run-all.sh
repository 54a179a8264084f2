#!/usr/bin/env bash
# The whole test suite, as CI runs it (after packaging/install-deps.sh):
#   1. dev build (gcc, -Werror): every test, GUI ones offscreen, the package test included;
#   2. asan build (clang, ASan + UBSan): the core and CLI tests, and each libFuzzer target for a short run;
#   3. tsan build (clang, TSan): the threaded comparison engine and the executors (tests labelled `tsan`).
# Usage: tests/run-all.sh [dev|asan|tsan]...   (default: all three, in that order)
set -euo pipefail
cd "$(dirname "$0")/.."
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(dev asan tsan)

stage() {
    local name=$1 start=$SECONDS
    echo "==== $name: configure, build, test"
    case $name in
        dev | asan)
            cmake --preset "$name" >/dev/null
            cmake --build --preset "$name"
            ctest --preset "$name"
            ;;
        tsan)
            cmake --preset tsan >/dev/null
            # Only what the tsan-labelled tests need.
            cmake --build --preset tsan --target tst_comparison tst_outputcapture tst_sandboxedprocess kwb_hostile \
                tst_ssh_executor kwb
            ctest --preset tsan
            ;;
        *)
            echo "run-all: unknown stage '$name' (dev, asan or tsan)" >&2
            return 2
            ;;
    esac
    echo "==== $name: passed in $((SECONDS - start)) s"
}

for s in "${stages[@]}"; do
    stage "$s"
done

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Public sets end to end: imports KernelBench level 1-2 problems, each with a candidate that is the reference
# itself (`class ModelNew(Model)`), runs a sample of them (`kwb run --trials 1`) and prints, per problem, the exit
# code, the time and the findings on the candidate — every one must be flagged `scope.no-kernel` (or
# `scope.forbidden-op`), and none may fail for the workbench's sake. Then the GPU MODE task folders given.
#
#   tests/bench/public_kernel_scope.sh KWB PROBLEMS_DIR [PER_LEVEL] [MAX_INPUT_MIB] [GPUMODE_TASK_DIR...]
#     KWB            the kwb binary (build/dev/app/kwb)
#     PROBLEMS_DIR   a KernelBench problems folder holding level1/ and level2/
#     PER_LEVEL      problems per level, evenly spread over those that fit (default 10)
#     MAX_INPUT_MIB  skip problems whose inputs (from the import's static analysis) exceed this (default 256):
#                    current KernelBench sizes target 80 GB GPUs (level 1 Sigmoid: 6 GiB of input)
#   KWB_RUN_FLAGS    extra `kwb run` flags, e.g. "--no-stress" to time only the declared case
set -uo pipefail
kwb=$1 problems=$2 per_level=${3:-10} max_mib=${4:-256}
shift 4 2>/dev/null || shift $#
work=$(mktemp -d /tmp/kwb-public-XXXXXX)
trap 'rm -rf "$work"' EXIT
flagged=0 total=0 env=0
printf '%-60s %4s %5s  %s\n' problem exit secs "findings on the candidate (errors, warnings) [statuses]"
for level in level1 level2; do
    mkdir -p "$work/cand/$level"
    for f in "$problems/$level"/*.py; do
        { cat "$f"; printf '\n\nclass ModelNew(Model):\n    pass\n'; } >"$work/cand/$level/$(basename "$f" .py)_same.py"
    done
    "$kwb" import kernelbench "$problems/$level" --candidates "$work/cand" -o "$work/tasks" >/dev/null 2>&1
    mapfile -t fit < <(python3 - "$work/tasks/$level" "$max_mib" <<'EOF'
import json, math, os, sys
root, limit = sys.argv[1], float(sys.argv[2]) * 2**20
size = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2, "int64": 8, "int32": 4, "bool": 1}
def key(name):
    head = name.split("_")[0]
    return (int(head) if head.isdigit() else 10**9, name)
for name in sorted(os.listdir(root), key=key):
    try:
        items = json.load(open(os.path.join(root, name, "import.json")))["analysis"]["get_inputs"]["items"]
        nbytes = sum(math.prod(i["shape"]) * size.get(i.get("dtype", "float32"), 4) for i in items if i.get("shape"))
    except Exception:
        continue
    if nbytes <= limit:
        print(name)
EOF
)
    step=$(( ${#fit[@]} / per_level )); [ "$step" -lt 1 ] && step=1
    for ((i = 0, n = 0; i < ${#fit[@]} && n < per_level; i += step, n++)); do
        task="$work/tasks/$level/${fit[$i]}"
        start=$SECONDS
        "$kwb" run "$task" --trials 1 --seed 1 --timeout 300 ${KWB_RUN_FLAGS:-} --json >"$work/r.json" 2>"$work/r.err"
        rc=$?
        summary=$(python3 - "$work/r.json" "$work/r.err" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("no report: " + open(sys.argv[2]).read().strip().splitlines()[-1][:150]); sys.exit()
ids = sorted({f["id"] for f in d["findings"] if f.get("impl", "").endswith("_same") and f["severity"] != "info"})
print(" ".join(ids) + "   [" + ",".join(i["id"][:12] + "=" + i["status"] for i in d["implementations"]) + "]")
EOF
)
        printf '%-60s %4s %5s  %s\n' "$level/${fit[$i]}" "$rc" "$((SECONDS - start))" "$summary"
        total=$((total + 1))
        case $summary in *scope.no-kernel* | *scope.forbidden-op*) flagged=$((flagged + 1)) ;; esac
        case $summary in *not-run*) env=$((env + 1)) ;; esac
    done
done
echo "KernelBench: $flagged of $total reference-as-candidate tasks flagged as no kernel; $env with an implementation not run here"
for g in "$@"; do
    rm -rf "$work/gm"
    "$kwb" import gpumode "$g" -o "$work/gm" >/dev/null 2>&1 || { printf '%-60s import failed\n' "gpumode/$(basename "$g")"; continue; }
    start=$SECONDS
    "$kwb" run "$work/gm"/* --trials 1 --seed 1 --timeout 300 >"$work/g.txt" 2>&1
    rc=$?
    printf '%-60s %4s %5s  %s\n' "gpumode/$(basename "$g")" "$rc" "$((SECONDS - start))" \
        "$(grep -vE '^kwb run: ' "$work/g.txt" | grep -E '^(error|warning) |failed|not-run|pass \[' | cut -c1-110 | tr '\n' ';' | cut -c1-300)"
done

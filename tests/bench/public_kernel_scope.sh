#!/usr/bin/env bash
# Public sets end to end: imports a sample of KernelBench level 1-2 problems, each with a candidate that is the
# reference itself (`class ModelNew(Model)`), runs them (`kwb run --trials 1`) and prints, per problem, what
# ran, how long it took, and the findings on the candidate — every one must be flagged `scope.no-kernel` (or
# `scope.forbidden-op`), and none may fail for the workbench's sake. Then the GPU MODE tasks given.
#
#   tests/bench/public_kernel_scope.sh KWB PROBLEMS_DIR [EVERY] [GPUMODE_TASK_DIR...]
#     KWB           the kwb binary (build/dev/app/kwb/kwb)
#     PROBLEMS_DIR  a KernelBench problems folder holding level1/ and level2/
#     EVERY         take every EVERY-th problem of each level, in file-name order (default 10: 20 problems)
set -uo pipefail
kwb=$1 problems=$2 every=${3:-10}
shift 3 2>/dev/null || shift $#
work=$(mktemp -d /tmp/kwb-public-XXXXXX)
trap 'rm -rf "$work"' EXIT
printf '%-46s %5s %6s  %s\n' problem exit secs "candidate findings (errors and warnings)"
flagged=0 total=0 env=0
for level in level1 level2; do
    mapfile -t files < <(find "$problems/$level" -maxdepth 1 -name '*.py' | sort -V)
    for ((i = 0; i < ${#files[@]}; i += every)); do
        f=${files[$i]} name=$(basename "$f" .py)
        mkdir -p "$work/cand/$level" "$work/prob/$level"
        cp "$f" "$work/prob/$level/"
        { cat "$f"; printf '\n\nclass ModelNew(Model):\n    pass\n'; } >"$work/cand/$level/${name}_same.py"
        "$kwb" import kernelbench "$work/prob/$level/$name.py" --candidates "$work/cand" -o "$work/tasks" >/dev/null 2>&1
        task=$(find "$work/tasks" -mindepth 1 -maxdepth 1 -type d -newer "$work/prob/$level/$name.py" | head -1)
        [ -n "$task" ] || { printf '%-46s import failed\n' "$level/$name"; continue; }
        start=$SECONDS
        "$kwb" run "$task" --trials 1 --seed 1 --timeout 300 --json >"$work/r.json" 2>"$work/r.err"
        rc=$?
        secs=$((SECONDS - start))
        summary=$(python3 - "$work/r.json" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print(f"no report ({e})"); sys.exit()
ids = sorted({f["id"] for f in d["findings"] if f.get("impl", "").endswith("_same") and f["severity"] != "info"})
st = [i["status"] for i in d["implementations"]]
print(" ".join(ids) + "   [" + ",".join(st) + "]")
EOF
)
        printf '%-46s %5s %6s  %s\n' "$level/$name" "$rc" "$secs" "$summary"
        total=$((total + 1))
        case $summary in *scope.no-kernel* | *scope.forbidden-op*) flagged=$((flagged + 1)) ;; esac
        case $summary in *not-run*) env=$((env + 1)) ;; esac
        rm -rf "$work/tasks"
    done
done
echo "KernelBench: $flagged of $total reference-as-candidate tasks flagged as no kernel; $env with an implementation not run here"
for g in "$@"; do
    rm -rf "$work/gm"
    "$kwb" import gpumode "$g" -o "$work/gm" >/dev/null 2>&1 || { printf '%-46s import failed\n' "gpumode/$(basename "$g")"; continue; }
    start=$SECONDS
    "$kwb" run "$work/gm"/* --trials 1 --seed 1 --timeout 300 >"$work/g.txt" 2>&1
    rc=$?
    printf '%-46s %5s %6s  %s\n' "gpumode/$(basename "$g")" "$rc" "$((SECONDS - start))" \
        "$(grep -E '^(error|warning) ' "$work/g.txt" | cut -c1-110 | tr '\n' ';' | cut -c1-300)"
done

#!/bin/sh
# Runs on an execution host reached over SSH (POSIX sh, coreutils, util-linux; no kwb needed there).
#
#   kwb_remote.sh run IMPL_DIR RUNNER_KEY TIMEOUT_S MEMORY_MIB CPU_S FSIZE_MIB SANDBOX GPU TOOL [COMPILE_ARG...] -- CMD...
#
# Builds the runner in ../../../runners/RUNNER_KEY from RUNNER_KEY.src unless it is cached there (a folder is
# complete once it holds .complete), then runs CMD in IMPL_DIR in a session of its own, under bubblewrap when the
# host has a working one (SANDBOX=1), else under rlimits and `timeout` alone. IMPL_DIR/remote.json says which.
# Exit: the runner's status (IMPL_DIR/.rc holds it too), 86 the build failed, 87 the tool is missing,
# 88 bad arguments, 89 the run was killed (stop or lost connection).
#
# Dead man's switch: the caller keeps this command's stdin open while it wants the run. When stdin closes
# (Stop, or the SSH connection died), the whole process group of the run is killed.
set -u
[ "${1:-}" = run ] || { echo "kwb-remote: usage: $0 run ..." >&2; exit 88; }
shift
impl=$(cd "$1" && pwd) || exit 88
key=$2 t=$3 mem=$4 cpu=$5 fsize=$6 sandbox=$7 gpu=$8 tool=$9
shift 9
root=$(cd "$impl/../../.." && pwd) || exit 88
runner="$root/runners/$key"
compile=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    compile="$compile $1"
    shift
done
[ "${1:-}" = -- ] && shift

# The build: once per content hash; staged in a private folder and renamed into place.
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "kwb-remote: $tool not found on $(hostname)" | tee "$impl/build.log" >&2
    exit 87
fi
if [ -f "$runner/.complete" ]; then
    echo "kwb-remote: runner $key cached on $(hostname)" >&2
else
    stage="$runner.tmp-$$"
    rm -rf "$stage" && cp -r "$runner.src" "$stage" || exit 88
    rc=0
    if [ -n "$compile" ]; then
        echo "kwb-remote: building $key on $(hostname)" >&2
        # shellcheck disable=SC2086 # the arguments are plain words written by the workbench
        set -f # nvcc's -gencode values hold brackets
        (cd "$stage" && "$tool" $compile) >"$stage/build.log" 2>&1 || rc=$?
        set +f
    fi
    cat "$stage/build.log" >&2 2>/dev/null
    if [ $rc -ne 0 ]; then
        cp "$stage/build.log" "$impl/build.log"
        rm -rf "$stage"
        exit 86
    fi
    touch "$stage/.complete"
    mv "$stage" "$runner" 2>/dev/null || rm -rf "$stage"
fi
cp "$runner/build.log" "$impl/build.log" 2>/dev/null
"$tool" --version 2>&1 | grep -v '^\s*$' | tail -n 1 >"$impl/tool-version.txt"

cd "$impl" || exit 88
rm -f .rc .pgid .done
mode=rlimits
if [ "$sandbox" = 1 ] && command -v bwrap >/dev/null 2>&1 \
    && bwrap --unshare-all --die-with-parent --ro-bind / / true >/dev/null 2>&1; then
    mode=bwrap
fi
printf '{"sandbox": "%s", "host": "%s"}\n' "$mode" "$(hostname)" >remote.json
devices=""
if [ "$gpu" = 1 ]; then
    for d in /dev/nvidia* /dev/dri /dev/kfd; do
        [ -e "$d" ] && devices="$devices --dev-bind $d $d"
    done
fi
if [ $mode = bwrap ]; then
    # Read-only host, writable run folder only, no network, own PID namespace, dies with its parent.
    # shellcheck disable=SC2086
    # The runner and the inputs are bound again after /tmp: a work root under /tmp would be hidden otherwise.
    inputs=$(cd "$impl/../inputs" && pwd) || exit 88
    set -- bwrap --unshare-all --die-with-parent --new-session --ro-bind / / --proc /proc --dev /dev \
        --tmpfs /tmp --ro-bind "$runner" "$runner" --ro-bind "$inputs" "$inputs" --bind "$impl" "$impl" $devices \
        --chdir "$impl" -- "$@"
fi
memflag=-v
[ -n "$devices" ] && memflag=-d

# The run, in a session (and process group) of its own whose id it records first. Asynchronous lists get
# /dev/null as stdin, so the watcher reads the connection through fd 3.
exec 3<&0
setsid -w sh -c 'echo $$ >.pgid
ulimit -c 0
[ "$1" -gt 0 ] && ulimit '$memflag' $(($1 * 1024))
[ "$2" -gt 0 ] && ulimit -t "$2"
[ "$3" -gt 0 ] && ulimit -f $(($3 * 2048))
t=$4
shift 4
timeout -k 2 "$t" "$@"
echo $? >.rc' sh "$mem" "$cpu" "$fsize" "$t" "$@" 3<&- &
job=$!
(
    trap '' HUP PIPE TERM
    cat >/dev/null 2>&1
    if [ ! -e .done ]; then
        sleep 0.2
        [ -s .pgid ] && kill -9 -"$(cat .pgid)" 2>/dev/null
    fi
) <&3 >/dev/null 2>&1 &
wait $job
touch .done
[ -s .rc ] || exit 89
exit "$(cat .rc)"

#!/bin/sh
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on an execution host reached over SSH (POSIX sh, coreutils, util-linux; no kwb needed there).
#
#   kwb_remote.sh run IMPL_DIR RUNNER_KEY TIMEOUT_S MEMORY_MIB CPU_S FSIZE_MIB NPROC SANDBOX GPU TOOL [COMPILE_ARG...] -- CMD...
#   kwb_remote.sh tool DIR TIMEOUT_S NPROC SANDBOX TOOL -- CMD...
#
# run: builds the runner in ../../../runners/RUNNER_KEY from RUNNER_KEY.src unless it is cached there (a folder is
# complete once it holds .complete), then runs CMD in IMPL_DIR in a session of its own.
# tool: runs CMD (a compiler, or an import check) in DIR, which it may write.
# Both run under bubblewrap when the host has a working one (SANDBOX=1), else under rlimits and `timeout` alone;
# the process count is limited by a pids cgroup where this user may create one, else by RLIMIT_NPROC (inside the
# sandbox's user namespace with prlimit, or relative to the user's current count). DIR/remote.json says which.
# Exit: the command's status (DIR/.rc holds it too), 86 the build failed, 87 the tool is missing,
# 88 bad arguments, 89 the run was killed (stop or lost connection), 90 the run could not join its process-limit
# cgroup (nothing of it ran).
#
# Dead man's switch: the caller keeps this command's stdin open while it wants the run. When stdin closes
# (Stop, or the SSH connection died), the whole process group of the run (and its pids cgroup) is killed.
set -u
action=${1:-}
case "$action" in
run | tool) shift ;;
*)
    echo "kwb-remote: usage: $0 run|tool ..." >&2
    exit 88
    ;;
esac
impl=$(cd "$1" && pwd) || exit 88
if [ "$action" = run ]; then
    key=$2 t=$3 mem=$4 cpu=$5 fsize=$6 nproc=$7 sandbox=$8 gpu=$9
    shift 9
    tool=$1
    shift
else
    t=$2 nproc=$3 sandbox=$4 tool=$5 mem=0 cpu=0 fsize=0 gpu=0
    shift 5
fi
compile=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    compile="$compile $1"
    shift
done
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || exit 88

# The build: once per content hash; staged in a private folder and renamed into place.
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "kwb-remote: $tool not found on $(hostname)" | tee "$impl/build.log" >&2
    exit 87
fi
if [ "$action" = run ]; then
    root=$(cd "$impl/../../.." && pwd) || exit 88
    runner="$root/runners/$key"
    inputs=$(cd "$impl/../inputs" && pwd) || exit 88
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
fi
# The version line: nvcc's "release" line, else the first one (g++, python).
version=$("$tool" --version 2>&1 | grep -v '^\s*$')
{ printf '%s\n' "$version" | grep -m 1 'release' || printf '%s\n' "$version" | head -n 1; } >"$impl/tool-version.txt"

cd "$impl" || exit 88
rm -f .rc .pgid .done .cgroup-failed
mode=rlimits
if [ "$sandbox" = 1 ] && command -v bwrap >/dev/null 2>&1 \
    && bwrap --unshare-all --die-with-parent --ro-bind / / true >/dev/null 2>&1; then
    mode=bwrap
fi

# The process limit. A pids cgroup holds for every user (root included, whom RLIMIT_NPROC never limits) and
# finds processes that left the group; RLIMIT_NPROC counts all of the user's processes, so outside a user
# namespace it is set relative to the count now.
cg="" nproc_by=none
if [ "$nproc" -gt 0 ]; then
    base=""
    rel=$(sed -n 's/^[0-9]*:pids:\(.*\)$/\1/p' /proc/self/cgroup | head -n 1)
    if [ -n "$rel" ] && [ -d /sys/fs/cgroup/pids ]; then
        base="/sys/fs/cgroup/pids$rel"
    else
        rel=$(sed -n 's/^0::\(.*\)$/\1/p' /proc/self/cgroup | head -n 1)
        grep -qw pids "/sys/fs/cgroup$rel/cgroup.subtree_control" 2>/dev/null && base="/sys/fs/cgroup$rel"
    fi
    if [ -n "$base" ] && [ -w "$base" ]; then
        # Ownership is not read from a pid in the name (pids are reused, and runs in other pid namespaces see
        # other numbers): a run holds an exclusive flock on its cgroup's folder (fd 9) for its whole life. A folder
        # is left behind when it is older than a minute (an owner locks it right after mkdir) and unlocked; rmdir
        # fails anyway while processes are in it. The workbench's local runs (core/exec/pidscgroup.cpp) keep the
        # same rule.
        if command -v flock >/dev/null 2>&1; then
            find "$base" -maxdepth 1 -type d -name 'kwb-*' -mmin +1 2>/dev/null | while read -r d; do
                flock -n "$d" rmdir "$d" 2>/dev/null
            done
            # A name no other run picks, whatever its pid namespace.
            if d=$(mktemp -d "$base/kwb-remote-$$-XXXXXXXX" 2>/dev/null); then
                if exec 9<"$d" && flock -n 9 && echo $((nproc + 3)) >"$d/pids.max" 2>/dev/null; then
                    # The run's sh and timeout count too (the +3).
                    cg="$d" nproc_by=pids-cgroup
                else
                    exec 9<&-
                    rmdir "$d" 2>/dev/null
                fi
            fi
        fi
    fi
    prlimit=$(command -v prlimit 2>/dev/null || true)
    if [ -z "$cg" ] && [ "$(id -u)" != 0 ]; then
        if [ $mode = bwrap ] && [ -n "$prlimit" ]; then
            nproc_by=rlimit-nproc-userns
        else
            nproc_by=rlimit-nproc-relative
        fi
    fi
fi
nproc_rel=0
if [ $nproc_by = rlimit-nproc-relative ]; then
    if command -v ps >/dev/null 2>&1; then
        nproc_rel=$(($(ps -o pid= -u "$(id -u)" | wc -l) + nproc + 3))
    else
        nproc_by=none # without a count, RLIMIT_NPROC would stop the runner itself
    fi
fi
kill_cgroup() {
    [ -n "$cg" ] || return 0
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
        p=$(cat "$cg/cgroup.procs" 2>/dev/null)
        [ -z "$p" ] && break
        # shellcheck disable=SC2086
        kill -9 $p 2>/dev/null
        sleep 0.1
    done
    rmdir "$cg" 2>/dev/null
    exec 9<&-
}
cpu_model=$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1 | tr -d '"\\')
printf '{"sandbox": "%s", "host": "%s", "cpu": "%s", "os": "%s", "dir": "%s", "limits": {"wall_s": %s, "memory_mib": %s, "cpu_s": %s, "file_size_mib": %s, "processes": %s, "processes_by": "%s"}}\n' \
    "$mode" "$(hostname)" "$cpu_model" "$(uname -sr)" "$impl" "$t" "$mem" "$cpu" "$fsize" "$nproc" "$nproc_by" >remote.json
devices=""
if [ "$gpu" = 1 ]; then
    for d in /dev/nvidia* /dev/dri /dev/kfd; do
        [ -e "$d" ] && devices="$devices --dev-bind $d $d"
    done
fi
if [ $mode = bwrap ]; then
    [ $nproc_by = rlimit-nproc-userns ] && set -- "$prlimit" --nproc=$((nproc + 1)):$((nproc + 1)) -- "$@"
    # Read-only host, writable run folder only, no network, own PID namespace, dies with its parent.
    # The runner and the inputs are bound again after /tmp: a work root under /tmp would be hidden otherwise.
    if [ "$action" = run ]; then
        # shellcheck disable=SC2086
        set -- --ro-bind "$runner" "$runner" --ro-bind "$inputs" "$inputs" --bind "$impl" "$impl" $devices \
            --chdir "$impl" -- "$@"
    else
        bundle=$(cd "$impl/../bundle" 2>/dev/null && pwd) || bundle="$impl"
        set -- --ro-bind "$bundle" "$bundle" --bind "$impl" "$impl" --chdir "$impl" -- "$@"
    fi
    set -- bwrap --unshare-all --die-with-parent --new-session --ro-bind / / --proc /proc --dev /dev --tmpfs /tmp "$@"
fi
memflag=-v
[ -n "$devices" ] && memflag=-d

# The run, in a session (and process group) of its own whose id it records first. Asynchronous lists get
# /dev/null as stdin, so the watcher reads the connection through fd 3.
exec 3<&0
setsid -w sh -c 'echo $$ >.pgid
if [ -n "$6" ] && ! echo $$ >"$6/cgroup.procs"; then
    echo "kwb-remote: cannot join the process-limit cgroup $6" >&2
    : >.cgroup-failed
    exit 90
fi
ulimit -c 0
[ "$1" -gt 0 ] && ulimit '$memflag' $(($1 * 1024))
[ "$2" -gt 0 ] && ulimit -t "$2"
[ "$3" -gt 0 ] && ulimit -f $(($3 * 2048))
[ "$5" -gt 0 ] && { ulimit -u "$5" 2>/dev/null || ulimit -p "$5" 2>/dev/null || prlimit --nproc="$5" --pid $$; }
t=$4
shift 6
timeout -k 2 "$t" "$@"
echo $? >.rc' sh "$mem" "$cpu" "$fsize" "$t" "$nproc_rel" "$cg" "$@" 3<&- 9<&- &
job=$!
(
    trap '' HUP PIPE TERM
    cat >/dev/null 2>&1
    if [ ! -e .done ]; then
        sleep 0.2
        [ -s .pgid ] && kill -9 -"$(cat .pgid)" 2>/dev/null
        kill_cgroup
    fi
) <&3 >/dev/null 2>&1 &
wait $job
touch .done
kill_cgroup # processes that left the group outlive the run otherwise
[ -e .cgroup-failed ] && exit 90
[ -s .rc ] || exit 89
exit "$(cat .rc)"

#!/bin/sh
# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Concurrent remote runs on one host keep their process limits (kwb_remote.sh's pids cgroups).
#
# Several `kwb_remote.sh tool` runs start at once, each in a PID namespace of its own (as runs from two
# workbenches, two sshd containers or `kwb batch -j N` can be), each running a fork bomb under a limit of 16
# processes. Before they start, an empty cgroup named like another namespace's fresh run (a pid this namespace
# does not have) is created: a run may remove a left-behind cgroup only when nobody holds its lock and it is old,
# never one that another run has just made. Every run must report `pids-cgroup` and be stopped by it.
#
# Needs a writable pids cgroup hierarchy and unshare(1) (root, as in CI); exits 77 (skipped) otherwise.
set -u
script=$1
[ -r "$script" ] || { echo "usage: $0 kwb_remote.sh" >&2; exit 2; }

rel=$(sed -n 's/^[0-9]*:pids:\(.*\)$/\1/p' /proc/self/cgroup | head -n 1)
base=""
if [ -n "$rel" ] && [ -d /sys/fs/cgroup/pids ]; then
    base="/sys/fs/cgroup/pids$rel"
else
    rel=$(sed -n 's/^0::\(.*\)$/\1/p' /proc/self/cgroup | head -n 1)
    grep -qw pids "/sys/fs/cgroup$rel/cgroup.subtree_control" 2>/dev/null && base="/sys/fs/cgroup$rel"
fi
if [ -z "$base" ] || [ ! -w "$base" ]; then
    echo "SKIP: no writable pids cgroup here (run as root on a host with the pids controller)"
    exit 77
fi
if ! unshare --pid --fork --mount-proc true 2>/dev/null; then
    echo "SKIP: unshare --pid is not permitted here"
    exit 77
fi
command -v flock >/dev/null 2>&1 || { echo "FAIL: flock(1) missing (util-linux)"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/kwb-cgroups-XXXXXX")
# Another namespace's run, between its mkdir and its first process: pid 4 million does not exist here.
foreign="$base/kwb-remote-4000000-fresh"
mkdir "$foreign" || { echo "FAIL: cannot create $foreign"; exit 1; }
cleanup() {
    rmdir "$foreign" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/bomb.sh" <<'BOMB'
#!/bin/sh
# Starts sleepers until fork fails (the shell then dies): `forks` holds how many it got.
n=0
while [ $n -lt 200 ]; do
    sleep 30 &
    n=$((n + 1))
    echo $n >forks
done
BOMB
chmod +x "$work/bomb.sh"

runs=6
i=0
while [ $i -lt $runs ]; do
    mkdir -p "$work/run$i"
    # tool DIR TIMEOUT_S NPROC SANDBOX TOOL -- CMD...; no sandbox (the namespaces are the point here).
    unshare --pid --fork --mount-proc sh "$script" tool "$work/run$i" 60 16 0 sh -- sh "$work/bomb.sh" \
        >"$work/run$i.out" 2>"$work/run$i.err" &
    i=$((i + 1))
done
wait

fail=0
i=0
while [ $i -lt $runs ]; do
    by=$(sed -n 's/.*"processes_by": "\([^"]*\)".*/\1/p' "$work/run$i/remote.json" 2>/dev/null)
    got=$(cat "$work/run$i/forks" 2>/dev/null)
    if [ "$by" != pids-cgroup ]; then
        echo "FAIL: run $i: processes_by '$by', not pids-cgroup"; fail=1
    elif [ -z "$got" ] || [ "$got" -ge 200 ] || [ "$got" -gt 16 ]; then
        echo "FAIL: run $i: the fork bomb got '${got:-nothing}' processes under a limit of 16"; fail=1
    else
        echo "ok: run $i: limited by its pids cgroup after $got forks"
    fi
    if grep -q "cannot join\|cannot create" "$work/run$i.err"; then
        echo "FAIL: run $i lost its cgroup:"; cat "$work/run$i.err"; fail=1
    fi
    i=$((i + 1))
done
if [ -d "$foreign" ]; then
    echo "ok: the other namespace's fresh cgroup was left alone"
else
    echo "FAIL: a run removed another namespace's fresh cgroup ($foreign)"; fail=1
fi
leftover=$(find "$base" -maxdepth 1 -name 'kwb-remote-*' ! -name 'kwb-remote-4000000-fresh' -newer "$work/bomb.sh" | wc -l)
[ "$leftover" -eq 0 ] || { echo "FAIL: $leftover run cgroups left behind"; fail=1; }
exit $fail

# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The python runner's clock and phase markers, bound before any implementation is imported.

python_main.py imports this module first. The clock function and os.write are taken here, at import, into
closures: an implementation that later replaces time.perf_counter_ns, time.clock_gettime_ns, os.write or
any module global (this module's or python_main's) changes nothing the harness reads. Python offers no place
an implementation cannot reach at all (closure cells and the frames of the timed loop can be rewritten with
enough effort), so the guarantee does not rest here: the markers written below are timestamped by the
workbench's own process as they arrive, and the samples the runner records must agree with those timestamps
(docs/benchmarking.md, "Timing a candidate cannot forge").
"""
import os as _os
import resource as _resource
import time as _time


def _bind():
    clock = _time.clock_gettime_ns
    monotonic = _time.CLOCK_MONOTONIC
    process_cpu, thread_cpu = _time.CLOCK_PROCESS_CPUTIME_ID, _time.CLOCK_THREAD_CPUTIME_ID
    write, listdir, read_file, yield_cpu = _os.write, _os.listdir, open, _os.sched_yield
    rusage, reaped = _resource.getrusage, _resource.RUSAGE_CHILDREN
    tick_ns = 1e9 / _os.sysconf("SC_CLK_TCK")

    def now_ns():
        return clock(monotonic)

    def children(pid):
        found = []
        try:
            for tid in listdir(f"/proc/{pid}/task"):
                with read_file(f"/proc/{pid}/task/{tid}/children") as f:
                    found += [int(c) for c in f.read().split()]
        except (OSError, ValueError):
            pass
        return found

    def others_cpu_ns():
        """CPU time used so far by every thread of this process but the calling one and by every process below it:
        a live (or unreaped) one by its CPU-time clock (~pid << 3 | CPUCLOCK_SCHED), one reaped here by this
        process's children's usage, one reaped by another below by that one's (clock ticks)."""
        usage = rusage(reaped)
        # Under a CPU-time limit the process clock is the kernel's group timer, which books the running thread's
        # time at scheduler events only (up to a tick late): yielding books it, so the two clocks agree.
        yield_cpu()
        total = clock(process_cpu) - clock(thread_cpu) + int((usage.ru_utime + usage.ru_stime) * 1e9)
        todo, seen = children("self"), set()
        while todo:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            try:
                total += clock(((~pid) << 3) | 2)
                with read_file(f"/proc/{pid}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
                total += int((int(fields[13]) + int(fields[14])) * tick_ns)  # cutime, cstime
            except (OSError, ValueError, IndexError):
                continue
            todo += children(pid)
        return total

    def mark(text):
        data = ("\nkwb-mark " + text + "\n").encode()
        while data:
            n = write(2, data)
            if n <= 0:
                return
            data = data[n:]

    return now_ns, mark, others_cpu_ns


now_ns, mark, others_cpu_ns = _bind()


def _adopt_orphans():
    """Makes this process the reaper of its descendants' orphans (PR_SET_CHILD_SUBREAPER), so a process a child
    leaves behind stays below this one, where others_cpu_ns counts it."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


_adopt_orphans()

_WATCHED = ("perf_counter_ns", "perf_counter", "monotonic_ns", "monotonic", "clock_gettime_ns", "clock_gettime",
            "time_ns", "time", "process_time_ns", "thread_time_ns")
_ORIGINAL = {name: getattr(_time, name) for name in _WATCHED if hasattr(_time, name)}
_ORIGINAL_WRITE = _os.write


def replaced(harness_globals=None):
    """The clock functions (and os.write) an implementation replaced since this module was imported, and the
    harness globals bound to this module's functions that now point elsewhere: names, comma-separated."""
    out = [f"time.{n}" for n, f in _ORIGINAL.items() if getattr(_time, n, None) is not f]
    if _os.write is not _ORIGINAL_WRITE:
        out.append("os.write")
    import sys as _sys
    me = _sys.modules.get(__name__)
    for name, expected in (("now_ns", now_ns), ("mark", mark), ("others_cpu_ns", others_cpu_ns)):
        if me is not None and getattr(me, name, None) is not expected:
            out.append(__name__ + "." + name)
    for name, expected in (("_now_ns", now_ns), ("_mark", mark), ("_others_cpu_ns", others_cpu_ns)):
        if harness_globals is not None and harness_globals.get(name) is not expected:
            out.append("python_main." + name)
    return ",".join(out)


CLOCK_NAME = "time.clock_gettime_ns(CLOCK_MONOTONIC), bound before the implementation is imported"

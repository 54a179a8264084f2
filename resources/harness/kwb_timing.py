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
import time as _time


def _bind():
    clock = _time.clock_gettime_ns
    monotonic = _time.CLOCK_MONOTONIC
    write = _os.write

    def now_ns():
        return clock(monotonic)

    def mark(text):
        data = ("\nkwb-mark " + text + "\n").encode()
        while data:
            n = write(2, data)
            if n <= 0:
                return
            data = data[n:]

    return now_ns, mark


now_ns, mark = _bind()

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
    if me is not None and (getattr(me, "now_ns", None) is not now_ns or getattr(me, "mark", None) is not mark):
        out.append(__name__ + ".now_ns")
    for name, expected in (("_now_ns", now_ns), ("_mark", mark)):
        if harness_globals is not None and harness_globals.get(name) is not expected:
            out.append("python_main." + name)
    return ",".join(out)


CLOCK_NAME = "time.clock_gettime_ns(CLOCK_MONOTONIC), bound before the implementation is imported"

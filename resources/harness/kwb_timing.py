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
import builtins as _builtins_module
import os as _os
import re as _re
import resource as _resource
import signal as _signal
import stat as _stat
import sys as _sys
import time as _time
from _thread import get_ident as _thread_ident

# This module's functions resolve builtins (len, open, int, …) in a private copy: an implementation that replaces
# builtins.len later does not reach them. The harness modules that import this one do the same.
__builtins__ = dict(vars(_builtins_module))


def _bind():
    clock = _time.clock_gettime_ns
    monotonic = _time.CLOCK_MONOTONIC
    process_cpu, thread_cpu = _time.CLOCK_PROCESS_CPUTIME_ID, _time.CLOCK_THREAD_CPUTIME_ID
    write, listdir, read_file = _os.write, _os.listdir, open
    rusage, reaped = _resource.getrusage, _resource.RUSAGE_CHILDREN
    tick_ns = 1e9 / _os.sysconf("SC_CLK_TCK")

    def now_ns():
        return clock(monotonic)

    def threads(pid):
        try:
            return listdir(f"/proc/{pid}/task")
        except OSError:
            return []

    def children(pid):
        found = []
        try:
            for tid in threads(pid):
                with read_file(f"/proc/{pid}/task/{tid}/children") as f:
                    found += [int(c) for c in f.read().split()]
        except (OSError, ValueError):
            pass
        return found

    def below():
        """Every process below this one: its children, theirs, and so on."""
        todo, seen = children("self"), []
        while todo:
            pid = todo.pop()
            if pid not in seen:
                seen.append(pid)
                todo += children(pid)
        return seen

    def others_cpu_ns(below_too=True):
        """CPU time used so far by every thread of this process but the calling one and by every process below it:
        a live (or unreaped) one by its CPU-time clock (~pid << 3 | CPUCLOCK_SCHED), one reaped here by this
        process's children's usage, one reaped by another below by that one's (clock ticks). Without `below_too`,
        this process's threads only (a cheaper reading: no walk of /proc for the processes below)."""
        processes = below() if below_too else []
        # The process clock sums the time each thread has been booked, and a thread running on another CPU is
        # booked at scheduler events only: up to a tick (1 to 10 ms) late. Reading a thread's own clock books it,
        # so every other thread is read first; this thread's own clock is read for the same reason, without
        # yielding, which would hand the CPU to a thread the call left working, before the reading. (A process
        # below offers no such reading: its running threads are booked at the ticks, as its scheduler sees them.)
        for tid in threads("self"):
            try:
                clock(((~int(tid)) << 3) | 6)  # CPUCLOCK_PERTHREAD | CPUCLOCK_SCHED
            except (OSError, ValueError, OverflowError):
                continue
        usage = rusage(reaped) if below_too else None
        own = clock(thread_cpu)
        total = clock(process_cpu) - own + (int((usage.ru_utime + usage.ru_stime) * 1e9) if below_too else 0)
        for pid in processes:
            try:
                total += clock(((~pid) << 3) | 2)
                with read_file(f"/proc/{pid}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
                total += int((int(fields[13]) + int(fields[14])) * tick_ns)  # cutime, cstime
            except (OSError, ValueError, IndexError):
                continue
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


# ---- Between two calls, nothing of the implementation's runs ------------------------------------------------
# Between two calls the harness checks and writes the last call's outputs and loads the next call's inputs. None
# of that may run the implementation's code: a replaced numpy.load would see each input set first and compute its
# answer there, on the harness's own thread, off the clock. So the harness reads and writes .npy files, compares
# arrays and touches folders only through what is bound below, before the implementation is imported, and
# `guard.found()` reports whatever the implementation installed that could still run on the harness's thread or
# replaces what it relies on (docs/benchmarking.md, "Nothing works while no call runs").


def _bind_arrays():
    import numpy
    core = getattr(numpy, "_core", None) or numpy.core
    frombuffer, empty, array, asarray = numpy.frombuffer, numpy.empty, numpy.array, numpy.asarray
    dtype, uint8 = numpy.dtype, numpy.uint8
    not_equal, count_nonzero = numpy.not_equal, core.multiarray.count_nonzero
    read_file, fstat, mkdir, stat_of, is_dir_mode = open, _os.fstat, _os.mkdir, _os.stat, _stat.S_ISDIR
    header = _re.compile(r"'descr':\s*'([^']*)'.*'fortran_order':\s*(True|False).*'shape':\s*\(([^)]*)\)", _re.S)

    def read_npy(path):
        """An .npy file (format 1.0–3.0, no pickles) as a writable array whose data start on a 64-byte boundary: a
        framework can take it as it is (JAX on a CPU copies an array aligned less, on a thread of its own)."""
        with read_file(path, "rb") as f:
            size = fstat(f.fileno()).st_size
            head = f.read(12)
            if head[:6] != b"\x93NUMPY" or len(head) < 12:
                raise ValueError(f"{path}: not an .npy file")
            start = 10 if head[6] == 1 else 12
            length = int.from_bytes(head[8:start], "little")
            buffer = empty(size + 64, dtype=uint8)
            skip = -(buffer.ctypes.data + start + length) % 64
            data = buffer[skip:skip + size]
            f.seek(0)
            f.readinto(data)
        m = header.search(bytes(data[start:start + length]).decode("latin1"))
        if m is None:
            raise ValueError(f"{path}: an .npy header this runner does not read")
        shape = tuple(int(d) for d in m.group(3).split(",") if d.strip())
        count = 1
        for d in shape:
            count *= d
        flat = frombuffer(data, dtype=dtype(m.group(1)), count=count, offset=start + length)
        return flat.reshape(shape, order="F" if m.group(2) == "True" else "C")

    def write_npy(path, arr):
        """`arr` as an .npy file (format 1.0, C order), byte for byte what numpy.save writes."""
        arr = arr if arr.flags.c_contiguous else array(arr, order="C", copy=True)
        text = "{'descr': %r, 'fortran_order': False, 'shape': %r, }" % (arr.dtype.str, tuple(arr.shape))
        text += " " * ((64 - (10 + len(text) + 1) % 64) % 64) + "\n"
        with read_file(path, "wb") as f:
            f.write(b"\x93NUMPY\x01\x00" + len(text).to_bytes(2, "little") + text.encode("latin1"))
            f.write(arr.reshape(-1).view(uint8))

    def write_record(path, value, dumps=__import__("json").dumps, sha256=__import__("hashlib").sha256):
        """`value` as JSON in `path`; returns the SHA-256 (hex) of the bytes written, for a marker to announce."""
        data = dumps(value, sort_keys=True).encode()
        with read_file(path, "wb") as f:
            f.write(data)
        return sha256(data).hexdigest()

    def same_bytes(a, b):
        """Whether two arrays hold the same bytes in the same shape."""
        a, b = asarray(a), asarray(b)
        if a.shape != b.shape or a.dtype.itemsize != b.dtype.itemsize:
            return False
        return count_nonzero(not_equal(a.reshape(-1).view(uint8), b.reshape(-1).view(uint8))) == 0

    def is_dir(path):
        try:
            return is_dir_mode(stat_of(path).st_mode)
        except OSError:
            return False

    def make_dirs(path):
        parts = path.split("/")
        for i in range(1, len(parts) + 1):
            part = "/".join(parts[:i])
            if part and not is_dir(part):
                try:
                    mkdir(part)
                except FileExistsError:
                    pass

    return read_npy, write_npy, write_record, same_bytes, is_dir, make_dirs, empty, array


read_npy, write_npy, write_record, same_bytes, is_dir, make_dirs, new_array, copy_array = _bind_arrays()


class _Guard:
    """What the implementation installed that could run on the harness's thread between two calls, or replaced of
    what the harness relies on: `watch()` takes stock just before the implementation is imported, `check()` compares
    (cheap: a few thousand identity tests), `found()` says what differed, names comma-separated."""

    MODULES = ("builtins", "os", "posixpath", "genericpath", "stat", "io", "time", "threading", "json", "re", "gc",
               "signal", "numpy", "ml_dtypes", "kwb_conventions", "kwb_dispatch", "python_main", "__main__")

    # Ways into the runner's own state — its frames, every object of the process — that no kernel needs: a candidate
    # that rewrites what the runner recorded (a sample, a dispatch record, an output) starts with one of them. Audit
    # events fire before the function returns, from C, and a hook cannot be removed: reported when the implementation's
    # own code calls them (libraries — logging, typing, torch.compile — use some of them for their own ends).
    REACHING = frozenset(("sys._getframe", "sys._current_frames", "gc.get_objects", "gc.get_referrers",
                          "gc.get_referents"))

    def __init__(self):
        self.seen, self.callables, self.handlers, self.watching = set(), [], {}, False
        self.tensor, self.modes = None, (0, 0)
        self.impl_dir, self.auditing, self.told = None, set(), set()
        self._ident, self._frame, self._basename, self._mark = _thread_ident, _sys._getframe, _os.path.basename, mark
        _sys.addaudithook(self._audit)  # before any implementation: hooks added later are refused

    def _audit(self, event, args):
        if event == "sys.addaudithook" and self.watching:
            self.seen.add("sys.addaudithook")
            raise RuntimeError("the runner refuses audit hooks")
        if event in self.REACHING and self.watching and self.impl_dir is not None:
            me = self._ident()
            if me in self.auditing:  # the look below raises events of its own
                return
            self.auditing.add(me)
            try:
                caller = self._frame(1)  # the frame that called the audited function (C has none)
                where = caller.f_code.co_filename
                if self.implementation_code(where):
                    place = f"{event}@{self._basename(where)}:{caller.f_lineno}"
                    self.seen.add(place)
                    if place not in self.told:  # out of reach at once: what it reached could undo `seen`
                        self.told.add(place)
                        self._mark("reach " + place)
            finally:
                self.auditing.discard(me)

    def implementation_code(self, filename):
        """Whether code from `filename` is the implementation's: its folder's files other than the harness's, or
        code it compiled from a string (`exec`)."""
        if filename.startswith("<"):
            return not filename.startswith("<frozen ")
        return filename.startswith(self.impl_dir) and not self._basename(filename).startswith(("kwb_", "python_main"))

    def _torch_modes(self):
        torch_c = getattr(_sys.modules.get("torch"), "_C", None)
        try:
            return (torch_c._len_torch_function_stack(), torch_c._len_torch_dispatch_stack())
        except AttributeError:
            return (0, 0)

    def watch(self, impl_dir=None):
        """`impl_dir`: the folder of the implementation's source (its code is told by where it was loaded from)."""
        import gc
        if impl_dir is not None:
            self.impl_dir = _os.path.join(_os.path.abspath(impl_dir), "")
        for name, module in list(_sys.modules.items()):
            if module is None or name.split(".")[0] not in self.MODULES and name not in ("torch", "torch.cuda"):
                continue
            d = vars(module)
            self.callables += [(name, d, k, v) for k, v in list(d.items()) if callable(v) and not k.startswith("__")]
        torch = _sys.modules.get("torch")
        if torch is not None:
            t = torch.Tensor
            self.tensor = (t, [(n, getattr(t, n, None)) for n in dir(t) if not n.startswith("__")])
        for s in _signal.valid_signals():
            try:
                self.handlers[s] = _signal.getsignal(s)
            except (OSError, ValueError):
                pass
        self.gc_callbacks = list(gc.callbacks)
        self.modes = self._torch_modes()
        self.watching = True

    def check(self, sweep=True):
        if not self.watching:
            return
        import gc
        seen = self.seen
        if _sys.gettrace() is not None:
            seen.add("sys.settrace")
        if _sys.getprofile() is not None:
            seen.add("sys.setprofile")
        monitoring = getattr(_sys, "monitoring", None)
        if monitoring is not None and any(monitoring.get_tool(i) is not None for i in range(6)):
            seen.add("sys.monitoring")
        if list(gc.callbacks) != self.gc_callbacks:
            seen.add("gc.callbacks")
        for s, h in self.handlers.items():
            try:
                if _signal.getsignal(s) is not h:
                    seen.add(f"the handler of signal {s}")
            except (OSError, ValueError):
                pass
        if self._torch_modes() > self.modes:
            seen.add("a torch function or dispatch mode")
        if not sweep:
            return
        for name, d, k, v in self.callables:
            if d.get(k) is not v:
                seen.add(f"{name}.{k}")
        if self.tensor is not None:
            t, attrs = self.tensor
            for n, v in attrs:
                now = getattr(t, n, None)
                if now is not v and now != v:  # a classmethod is bound anew on every lookup, equal to the last
                    seen.add(f"torch.Tensor.{n}")

    def found(self):
        return ",".join(sorted(self.seen))


guard = _Guard()

# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""What an implementation's call dispatched: framework ops and kernel launches (for python_main.py).

The workbench asks for this record (signature.json `record_dispatch`) when the task wants a kernel (Triton,
CUDA, Pallas, NKI): a call that launched no kernel and computed its outputs with framework ops is not a kernel,
and a kernel launch that raised while the call still returned means the output came from a fallback.

- torch: every aten op dispatched during the call (a TorchDispatchMode), in every thread of the process (a dispatch
  mode is a thread's own: the threads the implementation starts get it too), and inside kernel launches when the
  implementation's own code made the op (a C++ extension's `at::matmul`, a framework call in an interpreted kernel's
  body) — not the kernel framework's own (Triton's interpreter copying through torch, its autotuner benchmarking).
  Time inside launches is the kernels', not the framework ops'.
- Triton: every launch (JITFunction.run, and InterpretedFunction.run under TRITON_INTERPRET), with autotuned
  and heuristic kernels counted once per launch; launches that raised are counted apart.
- CUDA/C++ extensions built with torch.utils.cpp_extension.load_inline/load: calls of the built module's
  functions.
- JAX: the primitives of the entry's jaxpr, pallas_call among them.

The record is made inside the candidate's process, so a hostile candidate can disable it; the workbench's
static scan of the source (kwb_kernel_scan.py) does not depend on it, and a record whose hooks were removed
says so (`intact: false`). Work done with the record switched off for a moment (a dispatch mode taken off the
stack, python dispatch excluded, a tensor made by another library) still leaves its product behind: the record
knows every tensor it saw made (by a recorded op or launch, handed in as an input, alive before the calls or made
while a module was built), and says how much of what the call's recorded ops and launches read, and which of the
results it returns, nothing it saw made (`unseen`) — whatever switched it off.
"""
import collections
import functools
import threading
import time
import weakref


def _numel(x):
    try:
        return int(x.numel())
    except Exception:
        return 0


_CONTAINERS = (list, tuple, dict)


def _is_tensor(v):
    return hasattr(v, "numel") and hasattr(v, "shape")


def _tensors(value):
    """The tensors in value (nested lists, tuples and dicts), as a list: on every recorded op and launch, so flat."""
    if isinstance(value, dict):
        value = list(value.values())
    elif not isinstance(value, (list, tuple)):
        return [value] if value is not None and _is_tensor(value) else []
    out = []
    for v in value:
        if isinstance(v, _CONTAINERS):
            out.extend(_tensors(v))
        elif v is not None and not isinstance(v, (int, float, str, bool)) and _is_tensor(v):
            out.append(v)
    return out


def _address(t):
    """A tensor's storage address, 0 where it has none the record can follow (empty, meta, a subclass without one)."""
    try:
        return t.untyped_storage().data_ptr() if t.numel() else 0
    except Exception:
        return 0


def op_flops(name, args, out):
    """An estimate of the floating-point work of one dispatched aten op from its operands' shapes: the matrix
    products and convolutions by their multiply-adds (2 FLOPs each), attention by its two products, the
    normalisations and softmaxes by ~5 per element, everything else by one per element of its largest tensor."""
    try:
        def dims(t):
            return list(t.shape)
        if name in ("aten::mm", "aten::matmul") and len(args) >= 2:
            (m, k), n = dims(args[0])[-2:], dims(args[1])[-1]
            return 2 * m * k * n
        if name == "aten::addmm" and len(args) >= 3:
            (m, k), n = dims(args[1])[-2:], dims(args[2])[-1]
            return 2 * m * k * n
        if name in ("aten::bmm", "aten::baddbmm") and len(args) >= 2:
            a, b = (args[1], args[2]) if name == "aten::baddbmm" else (args[0], args[1])
            batch, m, k = dims(a)[-3:]
            return 2 * batch * m * k * dims(b)[-1]
        if name in ("aten::convolution", "aten::_convolution", "aten::cudnn_convolution",
                    "aten::mkldnn_convolution") and len(args) >= 2:
            weight = args[1]
            per_output = _numel(weight) // max(1, dims(weight)[0])  # Cin/groups x kernel size
            return 2 * max((_numel(t) for t in _tensors(out)), default=0) * per_output
        if "scaled_dot_product" in name and len(args) >= 3:
            q, k = dims(args[0]), dims(args[1])
            return 4 * _numel(args[0]) * k[-2] if len(q) >= 2 else 0
        elements = max([_numel(t) for t in _tensors(list(args) + [out])] or [0])
        if any(w in name for w in ("softmax", "layer_norm", "rms_norm", "group_norm", "batch_norm")):
            return 5 * elements
        return elements
    except Exception:
        return 0


class CompiledUnderRecording(RuntimeError):
    """torch.compile refused to trace an implementation's function under the recording (Dynamo does not trace
    under a dispatch mode that is not one of torch's own): said in words, with Dynamo's refusal kept after it."""


# Dynamo's words when it refuses to trace under a TorchDispatchMode (torch 2.1 and later).
_DYNAMO_REFUSES_MODE = "non-infra torch dispatch mode present"


def _compiled_under_recording(error):
    text = str(error)
    if _DYNAMO_REFUSES_MODE not in text:
        return None
    return CompiledUnderRecording(
        "torch.compile could not trace under the workbench's record of framework ops (a task that asks for a "
        "kernel has every framework op of a call recorded, and a compiled graph would hide them; Dynamo: "
        f"{_DYNAMO_REFUSES_MODE}, not supported in torch.compile with fullgraph=True). A function compiled by "
        "torch.compile is the framework's code, not a kernel of the implementation's: launch the kernel the task "
        "asks for (without fullgraph=True Dynamo runs such a function eagerly, and its ops are recorded). "
        f"Dynamo said: {text[:600]}")


class DispatchRecorder:
    def __init__(self, framework):
        self.framework = framework
        self.ops = collections.Counter()
        self.flops = collections.Counter()  # per op: its estimated floating-point work (op_flops)
        self.op_ns = 0  # time inside the framework's ops (outside kernel launches)
        self.kernel_ns = 0  # time inside kernel launches (host side: on a GPU, the launches; interpreted, all)
        self.kernels = collections.Counter()
        self.kernel_errors = collections.Counter()
        self.offload = collections.Counter()  # data handed to numpy (and back), and numpy's heavy routines called
        self.launch_depth = threading.local()  # per thread: kernel launches in progress there
        self.framework_dirs = None  # the kernel frameworks' package folders (called_by_a_framework)
        self.library_dirs = ()  # torch's and numpy's, passed over there
        self.active = False
        self.patched = []  # (owner, name, wrapper)
        self.mode = None
        self.torch = None
        # Provenance: storage address -> weak references to tensors on it that the record saw made or handed in,
        # and the highest version counter seen there after a recorded write (a later in-place write that no
        # recorded op made shows as a higher version).
        self.seen = {}
        self.top_version = {}
        self.unseen = {}  # this call: storage address -> (elements, the op or kernel that first read it)
        self.learning = False  # building what the calls will use (a module's parameters): made, not counted
        self.writes_of = {}  # per op: names and positions of the arguments its schema says it writes
        self.doubts = []  # this call: its results that the record did not see made, or saw rewritten
        self.out_elements = 0  # this call: the elements of its results

    def in_launch(self):
        """True while this thread is inside a kernel launch (another thread's launch does not cover this one)."""
        return getattr(self.launch_depth, "n", 0) > 0

    def called_by_a_framework(self):
        """True when the code that made a call inside a launch is a kernel framework's own — Triton's interpreter
        copying through torch and computing with numpy, its autotuner benchmarking — not the implementation's: an
        interpreted kernel's body that calls torch or numpy itself, or a C++ extension's own framework calls, count.
        Frames of torch and numpy themselves are passed over (torch.nn.functional is python); the first frame
        outside them decides (frame 0 is this function, 1 the hook that asks, 2 the code that made the call)."""
        import sys
        if self.framework_dirs is None:
            import importlib.util
            import os

            def folder(name):
                spec = importlib.util.find_spec(name)
                return os.path.dirname(spec.origin) + os.sep if spec is not None and spec.origin else None

            self.framework_dirs = tuple(d for d in map(folder, ("triton", "jax", "jaxlib")) if d)
            self.library_dirs = tuple(d for d in map(folder, ("torch", "numpy")) if d)
        try:
            frame = sys._getframe(2)
        except ValueError:
            return False
        while frame is not None and frame.f_code.co_filename.startswith(self.library_dirs):
            frame = frame.f_back
        return frame is not None and frame.f_code.co_filename.startswith(self.framework_dirs)

    # ---- hooks, installed before the implementation's module is loaded ----------------------------------
    def install(self):
        try:
            import torch
            self.torch = torch
        except ImportError:
            pass
        try:
            from triton.runtime import jit as triton_jit
            self.wrap(triton_jit.JITFunction, "run", "triton")
        except Exception:
            pass
        try:
            from triton.runtime import interpreter as triton_interp
            self.wrap(triton_interp.InterpretedFunction, "run", "triton")
        except Exception:
            pass
        self.watch_offload()
        if self.torch is not None:
            # cpp_extension is slow to import and most implementations never do: wrap it when it is imported.
            self.when_imported("torch.utils.cpp_extension",
                               lambda m: [self.wrap_builder(m, name) for name in ("load_inline", "load")])
            self.mode = self.make_mode()
            self.record_threads()
            self.warm_up()

    def warm_up(self):
        """Enters the recording mode once, unrecorded, before any candidate call: its first entry imports a good
        part of torch (torch._dynamo, over a second here), and that is the recorder's cost, not the first
        candidate call's time outside its kernels."""
        try:
            with self.mode():
                self.torch.empty(0)
        except Exception:
            pass

    def record_threads(self):
        """Every thread started from here on runs with the recording mode on its stack, for its whole life (it
        records only while a call is recorded): a dispatch mode is the thread's own, and a framework op made in a
        worker thread — started in the call or at import, fed through a queue — would otherwise go unseen. Python's
        threads all start through _thread (threading and concurrent.futures included); the hooks are checked like
        the others when a call returns."""
        import _thread
        recorder = self

        def starting(original):
            @functools.wraps(original)
            def start(function, *args, **kwargs):
                def recorded(*a, **k):
                    try:
                        mode = recorder.mode()
                        mode.__enter__()
                    except Exception:
                        return function(*a, **k)
                    try:
                        return function(*a, **k)
                    finally:
                        mode.__exit__(None, None, None)

                return original(recorded, *args, **kwargs)

            return start

        for name in ("start_new_thread", "start_new", "start_joinable_thread"):
            original = getattr(_thread, name, None)
            if original is None:
                continue
            wrapper = starting(original)
            setattr(_thread, name, wrapper)
            self.patched.append((_thread, name, wrapper))
            for alias in ("_start_new_thread", "_start_joinable_thread"):
                if getattr(threading, alias, None) is original:
                    setattr(threading, alias, wrapper)
                    self.patched.append((threading, alias, wrapper))

    def watch_offload(self):
        """Counts, inside a recorded call, the ways compute leaves the framework the record sees: tensors handed to
        numpy (Tensor.numpy, also through np.asarray) and arrays brought back (torch.from_numpy, and as_tensor,
        tensor or asarray handed an array), numpy's and scipy's heavy routines, foreign libraries loaded (ctypes,
        cffi), other processes started (fork, spawn, subprocess, multiprocessing). numpy's operators (`a @ b`) cannot
        be counted: a round trip through numpy says it instead."""
        recorder = self

        def counting(owner, name, label, when=None):
            original = getattr(owner, name, None)
            if original is None:
                return

            @functools.wraps(original)
            def wrapper(*args, **kwargs):
                if recorder.active and (not recorder.in_launch() or not recorder.called_by_a_framework()) and \
                        (when is None or when(*args, **kwargs)):
                    recorder.offload[label] += 1
                return original(*args, **kwargs)

            try:
                setattr(owner, name, wrapper)
                self.patched.append((owner, name, wrapper))
            except (AttributeError, TypeError):
                pass

        import numpy
        if self.torch is not None:
            counting(self.torch.Tensor, "numpy", "torch.Tensor.numpy")
            counting(self.torch, "from_numpy", "torch.from_numpy")
            # Back from numpy by the constructors that take an array (counted only when handed one).
            for name in ("as_tensor", "tensor", "asarray"):
                counting(self.torch, name, f"torch.{name}(numpy)",
                         when=lambda *args, **kwargs: bool(args) and isinstance(args[0], numpy.ndarray))
        for name in ("matmul", "dot", "einsum", "tensordot", "inner", "outer", "vdot", "convolve"):
            counting(numpy, name, "numpy." + name)
        for name in ("solve", "inv", "svd", "qr", "cholesky", "eig", "eigh", "lstsq", "norm"):
            counting(numpy.linalg, name, "numpy.linalg." + name)
        self.when_imported("scipy.linalg", lambda m: [counting(m, n, "scipy.linalg." + n)
                                                      for n in ("solve", "inv", "svd", "qr", "lu", "cholesky")])
        # Another process started in a call computes where this record cannot see (a fork writing shared memory).
        import os
        import subprocess
        for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
            counting(os, name, f"os.{name}")
        counting(subprocess.Popen, "__init__", "subprocess.Popen")
        self.when_imported("multiprocessing.process",
                           lambda m: counting(m.BaseProcess, "start", "multiprocessing.Process.start"))
        import ctypes
        counting(ctypes, "CDLL", "ctypes.CDLL")
        counting(ctypes.cdll, "LoadLibrary", "ctypes.cdll.LoadLibrary")
        self.when_imported("cffi", lambda m: counting(m.FFI, "dlopen", "cffi.FFI.dlopen"))

    def when_imported(self, module_name, patch):
        import importlib.abc
        import importlib.util
        import sys
        if module_name in sys.modules:
            patch(sys.modules[module_name])
            return

        class Finder(importlib.abc.MetaPathFinder):
            def find_spec(self, fullname, path, target=None):
                if fullname != module_name:
                    return None
                sys.meta_path.remove(self)
                spec = importlib.util.find_spec(fullname)
                if spec is not None and spec.loader is not None:
                    exec_module = spec.loader.exec_module

                    def exec_and_patch(module):
                        exec_module(module)
                        patch(module)

                    spec.loader.exec_module = exec_and_patch
                return spec

        sys.meta_path.insert(0, Finder())

    def wrap(self, owner, name, lang):
        original = getattr(owner, name)
        recorder = self

        @functools.wraps(original)
        def launch(fn_self, *args, **kwargs):
            if kwargs.get("warmup"):
                return original(fn_self, *args, **kwargs)
            name = getattr(fn_self, "__name__", None) or getattr(getattr(fn_self, "fn", None), "__name__", "?")
            return recorder.counted(f"{lang}:{name}", original)(fn_self, *args, **kwargs)

        setattr(owner, name, launch)
        self.patched.append((owner, name, launch))

    def wrap_builder(self, module, name):
        original = getattr(module, name)
        recorder = self

        @functools.wraps(original)
        def build(*args, **kwargs):
            ext = original(*args, **kwargs)
            ext_name = kwargs.get("name") or (args[0] if args else "extension")
            for attr in dir(ext):
                fn = getattr(ext, attr, None)
                if attr.startswith("_") or not callable(fn):
                    continue
                setattr(ext, attr, recorder.counted(f"cuda:{ext_name}.{attr}", fn))
            return ext

        setattr(module, name, build)
        self.patched.append((module, name, build))

    def counted(self, kernel, fn):
        recorder = self

        def call(*args, **kwargs):
            if not recorder.active:
                return fn(*args, **kwargs)
            depth = recorder.launch_depth
            outermost = not getattr(depth, "n", 0)  # a launch inside a launch is the framework's (an autotuner)
            handed = recorder.note_reads(kernel, _tensors(list(args) + list(kwargs.values()))) if outermost else ()
            depth.n = getattr(depth, "n", 0) + 1
            t0 = time.perf_counter_ns()
            try:
                result = fn(*args, **kwargs)
            except BaseException:
                recorder.kernel_errors[kernel] += 1
                raise
            finally:
                depth.n -= 1
                if not depth.n:
                    recorder.kernel_ns += time.perf_counter_ns() - t0
            recorder.kernels[kernel] += 1
            if outermost:  # a kernel writes through its arguments (which, the record cannot tell) and returns
                for t, address in handed:
                    recorder.note_made(t, address)
                if result is not None:
                    for t in _tensors(result):
                        recorder.note_made(t)
            return result

        return call

    def make_mode(self):
        from torch.utils._python_dispatch import TorchDispatchMode
        recorder = self

        class Recording(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                kwargs = kwargs or {}
                if recorder.learning:
                    out = func(*args, **kwargs)
                    recorder.note_written(func, args, kwargs, out)
                    return out
                if not recorder.active or (recorder.in_launch() and recorder.called_by_a_framework()):
                    return func(*args, **kwargs)
                schema = getattr(func, "_schema", None)
                name = schema.name if schema is not None else str(func)
                recorder.note_reads(name, _tensors(list(args) + list(kwargs.values())))
                t0 = time.perf_counter_ns()
                out = func(*args, **kwargs)
                if not recorder.in_launch():  # inside a launch the time is the kernel's
                    recorder.op_ns += time.perf_counter_ns() - t0
                recorder.ops[name] += 1
                recorder.flops[name] += op_flops(name, args, out)
                recorder.note_written(func, args, kwargs, out)
                return out

        return Recording

    # ---- provenance ----------------------------------------------------------------------------------------
    def note_made(self, t, address=None, bump=0):
        """t was made or written by something the record saw (or handed to the call): it is known from now on. `bump`:
        the version counter's step still to come (an in-place op's is counted above the dispatch mode, after it)."""
        address = _address(t) if address is None else address
        if not address:
            return
        refs = self.seen.get(address)
        if refs is None or refs[-1]() is not t:  # else: this very tensor was the last seen there
            refs = [r for r in refs or () if r() is not None][-3:]
            try:
                refs.append(weakref.ref(t))
            except TypeError:
                return
            self.seen[address] = refs
        try:
            version = t._version
        except Exception:  # an inference tensor keeps no version counter
            return
        if version + bump > self.top_version.get(address, -1):
            self.top_version[address] = version + bump

    def known(self, address):
        """True while a tensor the record saw made on this storage is alive (a freed storage's address may be
        reused by something the record did not see)."""
        for r in self.seen.get(address, ()):
            if r() is not None:
                return True
        return False

    def note_reads(self, name, tensors):
        """Counts what name (an op, a kernel) was handed that the record did not see made; returns [(tensor,
        address)] of what it was handed."""
        handed = [(t, _address(t)) for t in tensors]
        if self.learning or not self.active:
            return handed
        for t, address in handed:
            if address and address not in self.unseen and (not self.known(address) or self.rewritten(t, address)):
                self.unseen[address] = (_numel(t), name)
        return handed

    def rewritten(self, t, address):
        """True when t was written in place after the last write the record saw there (its version counter moved)."""
        try:
            return t._version > self.top_version.get(address, t._version)
        except Exception:
            return False

    def note_written(self, func, args, kwargs, out):
        for t in _tensors(out):
            self.note_made(t)
        writes = self.writes_of.get(func)
        if writes is None:
            try:
                writes = [(i, a.name) for i, a in enumerate(func._schema.arguments)
                          if a.alias_info is not None and a.alias_info.is_write]
            except Exception:
                writes = []
            self.writes_of[func] = writes
        for i, name in writes:
            for t in _tensors(args[i] if i < len(args) else kwargs.get(name)):
                self.note_made(t, bump=1)

    def note_alive(self):
        """Every tensor alive now is known: made before the calls (the implementation's module-level constants),
        where no call's record was running. Once, before the first call."""
        if self.torch is None:
            return
        import gc
        tensor = self.torch.Tensor
        for obj in gc.get_objects():
            if isinstance(obj, tensor):
                self.note_made(obj)

    def learn(self, fn):
        """Runs fn() (building a module the calls will use: its parameters and buffers) with what it makes known,
        nothing counted."""
        if self.mode is None:
            return fn()
        self.learning = True
        try:
            with self.mode():
                return fn()
        finally:
            self.learning = False

    def result_doubts(self, result):
        """The results no recorded op, launch or input made, or written in place after their last recorded write."""
        doubts = []
        for i, t in enumerate(_tensors(result)):
            address = _address(t)
            if not address:
                continue
            if not self.known(address):
                doubts.append(f"result {i}: made where the record cannot see ({_numel(t)} elements)")
                continue
            if self.rewritten(t, address):
                doubts.append(f"result {i}: written in place after the last write the record saw")
        return doubts

    def forget_dead(self):
        for address in [a for a, refs in self.seen.items() if not any(r() is not None for r in refs)]:
            del self.seen[address]
            self.top_version.pop(address, None)

    # ---- one call ----------------------------------------------------------------------------------------
    def call(self, fn, known=()):
        """Runs fn() with recording on and returns (result, record of this call). `known`: what the call is handed
        (its inputs and output buffers), known to the record."""
        self.forget_dead()
        self.unseen.clear()
        self.doubts, self.out_elements = [], 0
        for t in _tensors(list(known)):
            self.note_made(t)
        self.ops.clear()
        self.offload.clear()
        self.flops.clear()
        self.op_ns = self.kernel_ns = 0
        self.kernels.clear()
        self.kernel_errors.clear()
        mode = self.mode() if self.mode is not None else None
        self.active = True
        t0 = time.perf_counter_ns()
        try:
            if mode is not None:
                with mode:
                    try:
                        result = fn()
                    except Exception as e:
                        said = _compiled_under_recording(e)
                        if said is None:
                            raise
                        raise said from e
                    intact = self.mode_on_stack(mode)
            else:
                result = fn()
                intact = True
        finally:
            self.active = False
            self.call_ns = time.perf_counter_ns() - t0
        self.doubts = self.result_doubts(result)
        self.out_elements = sum(_numel(t) for t in _tensors(result))
        intact = intact and all(getattr(owner, name) is wrapper for owner, name, wrapper in self.patched)
        return result, self.record(intact)

    def mode_on_stack(self, mode):
        try:
            from torch.utils._python_dispatch import _get_current_dispatch_mode_stack
            return any(m is mode for m in _get_current_dispatch_mode_stack())
        except Exception:
            return True

    def record(self, intact):
        # Where the call's time went (host clock): inside kernel launches, inside the framework's ops, and the
        # rest — python, and compute the framework does not see (numpy, a C library through ctypes or cffi).
        return {"ops": dict(self.ops.most_common(60)), "op_total": sum(self.ops.values()),
                "op_flops": {k: v for k, v in self.flops.most_common(60) if v},
                "kernels": dict(self.kernels), "kernel_errors": dict(self.kernel_errors), "intact": bool(intact),
                "time_ns": {"call": getattr(self, "call_ns", 0), "kernels": self.kernel_ns, "ops": self.op_ns},
                "offload": dict(self.offload), "unseen": self.unseen_record()}

    def unseen_record(self):
        by = collections.Counter()
        for elements, name in self.unseen.values():
            by[name] += elements
        return {"read_elements": sum(by.values()), "read_by": dict(by.most_common(5)),
                "result_elements": self.out_elements, "results": list(self.doubts)}


def _jax_eqn_flops(eqn):
    """An estimate of one jaxpr equation's floating-point work from its operands' shapes (as op_flops for torch): a
    dot_general by its multiply-adds, a convolution by its output times the kernel's window, anything else one per
    element of its largest operand or result."""
    import math

    def size(v):
        shape = getattr(getattr(v, "aval", None), "shape", None)
        return math.prod(shape) if shape is not None else 0

    try:
        name = eqn.primitive.name
        if name == "dot_general":
            (lhs_contract, _), _ = eqn.params["dimension_numbers"]
            shape = eqn.invars[0].aval.shape
            return 2 * size(eqn.outvars[0]) * math.prod(shape[d] for d in lhs_contract)
        if name == "conv_general_dilated":
            rhs = eqn.invars[1].aval.shape
            out_features = rhs[eqn.params["dimension_numbers"].rhs_spec[0]]
            return 2 * size(eqn.outvars[0]) * (math.prod(rhs) // max(1, out_features))
        return max([size(v) for v in list(eqn.invars) + list(eqn.outvars)] or [0])
    except Exception:
        return 0


def jax_traced(entry, args, static=()):
    """Traces entry once for these arguments' shapes and returns (the compiled program of that trace, its record):
    the call runs what was recorded — nothing the implementation's code can observe (it only ever sees tracers) tells
    the record's trace from the timed call, and a second trace that could differ never happens. `static`: the
    positions of the arguments that are not arrays (the case's dims, scalars), fixed for the trace as the call sees
    them. The record: the primitives of the jaxpr (sub-jaxprs included, a pallas_call's kernel body not: that is the
    kernel's), their estimated FLOPs, and how many pallas_calls it holds. An entry JAX cannot trace (it converts a
    result with numpy, branches on a value) is not at fault for it: (None, {"untraced": why}), and the call runs
    eagerly as written."""
    import jax
    counts = collections.Counter()
    flops = collections.Counter()
    try:
        traced = jax.jit(entry, static_argnums=tuple(static)).trace(*args)
        program = traced.lower().compile()
    except Exception as e:
        return None, {"untraced": f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"}

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            counts[name] += 1
            if name == "pallas_call":
                continue  # the kernel's body is the kernel's work
            flops[name] += _jax_eqn_flops(eqn)
            for v in eqn.params.values():
                for sub in (v if isinstance(v, (list, tuple)) else [v]):
                    inner = getattr(sub, "jaxpr", None)
                    if inner is not None and hasattr(inner, "eqns"):
                        walk(inner)
                    elif hasattr(sub, "eqns"):
                        walk(sub)

    walk(traced.jaxpr.jaxpr)
    kernels = {"pallas:pallas_call": counts["pallas_call"]} if counts["pallas_call"] else {}
    record = {"ops": {k: v for k, v in counts.most_common(60) if k != "pallas_call"},
              "op_total": sum(counts.values()) - counts["pallas_call"],
              "op_flops": {k: v for k, v in flops.most_common(60) if v}, "kernels": kernels, "kernel_errors": {},
              "intact": True}
    return program, record

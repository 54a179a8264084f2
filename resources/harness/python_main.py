# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runner for python implementations (numpy, torch, triton, jax/Pallas, nki).

Compiled nowhere, run on the execution host with only python3 and the implementation's framework:
    python3 python_main.py signature.json plan.txt
signature.json (written by the workbench) names the implementation's source, entry, framework and its
arguments in call order. For each call of plan.txt this loads the inputs (.npy), converts them for the
framework, calls the entry, synchronises the device, converts the results back and writes them (.npy), a
per-call record, and result.json with provenance - the same protocol as the C++ and CUDA runners.
"""
import importlib.util
import json
import os
import platform
import re
import socket
import sys
import threading
import time
import traceback

import builtins
import numpy as np

from kwb_timing import (now_ns as _now_ns, mark as _mark, others_cpu_ns as _others_cpu_ns, replaced as _replaced,
                        CLOCK_NAME as _CLOCK_NAME, guard as _guard, read_npy as _read_npy, write_npy as _write_npy,
                        same_bytes as _same_bytes, is_dir as _is_dir, make_dirs as _make_dirs, new_array as _new_array,
                        copy_array as _copy_array, write_record as _write_record)

# This module's functions resolve builtins in a private copy (kwb_timing.py): a replaced builtins.len does not reach
# the harness between two calls.
__builtins__ = dict(vars(builtins))

# Distinctive NaN payloads (signalling NaNs: arithmetic never produces them) and 0xA5 bytes for integers.
POISON = {"float64": 0x7FF5A5A5A5A5A5A5, "float32": 0x7FA5A5A5, "float16": 0x7DA5, "bfloat16": 0x7FA5,
          "float8_e4m3fn": 0xFF, "float8_e5m2": 0x7D}
RAW = {"float64": "<u8", "float32": "<u4", "float16": "<u2", "bfloat16": "<u2", "float8_e4m3fn": "u1",
       "float8_e5m2": "u1", "int64": "<u8", "int32": "<u4", "int16": "<u2", "int8": "u1", "uint8": "u1", "bool": "u1"}


class EnvironmentProblem(RuntimeError):
    """This machine lacks what the implementation needs (a framework, a device, a tool): not its fault.

    `phase` is "setup" when it was found before any of the implementation's code ran, "call" when the
    implementation's own code hit it; the workbench believes the latter only where its own probe of the
    machine agrees."""

    def __init__(self, kind, what, message, phase="setup", header=None):
        super().__init__(message)
        self.kind, self.what, self.phase, self.header = kind, what, phase, header

    def record(self):
        rec = {"kind": self.kind, "what": self.what, "phase": self.phase, "message": str(self)}
        if self.header:  # a library's header the build could not find: the workbench looks for it itself
            rec["header"] = self.header
        return rec


# Modules whose absence is the machine's fault, not the implementation's (an unknown module is its own bug).
FRAMEWORK_MODULES = {"torch", "triton", "jax", "jaxlib", "neuronxcc", "nki", "ml_dtypes", "cupy", "cupy_backends",
                     "numba", "cuda", "pycuda", "tilelang", "tvm", "cutlass", "flash_attn", "xformers", "apex", "numpy",
                     "scipy", "helion", "warp", "aiter", "hip", "triton_kernels", "jax_triton", "thunderkittens",
                     "deep_gemm", "flashinfer", "transformer_engine", "ninja"}
# What a framework says when there is no accelerator (or no driver) behind it.
NO_DEVICE_SIGNS = ("0 active drivers", "Found no NVIDIA driver", "Torch not compiled with CUDA enabled",
                   "No CUDA GPUs are available", "no CUDA-capable device", "CUDA driver version is insufficient",
                   "CUDA driver initialization failed", "Unable to initialize backend 'cuda'",
                   "Unable to initialize backend 'rocm'", "Unable to initialize backend 'tpu'",
                   "Unknown backend: 'gpu' requested", "Unknown backend: 'tpu' requested",
                   "Backend 'cuda' failed to initialize", "NVIDIA driver on your system is too old",
                   "CUDA_ERROR_NO_DEVICE", "cudaErrorNoDevice", "CUDA_ERROR_INSUFFICIENT_DRIVER",
                   "cudaErrorInsufficientDriver", "hipErrorNoDevice", "no ROCm-capable device",
                   "libcuda.so.1: cannot open shared object file", "libcuda.so: cannot open shared object file",
                   "Only interpret mode is supported on CPU backend", "Cannot lower pallas_call on platform: cpu",
                   "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False")
# Where in a framework an exception means the device (or its driver) could not be started, whatever it says:
# (file path ending, function). torch's lazy CUDA initialisation; cpp_extension choosing arch flags, which
# without a GPU and without TORCH_CUDA_ARCH_LIST fails with an IndexError; Triton and JAX choosing a backend.
NO_DEVICE_FRAMES = (("torch/cuda/__init__.py", "_lazy_init"), ("torch/utils/cpp_extension.py", "_get_cuda_arch_flags"),
                    ("triton/runtime/driver.py", "_create_driver"), ("jax/_src/xla_bridge.py", "_init_backend"),
                    ("numba/cuda/cudadrv/driver.py", "_initialize"), ("numba/cuda/cudadrv/driver.py", "initialize"))
# Exception classes (module, name) that only ever mean "no usable device or driver".
NO_DEVICE_TYPES = {("numba.cuda.cudadrv.error", "CudaSupportError"), ("torch.cuda", "DeferredCudaCallError")}
# A toolkit the implementation builds with (load_inline, cpp_extension) is missing from this machine:
# (sign in the message, the tool).
MISSING_TOOL_SIGNS = (("CUDA_HOME environment variable is not set", "nvcc"), ("nvcc: not found", "nvcc"),
                      ("No such file or directory: 'nvcc'", "nvcc"), ("/bin/nvcc': No such file", "nvcc"),
                      ("Ninja is required to load C++ extensions", "ninja"), ("c++: not found", "c++"),
                      ("g++: not found", "g++"), ("hipcc: not found", "hipcc"), ("ROCM_HOME", "hipcc"))


# Headers of GPU libraries a build may need that this machine may lack: (path prefix, library).
LIBRARY_HEADERS = (("kittens.cuh", "ThunderKittens"), ("cutlass/", "CUTLASS"), ("cute/", "CUTLASS (CuTe)"),
                   ("flashinfer/", "FlashInfer"), ("hip/hip_runtime.h", "ROCm (HIP)"), ("rocwmma/", "rocWMMA"))
# The implementation's own check that it was handed device tensors (`assert x.is_cuda`, "must be on GPU"): on a
# machine without a GPU the harness hands it CPU tensors (Triton's interpreter), so the check fails there.
DEVICE_CHECK = re.compile(r"is_cuda|\bcuda\b|\bgpu\b|device\.type", re.IGNORECASE)


def missing_library(exc):
    """The GPU library whose headers an extension build includes and this machine lacks, read from the build's
    own frame (cpp_extension's _jit_compile: its sources and include paths), or None."""
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_name == "_jit_compile" and code.co_filename.endswith("cpp_extension.py"):
            loc = tb.tb_frame.f_locals
            paths = list(loc.get("extra_include_paths") or []) + ["/usr/include", "/usr/local/include",
                                                                 os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "include")]
            for src in loc.get("sources") or []:
                try:
                    with open(src, errors="replace") as f:
                        text = f.read(400000)
                except OSError:
                    continue
                for header in re.findall(r'#\s*include\s*[<"]([^>"]+)[>"]', text):
                    lib = next((name for prefix, name in LIBRARY_HEADERS if header.startswith(prefix)), None)
                    if lib and not any(os.path.exists(os.path.join(p, header)) for p in paths):
                        return lib, header
        tb = tb.tb_next
    return None


def device_check(exc):
    """True when the implementation's own code rejected its (CPU) tensors for not being on a GPU."""
    if not isinstance(exc, (AssertionError, RuntimeError, ValueError, TypeError)):
        return False
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames or "site-packages" in frames[-1].filename:
        return False  # raised inside a framework: its own message decides
    return bool(DEVICE_CHECK.search(str(exc)) or (isinstance(exc, AssertionError) and
                                                  DEVICE_CHECK.search(frames[-1].line or "")))


def exception_chain(exc):
    """exc and the exceptions it was raised from or during (`raise … from e`, a failure inside an except)."""
    seen = []
    while exc is not None and exc not in seen and len(seen) < 8:
        seen.append(exc)
        exc = exc.__cause__ or exc.__context__
    return seen


def raised_in(exc, frames):
    """The (file, function) of `frames` the exception's traceback passes through, or None."""
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        name = code.co_filename.replace("\\", "/")
        for suffix, function in frames:
            if code.co_name == function and name.endswith(suffix):
                return suffix, function
        tb = tb.tb_next
    return None


def environment_problem(exc):
    """The EnvironmentProblem an exception raised by the implementation's code stands for, or None.

    Recognised by where it was raised (a framework's device initialisation), by its class, then by what the
    frameworks say — for the exception and every exception it was raised from or during."""
    if isinstance(exc, EnvironmentProblem):
        return exc
    for e in exception_chain(exc):
        if isinstance(e, ModuleNotFoundError) and (e.name or "").split(".")[0] in FRAMEWORK_MODULES:
            top = e.name.split(".")[0]
            return EnvironmentProblem("missing-framework", top, f"{top} is not installed in {sys.executable}: {e}",
                                      "call")
        text = f"{type(e).__name__}: {e}"
        where = raised_in(e, NO_DEVICE_FRAMES)
        if where or (type(e).__module__, type(e).__name__) in NO_DEVICE_TYPES:
            how = f"raised in {where[0]}:{where[1]}" if where else f"{type(e).__module__}.{type(e).__name__}"
            return EnvironmentProblem("no-device", "gpu", f"no usable accelerator here ({how}): {text[:300]}", "call")
        for sign in NO_DEVICE_SIGNS:
            if sign in text:
                return EnvironmentProblem("no-device", "gpu", f"no usable accelerator here: {text[:300]}", "call")
        for sign, tool in MISSING_TOOL_SIGNS:
            if sign in text:
                return EnvironmentProblem("missing-tool", tool, f"{tool} is missing here: {text[:300]}", "call")
        lib = missing_library(e)
        if lib:
            return EnvironmentProblem("missing-tool", lib[0], f"the build includes {lib[1]} ({lib[0]}), which this "
                                      f"machine lacks: {text[:200]}", "call", header=lib[1])
        if not gpu_present() and device_check(e):
            return EnvironmentProblem("no-device", "gpu", f"the implementation requires CUDA tensors and this machine "
                                      f"has no GPU (its tensors are on the CPU): {text[:300]}", "call")
    return None


# What a loader or an allocator says when the sandbox's memory limit, not a missing package, stopped it.
MEMORY_LIMIT_SIGNS = ("failed to map segment from shared object", "cannot allocate memory", "out of memory")


def framework_problem(module, exc, missing_message):
    """Why importing a framework failed, in the runner's setup (before any of the implementation's code ran): the
    memory limit when the loader or an allocator ran out of memory (mapping libtorch_cpu.so needs address space),
    else the framework is missing."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, MemoryError) or any(sign in text.lower() for sign in MEMORY_LIMIT_SIGNS):
        return EnvironmentProblem("limits", "memory", f"loading {module} ran out of memory at the sandbox's memory "
                                  f"limit ({text[:200]}): the framework does not fit the limit here (raise the memory "
                                  "limit)")
    return EnvironmentProblem("missing-framework", module, missing_message)


def gpu_present():
    return os.path.exists("/dev/nvidiactl") or os.path.exists("/dev/nvidia0")


def numpy_dtype(name):
    if name in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):
        try:
            import ml_dtypes
        except (ImportError, MemoryError) as e:
            raise framework_problem("ml_dtypes", e, f"{name} needs the ml_dtypes package in {sys.executable}")
        return np.dtype(getattr(ml_dtypes, name))
    return np.dtype(name)


def load_input(path, dtype):
    raw = _read_npy(path)
    want = numpy_dtype(dtype)
    return raw.view(want) if raw.dtype != want and raw.dtype.itemsize == want.itemsize else raw


def poisoned(dtype, shape):
    raw = _new_array(tuple(shape), dtype=RAW[dtype])
    raw.fill(POISON.get(dtype, 0xA5A5A5A5A5A5A5A5 & ((1 << (8 * raw.dtype.itemsize)) - 1)))
    return raw.view(numpy_dtype(dtype))


class Framework:
    """Moves arrays in and out of one framework and waits for its device."""

    def __init__(self, name, triton_interpret=False):
        self.name = name
        self.device = "cpu"
        self.interpret = False
        self.torch = None
        if name in ("torch", "triton"):
            # Triton code may sit in any torch implementation (a KernelBench ModelNew, a GPU MODE submission):
            # without a GPU, or when asked, it runs in Triton's interpreter. Must precede the first import of triton.
            if triton_interpret or os.environ.get("KWB_TRITON_INTERPRET") == "1" or not gpu_present():
                os.environ["TRITON_INTERPRET"] = "1"
                self.interpret = name == "triton"
            try:
                import torch
            except (ImportError, MemoryError) as e:
                raise framework_problem("torch", e, f"torch is missing: framework {name} needs PyTorch in "
                                        f"{sys.executable} (install torch there, or point KWB_PYTHON at a python that "
                                        "has it)")
            self.torch = torch
            # What moves arrays in and out between two calls, bound before the implementation is imported (a
            # replaced torch.from_numpy or Tensor.to would see every input first).
            base = getattr(torch._C, "TensorBase", None) or torch._C._TensorBase
            self._from_numpy, self._to, self._view = torch.from_numpy, base.to, base.view
            self._detach, self._cpu, self._numpy = base.detach, base.cpu, base.numpy
            if name == "triton":
                try:
                    import triton  # noqa: F401
                except (ImportError, MemoryError) as e:
                    raise framework_problem("triton", e, f"framework triton needs Triton in {sys.executable}")
            if torch.cuda.is_available() and os.environ.get("TRITON_INTERPRET") != "1":
                self.device = "cuda"
        elif name == "jax":
            try:
                import jax
            except (ImportError, MemoryError) as e:
                raise framework_problem("jax", e, f"framework jax needs JAX in {sys.executable}")
            self.jax = jax
            self.device = str(jax.devices()[0])
            self.interpret = jax.default_backend() == "cpu"
        elif name == "nki":
            # NKI kernels run in the Neuron simulator (numpy arrays in and out) where neuronx-cc is installed.
            try:
                from neuronxcc import nki
            except (ImportError, MemoryError) as e:
                raise framework_problem("neuronxcc", e,
                                        f"framework nki needs neuronx-cc (neuronxcc.nki) in {sys.executable}")
            self.nki = nki
            self.device = "neuron-simulator"
            self.interpret = True

    def call(self, entry, args):
        if self.name == "nki":
            return self.nki.simulate_kernel(entry, *args)
        return entry(*args)

    def to_framework(self, a):
        if self.name in ("torch", "triton"):
            # Not np.ascontiguousarray: it makes a 0-d array shape (1,), and a scalar must stay a scalar.
            a = a if a.flags.c_contiguous else _copy_array(a, order="C", copy=True)
            t = self._from_numpy(a.view(RAW_VIEW.get(str(a.dtype), a.dtype)))
            if str(a.dtype) == "bfloat16":
                t = self._view(t, self.torch.bfloat16)
            return self._to(t, self.device)
        if self.name == "jax":
            return self.jax.numpy.asarray(a)
        return a

    def to_numpy(self, x):
        if self.name in ("torch", "triton") and isinstance(x, self.torch.Tensor):
            x = self._detach(x)
            if x.dtype == self.torch.bfloat16:
                return self._numpy(self._cpu(self._view(x, self.torch.int16))).view(numpy_dtype("bfloat16"))
            return self._numpy(self._cpu(x))
        return np.asarray(x)

    def synchronize(self, result):
        if self.name in ("torch", "triton") and self.device == "cuda":
            self.torch.cuda.synchronize()
        if self.name == "jax":
            self.jax.block_until_ready(result)

    def drain(self):
        """Waits for all work on the device, any stream: what a call left queued is not its result."""
        if self.torch is not None and self.device == "cuda":
            self.torch.cuda.synchronize()

    def used_interpreter(self):
        """True when a Pallas or NKI kernel ran interpreted, or Triton code ran under TRITON_INTERPRET."""
        return self.interpret or (os.environ.get("TRITON_INTERPRET") == "1" and "triton" in sys.modules)

    def provenance(self):
        p = {"framework": self.name, "device": self.device, "interpret": self.used_interpreter()}
        if os.environ.get("TRITON_INTERPRET") == "1" and "triton" in sys.modules:
            p["interpreter"] = "triton"
        elif self.interpret:
            p["interpreter"] = {"jax": "pallas interpret mode", "nki": "neuron simulator"}.get(self.name, self.name)
        mod = {"torch": "torch", "triton": "triton", "jax": "jax", "numpy": "numpy", "nki": "neuronxcc"}.get(self.name)
        try:
            p["framework_version"] = importlib.import_module(mod).__version__
        except Exception:
            p["framework_version"] = None
        if self.device == "cuda":
            p["device"] = self.torch.cuda.get_device_name(0)
        return p


RAW_VIEW = {"bfloat16": np.int16, "float8_e4m3fn": np.uint8, "float8_e5m2": np.uint8}


def read_plan(path, options=None):
    """The calls of a plan; `option NAME VALUE` lines before the first call go into `options`."""
    calls = []
    with open(path) as f:
        if f.readline().strip() != "kwb-plan 1":
            raise RuntimeError(f"{path}: line 1: expected 'kwb-plan 1'")
        for n, line in enumerate(f, start=2):
            w = line.split()
            if not w:
                continue
            if w[0] == "option" and not calls and len(w) == 3:
                if options is not None:
                    options[w[1]] = float(w[2])
            elif w[0] == "call":
                calls.append({"label": w[1], "indir": w[2], "outdir": w[3], "dims": {}, "shapes": {}})
            elif w[0] == "dim":
                calls[-1]["dims"][w[1]] = int(w[2])
            elif w[0] == "shape":
                calls[-1]["shapes"][w[1]] = [int(d) for d in w[2:]]
            else:
                raise RuntimeError(f"{path}: line {n}: unknown directive '{w[0]}'")
    return calls


def load_entry(sig, sig_dir):
    source = os.path.join(sig_dir, sig["source"])  # the source sits beside signature.json
    spec = importlib.util.spec_from_file_location("kwb_impl_" + sig["impl"].replace("-", "_"), source)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, sig_dir)
    spec.loader.exec_module(module)
    if not hasattr(module, sig["entry"]):
        raise RuntimeError(f"{sig['source']}: no function '{sig['entry']}'")
    return getattr(module, sig["entry"])


KEEP_ALIVE = []


def peak_rss_kib():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


class ResultNotMaterialised(TypeError):
    """The entry returned something that is not a computed array (a lazy object, a generator, a proxy)."""


def materialise(fw, value):
    """A result as a plain, contiguous array or tensor, computed now. Runs inside the timed region, so work an
    object would defer to its conversion (an `__array__` that computes, a lazy view) is timed with the call; any
    other kind of object is refused rather than converted later, outside the timing."""
    torch = getattr(fw, "torch", None)
    if torch is not None and type(value) in (torch.Tensor, torch.nn.Parameter):
        return value if value.is_contiguous() else value.contiguous()
    if type(value) is np.ndarray:
        return value if value.flags.c_contiguous else np.ascontiguousarray(value)
    if isinstance(value, (np.generic, bool, int, float)):
        return np.asarray(value)
    if fw.name == "jax" and type(value).__module__.startswith(("jax", "jaxlib")) and hasattr(value, "block_until_ready"):
        return value.block_until_ready()
    raise ResultNotMaterialised(
        f"the entry returned a {type(value).__module__}.{type(value).__qualname__}, not an array or tensor: "
        "results must be computed when the call returns (lazy objects and proxies are refused)")


class CallTimer:
    """The flush, the two markers and the sample of one call. The clock and the marker writer are bound as
    defaults when this module is loaded, before the implementation is imported: replacing module globals later
    does not reach them, and the markers go out the moment each sample is taken."""

    def __init__(self, fw, flush_bytes, _now_ns=_now_ns, _others_cpu_ns=_others_cpu_ns):
        self.fw, self.start = fw, _now_ns()
        self.flusher = Flusher(fw, flush_bytes)
        empty = []
        for _ in range(101):
            t0 = _now_ns()
            fw.synchronize(None)
            empty.append(_now_ns() - t0)
        self.overhead_ns = float(np.median(empty))
        self.last_end, self.slept = 0, 0
        self.others_at_end, self.harness_cpu = _others_cpu_ns(), 0

    def run(self, index, fn, _now_ns=_now_ns, _mark=_mark, _others_cpu_ns=_others_cpu_ns):
        _guard.check()  # what was installed or replaced by now: a hook that ran while the inputs loaded
        t_flush = _now_ns()
        gap = t_flush - self.last_end - self.slept if self.last_end else 0
        self.flusher.flush()  # after the check, which touches memory of its own
        self.fw.synchronize(None)
        # The CPU time the implementation's other threads and processes used since the last call ended, while
        # no call ran (this call's inputs appeared and were loaded then): work done off the clock, less what the
        # framework's threads did for the harness (harness_work).
        off = max(0, _others_cpu_ns() - self.others_at_end - self.harness_cpu)
        t_call = _now_ns()
        _mark(f"s {index} at={t_call - self.start} off={off}")
        result = fn()
        t_end = _now_ns()
        self.others_at_end, self.harness_cpu = _others_cpu_ns(), 0  # before the next call's inputs are revealed
        _guard.check(sweep=False)  # a hook the call left for the time between calls (set from this thread only)
        _mark(f"e {index} at={t_end - self.start} ns={t_end - t_call} host={t_end - t_call} flush={t_call - t_flush}")
        self.last_end, self.slept = t_end, 0
        return result, {"elapsed_ns": t_end - t_call, "host_ns": t_end - t_call, "flush_ns": t_call - t_flush,
                        "gap_ns": gap, "off_cpu_ns": off}

    def written(self, index, rec, outdir, _mark=_mark, _write_record=_write_record):
        """The call's outputs and record are complete: the workbench takes the outputs out of the implementation's
        reach before it reveals the next call's inputs. The marker carries what the record says of the call, so a
        record rewritten later disagrees with it; the call's dispatch record (what it ran: framework ops, kernel
        launches) is written beside its outputs, and the marker carries that file's digest."""
        digest = ""
        if rec.get("dispatch") is not None:
            digest = " dispatch=" + _write_record(outdir + "/dispatch.json", rec["dispatch"])
        _mark(f"w {index} label={rec['label']} late={len(rec.get('late_writes', []))} "
              f"threads={rec.get('threads_left', 0)} drain={rec.get('drain_ns', 0)}{digest}")

    def harness_work(self, work, _now_ns=_now_ns, _others_cpu_ns=_others_cpu_ns):
        """Runs the harness's own framework work between two calls — moving inputs in, outputs out — and sets aside
        what the framework's threads did for it then (a copy to or from a device runs on a thread of JAX's): not
        the implementation's work off the clock. No more than the work's own duration is set aside, one thread's
        worth: a thread of the implementation's working beside it still shows. (The framework's threads are this
        process's: the cheaper reading of them alone is enough.)"""
        t0, c0 = _now_ns(), _others_cpu_ns(False)
        result = work()
        self.harness_cpu += max(0, min(_others_cpu_ns(False) - c0, _now_ns() - t0))
        return result

    def drain(self, _now_ns=_now_ns):
        """Waits for what the call left queued on the device (another stream); returns how long that took."""
        t0 = _now_ns()
        self.fw.drain()
        return _now_ns() - t0

    def late_write_pause(self, elapsed_ns, _now_ns=_now_ns):
        """The look for writes after the return waits in proportion to the call (4 to 20 ms)."""
        t0 = _now_ns()
        time.sleep(min(0.02, max(0.004, 2 * elapsed_ns / 1e9)))
        self.slept = _now_ns() - t0


def wait_for_inputs(indir, _now_ns=_now_ns):
    """A benchmark reveals each call's inputs only when the call before it has ended (renamed into place by the
    workbench: all files at once), so nothing can be computed ahead of time; in a correctness run the folder is
    there from the start. Returns the nanoseconds spent waiting."""
    t0 = _now_ns()
    while not _is_dir(indir):
        if _now_ns() - t0 > 120e9:
            raise RuntimeError(f"{indir}: the inputs never appeared (120 s)")
        time.sleep(0.00005)
    return _now_ns() - t0


JAX_PROGRAMS = {}  # (entry, static arguments, shapes) -> (the compiled program of its trace, its record)


def framework_args(sig, call, inputs, outputs, fw):
    """The entry's arguments in the implementation's framework, there before the call's clock starts; and the
    output buffers among them, by name."""
    passed_out = {}
    args = []
    for a in sig["args"]:
        if a["kind"] == "input":
            args.append(fw.to_framework(inputs[a["name"]]))
        elif a["kind"] == "output":
            passed_out[a["name"]] = fw.to_framework(outputs[a["name"]])
            args.append(passed_out[a["name"]])
        elif a["kind"] == "scalar":
            args.append(numpy_dtype(a["dtype"]).type(a["value"]))
        else:
            args.append(call["dims"][a["name"]])
    fw.synchronize([x for x, a in zip(args, sig["args"]) if a["kind"] in ("input", "output")])
    return args, passed_out


def run_call(index, call, sig, fw, entry, timer, recorder=None):
    timer.slept += wait_for_inputs(call["indir"])
    inputs = {a["name"]: load_input(call["indir"] + "/" + a["name"] + ".npy", a["dtype"])
              for a in sig["args"] if a["kind"] == "input"}
    pristine = {k: v.copy() for k, v in inputs.items()}
    outputs = {o["name"]: poisoned(o["dtype"], call["shapes"][o["name"]]) for o in sig["outputs"]}
    args, passed_out = timer.harness_work(lambda: framework_args(sig, call, inputs, outputs, fw))
    framework_inputs = [x for x, a in zip(args, sig["args"]) if a["kind"] == "input"]
    dispatch = untraced = program = None
    if recorder is not None and fw.name == "jax":
        # A recorded JAX call runs the compiled program of the trace that was recorded (one per shape, off the clock).
        static = [i for i, a in enumerate(sig["args"]) if a["kind"] not in ("input", "output")]
        key = (entry, tuple(args[i] for i in static),
               tuple((tuple(x.shape), str(x.dtype)) for i, x in enumerate(args) if i not in static))
        if key not in JAX_PROGRAMS:
            import kwb_dispatch
            JAX_PROGRAMS[key] = kwb_dispatch.jax_traced(entry, args, static)
        program, dispatch = JAX_PROGRAMS[key]
        untraced = dispatch.get("untraced")
        dispatch = None if untraced else dict(dispatch)
        dynamic = [x for i, x in enumerate(args) if i not in static]
    threads_before = threading.active_count()
    threads_known = set(threading.enumerate())

    def call_and_materialise():
        result = program(*dynamic) if program is not None else fw.call(entry, args)
        results = ([passed_out.get(o["name"]) for o in sig["outputs"]] if result is None else
                   list(result) if isinstance(result, (tuple, list)) else [result])
        if len(results) != len(sig["outputs"]) or any(r is None for r in results):
            raise RuntimeError(f"entry returned {len(results)} value(s), the manifest names "
                               f"{len(sig['outputs'])} output(s)")
        results = [materialise(fw, r) for r in results]
        fw.synchronize(results)
        return results

    if recorder is not None and fw.name != "jax":
        (results, dispatch), times = timer.run(index, lambda: recorder.call(call_and_materialise, known=args))
    else:
        results, times = timer.run(index, call_and_materialise)
    times["drain_ns"] = timer.drain()
    modified, arrays = timer.harness_work(lambda: (
        [a["name"] for a, x in zip([a for a in sig["args"] if a["kind"] == "input"], framework_inputs)
         if not _same_bytes(fw.to_numpy(x), pristine[a["name"]])],
        [_copy_array(fw.to_numpy(r), copy=True) for r in results]))
    _make_dirs(call["outdir"])
    # A write after the call returned (a thread still running) changes the outputs: look again after a delay.
    timer.late_write_pause(times["elapsed_ns"])
    threads_left = max(0, threading.active_count() - threads_before)
    # A thread the call started and left running may write later than the pause: wait for it (20 ms more at most,
    # off the clock) before looking, so that whether a write a few milliseconds late is seen does not depend on the
    # machine's pace (a later one leaves the saved outputs wrong: a mismatch).
    deadline = _now_ns() + 20_000_000
    for t in [t for t in threading.enumerate() if t not in threads_known]:
        t.join(max(0.0, (deadline - _now_ns()) / 1e9))
    late = timer.harness_work(lambda: [o["name"] for o, r, a in zip(sig["outputs"], results, arrays)
                                       if not _same_bytes(fw.to_numpy(r), a)])
    for o, arr in zip(sig["outputs"], arrays):
        _write_npy(call["outdir"] + "/" + o["name"] + ".npy", arr)
    if threads_left:
        KEEP_ALIVE.append((inputs, outputs, results, args))  # a thread still running keeps its buffers
    rec = {"label": call["label"], "status": "ok", "error": "", "inputs_modified": modified,
           "late_writes": late, "threads_left": threads_left, "throttled": False}
    rec.update(times)
    if dispatch is not None:
        rec["dispatch"] = dispatch
    elif recorder is not None and fw.name == "jax":
        rec["unrecorded"] = untraced  # why there is no record: whose work it is rests on the source alone
    timer.written(index, rec, call["outdir"])
    return rec


def make_recorder(sig, fw):
    if not sig.get("record_dispatch"):
        return None
    import kwb_dispatch
    recorder = kwb_dispatch.DispatchRecorder(fw.name)
    if fw.name != "jax":
        recorder.install()
    return recorder


def call_failed(record, call, e):
    """Records a failed call; an environment problem is kept apart so the workbench can tell whose fault it is.
    A call is the implementation's code: whatever it raised, the problem was met in the "call" phase (an
    implementation may raise this runner's own EnvironmentProblem, phase and all)."""
    traceback.print_exc()
    record["calls"].append({"label": call["label"], "status": "error", "error": f"{type(e).__name__}: {e}",
                            "elapsed_ns": 0, "inputs_modified": []})
    record["status"], record["error"] = "error", f"{type(e).__name__}: {e}"
    env = environment_problem(e)
    if env is not None:
        env.phase = "call"
        record["environment"] = env.record()


def main():
    sig_path, plan_path = sys.argv[1], sys.argv[2]
    record = {"format": "kwb.runner-result/2", "impl": "?", "calls": [], "status": "ok", "error": "",
              "host": socket.gethostname(), "clock": "none (python runner: clocks are not monitored)"}
    provenance = {"backend": "python", "python": sys.executable, "python_version": platform.python_version(),
                  "numpy": np.__version__, "timer": _CLOCK_NAME + " + framework sync"}
    fw = None
    candidate_code_ran = False
    try:
        with open(sig_path) as f:
            sig = json.load(f)
        record["impl"] = sig["impl"]
        fw = Framework(sig["framework"], sig.get("triton_interpret", False))
        recorder = make_recorder(sig, fw)
        options = {}
        calls = read_plan(plan_path, options)
        try:
            timer = CallTimer(fw, int(options.get("flush_bytes", -1)))
        except MemoryError as e:  # the runner's own buffer, before any of the implementation's code ran
            raise EnvironmentProblem("limits", "memory", f"the runner's own cache-flush buffer could not be allocated "
                                     f"at the sandbox's memory limit after loading {fw.name} ({type(e).__name__}: "
                                     f"{str(e)[:160]}): the framework and the runner do not fit the limit here "
                                     "(raise the memory limit)")
        record["timer_overhead_ns"], record["flush_bytes"] = timer.overhead_ns, timer.flusher.nbytes
        convention = sig.get("convention", "function")
        _guard.watch(os.path.dirname(os.path.abspath(sig_path)))
        candidate_code_ran = True  # from here on the implementation's code runs (its module's top level too)
        # The workbench's witness of the same: whatever the implementation writes later (a result.json of its own
        # included), this line is already on stderr, and "setup" is not believed after it.
        _mark("impl")
        if convention != "function":
            import kwb_conventions
            provenance["convention"] = convention
            module = kwb_conventions.load_module(sig, os.path.dirname(os.path.abspath(sig_path)))
        else:
            entry = load_entry(sig, os.path.dirname(os.path.abspath(sig_path)))
        if recorder is not None:
            recorder.note_alive()  # what the module made at import is known; what a call reads must be made
        for index, call in enumerate(calls):
            try:
                record["calls"].append(run_call(index, call, sig, fw, entry, timer, recorder)
                                       if convention == "function" else
                                       kwb_conventions.run_call(call, sig, fw, module, load_input, recorder, timer,
                                                                index))
                print(f"kwb-runner: {call['label']}: ok", file=sys.stderr)
            except Exception as e:
                call_failed(record, call, e)
                break
    except Exception as e:
        traceback.print_exc()
        record["status"], record["error"] = "error", f"{type(e).__name__}: {e}"
        env = environment_problem(e)
        if env is not None:
            if candidate_code_ran:  # the phase is where it happened, not what the exception says
                env.phase = "call"
            record["environment"] = env.record()
    if fw is not None:
        provenance.update(fw.provenance())
    _guard.check()
    tamper = ",".join(t for t in (_replaced(globals()), _guard.found()) if t)
    _mark("done" + (f" tamper={tamper}" if tamper else ""))
    record["provenance"] = provenance
    record["peak_rss_kib"] = peak_rss_kib()
    record["threads_at_exit"] = threading.active_count()
    with open("result.json.part", "w") as f:
        json.dump(record, f)
    os.replace("result.json.part", "result.json")
    if KEEP_ALIVE:  # threads the candidate left must not run into interpreter shutdown
        sys.stderr.flush()
        os._exit(0 if record["status"] == "ok" else 1)
    return 0 if record["status"] == "ok" else 1


# ---- The cache flush before every call -----------------------------------------------------------------

def last_level_cache_bytes():
    for index in (3, 2):
        try:
            with open(f"/sys/devices/system/cpu/cpu0/cache/index{index}/size") as f:
                text = f.read().strip()
            return int(text[:-1]) * {"K": 1 << 10, "M": 1 << 20}[text[-1]] if text[-1] in "KM" else int(text)
        except (OSError, ValueError, KeyError):
            pass
    return 32 << 20


class Flusher:
    """Evicts the caches before each call: twice the L2 on a CUDA device; on a CPU, what the plan hands in (the
    workbench reads this host's last-level cache outside the sandbox, where /sys may be hidden), else twice the
    last-level cache seen from here."""

    def __init__(self, fw, nbytes):
        self.fw, self.buffer, self.value = fw, None, 0
        cuda = fw.name in ("torch", "triton") and fw.device == "cuda"
        if nbytes < 0:
            l2 = getattr(fw.torch.cuda.get_device_properties(0), "L2_cache_size", 64 << 20) if cuda else 0
            nbytes = 2 * (l2 if cuda else last_level_cache_bytes())
        self.nbytes = int(nbytes)
        if self.nbytes > 0:
            self.buffer = (fw.torch.empty(self.nbytes, dtype=fw.torch.uint8, device="cuda") if cuda
                           else np.empty(self.nbytes, dtype=np.uint8))

    def flush(self):
        if self.buffer is not None:
            self.value = (self.value + 1) & 0xFF
            self.buffer.fill_(self.value) if hasattr(self.buffer, "fill_") else self.buffer.fill(self.value)
        return self.nbytes


def plan_header(path):
    try:
        with open(path) as f:
            return f.readline().strip()
    except OSError:
        return ""


# ---- Convention steps (plan headers `kwb-generate 1`, `kwb-check 1`): see kwb_conventions.py ----------------

def convention_main(sig_path, plan_path, step):
    """Runs the reference's input generator or its own checker; writes generate.json or check.json."""
    out_name = "generate.json" if step == "generate" else "check.json"
    record = {"format": f"kwb.runner-{step}/1", "impl": "?", "calls": [], "status": "ok", "error": "",
              "host": socket.gethostname()}
    provenance = {"backend": "python", "python": sys.executable, "python_version": platform.python_version(),
                  "numpy": np.__version__}
    try:
        import kwb_conventions as kc
        with open(sig_path) as f:
            sig = json.load(f)
        record["impl"] = sig["impl"]
        fw = Framework(sig["framework"], sig.get("triton_interpret", False))
        provenance.update(fw.provenance())
        module = kc.load_module(sig, os.path.dirname(os.path.abspath(sig_path)))
        if step == "check" and not hasattr(module, "check_implementation"):
            raise RuntimeError(f"{sig['source']}: no 'check_implementation'")
        calls = kc.read_generate_plan(plan_path) if step == "generate" else kc.read_check_plan(plan_path)
        for call in calls:
            try:
                if step == "generate":
                    kc.generate_one(call, sig, fw, module)
                    record["calls"].append({"label": call["label"], "status": "ok", "error": "",
                                            "seed": call["seed"]})
                else:
                    record["calls"].append(kc.check_one(call, sig, fw, module, load_input))
                print(f"kwb-{step}: {call['label']}: ok", file=sys.stderr)
            except Exception as e:
                traceback.print_exc()
                record["calls"].append({"label": call["label"], "status": "error", "error": f"{type(e).__name__}: {e}"})
                record["status"], record["error"] = "error", f"{type(e).__name__}: {e}"
                if environment_problem(e) is not None:
                    record["environment"] = environment_problem(e).record()
                if step == "generate":
                    break
    except Exception as e:
        traceback.print_exc()
        record["status"], record["error"] = "error", f"{type(e).__name__}: {e}"
        if environment_problem(e) is not None:
            record["environment"] = environment_problem(e).record()
    record["provenance"] = provenance
    with open(out_name + ".part", "w") as f:
        json.dump(record, f)
    os.replace(out_name + ".part", out_name)
    return 0 if record["status"] == "ok" else 1


if __name__ == "__main__":
    header = plan_header(sys.argv[2]) if len(sys.argv) > 2 else ""
    if header in ("kwb-generate 1", "kwb-check 1"):
        sys.exit(convention_main(sys.argv[1], sys.argv[2], header.split()[0][4:]))
    sys.exit(main())

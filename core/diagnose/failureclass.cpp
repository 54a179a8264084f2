// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/failureclass.h"

namespace kwb {

namespace {
struct ClassInfo {
    FailureClass cls;
    const char* name;
    const char* title;
    const char* explanation;
};

// Listed in precedence order (failureClassesByPrecedence): a version mismatch or a missing device
// makes every later error a symptom; a device fault or an out-of-memory error explains the hangs,
// aborts and failed autotuning runs that follow it; a shape or dtype mismatch explains the JIT
// compile failure that reports it.
const ClassInfo kClasses[] = {
    { FailureClass::DriverRuntimeMismatch, "driver_runtime_mismatch", "Driver, toolkit or architecture mismatch",
        "The versions of the software stack do not fit together or do not fit the GPU: the installed driver is "
        "older than the CUDA runtime the program was built with (or no driver is installed, which the CUDA "
        "runtime reports the same way), the binary has no code for this GPU's architecture, the toolkit does "
        "not know the requested architecture or PTX version, or a library (cuDNN, cuBLAS, NCCL, the framework "
        "itself) is older or newer than the one the program was built against. Fix: install a driver at least "
        "as new as the toolkit needs (nvidia-smi shows the highest CUDA version the driver supports), or "
        "rebuild for the GPU's architecture (-gencode arch=compute_XX,code=sm_XX; TORCH_CUDA_ARCH_LIST) with "
        "a toolkit that knows it, and install library versions that match the framework's build." },
    { FailureClass::NoDevice, "no_device", "No usable device",
        "The runtime started but found no accelerator it could use: no GPU (or Neuron or TPU device) is "
        "present, none is visible to the process (CUDA_VISIBLE_DEVICES, container without --gpus, a "
        "sandbox without the device nodes), the requested device ordinal does not exist, or the device is "
        "busy or in exclusive-process mode. Fix: run on a machine with the device, expose it to the "
        "process or container, check nvidia-smi / neuron-ls, or pick an existing device index; a framework "
        "that silently fell back to the CPU must be told to require the accelerator." },
    { FailureClass::DeviceOom, "device_oom", "Device out of memory",
        "An allocation on the device failed: the tensors, workspaces or on-chip buffers the kernel or "
        "framework needs exceed the free device memory (for XLA: RESOURCE_EXHAUSTED; for NKI: the SBUF or "
        "PSUM partition). Fix: reduce the batch or problem size or tile sizes, free or reuse buffers, "
        "avoid keeping intermediate results alive, use a memory-efficient algorithm, or run on a device "
        "with more memory; with PyTorch, fragmentation can be eased with "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, and other processes on the GPU count too." },
    { FailureClass::LaunchConfig, "launch_config", "Invalid launch configuration",
        "The kernel launch asked for more than the hardware allows: more than 1024 threads per block, a "
        "grid dimension out of range, more dynamic shared memory than the limit (or above 48 KB without "
        "cudaFuncSetAttribute opt-in), or registers times threads above the SM's register file. Fix: check "
        "the grid, block and shared-memory expressions against the device limits for the actual problem "
        "size, lower the threads per block or num_warps, and cap registers (__launch_bounds__, "
        "-maxrregcount) when the launch runs out of resources." },
    { FailureClass::UnsupportedOnTarget, "unsupported_on_target", "Not supported on this target",
        "The code uses something the target it runs or compiles for does not have: an instruction or data type "
        "the GPU generation lacks (wgmma or block-scaled mma below sm_90/sm_100, fp8e4nv below sm_89, bf16 "
        "below sm_80, FlashAttention before Ampere), an operation a backend has no lowering for (a primitive "
        "Pallas/Mosaic cannot lower for TPU or GPU, a comparison or layout a TPU generation does not support), "
        "or a feature a Neuron core or HIP target does not offer. The code may be correct on another target. "
        "Fix: run on hardware that has the feature, or replace the operation with one the target supports "
        "(another dtype, a different primitive, a fallback path chosen by the device's capability), and state "
        "the supported targets in the task." },
    { FailureClass::IllegalMemoryAccess, "illegal_memory_access", "Illegal memory access in a kernel",
        "A kernel faulted on the device: it read or wrote out of bounds, through a bad or misaligned pointer "
        "(for example a vectorised load from an unaligned address), or tripped a device-side assertion such "
        "as an index bound check. The error is sticky and may be reported at a later, unrelated API call. "
        "Fix: run with CUDA_LAUNCH_BLOCKING=1 and under compute-sanitizer (memcheck) to find the faulting "
        "kernel and line, then check index arithmetic, tail handling (masks for sizes that are not a "
        "multiple of the block), pointer alignment and the sizes of the buffers passed in." },
    { FailureClass::ShapeDtypeMismatch, "shape_dtype_mismatch", "Shape, layout, dtype or device mismatch",
        "The arguments do not have what the operation or kernel expects: shapes that cannot be combined "
        "(matmul inner dimensions, broadcasting, in/out shapes), a layout or contiguity the kernel does not "
        "accept, a dtype it does not support or that differs between operands, or tensors on different "
        "devices (a CPU tensor passed to a GPU kernel). Fix: compare the shapes, strides, dtypes and devices "
        "of the arguments with the specification, convert or move them explicitly (.to(dtype), .cuda(), "
        ".contiguous()), and make the task's manifest and the kernel agree." },
    { FailureClass::AutotuneFailure, "autotune_failure", "Autotuning found no usable configuration",
        "Every configuration the autotuner tried failed to compile, did not fit the hardware or failed its "
        "benchmark run, so no kernel could be chosen; with Triton, a configuration whose block sizes and "
        "num_stages need more shared memory than the device has is rejected this way. Fix: restrict the "
        "configuration space to block sizes, num_warps and num_stages that fit the target device (prune "
        "configs by the device's shared-memory limit), add a conservative fallback configuration, and read "
        "the first per-configuration error for the underlying cause." },
    { FailureClass::CompileError, "compile_error", "Compilation failed",
        "The source did not compile: the C++/CUDA compiler, ptxas or the linker reported errors, or a JIT "
        "or lowering step (Triton, MLIR passes, Pallas/Mosaic, XLA, neuronx-cc) failed or does not support "
        "an operation the kernel uses. Fix: read the first error with its file and line (later ones often "
        "follow from it), fix the code or replace the unsupported operation, and check the compiler's "
        "limits (for example shared memory per block reported by ptxas) for the target architecture." },
    { FailureClass::TimeoutHang, "timeout_hang", "Timeout or hang",
        "Something did not finish in time: a kernel ran past the watchdog (a GPU driving a display), a "
        "collective operation waited for a rank that never arrived (NCCL watchdog), the device runtime "
        "timed out, or the process was killed at the wall-clock limit. Usual causes are an infinite loop or "
        "a barrier not every thread reaches, a deadlock between ranks (mismatched collectives, one rank "
        "failed earlier), or a problem far larger than intended. Fix: find where it waits (py-spy, "
        "cuda-gdb, NCCL_DEBUG=INFO), check loop bounds and __syncthreads() under divergence, check that all "
        "ranks issue the same collectives, and raise the time limit only for a run that is genuinely long." },
    { FailureClass::NumericalMismatch, "numerical_mismatch", "Results do not match the reference",
        "The code ran but its output differs from the expected result by more than the tolerance. Usual "
        "causes: an indexing or tail-handling bug, a race (missing synchronisation), an accumulation in too "
        "low a precision (fp16 or bf16 sums, TF32 matmuls), an unwritten output, or a tolerance tighter than "
        "the dtype allows. Fix: look at where the worst elements are (a pattern by row, tile or tail points "
        "to indexing), compare against a float64 reference, accumulate in float32, and justify the "
        "tolerance from the dtypes." },
    { FailureClass::Crash, "crash", "Process crashed",
        "The process died on a signal (segmentation fault, abort, bus error, floating-point exception, or "
        "killed) and the log shows no more specific cause. Usual causes are host-side memory errors in the "
        "launcher or bindings, an uncaught C++ exception (abort), or the out-of-memory killer (SIGKILL). "
        "Fix: run it under gdb or with AddressSanitizer to get a backtrace, and check host buffer sizes and "
        "the memory limit." },
    { FailureClass::Unknown, "unknown", "Unclassified failure",
        "No known failure signature was found in the log. Read the last error lines of the log; if this is "
        "a recurring failure, add a rule for its message to the diagnosis rules (docs/diagnosis.md)." },
};

const ClassInfo& info(FailureClass c)
{
    for (const auto& i : kClasses) {
        if (i.cls == c)
            return i;
    }
    return kClasses[std::size(kClasses) - 1];
}
} // namespace

const QList<FailureClass>& failureClassesByPrecedence()
{
    static const QList<FailureClass> all = [] {
        QList<FailureClass> l;
        for (const auto& i : kClasses)
            l.append(i.cls);
        return l;
    }();
    return all;
}

QString failureClassName(FailureClass c)
{
    return QString::fromLatin1(info(c).name);
}

std::optional<FailureClass> failureClassFromName(QStringView name)
{
    for (const auto& i : kClasses) {
        if (name == QLatin1StringView(i.name))
            return i.cls;
    }
    return std::nullopt;
}

QString failureFindingId(FailureClass c)
{
    return QStringLiteral("runtime.") + failureClassName(c);
}

Severity failureSeverity(FailureClass c)
{
    return c == FailureClass::Unknown ? Severity::Warning : Severity::Error;
}

QString failureTitle(FailureClass c)
{
    return QString::fromLatin1(info(c).title);
}

QString failureExplanation(FailureClass c)
{
    return QString::fromLatin1(info(c).explanation);
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The diagnosis rule table. One row per known failure message; see rules.h for the weight tiers and
// docs/diagnosis.md for the precedence decisions. Patterns are matched per line, case-insensitively.
// Key rules on the tools' own error codes and fixed message texts, never on words that merely happened
// to appear in one log.
#include "core/diagnose/rules.h"

namespace kwb {

// A CUDA or HIP status by its number alone ("Cuda error: 700[…", "cuda execution failed with error 2"): one pattern,
// the numbers of a class in its place — the runtime's enum (HIP's mirrors CUDA's), also as a check's failed
// comparison ("err 700 != CUDA_SUCCESS", cuDNN's frontend) and the status type printed with its value
// ("hipError_t(98)", XLA's ROCm back end); numbers of CUDA before 10.1 are read only where no later status has them.
// The words before the number are spelled out so that the line prefilter's required literal is "cuda error", "hip api
// error", … and not "error" alone.
// clang-format off
#define KWB_CUDA_STATUS(numbers)                                                                                       \
    R"re((\b(CUDA|HIP) (error|failure|failed|runtime error|API error|execution failed|driver error)\b(\s+with)?(\s+(error|code|status))?\s*[:=(]?\s*(code\s*[:=]?\s*)?|\bTriton Error \[(CUDA|HIP)\]:\s*Code:\s*)0*)re" numbers R"re(\b(?!\.\d)|\berr(or)?\s*[:=]?\s*0*)re" numbers R"re(\s*!= (CUDA_SUCCESS|cudaSuccess|hipSuccess)\b|\b(hipError_t|cudaError_t|CUresult)\(\s*0*)re" numbers R"re(\s*\))re"
// clang-format on

const QList<DiagnosisRule>& diagnosisRules()
{
    using C = FailureClass;
    // One rule per line reads best as a table, even past 120 columns.
    // clang-format off
    static const QList<DiagnosisRule> rules {
        // ---- driver_runtime_mismatch -------------------------------------------------------------------
        { C::DriverRuntimeMismatch, 85, KWB_CUDA_STATUS("(36|48|98|209|222)"), "CUDA and HIP statuses by number: a call that needs a newer driver (36; before CUDA 10.1 a context of another driver), no kernel image, an invalid device function, PTX of a newer toolkit" },
        // cudaErrorInsufficientDriver (35) is also what the CUDA runtime reports when no driver is installed
        // at all, which is how a CUDA runner fails on a machine without a GPU.
        { C::DriverRuntimeMismatch, 100, R"re(driver version is insufficient for (the )?CUDA runtime)re", "CUDA runtime (35)" },
        { C::DriverRuntimeMismatch, 100, R"re(cudaErrorInsufficientDriver|CUDA_ERROR_INSUFFICIENT_DRIVER)re", "CUDA runtime (35)" },
        { C::DriverRuntimeMismatch, 100, R"re(\b(returned|(?<!exit )code\s*[=:]?|error(\s+code)?\s*[=:]?)\s*35\b(?!\.\d))re", "CUDA samples: error code 35" },
        { C::DriverRuntimeMismatch, 100, R"re(cudaErrorStubLibrary|CUDA_ERROR_STUB_LIBRARY|driver is a stub library)re", "CUDA (34)" },
        { C::DriverRuntimeMismatch, 100, R"re(Driver/library version mismatch)re", "NVML" },
        // A call the installed driver does not have (cudaErrorCallRequiresNewerDriver, 36), and a library that probes the
        // driver for an entry point it lacks (Warp's "a suitable driver entry point was not found").
        { C::DriverRuntimeMismatch, 95, R"re(API call is not supported in the installed CUDA driver|cudaErrorCallRequiresNewerDriver|CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER|\ba suitable driver entry point was not found\b|\bFailed to get driver entry point\b)re", "CUDA (36), libraries' driver entry-point probes" },
        { C::DriverRuntimeMismatch, 100, R"re(unsupported display driver\s*/\s*cuda driver combination|cudaErrorSystemDriverMismatch|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)re", "CUDA (803)" },
        { C::DriverRuntimeMismatch, 100, R"re(forward compatibility was attempted on non supported HW|cudaErrorCompatNotSupportedOnDevice|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)re", "CUDA (804)" },
        { C::DriverRuntimeMismatch, 100, R"re(no kernel image is available for execution|cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU)re", "CUDA (209)" },
        { C::DriverRuntimeMismatch, 80, R"re(invalid device function|cudaErrorInvalidDeviceFunction|hipErrorInvalidDeviceFunction)re", "CUDA (98), HIP" },
        { C::DriverRuntimeMismatch, 80, R"re(device kernel image is invalid|cudaErrorInvalidKernelImage|CUDA_ERROR_INVALID_IMAGE)re", "CUDA (200)" },
        { C::DriverRuntimeMismatch, 80, R"re(\b(CUDA|HIP)\b\W{1,3}(Error\W{0,3})?invalid (kernel )?image\b|\binvalid kernel file\b|\bhipErrorInvalid(KernelFile|Image)\b)re", "CUDA (200), HIP (218): a module image the runtime cannot load (built for another arch or toolkit)" },
        { C::DriverRuntimeMismatch, 100, R"re(PTX was compiled with an unsupported toolchain|cudaErrorUnsupportedPtxVersion|CUDA_ERROR_UNSUPPORTED_PTX_VERSION)re", "CUDA (222)" },
        { C::DriverRuntimeMismatch, 70, R"re(PTX JIT compil\w+ .{0,30}failed|\bCUDA_ERROR_INVALID_PTX\b|\bcudaErrorInvalidPtx\b|PTX JIT compiler library not found|cudaErrorJitCompilerNotFound|CUDA_ERROR_JIT_COMPILER_NOT_FOUND)re", "CUDA (218, 221)" },
        { C::DriverRuntimeMismatch, 100, R"re(Unsupported gpu architecture|Value '(sm|compute)_\w+' is not defined for option)re", "nvcc: toolkit older than the arch" },
        // nvcc or ptxas without a value the build asks of it, whatever the option ("Value 'c++14' is not defined for
        // option 'std'" from CUDA 8), and NVRTC refusing an option of another release: a toolkit of another release
        // than the build was written for.
        { C::DriverRuntimeMismatch, 95, R"re(\bValue '[^']{1,40}' is not defined for option\b|\bNVRTC_ERROR_INVALID_OPTION\b)re", "nvcc, ptxas, NVRTC: an option value this release does not know" },
        { C::DriverRuntimeMismatch, 100, R"re(Unsupported \.version \d|Unsupported \.target|PTX \.version [\d.]+ does not support \.target)re", "ptxas: PTX newer than the toolkit" },
        { C::DriverRuntimeMismatch, 100, R"re(is not compatible with the current PyTorch installation|no longer supports this GPU|minimum cuda capability supported)re", "PyTorch" },
        { C::DriverRuntimeMismatch, 100, R"re(NVIDIA driver on your system is too old)re", "PyTorch" },
        { C::DriverRuntimeMismatch, 80, R"re(Torch not compiled with \w+ enabled)re", "PyTorch without the accelerator's build (CUDA, XPU, MPS)" },
        { C::DriverRuntimeMismatch, 90, R"re(\b(wasn't|wasnt|was not|not) (built|build|compiled) with (CUDA|ROCm|HIP|GPU)\b)re", "xFormers, extensions: a build without the accelerator" },
        { C::DriverRuntimeMismatch, 85, R"re(\bonly supports? (\w+ ){0,2}v?\d+(\.\d+)* or (higher|later|newer|above)\b.{0,40}\bbut (got|found)\b)re", "version checks: a toolkit newer or older than the range a release knows (Triton)" },
        { C::DriverRuntimeMismatch, 100, R"re(\b(outdated|incompatible) (cuDNN|cuBLAS|cuSPARSE|cuFFT|cuSOLVER|NCCL|CUDA|driver)\w* (installation|version|library|libraries|driver))re", "JAX" },
        { C::DriverRuntimeMismatch, 100, R"re(Found \w+ version \d+, but \w+ was built against|Loaded runtime \w+ library: .{0,40}but source was compiled with)re", "JAX, TensorFlow" },
        { C::DriverRuntimeMismatch, 90, R"re(version must be no lower than|was built against .{0,40}(newer|older)|cuDNN version incompatibility)re", "JAX, PyTorch" },
        { C::DriverRuntimeMismatch, 100, R"re(CUDNN_STATUS_VERSION_MISMATCH|CUDNN_STATUS_ARCH_MISMATCH|CUBLAS_STATUS_ARCH_MISMATCH)re", "cuDNN, cuBLAS" },
        { C::DriverRuntimeMismatch, 80, R"re(\bversion mismatch\b|\bMismatched\b.{0,60}\bAPI versions?\b)re", "NCCL, NVML, runtimes, PJRT plugins" },
        { C::DriverRuntimeMismatch, 80, R"re(driver (is |version is )?too old|requires a (newer|more recent) (CUDA |NVIDIA )?driver)re", "various" },
        { C::DriverRuntimeMismatch, 70, R"re(compute capability .{0,40}(is )?(not supported|unsupported|too (old|low)|below the minimum))re", "various" },
        { C::DriverRuntimeMismatch, 80, R"re(lib(cuda|cudart|cublas\w*|cudnn\w*|nccl|nvrtc|cufft|cusparse|cusolver|nvJitLink)\.so\S*.{0,40}(cannot (open|be found|found)|not found|No such file))re", "dynamic loader, Triton" },
        { C::DriverRuntimeMismatch, 100, R"re(mismatches the version that was used to compile)re", "PyTorch extensions" },
        { C::DriverRuntimeMismatch, 80, R"re(\brequires an? (newer |more recent )?(lib)?[\w.-]+ version\b)re", "a component's check on another's version (\"Pallas TPU requires a libTPU version that's at most a month old\")" },
        { C::DriverRuntimeMismatch, 80, R"re(CUDA-enabled jaxlib is not installed)re", "JAX CPU build" },
        { C::DriverRuntimeMismatch, 90, R"re(\bis installed, but (it )?is not compatible with the installed \w+ version\b)re", "JAX: a plugin (jax-cuda12-plugin, libtpu) of another version than jaxlib, left unused" },
        { C::DriverRuntimeMismatch, 60, R"re(^\s*(E\s+)?DeprecationWarning: .{0,160}\bis deprecated\b|\bERROR\b.{0,160} - DeprecationWarning: .{0,160}\bis deprecated\b)re", "a deprecation raised as an error (warnings as errors): code written against another release" },
        // JAX reports a GPU plugin that would not start ("CUDA backend failed to initialize: <why>") and goes on
        // on the CPU: the installation's CUDA pieces do not work together. A cause printed in the same message
        // (CUDA_ERROR_NO_DEVICE) still decides.
        { C::DriverRuntimeMismatch, 60, R"re(\b(CUDA|ROCm|GPU) backend failed to initialize\b)re", "JAX", RuleRole::Wrapper },
        { C::DriverRuntimeMismatch, 90, R"re(\bTDRV:arch_init\b.{0,60}Architecture not found|^\s*Architecture not found \d+\s*$)re", "Neuron runtime older than the instance's hardware" },
        { C::DriverRuntimeMismatch, 60, R"re(undefined symbol: .{0,80}(cuda|cublas|cudnn|nccl|c10|at::|torch|_ZN))re", "extension built against another version" },
        { C::DriverRuntimeMismatch, 60, R"re(\b(neuron|NRT|NEFF|runtime|driver)\b.{0,40}(version .{0,20})?(is )?(not compatible|incompatible))re", "Neuron, various" },
        { C::DriverRuntimeMismatch, 50, R"re(Minimum supported:\s*\d|built against version)re", "JAX version report" },
        // An application's own words for the same (Blender's Cycles: "HIP binary kernel for this graphics card compute
        // capability (11.0) not found").
        { C::DriverRuntimeMismatch, 90, R"re(\b(binary|kernel|code object|cubin|fatbin)s? (kernels? )?for (this|the current|your) (graphics card|GPU|device)\b.{0,80}\bnot found\b)re", "applications' loaders: no kernel binary built for the GPU" },
        { C::DriverRuntimeMismatch, 100, R"re(hipErrorNoBinaryForGpu|Unable to find code object for all current devices|Cou?ldn'?t find binary for current devices)re", "HIP: no code object for the GPU's gfx arch" },
        { C::DriverRuntimeMismatch, 90, R"re(ptxas too old|ptxas does not support CC \d|older than the (ptxas|PTX compiler) (CUDA )?version|You are using ptxas [\d.]+, which is older than|requires ptxas [\d.]+|\b(ptxas|nvcc|nvlink|nvJitLink|driver|CUDA|cuDNN|NCCL) v?\d+(\.\d+)+ has (a |known )?bugs?\b)re", "XLA: ptxas and driver versions (\"ptxas 12.3.103 has a bug that we think can affect XLA\")" },
        { C::DriverRuntimeMismatch, 80, R"re(\bCould NOT find (CUDA|CUDAToolkit|HIP|ROCm|NCCL|RCCL|CUDNN|Torch|TensorRT|MIOpen|rocblas|hipblas|NVHPC)\w* \(missing:|\b(CUDA|ROCm|cuDNN|NCCL|TensorRT|SYCL) Configuration Error: (Cannot|Could not|Couldn't) find)re", "CMake, TensorFlow's Bazel configure: the accelerator toolkit or a library of the stack not found" },
        { C::DriverRuntimeMismatch, 90, R"re(cannot find (ROCm device library|device library for gfx\w*|HIP runtime|CUDA installation|libdevice)\b|libdevice not found|Couldn't (get|invoke) ptxas|Failed to launch ptxas|\b(ptxas|nvcc|hipcc) (was )?not found\b|No PTX compilation provider is available|compiler binary does not exist)re", "XLA, Neuron, clang's CUDA/HIP drivers: toolkit pieces missing" },
        { C::DriverRuntimeMismatch, 90, R"re(Cannot lower \w+ on platform|To use Pallas on (GPU|TPU), install|NEFF version .{0,60}not supported|CUDA failure 35\b)re", "JAX/Pallas, Neuron runtime, ONNX Runtime" },
        { C::DriverRuntimeMismatch, 80, R"re(No module named '(torch|triton|jax|jaxlib|neuronxcc|torch_neuronx|torch_xla|libtpu|cupy|tensorrt|neuronx_distributed\w*|transformers_neuronx|libneuronxla|jax_cuda\d+_plugin|jax_rocm\d+_plugin)('|\s*$)|cannot import name '?\w+'? from '?(libneuronxla|torch_neuronx|neuronxcc|jaxlib|triton|torch)\b|\b([2-9]|\d{2,}) active drivers\b)re", "an accelerator framework missing or of another version" },
        { C::DriverRuntimeMismatch, 80, R"re(HIP target: gfx\w+ is unknown|-amdgpu-target argument '\w+' is not recognized)re", "HIP toolchain older than the gfx arch" },
        // Version skew shows up as whatever layer broke first: the dynamic loader, an import, a binding, a
        // version check. These read the mechanism, whatever the product: a missing library of the installation,
        // a binary built against another version (undefined symbol), a compiled binding that disagrees with its
        // Python caller, a package without the name or submodule another package expects, "requires … or later".
        { C::DriverRuntimeMismatch, 80, R"re(error while loading shared libraries: \S+: cannot open shared object file|[\w+.-]+\.so(\.\d+)*: cannot open shared object file)re", "dynamic loader: a library of the installation is missing (any name: a JIT module, a plugin)" },
        { C::DriverRuntimeMismatch, 75, R"re(\bundefined symbol: \w+)re", "dynamic loader: a binary built against another version (ABI)" },
        // The Objective-C runtime's twin of an undefined symbol: a binary calls a method the loaded framework (Metal,
        // MPSGraph) does not have — it was built against another release of the OS's frameworks.
        { C::DriverRuntimeMismatch, 70, R"re(\]: unrecognized selector sent to (instance|class)\b)re", "Objective-C runtime: a framework without the method a binary calls" },
        { C::DriverRuntimeMismatch, 80, R"re(incompatible function arguments\. The following argument types are supported)re", "pybind11: the compiled binding and its Python caller are of different versions" },
        { C::DriverRuntimeMismatch, 75, R"re(cannot import name '\w+' from '[\w.]+'|cannot import name \w+ from [\w.]+ \()re", "Python: an installed package lacks a name another one expects (quoted, or bare with the module's path after it)" },
        // Two builds of one library loaded into one process register the same name twice: absl's flags, protobuf's
        // descriptors, pybind11's types. What clashes is the installation (two packages bundling the library).
        { C::DriverRuntimeMismatch, 70, R"re(\bFlag '?\w+'? was defined more than once\b|\bFile already exists in database: \S+\.proto\b|\bgeneric_type: type "?[\w.:]+"? is already registered\b)re", "absl flags, protobuf, pybind11: one library loaded twice from two packages" },
        { C::DriverRuntimeMismatch, 70, R"re(No module named '\w+(\.\w+)+')re", "Python: a package lacks a submodule another one expects" },
        { C::DriverRuntimeMismatch, 85, R"re(\bis (newer|older) than and incompatible with\b|\bversion v?[\d.]+ is (older|newer) than\b.{0,40}\b(minimum|maximum|required|supported)\b|\bthis version of \w+ requires\b|\bis version v?\d+(\.\d+)+\S*,? but\b|\brequires version\s*(>=|>|at least)\s*v?\d|requires (a )?(\w+ ){0,2}(driver|runtime|toolkit|library|PTX ISA|ptxas|CUDA(?! compute)|cuDNN|ROCm|jaxlib)\b.{0,30}\b(or (later|newer|greater|higher)|>=)|\brequires (CUDA|ROCm|cuDNN|jaxlib|PyTorch|torch|triton|driver) v?\d+(\.\d+)*\+)re", "version checks of frameworks, runtimes and toolchains" },
        { C::DriverRuntimeMismatch, 85, R"re(\b(features?|versions?)\b.{0,40}\bnot supported\.?\s+(Currently|Only) support)re", "a file format newer than its reader (Neuron NEFF)" },
        { C::DriverRuntimeMismatch, 80, R"re(\b(DNN|cuDNN|cuBLAS|BLAS|FFT|cuFFT|NCCL) library (is )?not found)re", "XLA, TensorFlow: a library of the installation is missing" },
        { C::DriverRuntimeMismatch, 85, R"re(\b(Unable to|Could not|Couldn't|Failed to|Cannot) (load|find|open|dlopen) (the )?(NCCL|RCCL|cuDNN|DNN|cuBLAS\w*|cuFFT|cuSOLVER|cuSPARSE|MIOpen|NVRTC|nvJitLink|hipBLAS\w*|rocBLAS|CUDA driver|CUDA runtime|HIP runtime) (shared )?librar(y|ies)\b)re", "XLA and frameworks: a library of the stack they load at run time is not installed (\"Unable to load NCCL library\")" },
        // Two copies of LLVM in one process (a JIT's and a graphics driver's, two ROCm releases) register the same
        // command-line options twice; LLVM stops there.
        { C::DriverRuntimeMismatch, 95, R"re(\bCommandLine Error: Option '[^']+' registered more than once\b|\binconsistency in registered CommandLine options\b|\bLLVM ERROR: Option '[^']+' already exists\b)re", "LLVM: two releases loaded into one process" },
        // A package of the stack the program needs is not installed, or is older than a build needs, in the words of the
        // code that checks it ("triton_call is only available when triton is installed", "CUDA 12.0 or higher is
        // required to build the package").
        { C::DriverRuntimeMismatch, 80, R"re(\bis only available (when|if) (triton|torch|jax|jaxlib|cupy|nccl|flash[_-]attn|xformers|apex|deepspeed|bitsandbytes|vllm|torch_xla|libtpu|neuronx?[\w-]*|cuda[\w-]*|rocm[\w-]*) is installed\b|\brequires (the )?(triton|torch|jax|jaxlib|cupy|flash[_-]attn|xformers|apex|deepspeed|bitsandbytes|torch_xla|libtpu|neuronx?[\w-]*) (package )?to be installed\b)re", "libraries of the stack: a package they need is missing" },
        { C::DriverRuntimeMismatch, 85, R"re(\b(CUDA|ROCm|HIP|cuDNN|NCCL|nvcc|CUDA toolkit|CUDA driver|NVIDIA driver)( version)? ?(>= ?)?v?\d+(\.\d+)*\+? or (higher|newer|later|above|greater) is required\b)re", "packages' and builds' checks of the toolkit or driver version" },
        // A JIT's helper module (Triton's cuda_utils/launcher) linked against the driver's library: when the linker
        // cannot find it the installation lacks it, the generated code is fine (round 4 triton-14).
        { C::DriverRuntimeMismatch, 95, R"re(cannot find -l(cuda|cudart|cublas\w*|cudnn\w*|nvrtc|nccl|amdhip64|hiprtc|nrt)\b)re", "linker: the driver or runtime library a JIT links against is missing" },
        { C::DriverRuntimeMismatch, 95, R"re(cannot find (-l(c|gcc|gcc_s|m|pthread|dl|rt|stdc\+\+)\b|S?crt[1in]\.o\b|crt(begin|end)\w*\.o\b))re", "linker: the host toolchain's own C runtime (libc, libgcc, crt objects) is missing — a compiler installed without its system libraries, whatever it builds (a JIT's launcher, an extension)" },
        // rocBLAS/hipBLASLt ship their kernels per gfx arch in Tensile library files: none for this GPU's arch (or
        // not where this ROCm version looks) is the HIP twin of "no code object for the GPU" (hipErrorNoBinaryForGpu).
        { C::DriverRuntimeMismatch, 90, R"re(\bCannot read .{0,200}\bTensileLibrary\w*\.(dat|yaml)|\bTensileLibrary\w*\.(dat|yaml)\S*:? No such file|\bCould not (load|initialize) .{0,200}\bTensile\w*|\bTensile solution found, but kernel not found\b)re", "rocBLAS/Tensile: no kernel library for the GPU's arch" },
        // After that failure rocBLAS lists the Tensile files it did find, one quoted path a line — the listing alone, where
        // the error line itself was cut from the excerpt, still says so.
        { C::DriverRuntimeMismatch, 70, R"re(^\W*"[^"]*[/\\]TensileLibrary\w*\.(dat|yaml|co)"\W*$)re", "rocBLAS/Tensile: the kernel files it found, listed after finding none for this arch" },
        // Pieces of one installation that do not fit, in their own words: a code object built for another GPU ISA,
        // the NVIDIA kernel module older than its user-space driver, a framework's compiler package absent or too
        // old, two OpenMP runtimes loaded into one process.
        { C::DriverRuntimeMismatch, 95, R"re(\b(is|are) not compatible with the installed\b|\bcompatibility id range\b|\bversion \S+ is not supported (in|by) this version of\b|\bis not supported by this (\S+ ){0,2}(release|version)\b)re", "runtimes, plugins, tools: a release the installed piece does not accept (TensorRT: \"Target GPU SM 70 is not supported by this TensorRT release\")" },
        // A library whose release maps each GPU generation to its kernels, meeting one it has no entry for (TensorRT's
        // "Assertion failed: Unsupported SM." on a GPU newer than the release), and the container toolkit's check of
        // the driver against the CUDA a container needs ("unsatisfied condition: cuda>=12.1"): another release fits.
        { C::DriverRuntimeMismatch, 90, R"re(\bAssertion (failed|Error)\b.{0,40}\bUnsupported SM\b|\brequirement error: unsatisfied condition: (cuda|driver)\b)re", "TensorRT's kernel table, nvidia-container-cli's driver requirement" },
        { C::DriverRuntimeMismatch, 95, R"re(\bbuilt with a (later|newer|older|different) version than the (framework|runtime|plugin)\b|\bUnexpected PJRT_\w+ size\b)re", "PJRT: a plugin of another release than the framework (jax-cuda*-plugin beside jaxlib)" },
        { C::DriverRuntimeMismatch, 80, R"re(\bfailed programming the engine\b)re", "Neuron HAL: a runtime on a driver too old for it (Neuron's troubleshooting)" },
        { C::DriverRuntimeMismatch, 90, R"re(\bThe program ISA \S+ is not compatible with the device ISA\b)re", "HIP runtime: a code object built for another gfx ISA" },
        // The message for exactly this cause, and the reason for the "no CUDA-capable device" beside it: tier 100.
        { C::DriverRuntimeMismatch, 100, R"re(\bkernel version [\d.]+ does not match DSO version\b)re", "XLA's CUDA diagnostics: the kernel driver and its user-space library of different releases" },
        { C::DriverRuntimeMismatch, 95, R"re(\bPTX version [\d.]+ does not support target\b|\bMinimum required PTX version is\b)re", "LLVM's NVPTX back end (XLA, Triton): the toolkit's newest PTX is older than the GPU's architecture" },
        { C::DriverRuntimeMismatch, 95, R"re(\bUnsupported version: expected <= ?\d+ but got \d+|\bFailed to deserialize the \w+ module\b.{0,80}\bversion\b)re", "libtpu, Mosaic: a serialized kernel of a newer release" },
        { C::DriverRuntimeMismatch, 85, R"re(\bLibrary \S*(cublas|cudnn|cudart|nvrtc|cufft|curand|cusparse|cusolver|nccl|nvJitLink)\w*\.(dll|so\S*) is not found\b)re", "CTranslate2 and others: a CUDA library of the installation missing" },
        { C::DriverRuntimeMismatch, 100, R"re(\bNVRM: API mismatch: client version\b)re", "NVIDIA driver: kernel module and user-space driver of different releases" },
        { C::DriverRuntimeMismatch, 95, R"re(\bCannot find a working triton installation\b)re", "TorchInductor: Triton absent or too old" },
        { C::DriverRuntimeMismatch, 85, R"re(\bAssertion\W{1,3}false && "computeCapability not supported")re", "Triton's compiler meeting a GPU newer than its release knows (sm_120 on Triton 3.2)" },
        { C::DriverRuntimeMismatch, 90, R"re(\bOMP: Error #15\b|\bfound lib(i|g)?omp\S* already initialized\b)re", "OpenMP: two runtimes in one process (an installation that ships both)" },
        { C::DriverRuntimeMismatch, 95, R"re(NRT_UNSUPPORTED_NEFF_VERSION|\bnrt_\w+ status=10\b)re", "Neuron runtime (NRT_UNSUPPORTED_NEFF_VERSION = 10)" },
        // Loading a model the runtime calls invalid (NRT_INVALID = 2, at load, not at execution): a NEFF compiled by a
        // release the runtime does not read.
        { C::DriverRuntimeMismatch, 70, R"re(\b(Could not load the model|nrt_load\w*)\b.{0,20}\bstatus=2\b)re", "Neuron runtime: a NEFF it cannot load (NRT_INVALID = 2)" },
        // A binary module built against another version of a library than the one loaded (NumPy's C API
        // version, NumPy 1.x against 2.x); a framework module without a name the code uses (an API of another
        // release: `tl.make_block_ptr` on an older Triton, `tl.math` on a newer one) — the log cannot tell that
        // from a typo, and in public threads it is nearly always the release; an API removed in a named version.
        // A package's compiled extension that does not load with the framework installed beside it, in its own words
        // (torchvision: "Couldn't load custom C++ ops. This can happen if your PyTorch and torchvision versions are
        // incompatible").
        { C::DriverRuntimeMismatch, 85, R"re(\bCouldn't load custom C\+\+ ops\b|\bversions are (incompatible|not compatible)\b)re", "extensions built for another release of the framework" },
        { C::DriverRuntimeMismatch, 90, R"re(compiled against (API )?version \w+ but this version of \w+ is|compiled using NumPy [\d.x]+ cannot be run in NumPy)re", "NumPy C API and other binary modules" },
        { C::DriverRuntimeMismatch, 60, R"re(module '(triton|torch|jax|jaxlib|libtpu|jax_plugins|neuronxcc|nki|torch_neuronx|torch_xla|libneuronxla|cupy)(\.[\w.]+)?' has no attribute '\w+'(?!\. Did you mean))re", "a framework module without a name of another release" },
        { C::DriverRuntimeMismatch, 80, R"re(\b(deprecated\b.{0,60}\b|(was|were|has been|have been) )removed in (\w+ )?v?\d+\.\d+)re", "an API removed in a named release (JAX, ...)" },
        // An API a release took out and names what replaced it ("Block pointers have been removed in favor of the
        // tensor descriptor API"): the code was written for another release. A warning that something *will* be
        // removed is not this.
        { C::DriverRuntimeMismatch, 80, R"re(\b(has|have|was|were) (been )?removed in favou?r of\b)re", "an API removed in this release, with its replacement (Triton, ...)" },
        // A reader older than the format or dialect version it was handed ("current mps dialect version is 1.0.0,
        // can't parse version 1.1.0"): the producer and the consumer come from different releases.
        { C::DriverRuntimeMismatch, 85, R"re(\b(can'?t|cannot|unable to|failed to) (parse|read|deserializ\w*) (\w+ ){0,2}version v?\d)re", "MLIR dialects, serialised formats: a reader older than what it reads" },
        // A library that cannot create its handle or initialise does not fit the driver or the rest of the
        // installation (memory is the other cause, named when the log says so: CUBLAS_STATUS_ALLOC_FAILED).
        { C::DriverRuntimeMismatch, 60, R"re(\b(cusolverDn|gpusolverDn|cublas|gpublas|cudnn|cusparse|hipblas|rocblas|miopen)Create\w*\(\s*&?\w*\s*\)\s*failed|CUDNN_STATUS_NOT_INITIALIZED)re", "cuSolver, cuBLAS, cuDNN handle creation" },
        // cuDNN's or cuBLAS's own kernel failing to run is, far most often, a library build without kernels for
        // the GPU's architecture (a CUDA 10 build on an Ampere card).
        { C::DriverRuntimeMismatch, 50, R"re(CUDNN_STATUS_EXECUTION_FAILED|CUBLAS_STATUS_EXECUTION_FAILED)re", "cuDNN, cuBLAS: the library's kernel failed on this GPU" },
        // The launcher stub a JIT builds with the host compiler (Triton's main.c/cuda_utils.c, linked to libcuda):
        // when that fails, headers or the driver library are missing, not the kernel's code.
        { C::DriverRuntimeMismatch, 60, R"re(CalledProcessError: Command '\['\S*\b(gcc|cc|clang)(-\d+)?', '\S*/(main|cuda_utils|hip_utils)\.c')re", "Triton's launcher stub (through TorchInductor)" },
        // A header of the stack itself missing (Python's, CUDA's) is an installation without its development files,
        // whatever compiles against it — a JIT's launcher stub most often; a missing header of the code's own is not.
        { C::DriverRuntimeMismatch, 95, R"re(\b(Python|cuda|cuda_runtime|cuda_fp16|cuda_bf16|cublas_v2|cudnn|nccl|hip/hip_runtime)\.h: No such file or directory)re", "compilers: the stack's development headers are not installed" },
        // A C or C++ standard header the compiler cannot find (clang on Windows without Visual Studio building Triton's
        // launcher; a compiler without its C library): the host toolchain is installed incompletely, the code is fine.
        { C::DriverRuntimeMismatch, 95, R"re(\bfatal error: '(stdio|stdlib|stddef|stdint|stdarg|string|math|limits|assert|errno|wchar|float)\.h' file\b|\bfatal error: (stdio|stdlib|stddef|stdint|stdarg|string|math|limits|assert|errno|wchar|float)\.h: No such file\b|\bfatal error: '?(cstdlib|cstdio|cstddef|cstdint|cstring|cmath|climits|type_traits|utility)'?(: No such file| file\b)|\bfatal error: '?__clang_\w+\.h'?(: No such file| file\b))re", "compilers: the host toolchain without its C or C++ standard headers, or clang without its own (__clang_cuda_runtime_wrapper.h)" },
        // An option one component passes that another of a different release does not know.
        { C::DriverRuntimeMismatch, 80, R"re(Unknown flags? in (XLA|LIBTPU|NEURON_CC|TF)_\w*FLAGS)re", "XLA flags of another release" },
        { C::DriverRuntimeMismatch, 50, R"re(\berror: argument .{0,40}invalid choice: '\w+' \(choose from)re", "a CLI whose plugin for that choice is not installed (optimum-cli export neuron)" },
        // A library of the stack that cannot be found or loaded, however the loader or the package words it (Windows:
        // "Could not find module 'nvvm.dll'", "DLL load failed while importing"; Numba: "libNVVM cannot be found").
        { C::DriverRuntimeMismatch, 80, R"re(\b(lib)?(nvvm|cudart|cublas\w*|cudnn\w*|nvrtc|cufft|cusparse|cusolver|curand|nccl|nvJitLink|nvcuda|amdhip64|hiprtc|libdevice)\w*(\.dll|\.so\S*|\.dylib)?'? (cannot|could not|couldn't|can't) be (found|loaded|located)|(Could not|Cannot|Can't|Unable to|Failed to) (find|load|locate|open) (the )?(module|library|DLL|shared object) '?\S*(nvvm|cudart|cublas|cudnn|nvrtc|cufft|cusparse|cusolver|curand|nccl|nvJitLink|nvcuda|amdhip64|hiprtc)\w*\.(dll|so|dylib))re", "loaders and packages (Numba, CuPy, Windows): a library of the toolkit not found" },
        { C::DriverRuntimeMismatch, 75, R"re(\bDLL load failed\b)re", "Windows loader: a binary module or a library it needs is missing or of another build" },
        // A kernel the loaded module does not have (CUDA's "named symbol not found", status 500; HIP's "Cannot retrieve
        // Static function"): a library built without code for this GPU, or a module of another release.
        { C::DriverRuntimeMismatch, 80, R"re(\bnamed symbol not found\b|\bcudaErrorSymbolNotFound\b|\bCannot retrieve Static function\b)re", "CUDA (500), HIP: a kernel missing from the loaded module" },
        // A package built without the accelerator, in any grammar ("don't compiled with cuda", "built without CUDA
        // support"): an installation that lacks the GPU build, like "Torch not compiled with CUDA enabled".
        { C::DriverRuntimeMismatch, 80, R"re((\bnot|n't|\bnever been) (been )?(compiled|built) with (CUDA|GPU|ROCm|HIP|cuDNN)\b|\b(compiled|built) without (CUDA|GPU|ROCm|HIP)( support)?\b|\b(library|package|build|binary) (was|is) not (compiled|built) with any support\b|\bnot (compiled|built|linked) with support for (CUDA|GPU|ROCm|HIP|XPU|MPS|NPU|HPU|cuDNN)\b)re", "packages built without the accelerator (Open MPI: \"the library was not compiled with any support\"; \"PyTorch is not linked with support for xpu devices\")" },
        // A feature that needs a newer release of a package, stated with the version it needs ("MXFP4 quantization
        // requires triton >= 3.4.0"; "this version of jax requires version >= 0.4.19"). A version has a dot, which
        // keeps out a kernel's own bounds ("requires BM >= 64").
        { C::DriverRuntimeMismatch, 80, R"re(\brequires? ([\w-]+ )?[a-z][\w.-]* ?>= ?v?\d+\.\d+)re", "packages' version checks" },
        // A package's own CUDA set-up that failed and sends the user to the library path: the CUDA libraries of
        // the installation were not found or do not fit (bitsandbytes).
        { C::DriverRuntimeMismatch, 70, R"re(\bCUDA Setup failed\b|\blocate (the )?CUDA librar(y|ies)\b|\badd .{0,40}\bto (your |the )?LD_LIBRARY_PATH\b)re", "packages' CUDA set-up: the toolkit's libraries not found" },
        // LLVM (inside Triton, XLA, numba) without the GPU's architecture: a toolchain older than the GPU.
        { C::DriverRuntimeMismatch, 95, R"re('(sm|gfx)_?\w+' is not a recognized processor for this target|'\+?ptx\d+' is not a recognized feature for this target)re", "LLVM: the toolchain does not know the GPU's architecture, or the PTX ISA the compiler in front of it asks for" },
        // The same for a processor of any other name ('apple-m1': a wheel built by an LLVM that does not know the
        // machine). LLVM goes on with a generic target, so this is a warning a later, stated cause outweighs; it ties
        // with the "LLVM ERROR" it leads to and wins that by precedence.
        { C::DriverRuntimeMismatch, 90, R"re('[\w.+-]+' is not a recognized processor for this target)re", "LLVM: a toolchain that does not know the processor" },
        // PTX written for a newer architecture than the one ptxas assembles for: a prebuilt .ptx for another GPU.
        { C::DriverRuntimeMismatch, 95, R"re(\bSM version specified by \.target is higher than\b)re", "ptxas: PTX built for a newer architecture than the target" },
        // Any compiler or backend that does not know the GPU's architecture by name (NVHPC's "-ta with unknown
        // keyword cc89", a backend's "sycl_arch not recognized") is older than the GPU; a binary built for another
        // architecture that says to rebuild for this one lacks its code (NVHPC's "Rebuild this file with -gpu=cc120").
        { C::DriverRuntimeMismatch, 85, R"re(\b\w*(arch|architecture|processor|offload-arch|gpu-target)\w* (is )?(not recognized|unrecognized|unknown|not known)\b|\b(unknown|unrecognized) (keyword|value|architecture|arch|target|processor|GPU)\b.{0,10}\b(cc\d{2,3}|sm_?\d{2,3}\w?|compute_\d{2,3}\w?|gfx\d\w*)\b|\bRebuild (this file|it|the \w+) with -(gpu|arch|ta|offload-arch)[= ]\S*\b(cc|sm_|gfx)\d+|\bUnknown CUDA arch \(\d+\.\d+\))re", "compilers and backends: a GPU architecture the toolchain or the binary does not know (torch.utils.cpp_extension: \"Unknown CUDA arch (8.9)\")" },
        // A header of the toolkit itself that includes one its installation lacks: the headers of two releases
        // mixed, or code that needs a newer toolkit than the one installed (ROCm 5.6's hip_bf16.h without amd_hip_bf16.h).
        // The same in the front ends' own words, wherever the toolkit's headers were installed or bundled (CuPy's
        // cupy/_cuda/cuda-12.4/cuda_fp16.h that includes vector_types.h of a runtime package not installed).
        { C::DriverRuntimeMismatch, 95, R"re(\b(cuda_\w+|hip_\w+|amd_hip_\w+|cuda)\.h(pp)?(\(\d+\)|:\d+:\d+): (catastrophic |fatal )?error: (cannot open source file|\S+: No such file or directory))re", "a toolkit's own header missing a file of its release (nvcc, NVRTC, hipcc)" },
        { C::DriverRuntimeMismatch, 95, R"re(^\s*(In file included from )?/(opt/rocm|usr/local/cuda|usr/include/hip|opt/nvidia)[^:\s]*/include/\S+:\d+:\d+: fatal error: \S+ (file not found|No such file or directory))re", "a toolkit's own header missing a file of its release" },
        // The toolkit's host side: a host compiler it does not find or does not accept (nvcc's "Cannot find compiler
        // 'cl.exe' in PATH", "unsupported GNU version! gcc versions later than 12 are not supported"; Triton's "Failed
        // to find C compiler"), a toolkit root not set, the C++ runtime older than a binary needs (GLIBCXX_3.4.30),
        // packages compiled against different CUDA versions, NVRTC that does not know the architecture.
        { C::DriverRuntimeMismatch, 90, R"re(\bCannot find compiler '\S+' in PATH|\bFailed to find (a )?C(\+\+)? compiler\b|\bunsupported (GNU|clang|Microsoft Visual Studio|MSVC|host compiler) version|-allow-unsupported-compiler\b)re", "nvcc, Triton: the host compiler missing or of a version the toolkit does not accept" },
        { C::DriverRuntimeMismatch, 95, R"re(\bunsupported (HIP|CUDA|GPU|offload) (gpu )?arch(itecture)?:? '?(gfx|sm_)\w+|\binvalid target ID '(gfx|sm_)\w*)re", "clang/hipcc: a toolchain older than the GPU's architecture (\"unsupported HIP gpu architecture: gfx1201\", \"invalid target ID 'gfx941'\")" },
        { C::DriverRuntimeMismatch, 85, R"re(\brequires [\w.-]+\s*[=<>!~]=?\s*[\w.*]+, but you have [\w.-]+ [\w.+]+ which is incompatible)re", "pip's resolver: packages of the stack at versions that do not fit" },
        { C::DriverRuntimeMismatch, 80, R"re(\bNo such file or directory: '(neuronx-cc|neuron-cc|nvcc|hipcc|ptxas|nvdisasm|cuobjdump|clang\+\+|g\+\+|gcc|ninja)')re", "a compiler binary of the stack missing where a framework runs it" },
        // A type or enum of the toolkit's libraries that the installed toolkit does not declare ("identifier
        // \"CUDA_R_16BF\" is undefined" under CUDA 10.2): code written for a later toolkit.
        { C::DriverRuntimeMismatch, 95, R"re(\bidentifier "(CUDA_R_(16BF|8F_\w+|4F_\w+|8I|8U)|CUBLAS_COMPUTE_\w+|CUBLASLT_\w+|cublasLt\w+|cudaGraphExec\w*|__nv_bfloat16\w*|__nv_fp8\w*|__nv_fp4\w*|nv_bfloat16\w*)" is undefined)re", "nvcc: a library type of a later toolkit" },
        // A toolchain's driver that cannot run a component of its own installation (hipcc's `Can't exec
        // "/usr/llvm/bin/clang": No such file or directory`): the toolchain is installed incompletely or its
        // environment (ROCM_PATH, HIP_CLANG_PATH) points elsewhere.
        { C::DriverRuntimeMismatch, 85, R"re(\b(Can't exec|cannot exec(ute)?|could not exec(ute)?|failed to exec(ute)?)\s+"?\S*/(clang(\+\+)?|amdclang(\+\+)?|llc|lld|ld\.lld|opt|ptxas|nvlink|fatbinary|cicc|cudafe\+\+|nvcc|hipcc)"?:?\s+(No such file|not found))re", "hipcc, nvcc: a component of the toolchain missing" },
        // A file that belongs to the stack's own installed package that the package cannot load ("Failed to load extern
        // lib libdevice at …/site-packages/triton/language/libdevice.10.bc"): a package installed without its data.
        { C::DriverRuntimeMismatch, 80, R"re(\b(Failed to (load|open|find)|cannot (load|open|find)|could not (load|open|find)|unable to (load|open|find))\b.{0,80}\bsite-packages/(triton|jax|jaxlib|torch|torch_xla|torch_neuronx|neuronxcc|libneuronxla|jax_plugins)/\S+\.(bc|ll|so|ptx|cubin|hsaco|json|txt)\b)re", "a package of the stack missing a file of its own" },
        { C::DriverRuntimeMismatch, 80, R"re(\b(neuronx-cc|neuron-cc|nvcc|hipcc|ptxas|triton|torch_neuronx|torch-neuronx|torch_xla|cupy) is not installed\b)re", "a compiler or package of the stack missing" },
        { C::DriverRuntimeMismatch, 85, R"re(\b(CUDA_HOME|CUDA_PATH|ROCM_HOME|ROCM_PATH)( environment variable)? (is )?not (set|found)\b)re", "PyTorch extensions, build scripts: no toolkit where the build looks" },
        { C::DriverRuntimeMismatch, 85, R"re(\bversion `(GLIBCXX|GLIBC|CXXABI)_[\d.]+' not found)re", "dynamic loader: a C/C++ runtime older than the binary was built against" },
        { C::DriverRuntimeMismatch, 90, R"re(\b(were|was|are) compiled with different (CUDA |ROCm )?(major )?versions?\b|\binvalid value for --gpu-architecture\b)re", "torchvision, NVRTC: parts of the stack built for different versions or architectures" },
        { C::DriverRuntimeMismatch, 85, R"re(\bDNN library initiali[sz]ation failed\b)re", "XLA: cuDNN that does not fit the installation" },
        { C::DriverRuntimeMismatch, 95, R"re(\bDNN library is not found\b)re", "XLA: no cuDNN it can load (the original error below a convolution autotuner's failure)" },
        { C::DriverRuntimeMismatch, 80, R"re(\bRET_CHECK failure\b.{0,160}\bdnn != nullptr\b)re", "XLA: no DNN library loaded (cuDNN that does not fit the installation)" },
        { C::DriverRuntimeMismatch, 60, R"re(\bCould not create (a )?(cudnn|cublas|cublasLt|cusolver|cufft|cusparse|miopen|rocblas|hipblas) handle\b)re", "XLA, TensorFlow: a library handle that cannot be created" },
        // A serialized program (a TensorRT engine, a NEFF) made by another release than the runtime loading it.
        { C::DriverRuntimeMismatch, 90, R"re(\bVersion tag does not match\b|\bSerialized Engine Version\b|\bUnsupported (neff|engine|plan|model|program) version\b|\bmax(imum)? supported version is\b|\bupgrade the (neuron |CUDA |NVIDIA |ROCm )?(runtime|driver)\b)re", "TensorRT, Neuron runtime: a serialized program of another release" },
        { C::DriverRuntimeMismatch, 95, R"re(\b(driver|runtime|firmware)( version)? v?\d+(\.\d+)+ is too old\b|\bis too old for this (runtime|driver|toolkit)\b)re", "Neuron, drivers stating their version" },
        { C::DriverRuntimeMismatch, 85, R"re(\bNinja is required to load C\+\+ extensions\b)re", "PyTorch extensions: a build tool missing" },
        // A binary module built against another release of a package it links to, and an API removed in a release.
        { C::DriverRuntimeMismatch, 90, R"re(\bdtype size changed, may indicate binary incompatibility\b)re", "NumPy's C API: a module built against another NumPy" },
        { C::DriverRuntimeMismatch, 60, R"re(\bwas removed in the [\w.-]+ [\d.]+ release\b)re", "NumPy 2, JAX: an API of another release" },
        // A kernel module (the Neuron or GPU driver, through DKMS) that does not build for the running kernel: the
        // driver's installation, whatever compiler errors its build log shows.
        { C::DriverRuntimeMismatch, 95, R"re(/var/lib/dkms/\S+:\d+(:\d+)?: (fatal )?error:|\bBad return status for module build\b)re", "DKMS: a driver module that does not build for this kernel" },
        { C::DriverRuntimeMismatch, 95, R"re(\brequires (\w+ ){0,3}(driver|runtime|firmware) version v?[\d.]+ or (greater|higher|newer|later)\b)re", "runtimes stating the driver they need (Neuron)" },
        // The runtime's own statements about versions of the stack that do not fit (a NEFF of another compiler release,
        // a runtime newer than its driver), and a toolchain's compiler that the shell cannot find.
        { C::DriverRuntimeMismatch, 90, R"re(\bNERR_UNSUPPORTED_VERSION\b|\bversion of NEFF is not supported\b|\bAttempting to load an incompatible model\b)re", "Neuron runtime: a NEFF of another compiler release" },
        { C::DriverRuntimeMismatch, 95, R"re(\b(runtime|driver|compiler|library|firmware|plugin|toolkit) version [\w.+-]+ is incompatible with\b|\bis incompatible with the (Neuron |NVIDIA |CUDA |ROCm |AMD )?(driver|runtime|compiler|firmware)( version)?\b)re", "runtimes, drivers: versions stated incompatible" },
        { C::DriverRuntimeMismatch, 85, R"re(^\s*(/bin/)?sh: (\d+: )?\S*\b(nvcc|hipcc|clang\+\+|clang|gcc|g\+\+|ptxas|neuronx-cc|neuron-cc|rocm_agent_enumerator|hipconfig|ld\.lld): (command )?not found|\bfailed to execute:\s*\S*\b(clang\+\+|hipcc|nvcc)\b)re", "shells, hipcc: a compiler of the toolchain not where it is looked for" },
        // Any piece of the stack refusing a version it does not know ("Unsupported cuda toolkit version: `13.1`", a
        // binding's build script; "Unsupported NEFF version 2.2"; "unsupported GNU version!"; neuronx-cc's NCC_EVRF065,
        // an NKI kernel "traced with an unsupported NKI version"): 26 of 26 labelled lines with these words are version
        // skew.
        { C::DriverRuntimeMismatch, 85, R"re(\bunsupported ([\w-]+ ){0,2}version\b)re", "tools, runtimes, build scripts: a version they do not support" },
        { C::DriverRuntimeMismatch, 80, R"re(\bASan runtime does not come first in initial library list\b)re", "AddressSanitizer: its runtime not linked or preloaded (the build's set-up)" },
        // A package's own loader that cannot find the native library it was built to load (its name derived from the
        // installed versions), and a loaded library without a function its caller expects: versions that do not fit.
        { C::DriverRuntimeMismatch, 80, R"re(\b(binary|library|DLL|shared object)\b.{0,40}\bnot found at \S+\.(so|dll|dylib)\b|\b(Could not|Failed to|Unable to|Cannot) (find|load|locate) (the )?((module|library|file|binary) )?['"]?[\w./\\:-]*\.(so|dll|dylib)(\.\d+)*\b)re", "a package's loader: its native library missing" },
        { C::DriverRuntimeMismatch, 85, R"re(\[WinError 126\] The specified module could not be found|\bLoadLibrary(Ex\w*)? failed with error 126\b|\bError loading "[^"]+\.dll" or one of its dependencies)re", "Windows' loader: a library of the installation (or one it needs) missing" },
        { C::DriverRuntimeMismatch, 95, R"re(\bNo compatible code objects found for\b)re", "HIP's fat binary: no code object for the GPU's gfx arch" },
        { C::DriverRuntimeMismatch, 75, R"re(\bNo FFI handler registered for \w+)re", "JAX/XLA: a plugin's custom calls not registered (a plugin of another release, or none)" },
        // An object of a compiled type of the stack without an attribute its caller expects: another release's API
        // ('jaxlib.xla_extension.ArrayImpl' object has no attribute 'device_buffer').
        { C::DriverRuntimeMismatch, 60, R"re('(jaxlib|triton|torch\._C|torch_xla|libneuronxla|cupy)\.[\w.]+' object has no attribute '\w+'(?!\. Did you mean))re", "a compiled type of the stack without a name of another release" },
        // TensorFlow's TPU worker does not know a function the client sends: the worker's TensorFlow is of another release.
        { C::DriverRuntimeMismatch, 70, R"re(\bis neither a type of a primitive operation nor a name of a function registered in binary running on\b)re", "TensorFlow: client and TPU worker of different releases" },
        { C::DriverRuntimeMismatch, 80, R"re(\bnot available in this library\b)re", "TensorFlow/XLA TPU: the library lacks a function the caller expects" },
        { C::DriverRuntimeMismatch, 90, R"re(\bInvalid SPIR-V module\b.{0,80}\bunknown extension\b|\buses unknown extension '?SPV_)re", "a GPU driver's compiler older than the SPIR-V a JIT emitted (Intel XPU)" },
        // PyTorch's C++ API removed in a release (AT_CHECK in 1.5, the THC headers in 1.11): an extension written for an
        // older PyTorch, whatever compiler says so.
        { C::DriverRuntimeMismatch, 95, R"re(\bTHC/THC\w*\.h\b.{0,30}\b(No such file|cannot open|not found)|\b(fatal error|cannot open source file)\b.{0,10}\bTHC/|\b(AT_CHECK|THCState|THCudaCheck|THCudaTensor\w*|THCCeilDiv|THCNumerics)\b['’"`]?:? (was not declared|is undefined|identifier not found)|\b(undeclared identifier|identifier) ['‘"`](AT_CHECK|THC\w+)\b)re", "PyTorch: a C++ API of an older release" },
        // A tool that asks the user to check that a compiler of the stack is installed and works has found that it is not.
        { C::DriverRuntimeMismatch, 60, R"re(\bcheck that [\w.-]+ is installed and working\b)re", "torch-neuron: neuron-cc missing or broken" },
        // ---- no_device -------------------------------------------------------------------------------
        // A cluster scheduler with no node that has the accelerator the job asks for (Kubernetes' extended resources).
        { C::NoDevice, 85, R"re(\bInsufficient (aws\.amazon\.com/neuron\w*|nvidia\.com/gpu|amd\.com/gpu|google\.com/tpu|habana\.ai/gaudi)\b)re", "Kubernetes: no node with the accelerator" },
        { C::NoDevice, 85, KWB_CUDA_STATUS("(38|46|100|101)"), "CUDA and HIP statuses by number: no device, devices unavailable, an invalid ordinal" },
        { C::NoDevice, 100, R"re(\bno (CUDA|HIP|ROCm)-capable devices? (is |are |were |was )?(detected|found|available)\b|cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE|hipErrorNoDevice)re", "CUDA (100), HIP" },
        { C::NoDevice, 100, R"re(\b(returned|(?<!exit )(?<!exit_)code\s*[=:]?)\s*100\b(?!\.\d|%))re", "CUDA samples: error code 100" },
        { C::NoDevice, 100, R"re(CUDA-capable device\(?s?\)? (is/are|are|is) busy or unavailable|cudaErrorDevicesUnavailable|CUDA_ERROR_DEVICE_UNAVAILABLE)re", "CUDA (46)" },
        { C::NoDevice, 100, R"re(No (CUDA|HIP|XPU) GPUs are available|No (visible )?GPU devices|No GPU/TPU found)re", "PyTorch, JAX" },
        // A device index outside the visible set, also where the visibility variable itself is refused.
        { C::NoDevice, 90, R"re(\bInvalid (CUDA|HIP|ROCR|HABANA|ZE|TPU|NEURON_RT)_VISIBLE_(DEVICES|MODULES|CORES|CHIPS)\b)re", "runtimes (Habana's HABANA_VISIBLE_MODULES, Neuron's NEURON_RT_VISIBLE_CORES): a device the variable names is not there" },
        { C::NoDevice, 90, R"re(invalid device ordinal|cudaErrorInvalidDevice\b|CUDA_ERROR_INVALID_DEVICE\b|hipErrorInvalidDevice\b)re", "CUDA (101), HIP" },
        { C::NoDevice, 90, R"re(Found no NVIDIA driver on your system|couldn't communicate with the NVIDIA driver)re", "PyTorch, nvidia-smi" },
        { C::NoDevice, 80, R"re(could not select device driver .{0,40}capabilities|NVIDIA driver is not loaded|nvml error: driver not loaded|kernel module .{0,20}(missing|not loaded))re", "Docker, nvidia-container-cli" },
        { C::NoDevice, 90, R"re(no platforms that are instances of|Unknown backend:? '?(gpu|cuda|rocm|tpu|neuron))re", "JAX" },
        { C::NoDevice, 90, R"re(\b0 active drivers\b)re", "Triton" },
        { C::NoDevice, 100, R"re(No neuron devices? (available|found|detected)|no Neuron ?Cores? (available|found|detected))re", "Neuron runtime" },
        { C::NoDevice, 90, R"re(Neuron ?Cores?\(?s?\)? (is |are )?(not available|busy|in use|unavailable))re", "Neuron runtime" },
        { C::NoDevice, 80, R"re(Neuron runtime cannot be initialized|cannot determine the number of available NeuronCores|/dev/neuron\d*.{0,30}(not found|No such file))re", "Neuron runtime" },
        { C::NoDevice, 90, R"re(No (TPU|accelerator|GPU) devices? (found|available|detected))re", "JAX, TPU runtime" },
        { C::NoDevice, 60, R"re(falling back to (the )?CPU|No TPU platform found|is_available\(\)\s*(is |returns? |returned |==\s*)?False)re", "JAX, PyTorch" },
        { C::NoDevice, 60, R"re(CUDA unknown error - this may be due to an incorrectly set up environment|GPU has fallen off the bus)re", "PyTorch, kernel log" },
        { C::NoDevice, 85, R"re(\bNVRM:? .{0,60}\b(RmInitAdapter|rm_init_adapter) failed\b|\bCannot initialize GSP firmware RM\b)re", "NVIDIA kernel driver: the GPU could not be brought up (no device to use)" },
        { C::NoDevice, 60, R"re(\bFailed to initialize NVML: Unknown Error\b)re", "NVML inside a container that lost access to the device nodes (cgroups re-applied)" },
        { C::NoDevice, 50, R"re(Backend '\w+' failed to initialize|failed call to cuInit)re", "JAX, XLA" },
        { C::NoDevice, 50, R"re(\bno (?!capable )(\w+ )?devices? (were |was )?(found|detected|available)\b)re", "various" },
        // "No capable devices found" (FFmpeg's NVENC after a setting the GPU cannot encode): there are devices, none
        // offers what was asked.
        { C::UnsupportedOnTarget, 60, R"re(\bno capable devices? (were |was )?(found|detected|available)\b)re", "encoders' capability checks (NVENC)" },
        { C::NoDevice, 100, R"re(no ROCm-capable device is detected|NERR_RESOURCE_NC|insuff?ic?i?ent NCs|\b(not enough|insufficient) (free )?(NCs|NeuronCores)\b|TPU is already in use by process)re", "HIP (100), Neuron runtime, libtpu" },
        { C::NoDevice, 90, R"re(Failed to initialize devices|No devices specified|Could not open the (device|nd\d*)\b|ROCk module is NOT loaded|possibly no GPU devices|LoadPjrtPlugin is not implemented)re", "Neuron runtime (nrtd, TDRV), rocminfo, PJRT" },
        { C::NoDevice, 80, R"re(\bGPU device \d+ does(n't)? (not )?exist|\bdevice \d+ does not exist|No \w+ device found\b)re", "HIP samples, XLA" },
        { C::NoDevice, 90, R"re(NRT_LOAD_NOT_ENOUGH_NC|\bnrt_\w+ status=9\b|NRT_EXEC_NC_BUSY|\bnrt_\w+ status=1005\b)re", "Neuron runtime (NRT_LOAD_NOT_ENOUGH_NC = 9, NRT_EXEC_NC_BUSY = 1005)" },
        { C::NoDevice, 90, R"re(\b(TPU|GPU|device|NeuronCore)s? (is|are) already in use\b)re", "PJRT/libtpu: the accelerator is held by another process" },
        { C::NoDevice, 80, R"re(was explicitly assigned to \S+ but available devices are)re", "TensorFlow/XRT placement: the device asked for does not exist" },
        { C::NoDevice, 80, R"re(Only interpret mode is supported on (the )?CPU backend)re", "Pallas: a compiled kernel asked for on a host whose only backend is the CPU" },
        // A device count printed as zero ("torch.cuda.device_count(): 0", "xpu device_count 0", "device_count=0"); not
        // an assertion that it is not ("device_count != 0").
        { C::NoDevice, 75, R"re(\b(\w+\.)?(device_?count|num_?devices|num_?gpus|n_?gpus|gpu_?count)\b(\(\))?\s*(:|=|==|is|returns?|returned)?\s*0\b(?![.\d]))re", "a script or runtime printing how many devices it found: none" },
        { C::NoDevice, 80, R"re(error condition !\(num_devices > 0\)|\b(number|count) of (\w+ )?devices (should|must) be (greater than (zero|0)|positive|at least 1)\b)re", "PJRT (Neuron), Intel's extension (\"Number of dpcpp devices should be greater than zero\"): the client found no device" },
        { C::NoDevice, 70, R"re(\b(TPU|GPU|device|accelerator|NeuronCore)s? initiali[sz]ation failed\b)re", "PJRT, libtpu, runtimes: the device could not be brought up" },
        // Fewer devices than the program is written for (a device mesh, a tensor-parallel degree): the machine lacks
        // the accelerators, the code is not wrong for the machine it was written for.
        { C::NoDevice, 70, R"re(\bNumber of devices \d+ must equal the product of\b|\b(requires?|needs?) (at least )?\d+ (GPUs|devices|TPUs|TPU cores|NeuronCores|accelerators)\b.{0,40}\b(but|only|found|available|got)\b|\bnot enough (GPUs|devices|TPUs|TPU cores|accelerators)\b)re", "JAX meshes, launchers: fewer accelerators than the program needs" },
        { C::NoDevice, 80, R"re(\bUnable to determine Neuron Driver version\b|\baws-neuronx?-dkms\b.{0,40}\b(not )?installed)re", "Neuron runtime: the Neuron driver is not loaded" },
        { C::NoDevice, 85, R"re(\bFailed to connect to neuron-rtd\b|\bcheck neuron-rtd is running\b)re", "Neuron (Inf1): the runtime daemon is not running" },
        { C::NoDevice, 90, R"re(\bIs neuron-rtd running\b|\bNeuron Runtime\b.{0,40}\bserver\b.{0,120}\bis unavailable\b)re", "Neuron (Inf1): the runtime daemon's socket answers nobody" },
        { C::NoDevice, 85, R"re(\bFailed to infer device type\b)re", "vLLM: no accelerator platform found (a container without the device nodes)" },
        { C::NoDevice, 80, R"re(\bMissing XLA configuration\b)re", "torch_xla: no TPU/GPU device configured (XRT_TPU_CONFIG, PJRT_DEVICE unset)" },
        { C::NoDevice, 80, R"re(\b(CUDA|HIP|GPU) driver initiali[sz]ation failed\b|\bno (CUDA |HIP |ROCm )?(GPUs|TPUs|accelerators) (were |are )?(found|available|detected)\b)re", "PyTorch, ProcessGroupNCCL: no GPU found" },
        { C::NoDevice, 90, R"re(\brequests NeuronCores that do not exist\b|\bInvalid NeuronCore configuration\b|\brequested cores? [\d,-]+ but only \d+ cores?\b|\b(neuron-rtd|nrtd)\b.{0,30}\b(not running|unreachable)\b|\bError connecting to neuron-rtd\b)re", "Neuron runtime: cores that are not there, a daemon that is not running" },
        { C::NoDevice, 85, R"re(\bNumber of devices \d+ must be >= the product of mesh_shape\b)re", "JAX: fewer devices than the mesh needs" },
        { C::NoDevice, 95, R"re(\bInvalid NeuronCore range\b|\bNEURON_RT_VISIBLE_CORES\b.{0,100}\b(the instance has|only has|has only|exceeds|but only \d+)\b)re", "Neuron runtime: cores asked for that the instance does not have" },
        { C::NoDevice, 95, R"re(\bUnable to open /dev/kfd\b|/dev/kfd\b.{0,40}\b(Permission denied|No such file|Bad address|failed)|\blibtpu\.so already in use(d)? by another process\b)re", "ROCm (the KFD device file), libtpu: the device cannot be opened or is held" },
        // Any accelerator's device node that cannot be opened — absent, not permitted, held by another process
        // ("open(/dev/accel0): Operation not permitted; Couldn't open device: /dev/accel0"): the device is not usable here.
        { C::NoDevice, 90, R"re(\b((Unable to|Couldn't|Could not|cannot|can't|failed to) open|open\()\s*(device:?\s*)?/dev/(accel\d*|vfio/\d+|kfd|nvidia(\d+|ctl|-uvm)|neuron\d*|dri/renderD\d+)\b|/dev/(accel\d*|vfio/\d+|nvidia(\d+|ctl|-uvm)|neuron\d*|dri/renderD\d+)"?\)?:?.{0,60}\b(Permission denied|Operation not permitted|No such (file|device)|Device or resource busy)\b)re", "TPU, GPU, Neuron device nodes that cannot be opened (also as strace shows it)" },
        { C::NoDevice, 90, R"re(\bPlease check /dev/neuron\S* is accessible\b)re", "Neuron runtime: the device node is not reachable (a container without it)" },
        { C::NoDevice, 85, R"re(\bsystem not yet initialized\b|cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY)re", "CUDA (802): the system is not ready (NVSwitch fabric manager)" },
        { C::NoDevice, 85, R"re(\bOne or more engines are running\b|\bPlease restart device by reloading driver\b)re", "Neuron driver: engines left running by an earlier process hold the device" },
        // ---- device_oom ------------------------------------------------------------------------------
        { C::DeviceOom, 85, KWB_CUDA_STATUS("(2)"), "CUDA and HIP statuses by number: memory allocation" },
        { C::DeviceOom, 100, R"re(\b(CUDA|HIP|XPU|MPS|NPU) (backend )?out of memory|cudaErrorMemoryAllocation|CUDA_ERROR_OUT_OF_MEMORY|hipErrorOutOfMemory)re", "PyTorch, CUDA (2), HIP" },
        { C::DeviceOom, 100, R"re(torch(\.cuda)?\.OutOfMemoryError|(CUBLAS|CUDNN|CUSPARSE|CUSOLVER|HIPBLAS|HIPBLASLT|HIPSPARSE|HIPSOLVER|ROCBLAS|MIOPEN)_STATUS_ALLOC_FAILED|CUFFT_ALLOC_FAILED|HIPFFT_ALLOC_FAILED|miopenStatusAllocFailed|rocblas_status_memory_error)re", "PyTorch, CUDA libraries" },
        { C::DeviceOom, 80, R"re(\bout of memory\b)re", "CUDA, XLA, LLVM, NCCL, ..." },
        { C::DeviceOom, 90, R"re(\bOut of (CUDA|HIP|GPU|device) (pre-?allocated )?memory\b)re", "a framework's device memory pool exhausted (Taichi)" },
        // NCCL's own allocation of its buffers, failed (under "unhandled cuda error"): the device had no room left.
        { C::DeviceOom, 90, R"re(\bFailed to (CUDA|HIP) (c|m)?alloc \d+ bytes\b)re", "NCCL, RCCL: a device buffer it could not allocate" },
        { C::DeviceOom, 90, R"re(\bfailed to allocate (CUDA|ROCm|Vulkan|Metal|SYCL|CANN|MUSA)\d* buffer\b)re", "ggml (llama.cpp, whisper.cpp): a backend buffer the device has no room for" },
        { C::DeviceOom, 100, R"re(\b(cuda|hip|cuMem)Malloc\w*\b.{0,80}\bout of memory\b)re", "device allocations that failed for memory (Faiss, RAPIDS, custom allocators)" },
        { C::DeviceOom, 80, R"re(\bRESOURCE_EXHAUSTED\b|Resource exhausted:)re", "XLA, TensorFlow (includes Pallas shared memory)" },
        { C::DeviceOom, 90, R"re(\bub overflow\b|\brequires \d+ bits while \d+ bits available\b)re", "Triton-Ascend (BiSheng): a kernel's buffers above the NPU's on-chip Unified Buffer" },
        { C::DeviceOom, 60, R"re(OutOfMemoryError(?!: out of resource)|\bOOM\b)re", "various" },
        // Memory the program allocates ran out — on the host, for code that runs there (a C++ or NumPy kernel, an
        // interpreted Triton or Pallas kernel). The kernel's OOM killer is another matter (a crash).
        { C::DeviceOom, 60, R"re(std::bad_alloc|\bMemoryError\b|Unable to allocate [\d.]+ ?[KMGTP]?i?B for an array)re", "C++, Python, NumPy: an allocation refused" },
        { C::DeviceOom, 60, R"re(Tried to allocate \d|failed to allocate .{0,60}(bytes|memory|[KMGT]i?B)\b|cuMemAlloc\w*.{0,40}(failed|error))re", "various" },
        { C::DeviceOom, 95, R"re(^(?!.*\bauto-?tun)(?!\s*(\[(tune|tuner|tuning|sweep|search)\]\s*)?\(?(cfg|config|configuration|trial|candidate|cand|variant|choice)\b\s*[=#:]?\s*[\d(])(?!\s*\[(auto-?)?(tune|tuner|tuning|sweep|search)\]\s*\(\w+\s*=)(.*?)(couldn't be allocated in (SB|SBUF|PSUM)|\bout of (PSUM|SBUF|SB|state buffer) (space|memory)\b|(SBUF|PSUM|state buffer).{0,60}(overflow|exceed|out of (space|memory)|insufficient)))re", "neuronx-cc / NKI allocator" },
        { C::DeviceOom, 80, R"re((insufficient|not enough) .{0,20}(SBUF|PSUM)\b)re", "NKI" },
        { C::DeviceOom, 60, R"re(\ballocation fail(ed|ure)\b|\bAllocation of (size\W{0,4})?\d+( bytes)? failed\b)re", "Neuron runtime, allocators (Habana's SynapseAI: \"workspace Allocation of size ::N failed\")" },
        { C::DeviceOom, 40, R"re(CUBLAS_STATUS_NOT_INITIALIZED)re", "cuBLAS: handle creation fails mostly for lack of memory" },
        { C::DeviceOom, 60, R"re(\bnot enough (device )?(memory|space)\b|\binsufficient (device )?memory\b)re", "various" },
        { C::DeviceOom, 100, R"re(HIP_ERROR_OutOfMemory|hipError_t\(1002\)|Failed to alloc(ate)? DEVICE memory|Failed to allocate .{0,40} on DEVICE|Ran out of memory in memory space (?!(vmem|smem|cmem|spmem|tilespmem)\b))re", "HIP, Neuron runtime (TDRV), XLA:TPU" },
        // An on-chip memory (a TPU core's vector or scalar memory) too small for the kernel's blocks: device_oom, but
        // below a tuner's report of the configuration that asked for it (the tuning space, as SBUF/PSUM above).
        { C::DeviceOom, 95, R"re(Ran out of memory in memory space (vmem|smem|cmem|spmem|tilespmem)\b)re", "XLA:TPU, Mosaic: on-chip memory" },
        // XLA's report of an out-of-memory compile or allocation lists the largest buffers ("Peak buffers:", each with
        // its "XLA Label:"), or the largest program allocations on TPU: printed only when memory ran out.
        { C::DeviceOom, 75, R"re(\bBufferAssignment OOM Debugging\b|^\s*Peak buffers:\s*$|^\s*XLA [Ll]abel:\s|\bLargest program allocations in \w+)re", "XLA: the out-of-memory report's buffer listing" },
        { C::DeviceOom, 90, R"re(Allocated memory out of bound .{0,60}@(SB|PSUM)\b|\bnrt_\w+ status=4\b|\bNRT_RESOURCE\b)re", "neuronx-cc allocator, Neuron runtime" },
        { C::DeviceOom, 95, R"re(\b(HBM|device memory|GPU memory|VRAM) usage\b.{0,40}\bexceeds\b|\bexceeds (the )?HBM limit\b)re", "neuronx-cc (XCG815) and others: the program needs more device memory than there is" },
        // A serving engine left with no device memory for its cache (vLLM, SGLang): memory is the cause.
        { C::DeviceOom, 90, R"re(\bNo available memory for the cache blocks\b|\b(Insufficient|not enough) (free )?(GPU |device )?memory (for|to) (the )?(KV|cache)\b|\bnot enough (free )?(GPU|device) memory\b)re", "vLLM, SGLang" },
        { C::DeviceOom, 95, R"re(\bNCC_EOOM\d+|\bexceeds the (high-bandwidth|HBM|device) memory (limit|capacity)\b)re", "neuronx-cc: the model does not fit the device memory" },
        // Memory a runtime or compiler could not reserve on the device, in its own words (Neuron's TMPBUF pages and
        // mempool, an allocation in an on-chip memory space above its bound): stated causes, above the compiler's
        // wrapper at 90.
        { C::DeviceOom, 85, R"re(\bTMPBUF pages requested exceeded\b|\bFailed to reserve \w+ tmpbuf memory\b|\bdevice mempool\b.{0,100}\bneeded \d+ available \d+)re", "Neuron runtime: device memory for the model's tensors" },
        { C::DeviceOom, 95, R"re(\balloca\w*\b.{0,100}\bexceeds\b.{0,160}\b(allocatable|memory space|scratchpad|spmem|vmem|smem|tilespmem)\b)re", "MLIR back ends (XLA TPU/SparseCore): a buffer above an on-chip memory's bound" },
        // ---- launch_config ---------------------------------------------------------------------------
        { C::LaunchConfig, 90, R"re(\bShared memory requested exceeds device resources\b)re", "XLA's GPU runtime: a custom call's launch above the device's shared memory" },
        // A kernel's request to raise its dynamic shared memory above the default refused by the device ("Failed to set
        // the allowed dynamic shared memory size to 196608", TVM and TileLang): the launch asks for more than this GPU has.
        { C::LaunchConfig, 85, R"re(\bFailed to set (the )?(allowed |maximum |max )?dynamic shared memory( size)?\b)re", "TVM, TileLang: a dynamic shared memory size the device refuses" },
        { C::LaunchConfig, 85, KWB_CUDA_STATUS("(7|9|701)"), "CUDA and HIP statuses by number: launch out of resources, an invalid configuration" },
        { C::LaunchConfig, 100, R"re(invalid configuration argument|cudaErrorInvalidConfiguration|hipErrorInvalidConfiguration)re", "CUDA (9)" },
        { C::LaunchConfig, 100, R"re(too many resources requested for launch|cudaErrorLaunchOutOfResources|CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES|hipErrorLaunchOutOfResources)re", "CUDA (701)" },
        { C::LaunchConfig, 100, R"re(too many blocks in cooperative launch|cudaErrorCooperativeLaunchTooLarge|CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE)re", "CUDA (720)" },
        { C::LaunchConfig, 100, R"re(out of resource: (threads|registers|num_warps))re", "Triton OutOfResources" },
        { C::LaunchConfig, 90, R"re(invalid (grid|block) (dim|size)|(grid|block) (dim\w*|size)\b.{0,60}(exceed|too (large|big)|out of range|larger than|greater than)|(exceed\w*|more than|larger than) (the )?(max\w*|limit) (number of )?threads per block|threads per block.{0,30}(exceed|larger than|greater than))re", "various" },
        { C::LaunchConfig, 85, R"re(\brequires \d+ bytes of shared memory( per block)?\b.{0,40}\bbut only \d+|\bcould not find a valid execution configuration\b)re", "Kokkos, launchers: a kernel that needs more shared memory per block than the device has" },
        { C::LaunchConfig, 60, R"re(shared memory\b.{0,60}(exceed|larger than|greater than|above).{0,40}(limit|maximum|max|allowed|available)|cudaFuncSetAttribute.{0,80}(fail|error|invalid))re", "CUDA dynamic shared memory" },
        { C::LaunchConfig, 40, R"re(cudaErrorInvalidValue|CUDA_ERROR_INVALID_VALUE|CUDA (driver )?error: invalid argument|Triton Error \[(CUDA|HIP)\]:\s*(Code: \d+, Mess+age:\s*)?invalid argument|hipErrorInvalidValue)re", "CUDA (1), HIP (1): often a bad launch (Triton's launcher, CUDA and HIP wording)" },
        { C::LaunchConfig, 40, R"re(Failed to launch (CUDA )?kernel|kernel launch failed)re", "XLA, various", RuleRole::Wrapper },
        { C::LaunchConfig, 60, R"re(\bnum_(warps|ctas) must be\b)re", "Triton: a launch parameter out of its range" },
        { C::LaunchConfig, 90, R"re(\blaunch needs more (blocks|threads)\b.{0,40}\bthan allowed\b)re", "XLA's GPU emitter: a launch larger than the hardware's grid" },
        { C::LaunchConfig, 80, R"re(cuLaunchKernel failed: invalid argument|Failed to launch (CUDA )?kernel.{0,120}grid dimensions|grid size is too large|grid dimension too large)re", "CUDA driver API, XLA" },
        { C::LaunchConfig, 95, R"re(\bLaunch params \(.{0,30}\) are larger than launch bounds\b)re", "HIP: a launch above the kernel's launch bounds" },
        { C::LaunchConfig, 85, R"re(\b(total )?number of threads\b.{0,40}\b(is )?(greater than|exceeds?|larger than|above)\b.{0,30}\blimit\b|\bis greater than the (HIP|CUDA) limit of\b)re", "HIP, CUDA launchers: a launch of more threads than a launch may have" },
        // NKI tiles above the hardware's limits (nl.tile_size.pmax, the matmul free sizes) and launch grids asking for more
        // NeuronCores than the target has: the Neuron counterpart of block dimensions above the limits.
        { C::LaunchConfig, 85, R"re(\bexceeds (the )?(hardware limit |maximum |limit )?\(?nl\.tile_size\.\w+|\bexceeds the maximum number of partitions\b|\bInvalid (SPMD )?launch grid\b|\blaunch grid\b.{0,80}\brequests \d+ physical NeuronCores?\b)re", "NKI" },
        { C::LaunchConfig, 85, R"re(\bdimension \d+ exceeds \w+=\d+)re", "NKI: an operand dimension above an engine's maximum" },
        { C::LaunchConfig, 85, R"re(\bexceeds the maximum (CUDA |HIP )?block ?size\b|\bgrid (size )?should be (less|smaller) than \d+)re", "Triton kernels' launchers, Triton-Ascend: a block or grid above what a launch allows" },
        { C::LaunchConfig, 90, R"re(\bexceeds (\w+ )?maximum tensor numel\b|\bgrid must have at most \d+ dimensions\b)re", "Triton: a block or a grid above what a launch allows" },
        { C::LaunchConfig, 90, R"re(\bexceeds the (\w+ )?(Engine|hardware|instruction|architecture) limit\b|\bexceeds the number of physical NeuronCores\b)re", "NKI: an instruction or a grid above what an engine or the device offers" },
        // Instructions and tiles above what an engine accepts in one instruction (NKI's "exceed architecture limitation"),
        // and a program's queues above the hardware's descriptor limits: more than the hardware allows.
        { C::LaunchConfig, 90, R"re(\bexceeds? (the )?architecture limitation\b)re", "NKI: a tile or instruction above the hardware's limits" },
        { C::LaunchConfig, 80, R"re(\bexceeded queue descriptor limits\b|\bring size \d+ exceeds max descriptors\b)re", "Neuron driver: DMA queues above the hardware's descriptor limits" },
        // ---- unsupported_on_target ------------------------------------------------------------------
        // The target (GPU generation, TPU generation, backend, Neuron core) lacks an instruction, data type or
        // lowering the code uses. Not a compiler diagnostic about the code, not a toolkit too old for the GPU.
        { C::UnsupportedOnTarget, 95, R"re(Unimplemented primitive in (\w+ )?(Pallas|Mosaic)? ?\w* ?lowering|Target does not support|not supported (on|in) this (architecture|target|device|hardware|platform|TPU generation)|not supported (on|for) (the )?(current|this) (GPU|TPU|target|architecture)|\bMinimum capability: \d+\. Current capability: \d+)re", "Pallas/Mosaic, Triton, vLLM" },
        // The device, named or described, said not to support something ("The device (Intel(R) Graphics [0xb080])
        // doesn't support querying the available free memory", "Current CUDA Device does not support bfloat16").
        { C::UnsupportedOnTarget, 85, R"re(\b(device|GPU|target|hardware)\b(\s*\((?:[^()]|\([^()]{0,20}\)){0,80}\))?\s+(doesn't|does not) support\b)re", "frameworks' checks of what the device offers" },
        { C::UnsupportedOnTarget, 95, R"re(requires \.target sm_\d+\w* or higher|not supported on \.target '?sm_\d+\w*\b'?(?! and (higher|later|newer|above)| or (higher|later|newer))|data type is not supported on CUDA arch|supported fp8 dtypes are)re", "ptxas, Triton (fp8e4nv)" },
        { C::UnsupportedOnTarget, 90, R"re(only supports? .{0,40}(Ampere|Hopper|Volta|Turing|Blackwell|sm_?\d+|GPUs? (with|or newer)|compute capability)|(is|are) only (supported|implemented|available|applicable) on (the )?(\w+ ){0,2}(\([^)]{0,40}\) )?(GPUs|devices|hardware|architectures?|backends?)\b|GPUs with compute capability below [\d.]+ are not supported)re", "kernels' own architecture checks (FlashAttention, vLLM, ...)" },
        // A GPU older than every release of the Triton compiler supports: the target lacks what the compiler
        // needs (compute capability 7.0), no install fixes it; the action is other hardware.
        { C::UnsupportedOnTarget, 100, R"re(too old to be supported by the triton|only supports devices of CUDA Capability)re", "Triton (through TorchInductor)" },
        { C::UnsupportedOnTarget, 90, R"re(is not supported on the specified GPU ARCH|on a unsupported architecture|only valid on (trn|inf)\d|not supported (on|for) (--target=)?(trn|inf)\d)re", "HIP headers, hipBLASLt, Neuron" },
        { C::UnsupportedOnTarget, 85, R"re(\bUnable to (enable|set|change) .{0,80}\bfor GPU [0-9A-Fa-f:.]+: Not Supported\b)re", "nvidia-smi: a feature this GPU does not have (MIG, clocks, ECC)" },
        { C::UnsupportedOnTarget, 85, R"re(\bUnsupported XLA type \d+)re", "torch_xla: a dtype the XLA device does not offer (float16 on a TPU)" },
        { C::UnsupportedOnTarget, 90, R"re(\bInstruction '[^']+' not support)re", "ptxas: instruction the target lacks" },
        { C::UnsupportedOnTarget, 90, R"re(\bNo match found in (MFMA|WMMA) database\b)re", "Triton's AMD back end: no matrix instruction of this GPU for the dot's types (fp8 e4m3fn on MI300)" },
        { C::UnsupportedOnTarget, 95, R"re(\bUnsupported conversion from '?\w+'? to '?\w+'?)re", "Triton's GPU back ends: a data-type conversion this target's lowering does not have (fp8 on AMD, f16 below sm_70)" },
        { C::UnsupportedOnTarget, 95, R"re(\bstatic assertion failed\b:?.{0,80}\b(unsupported|not supported)\b.{0,30}\b(arch\w*|targets?|GPUs?|devices?|platforms?|hardware)\b|\bstatic assertion failed\b:?.{0,20}\b(arch\w*|targets?|GPUs?|devices?|platforms?|hardware)\b.{0,30}\b(unsupported|not supported)\b)re", "a library's compile-time check of the target it is built for (rocWMMA: \"Unsupported architecture\")" },
        { C::UnsupportedOnTarget, 80, R"re(\binput_precision must be one of\b)re", "Triton: a dot precision the back end does not offer (tf32 on AMD, which takes only ieee)" },
        { C::UnsupportedOnTarget, 85, R"re(without targeting (the )?appropriate compute capability|Arch conditional \w+ instruction used)re", "CUTLASS: an arch-specific instruction in a binary built for another (sm_90 vs sm_90a)" },
        // Triton's interpreter (TRITON_INTERPRET=1) builds what the compiled path builds through a builder of its own;
        // a method that builder lacks is a feature the interpreter does not have, not an error in the kernel.
        { C::UnsupportedOnTarget, 85, R"re('InterpreterBuilder' object has no attribute '\w+')re", "Triton's interpreter: a construct the compiled path has and the interpreter does not" },
        { C::UnsupportedOnTarget, 85, R"re(\bOp\(s\) not lowered:)re", "PyTorch/XLA's profiler: operations without an XLA lowering, run on the host instead" },
        { C::UnsupportedOnTarget, 90, R"re(Detected unsupported operations when trying to compile|No registered '\w+' OpKernel for XLA_\w+)re", "TensorFlow on XLA: an operation without a kernel for the XLA device" },
        { C::UnsupportedOnTarget, 90, R"re(\bUnsupported (operator|operation|opcode|CustomCall target|custom[- ]call( target)?|HLO (op|operator|instruction))s?\s*[:=])re", "compilers' supported-operator checks (neuronx-cc VerifySupportedHloOps, ...)" },
        // What a kind of device lacks, said of the kind ("Element type C128 is not supported on TPU", "64-bit data types
        // are not yet supported on the TPU driver API"); the same words about a data type alone stay a dtype problem.
        { C::UnsupportedOnTarget, 90, R"re(\bnot (yet )?supported (yet )?(on|for) (the )?(TPUs?|GPUs?|NPUs?|XPUs?|MPS|HIP|ROCm|Neuron|NeuronCore(-v\d)?|Trainium|Inferentia|Gaudi|HPU)\b|\btarget \w+ does not support\b|\brequires NeuronCore-v\d+\b.{0,20}\bor (newer|later)\b)re", "XLA, TPU runtimes, backends, NKI: what a device kind lacks" },
        // LLVM's instruction selection that finds no instruction for an intrinsic on the target: the target lacks it
        // (tcgen05 on sm_120). A toolchain that does not know the processor at all says so first (above).
        { C::UnsupportedOnTarget, 90, R"re((LLVM ERROR|error in backend): Cannot select: intrinsic %llvm\.(nvvm|amdgcn)\.)re", "LLVM back ends: an intrinsic the target does not have" },
        { C::UnsupportedOnTarget, 90, R"re(\b(is )?unsupported on (this|the current|current) (GPU|device|hardware|platform|target)( generation| architecture)?\b)re", "libraries' own generation checks" },
        // A framework's check of the operating system or device kind it runs on ("Windows not yet supported for
        // torch.compile", "MPS is not supported with torch.compile").
        { C::UnsupportedOnTarget, 85, R"re(\b(Windows|macOS|Darwin|WSL2?|MPS|XPU|HPU|NPU|TPU|ROCm|HIP)( is| are)? not (yet )?supported (for|with|by) [\w.]+)re", "frameworks refusing a feature on an operating system or device kind" },
        { C::UnsupportedOnTarget, 90, R"re(\b(operator|op|operation|primitive|instruction):?\s+'?[\w:.]+'? (is )?not (yet )?supported\b|\btarget '?\w+'? does not support the instruction\b)re", "compilers' supported-operator checks naming the operator (torch-neuron, ...)" },
        { C::UnsupportedOnTarget, 90, R"re(\b(setup|GPU|device|hardware|card|platform)s?\b.{0,10}\b(doesn't|does not|don't|do not|cannot|can't) support (bf16|bfloat16|fp8|float8|tf32)\b|\b(bf16|bfloat16|fp8|float8)\b.{0,60}\b(requires?|needs?) .{0,30}\b(Ampere|Hopper|Ada|compute capability)|\brequires? (\w+ )?(hardware|GPUs?|devices?|cards?) with (native )?(bf16|bfloat16|fp8|float8|fp16|tf32|int4|int8|fp4)( \w+)? support\b)re", "frameworks' checks for a data type the GPU generation lacks" },
        // A back end's conversion that has no lowering for an operation of the framework's own input dialect (jax-metal
        // and mhlo.cholesky, IREE and chlo.erf, tt-mlir and stablehlo.shift_right_logical): the program is fine, this
        // back end lacks the operation — 5 of 5 labelled public lines. A compiler's internal dialects stay its own.
        { C::UnsupportedOnTarget, 90, R"re(\bfailed to legalize operation '(mhlo|stablehlo|chlo)\.\w+')re", "MLIR back ends of JAX/XLA programs (jax-metal, IREE, tt-mlir)" },
        // The device itself said to lack something, in any library's words ("the target device or backend do not support
        // efficient float16 computation", CTranslate2; "The GPU device does not support Double (Float64) operations").
        { C::UnsupportedOnTarget, 85, R"re(\b(GPU|device|hardware|card|platform|backend|accelerator)s?( or (the )?(GPU|device|hardware|card|platform|backend|accelerator)s?)? (doesn't|does not|don't|do not) support\b)re", "libraries' checks of what the device offers" },
        { C::UnsupportedOnTarget, 80, R"re(\bCUDA error: operation not supported\b|\berror:? operation not supported\b.{0,200}\.cuh?\b|cudaErrorNotSupported|CUDA_ERROR_NOT_SUPPORTED|hipErrorNotSupported|\(801\): operation not supported|\boperation not supported \(801\))re", "CUDA (801): the device or platform lacks the operation (async allocation, P2P, IPC)" },
        { C::UnsupportedOnTarget, 85, R"re(\bCould not run '[\w:.]+' with arguments from the '\w+' backend)re", "PyTorch's dispatcher: no kernel of the operator for that backend" },
        // Dynamo does not trace under a dispatch mode that is not torch's own (a FlopCounterMode, a recording of ops):
        // torch.compile does not offer it, the code is fine elsewhere.
        { C::UnsupportedOnTarget, 90, R"re(\bnon-infra torch dispatch mode present\b)re", "torch.compile (Dynamo): no tracing under a TorchDispatchMode" },
        { C::UnsupportedOnTarget, 90, R"re(\bis not (currently )?implemented for the (MPS|XLA|XPU|HPU|NPU|Neuron|Meta|Vulkan|ROCm|HIP|CUDA|CPU) (device|backend)\b)re", "PyTorch: an operator a device backend does not implement (MPS, XLA, ...)" },
        // A device kind an API refuses ("Device type PRIVATEUSEONE is not supported for torch.Generator() api"), and a
        // device kind without a data type ("the MPS framework doesn't support float64", "Current CUDA Device does not
        // support bfloat16"): what the target lacks, not a wrong input.
        { C::UnsupportedOnTarget, 85, R"re(\bDevice type '?\w+'? is not supported\b)re", "PyTorch: an API a device backend does not offer" },
        // "One or more function input/output data types are not supported" (jax-metal), "Complex data types are not
        // supported on the Neuron device", "fp8e4nv data type is not supported on CUDA arch < 89": a back end without
        // the data type; 13 of 13 labelled logs with the words agree. (A kernel's own dtype check, "only supports fp16
        // and bf16", is a wrong input instead.)
        { C::UnsupportedOnTarget, 90, R"re(\bdata types? (are|is) not supported\b)re", "back ends: a data type the target does not offer" },
        { C::UnsupportedOnTarget, 90, R"re(\b(MPS|Metal|device|GPU|TPU|NPU|XPU|HPU|backend|platform|hardware|framework)\b[^.]{0,20}\b(doesn't|does not|do not|don't) support (the )?(float64|double|fp64|bfloat16|bf16|fp8|float8\w*|int64|complex\w*)\b)re", "device backends: a data type the device kind lacks" },
        { C::UnsupportedOnTarget, 90, R"re(\btranslation rule for primitive '\w+' not found for platform\b)re", "JAX: a primitive without a lowering for the platform" },
        { C::UnsupportedOnTarget, 85, R"re(\bNo operations were successfully partitioned and compiled to neuron\b|\bthat are not compiled by neuron-cc\b)re", "torch-neuron: operators the Neuron compiler does not support" },
        // A release that names the kind of device it still supports and the one it no longer does ("As of JAX 0.4.0, JAX
        // only supports TPU VMs, not the older Colab TPUs").
        { C::UnsupportedOnTarget, 85, R"re(\bonly supports? .{0,60}, not (the )?(older |legacy |previous )?.{0,40}\b(TPUs?|GPUs?|NPUs?|devices?|architectures?|nodes?|hardware|chips?|instances?)\b)re", "a release's own statement of the devices it supports" },
        { C::UnsupportedOnTarget, 80, R"re(\bUnsupported topology\b)re", "Neuron runtime: a core count the instance's collectives do not offer" },
        { C::UnsupportedOnTarget, 50, R"re(\bNo available kernel\. Aborting execution\b)re", "PyTorch SDPA: no attention kernel for this GPU, dtype or shape (its warnings say why)" },
        { C::UnsupportedOnTarget, 60, R"re(CUBLAS_STATUS_NOT_SUPPORTED|HIPBLAS_STATUS_NOT_SUPPORTED|HIPBLASLT_STATUS_NOT_SUPPORTED|rocblas_status_not_implemented)re", "cuBLAS: the GPU or library lacks the requested type or operation (bf16 GEMM before Ampere)" },
        { C::UnsupportedOnTarget, 85, R"re(NotImplementedError: .{0,100}(are supported|not supported|unsupported on))re", "JAX backends (Mosaic GPU, ...)" },
        // Python's NotImplementedError as the program's last exception: a path the library has not implemented for
        // this device, dtype or shape (JAX/Pallas lowerings, PyTorch device backends, kernels' own dispatchers) — the
        // condition it states ("Head size must be a multiple of 128") is the edge of that support, not a wrong input.
        // Indicative only: a message naming its own cause decides.
        { C::UnsupportedOnTarget, 55, R"re(^\s*(E\s+)?([\w.]+\.)?NotImplementedError: \S)re", "Python: a path not implemented for this case" },
        { C::UnsupportedOnTarget, 85, R"re(\bUnimplemented backend \w+|\bis (currently )?not supported (yet )?(with|by|on|for|in) (the )?\w+ [Bb]ackend\b|\bNo OpKernel was registered to support Op\b)re", "PyTorch device backends, optimum exporters, TensorFlow: an operation this backend or device does not have" },
        // A compiler that cannot lower an operation for the target says so inside its own failure message
        // ("Mosaic failed to compile TPU kernel: unsupported shape cast", or as an MLIR operation's diagnostic: "Failed
        // to compile a Mosaic module: 'tpu.matmul' op Unsupported input data type"): the wrapper is the compile step,
        // the cause is the missing support.
        { C::UnsupportedOnTarget, 90, R"re(\b(is|are) not supported by (the )?([\w.-]+ ){0,2}(compiler|neuronx-cc|neuron-cc|backend|Mosaic|XLA|Triton|TPU|hardware|target)\b|failed to compile\b.{0,100}:\s*('[\w.]+' op\s+)?(unsupported|not implemented|not supported)\b)re", "compilers naming what they cannot lower" },
        // XLA's UNIMPLEMENTED status that says what is not implemented for the target (a 64-bit FFT rewritten for a TPU):
        // the target lacks the lowering. The bare status stays a wrapper (compile_error, below).
        { C::UnsupportedOnTarget, 85, R"re(\bUNIMPLEMENTED:.{0,300}\b(is not implemented|not (yet )?implemented|not supported|unsupported)\b)re", "XLA status naming what the target lacks" },
        // XLA's UNIMPLEMENTED status alone says that this backend has not implemented what was asked ("batch in most
        // minor dimension", "Could not find compiler for platform DML"): the target's gap unless the message names
        // another cause (a missing library, a shape), which then decides — a wrapper. Of the labelled logs that carry
        // it, none was a compile error.
        { C::UnsupportedOnTarget, 60, R"re(\bUNIMPLEMENTED:)re", "XLA status code: what follows it is the cause", RuleRole::Wrapper },
        // A kernel tracer refusing a construct of the kernel's own code ("Control flow depending on a tile value is not
        // supported in NKI kernel tracing"): the kernel does not compile as written.
        // MLIR's translation of a lowered module into LLVM IR meeting an operation no pass lowered (a cast left by a
        // conversion): the compiler's own lowering failed.
        { C::CompileError, 85, R"re(\bLLVM Translation failed for operation\b)re", "MLIR (Triton, XLA): translation to LLVM IR" },
        { C::CompileError, 85, R"re(\bnot supported in (\w+ )?kernel (tracing|code|compilation|lowering)\b)re", "NKI, kernel DSL tracers: a construct of the kernel's code" },
        { C::UnsupportedOnTarget, 95, R"re(\b(as |because )?we (currently )?do not (yet )?support\b|\bis not (yet|currently) supported by (the )?(compiler|hardware|target)\b)re", "compilers stating a construct they do not handle (neuronx-cc NCC_ICFG)" },
        { C::UnsupportedOnTarget, 90, R"re(\bOnly \d+-bit (types|dtypes|values|elements) (are )?supported\b)re", "Mosaic and other back ends: a dtype width the target's lowering does not have" },
        // The build's target lacks an instruction set or an architecture's API the code uses: gcc refusing an
        // intrinsic the target options do not enable (AVX-512 without -mavx512f), nvcc not knowing an intrinsic or a
        // cooperative-groups API of a newer architecture than the one built for (sm_80's __reduce_add_sync, sm_90's
        // clusters). The code is fine for another target; the names are the CUDA API's, not one log's.
        { C::UnsupportedOnTarget, 95, R"re(target specific option mismatch|\bneeds target feature [\w-]+|identifier "(__reduce_(add|min|max|and|or|xor)_sync|__nanosleep|__cvta_generic_to_shared)" is undefined|has no member "(this_cluster|cluster_group|cluster_sync)")re", "gcc (ISA extensions), nvcc (APIs of a newer GPU architecture)" },
        { C::UnsupportedOnTarget, 90, R"re(\bnot supported (for|on|by) (the )?(selected|current|target|given|this) (GPU |CUDA |device )?(architecture|arch|compute capability|SM)\b)re", "libraries' own architecture checks (tiny-cuda-nn, ...)" },
        { C::UnsupportedOnTarget, 90, R"re(\b(expects?|expected|requires?) (the )?(arch|architecture|target arch\w*|compute capability|SM)\b.{0,100}\bbut (got|found|is)\b)re", "DSLs' and kernels' architecture checks (CuTe DSL: \"expects arch to be one of ['sm_100a', 'sm_100f'], but got sm_121a\")" },
        { C::UnsupportedOnTarget, 85, R"re(\bExpected .{0,40}\b(is_sm\d+\w*|sm_?\d{2,3}\w?)\b.{0,40}to be true, but got false)re", "kernels' own architecture checks (FlashAttention's TORCH_CHECK(is_sm80 || is_sm90))" },
        // A feature that needs a later generation of the device, in the words of the program or library that checks it
        // ("requires a GPU of the Hopper architecture or later (compute capability 90 or greater)", "only supported on
        // NeuronCore-v3 (trn2) and newer", "Only sm_90a GPUs are supported by Mosaic GPU"), and a kind of device named
        // by its ISA ("not supported on gfx90a", "not supported on target trn1").
        { C::UnsupportedOnTarget, 90, R"re(\brequires? (an? )?(\w+ )?(GPU|device|card|accelerator|architecture|hardware)s? (of|with) .{0,80}\b(or|and) (later|newer|greater|higher|above)\b|\b(compute capability|CC|SM|sm_?)\s?\d+(\.\d+)?\w? or (greater|higher|later|newer|above)\b|\b(is|are) only (supported|available|implemented) (on|for) .{0,60}\b(and|or) (newer|later|above|higher|up)\b|\bonly [\w.-]+ (\([\w .-]+\) )?(GPUs?|devices?|cards?|cores?|hardware|architectures?) (are|is) supported\b|\bnot available on (compute capability|sm_?\d|gfx\d))re", "programs' and libraries' own generation checks" },
        { C::UnsupportedOnTarget, 90, R"re(\brequires (a )?device with (compute )?capability\b.{0,80}\b(too old|your GPU has)\b|\b(GPU |gpu )?arch(itecture)?s?\b.{0,60}\bnot supported by\b|\bnot supported on (the )?target\b|\bnot supported on gfx\d\w*|\bon an? unsupported (GPU |gfx )?architecture\b)re", "Neuron (NCC_EVRF), ROCm libraries (AITER, hipBLASLt)" },
        // Mosaic (Pallas on TPU and GPU) names what its lowering does not offer after its wrapper ("Mosaic failed to
        // compile TPU kernel: iota rank below 2D unsupported"); a constraint of shapes it names is a shape rule's.
        { C::UnsupportedOnTarget, 90, R"re(\bMosaic failed to compile \w+ kernel: .{0,160}\b(unsupported|not supported|not implemented)\b)re", "Mosaic: an operation or type its lowering does not offer" },
        { C::UnsupportedOnTarget, 95, R"re(\brequires min(imum)? target \w+|\bcurrent target is \w+ \(NeuronCore)re", "NKI: an instruction of a later NeuronCore" },
        // A generation of the device named as what a feature requires ("LNC=2 requires NeuronCore-v3 (trn2)"), or the
        // machine it runs on refused by name ("not supported on this instance").
        { C::UnsupportedOnTarget, 85, R"re(\brequires (an? )?(NeuronCore-v\d+|trn\d|inf\d|Trainium\d?|Inferentia\d?|TPU ?v\d\w*|sm_?\d{2,3}a?|gfx\d\w*|Hopper|Blackwell|CDNA ?\d)\b|\bis not supported on this (instance|instance type|machine|node)\b)re", "a feature of a later device generation (Neuron runtime, libraries)" },
        { C::UnsupportedOnTarget, 90, R"re(\bdoes not support\b.{0,80}\bon (this|the current|the given|the selected) (target|device|platform|hardware|architecture)\b|\bis not supported for target \w+)re", "compilers' target checks (neuronx-cc NCC_EVRF, NCC_EARG, ...)" },
        { C::UnsupportedOnTarget, 85, R"re(\bcustom[- ]call\b.{0,80}\btarget name\b.{0,40}\bnot (recognized|registered|supported)\b)re", "neuronx-cc (NCC_EHCA): a custom call of another backend (cuDNN's)" },
        // Also a gfx name the program could not read as a value of the targets it knows (an enum's parser, an int()).
        { C::UnsupportedOnTarget, 95, R"re(\bUnsupported (GPU |gpu )?(target|arch\w*)s?:?\s*'?gfx\d\w*|\bUnknown GPU arch\w*:?\s*'?gfx\d\w*|\b(Architecture )?gfx\d\w* (is )?not supported\b|\b(Invalid|Unknown|Unrecognized) (fromString|literal|enum|value|type|name)\b.{0,120}:\s*'?gfx\d\w*|\bKeyError: ['"]?gfx\d\w*['"]?\s*$)re", "ROCm kernel libraries (Tensile, hipBLASLt, rocRoller; AITER's table of targets, looked up by the GPU's name): a gfx target they do not build for" },
        // A library's own check that ends its message with the verdict ("fmhaRunner.cuh:30: Unsupported architecture",
        // "static assertion failed: Unsupported architecture", "Unsupported arch: gfx906"): this GPU has no path in
        // it. nvcc's "Unsupported gpu architecture 'compute_35'" — a toolkit that does not know the target — does not end so.
        { C::UnsupportedOnTarget, 85, R"re(:\s*Unsupported (CUDA |HIP )?arch(itecture)?(\s*:\s*\w+)?\s*[!.]?\s*$)re", "kernel libraries' architecture checks" },
        // ggml checks at run time that a kernel has code for the GPU it runs on, and prints the architectures the
        // library was built for: this GPU among them means the kernel itself offers nothing for it (flash attention
        // below Turing); absent from them, the build is not for this GPU.
        { C::UnsupportedOnTarget, 95, R"re(\bhas no device code compatible with (CUDA|HIP) arch (\d+)\. [\w.-]+ was compiled for: [\d, ]*\b\2\b)re", "ggml (llama.cpp): a kernel without code for a GPU the build targets" },
        { C::DriverRuntimeMismatch, 95, R"re(\bhas no device code compatible with (CUDA|HIP) arch (\d+)\. [\w.-]+ was compiled for: (?![\d, ]*\b\2\b)[\w, ]+$)re", "ggml (llama.cpp): a build without code for this GPU's architecture (its list of them, or the build's unfilled placeholder)" },
        { C::UnsupportedOnTarget, 80, R"re(\b(parse\w*|onnx\w*|import\w*)\b.{0,40}\bUnknown (operator|op)\b|\bNo importer registered for op\b)re", "graph compilers (MIGraphX, TensorRT): an operator the backend does not offer" },
        // Code written for 32-lane warps on a GPU whose wavefront is 64 lanes (AMD CDNA): the target lacks what it assumes.
        { C::UnsupportedOnTarget, 60, R"re(\bwarp ?size (must|should) be 32\b|\brequires? (a )?warp ?size of 32\b)re", "programs' own warp-size checks on wave64 GPUs" },
        // A stated lack of support with no other sign: a weak hint (a dtype or a shape named beside it decides first).
        { C::UnsupportedOnTarget, 50, R"re(\b(error|exception)\b.{0,200}\b(is|are) not (yet )?supported\b|\ban unsupported (operator|operation|op|instruction|primitive|opcode|feature|configuration)\b|^\s*(error:\s*)?unsupported (operator|operation|op|instruction|primitive|opcode|feature|configuration|logical|dynamic)\b|\b(dynamic shapes?|dynamic control[- ]flow)\b.{0,60}\bnot supported\b)re", "compilers and runtimes saying what they do not offer" },
        // ---- illegal_memory_access -------------------------------------------------------------------
        { C::IllegalMemoryAccess, 85, KWB_CUDA_STATUS("(59|77|700|710|716|719)"), "CUDA and HIP statuses by number: an illegal address, a device assert, a misaligned address, a launch failure" },
        { C::IllegalMemoryAccess, 100, R"re(an illegal memory access was encountered|cudaErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS|hipErrorIllegalAddress)re", "CUDA (700)" },
        { C::IllegalMemoryAccess, 100, R"re(misaligned address|cudaErrorMisalignedAddress|CUDA_ERROR_MISALIGNED_ADDRESS)re", "CUDA (716)" },
        { C::IllegalMemoryAccess, 90, R"re(unspecified launch failure|cudaErrorLaunchFailure|CUDA_ERROR_LAUNCH_FAILED)re", "CUDA (719), a device exception" },
        { C::IllegalMemoryAccess, 80, R"re(device-side assert(ion)? triggered|cudaErrorAssert|CUDA_ERROR_ASSERT)re", "CUDA (710), bound checks in kernels" },
        { C::IllegalMemoryAccess, 70, R"re(illegal instruction was encountered|cudaErrorIllegalInstruction|CUDA_ERROR_ILLEGAL_INSTRUCTION|invalid program counter|cudaErrorInvalidPc)re", "CUDA (715, 718)" },
        { C::IllegalMemoryAccess, 100, R"re(Invalid __(global|shared|local)__ (read|write|atomic)|Address 0x[0-9a-f]+ is (out of bounds|misaligned)|(Out-of-range|Misaligned) (Shared or Local )?Address|(Warp|Lane) (Illegal|Misaligned|Out-of-range) Address)re", "compute-sanitizer memcheck, cuda-gdb" },
        { C::IllegalMemoryAccess, 70, R"re(Uninitialized __(global|shared|local)__ memory read|Race reported between)re", "compute-sanitizer initcheck, racecheck" },
        { C::IllegalMemoryAccess, 100, R"re(Memory access fault by GPU|Page not present or supervisor privilege)re", "ROCm" },
        { C::IllegalMemoryAccess, 90, R"re(an illegal memory access was\s*$)re", "CUDA (700), message wrapped across lines" },
        { C::IllegalMemoryAccess, 90, R"re(\b(CUDA|HIP) error: an illegal memory access\b)re", "CUDA (700), message cut short" },
        // A device-side assertion whose own message says an allocator on the device ran out ("Assertion `Out of
        // CUDA pre-allocated memory", Taichi's pool) reports memory, not a fault.
        { C::IllegalMemoryAccess, 100, R"re(block: \[\d+,\s*\d+,\s*\d+\],? thread: \[\d+,\s*\d+,\s*\d+\].{0,40}Assertion\b(?!\W{1,3}Out of ([\w-]+ ){0,2}memory\b))re", "CUDA device-side assert (kernel's own report)" },
        { C::IllegalMemoryAccess, 90, R"re(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION|HSA_STATUS_ERROR_EXCEPTION|failed to run scatter/gather .{0,60}out-of-bound)re", "ROCr, Neuron DGE" },
        { C::IllegalMemoryAccess, 80, R"re(GPU (memory )?page fault|MMU fault|\bXid\b.{0,20}\b31\b|\b(GC|MM|UTC)?VM_L2_PROTECTION_FAULT_STATUS\b|\bamdgpu:.{0,60}\bpage fault\b)re", "driver, kernel log (NVIDIA Xid 31, amdgpu's VM protection fault report)" },
        { C::IllegalMemoryAccess, 50, R"re(CUDNN_STATUS_MAPPING_ERROR)re", "cuDNN: the library's kernel faulted on the device" },
        { C::IllegalMemoryAccess, 60, R"re(\bout[- ]of[- ]bounds?\b.{0,30}(access|read|write|address|index|memory|DMA)|(access|address|index|read|write)\b.{0,40}\bout of bounds?\b)re", "NKI simulator, sanitizers, numpy" },
        { C::IllegalMemoryAccess, 90, R"re(NRT_EXEC_OOB|\bnrt_\w+ status=1006\b)re", "Neuron runtime (NRT_EXEC_OOB = 1006)" },
        // An index past the end, caught on the host (a C++ kernel's .at(), NumPy's bounds check).
        { C::IllegalMemoryAccess, 70, R"re(vector::_M_range_check|std::out_of_range|index -?\d+ is out of bounds for axis \d+|IndexError: index out of range in self)re", "libstdc++, NumPy, PyTorch's index_select/embedding: an index beyond the buffer" },
        { C::IllegalMemoryAccess, 70, R"re(\bExecution aborted by DMA error\b)re", "Neuron runtime: a DMA fault during execution" },
        { C::IllegalMemoryAccess, 70, R"re(Assertion '__n < this->size\(\)' failed|\bindex -?\d+ out of bounds for type\b)re", "libstdc++ bounds assertions, UBSan" },
        { C::IllegalMemoryAccess, 95, R"re(\bNRT_EXEC_HW_ERR_DMA_ABORT\b|\bINFER_ERROR_SUBTYPE_DMA_ABORT\b|\bHardware error: DMA abort\b|\bis outside the allocated \w+ tensor\b)re", "Neuron runtime: a DMA outside a tensor" },
        { C::IllegalMemoryAccess, 90, R"re(AddressSanitizer: (heap|stack|global|dynamic-stack|container)-buffer-overflow|AddressSanitizer: (heap-)?use-after-free|AddressSanitizer: stack-use-after-(return|scope))re", "AddressSanitizer (also on amdgpu devices)" },
        { C::IllegalMemoryAccess, 80, R"re(\bEXCEPTION OCCURRED: ILLEGAL INSTRUCTION\b|\bGPSIMD EXCEPTION\b)re", "Neuron GPSIMD engine: a device exception" },
        // A TPU core that stopped on a check the compiler put into the program: an on-device check, as a device-side
        // assert; a bounds check names the access.
        { C::IllegalMemoryAccess, 60, R"re(\bdevice halted prematurely, perhaps due to an on-device check-failure\b)re", "XLA TPU: an on-device check failed" },
        { C::IllegalMemoryAccess, 90, R"re(\bhalted unexpectedly at tag:pc\b.{0,200}\bBoundsCheck)re", "XLA TPU: an on-device bounds check" },
        // ---- shape_dtype_mismatch --------------------------------------------------------------------
        // A JIT or lowering failure whose stated cause is a shape/layout/dtype/device mismatch lands here;
        // a compiler diagnostic (file:line: error:) stays a compile error (see docs/diagnosis.md).
        { C::ShapeDtypeMismatch, 45, R"re(\bOn entry to \w+ +parameter number \d+ had an illegal value\b)re", "BLAS and LAPACK (cuBLAS, MKL, OpenBLAS): an argument (a dimension, a leading dimension) the call cannot take; a hint, since XLA's GEMM autotuner provokes it too" },
        { C::ShapeDtypeMismatch, 100, R"re(shapes cannot be multiplied|size mismatch\b|The size of tensor a \(\d+\) must match the size of tensor b|shape '\[[^\]]*\]' is invalid for input of size)re", "PyTorch" },
        { C::ShapeDtypeMismatch, 85, R"re(\bdimensions of '\w+' must have equal size\b|\bmust have equal (sizes?|shapes?|ranks?)\b)re", "XLA's builder: an operand whose dimensions the operation cannot take (a non-square matrix to invert)" },
        { C::ShapeDtypeMismatch, 95, R"re(\bmust have (the )?same reduction dim\b|\bexpected to generate shape \(.{0,40}\) but got shape\b|\bScopeParamShapeError\b)re", "PyTorch's meta kernels (under Dynamo's fake tensors), Flax parameters" },
        { C::ShapeDtypeMismatch, 100, R"re(Sizes of tensors must match|Expected size \d+ but got size \d+|view size is not compatible with input tensor|must have (the )?same number of dimensions)re", "PyTorch" },
        { C::ShapeDtypeMismatch, 90, R"re(incompatible (size|sizes|ranks?)\b|expected (dtype|type|shape|rank|size)\b.{0,60}\b(got|found|received)\b|expected (input|tensor|output)s? (with|of) (shape|size|dtype)|not compatible with .{0,40}\b(size|shape|stride|layout)s?\b|to be contiguous|is not contiguous)re", "PyTorch, XLA, NKI" },
        { C::ShapeDtypeMismatch, 80, R"re(partition dim(ension)?\b.{0,40}(exceed|must|should|larger than|greater than|at most|<=))re", "NKI tile constraints" },
        { C::ShapeDtypeMismatch, 100, R"re(The values for attribute '(shape|dtype|device|layout|stride\(\))' do not match)re", "torch.testing.assert_close" },
        { C::ShapeDtypeMismatch, 90, R"re(\bexpected size \d+==\d+, stride \d+==\d+ at dim=\d+)re", "Inductor's generated code: a kernel's output of another size or layout than its meta kernel declared" },
        { C::ShapeDtypeMismatch, 100, R"re(expected scalar type \w+ but found \w+|expected (both |all )?(\w+ )?(tensors|inputs|arguments|operands|mat1 and mat2|m1 and m2) to have the same dtype|requires arguments to have the same dtypes?|Input type \(.{0,60}\) and weight type \(.{0,60}\) should be the same)re", "PyTorch, JAX" },
        // A collective handed tensors of a device its process group has no backend for (CPU tensors to an NCCL group).
        { C::ShapeDtypeMismatch, 85, R"re(\bNo backend type associated with device type \w+)re", "torch.distributed: tensors on a device the process group does not serve" },
        // An operation's own requirement that its operands share a device ("indices should be either on cpu or on the
        // same device as the indexed tensor (cpu)", "must be on the same device as").
        { C::ShapeDtypeMismatch, 85, R"re(\b(should|must|to) be (either )?(on (the )?cpu or )?on the same device\b|\bon the same device as the (\w+ )?(tensor|input|indexed|self|weight)\b)re", "PyTorch: operands an operation needs on one device" },
        { C::ShapeDtypeMismatch, 100, R"re(Expected all tensors to be on the same device|cannot be accessed from Triton|Expected (a |an |all )?.{0,40}to be on (the same device|CUDA|GPU)|(is|are) on (the )?(CPU|different devices?)\b.{0,40}(but|expected|must|should))re", "PyTorch, Triton" },
        { C::ShapeDtypeMismatch, 85, R"re(\bis not an? (XLA|CUDA|HIP|MPS|XPU|TPU|Neuron|GPU) tensor\b)re", "PyTorch/XLA and device backends: a tensor on another device" },
        { C::ShapeDtypeMismatch, 90, R"re(\bcan'?t convert \w+(:\d+)? device type tensor to numpy\b)re", "PyTorch: a device tensor handed to NumPy" },
        { C::ShapeDtypeMismatch, 85, R"re(\b(tensor|output|input|buffer)s? (tensor )?(size|shape|numel)s? must (be equal to|equal|match)\b)re", "collectives and kernels: a buffer of the wrong size" },
        { C::ShapeDtypeMismatch, 85, R"re(\b(must|should) be (in |of )?(dtype|type|data type)s?( of)? (torch\.|jnp\.|np\.|tl\.)?(float|bfloat|half|int|uint|fp|bf)\d*)re", "kernels' dtype checks on their inputs" },
        { C::ShapeDtypeMismatch, 90, R"re(\bshapes?\b.{0,80}\b(mismatch\w*|incompatible|not compatible|must (match|be (equal|the same|compatible))|should (match|have|be (equal|the same))|(do|does|did) not match|don't match|doesn't match)|\b(mismatch\w*|incompatible|inconsistent|mismatched) (input |output )?shapes?\b)re", "PyTorch, JAX, NKI, Triton" },
        { C::ShapeDtypeMismatch, 90, R"re(could not be broadcast|cannot broadcast|incompatible shapes for broadcasting|incompatible dimensions|Shapes must be equal rank|Dimensions must be equal|requires contracting dimensions to have the same shape|cannot reshape array of size|Dimension out of range|dimension mismatch|dimensions? (do not|don't) match)re", "NumPy, JAX, TensorFlow, PyTorch" },
        { C::ShapeDtypeMismatch, 90, R"re(\blayout\b.{0,40}\b(does not match|doesn't match|mismatch\w*|not compatible|incompatible)|\b(mismatch\w*|incompatible) layouts?\b)re", "XLA, Mosaic, cuDNN" },
        { C::ShapeDtypeMismatch, 90, R"re(\b(dtype|data ?type|scalar ?type)s? mismatch|mismatched (dtypes?|data ?types?)|incompatible (dtypes?|data ?types?)|(unsupported|not supported|invalid) (dtype|data ?type|scalar ?type)|(dtype|data ?type|scalar ?type)\b.{0,40}\b(is |are )?(not supported|unsupported)|Got unsupported ScalarType)re", "various" },
        { C::ShapeDtypeMismatch, 90, R"re(only supports? .{0,40}(fp16|bf16|fp32|fp8|float16|bfloat16|float32|half|int8|dtypes?|data ?types?|head ?dim\w*|dimensions?|shapes?|rank)|not implemented for '(Half|BFloat16|Float|Double|Long|Int|Short|Char|Byte|Bool|ComplexFloat|ComplexDouble|Float8\w*)')re", "PyTorch, FlashAttention, kernels' own checks" },
        { C::ShapeDtypeMismatch, 80, R"re(expected \d+D\b|Expected \d+-dimensional|(wrong|unexpected|invalid) (shape|dtype|number of dimensions|rank)\b|(must|should) be (a )?(contiguous|CUDA tensor|on CUDA)|non-contiguous (input|tensor))re", "PyTorch, kernels' own checks" },
        { C::ShapeDtypeMismatch, 90, R"re(to have the same (type|dtype|device|shape|size|number of)|must have the same (dtype|type|shape|size|device|number of)|to have \d+ channels, but got|Cannot interpret .{0,40} as a data type|(block|tile) shapes?\b.{0,80}\bdivisible)re", "PyTorch, Pallas" },
        // A kernel's own constraint on its block sizes names no mismatch: a weak hint (below the cause tier), so that
        // alone it is shape_dtype_mismatch and inside a JIT compile failure it stays compile_error.
        { C::ShapeDtypeMismatch, 45, R"re((must|should) be divisible by|\bis not (evenly )?divisible by|must be a power of (2|two)|(shape|size|dimension)s? .{0,40}must be (a )?(multiple|power) of|\b\w+ must be a multiple of \d+|\bmust (evenly )?divide\b)re", "Pallas, Triton, NKI, kernels' own argument checks" },
        { C::ShapeDtypeMismatch, 80, R"re(Expected \w+ argument to have shape .{0,120} but got)re", "Triton: a value stored through a pointer block of another shape" },
        { C::ShapeDtypeMismatch, 60, R"re(CUDNN_STATUS_BAD_PARAM|CUBLAS_STATUS_INVALID_VALUE|CUDNN_STATUS_NOT_SUPPORTED)re", "cuDNN, cuBLAS: bad or unsupported descriptors" },
        // Kernel libraries refusing the arguments they were given, by their own status names: CUTLASS's
        // cutlassGetStatusString, the ROCm libraries' rocblas_status_*/rocfft_status_*, cuFFT's and cuSPARSE's codes.
        { C::ShapeDtypeMismatch, 85, R"re(\bError (Misaligned Operand|Invalid Data Type|Invalid Layout|Invalid Problem)\b)re", "CUTLASS status" },
        { C::ShapeDtypeMismatch, 60, R"re(\b(rocblas|rocsparse|rocfft|rocsolver|hipblas|hipsparse|hipfft|hipsolver)_status_(invalid_size|invalid_dimensions?|invalid_distance|invalid_strides?|invalid_offset|invalid_arg_value|invalid_value|invalid_type)\b|\b(HIPBLAS|HIPSPARSE|HIPSOLVER|CUSPARSE|CUSOLVER)_STATUS_INVALID_VALUE\b|\b(CUFFT|HIPFFT)_INVALID_(SIZE|VALUE|TYPE)\b)re", "ROCm libraries, cuFFT, cuSPARSE, cuSOLVER: arguments refused" },
        // A kernel library's instance that cannot take the problem it was given (composable_kernel's "device_gemm with
        // the specified compilation parameters does not support this GEMM problem").
        { C::ShapeDtypeMismatch, 80, R"re(\bdoes not support this (\w+ )?(problem|argument|input)s?\b)re", "composable_kernel, kernel libraries' IsSupportedArgument" },
        // A compiled model or kernel that expects other shapes than it was given.
        { C::ShapeDtypeMismatch, 90, R"re(\b(shape|size|offset|dimension|index)\b.{0,60}\b(must be|is not|not) aligned to (the )?(tile|tiling)\b)re", "Mosaic: a slice or block not aligned to the TPU's (8, 128) tiling" },
        // A TensorRT engine is built for a range of input shapes (its optimization profiles); a shape outside it is refused.
        { C::ShapeDtypeMismatch, 90, R"re(\bSupplied binding dimension\b.{0,80}\bexceed min ~ max range\b|\bRuntime dimension does not satisfy any optimization profile\b|\bStatic dimension mismatch while setting input shape\b)re", "TensorRT: an input shape outside the engine's optimization profiles" },
        { C::ShapeDtypeMismatch, 80, R"re(\bhas shape \[[^\]]*\].{0,120}\bexpect(s|ed)? (input )?shape\b|\bexpects? (input )?shapes? \[[\d, ]+\].{0,40}\b(got|but|received)\b)re", "compiled models (Neuron, TensorRT), harnesses" },
        { C::ShapeDtypeMismatch, 90, R"re(\bsizes? (do not|don't|does not) match|Incompatible shapes for broadcasting|\bshapes? \(.{0,120}\bmust be (>=|at least|a multiple of) \d)re", "XLA, JAX, Triton tl.dot" },
        { C::ShapeDtypeMismatch, 60, R"re(Check failed: .{0,60}\b(dim|rank|shape)\w*\s*(==|!=|<=?|>=?) )re", "torch_xla, XLA: a failed check on dimensions" },
        { C::ShapeDtypeMismatch, 80, R"re(should be divisible by \d+, but it is equal to \d+|cannot be (evenly )?(sharded|distributed) (along|across|to)\b|axis sizes that are not evenly divisible by the corresponding mesh)re", "JAX sharding and shard_map, Neuron tensor parallelism: a dimension that does not divide" },
        { C::ShapeDtypeMismatch, 90, R"re(\bIndivisibleError\b|\bis partitioned \d+ times, but the dimension size\b|\bOne of (pjit|jit) (inputs|outputs|arguments)\b.{0,160}\bwas given the sharding of\b)re", "JAX sharding: a dimension the mesh axis does not divide" },
        { C::ShapeDtypeMismatch, 85, R"re(\bdid not match the sharding (provided|expected|specified|given)\b|\bwith_sharding_constraint\W{0,2} acts as an assert\b|\bsharding mismatch\b|\bmismatched shardings?\b|\bincompatible shardings\b)re", "JAX: an array's sharding against the one a constraint or a function expects" },
        { C::ShapeDtypeMismatch, 90, R"re(has a mismatch in its core dimension|cannot change total number of elements|\baxis -?\d+ (is )?out of bounds for (shape|array of dimension)|Tensor with \d+ elements cannot be converted to Scalar)re", "NumPy gufuncs, Triton, PyTorch: dimensions that do not fit the operation" },
        { C::ShapeDtypeMismatch, 90, R"re(entry returned \d+ value\(s\), the manifest names \d+ output)re", "the workbench's python runner: results that do not match the task's outputs" },
        { C::ShapeDtypeMismatch, 80, R"re('numpy\.ndarray' object has no attribute '(type|data_ptr|dtype\.itemsize|device)')re", "Triton, PyTorch: a NumPy array where a tensor is expected" },
        // Operands or parameters of different types, however a check words it ("Both operands must be same dtype. Got
        // fp16 and fp32", "mixed dtype (CPU): expect parameter to have scalar type of Float").
        { C::ShapeDtypeMismatch, 90, R"re(\b(must|should) (be|have) (the )?same (dtype|data ?type|type|scalar type|shape|size|device)s?\b|\bmixed dtypes?\b|\bexpects? \w+( \w+)? to have (the )?(scalar )?type\b)re", "Triton, PyTorch: operands of different types" },
        { C::ShapeDtypeMismatch, 85, R"re(\bExpected [\w.]*\b(is_contiguous|is_cuda|dtype|scalar_type|dim|size|numel|sizes|stride)\(\).{0,40}to be true, but got false)re", "PyTorch extensions' TORCH_CHECK on an argument's layout, device, dtype or size" },
        { C::ShapeDtypeMismatch, 90, R"re(\bexpected (a |an )?'?(cuda|cpu|xla|mps|hip|meta)'? device( type)?\b.{0,60}\b(got|found)\b)re", "PyTorch: an argument on another kind of device" },
        // Two element types named and said to differ ("Block element type(bf16) and value element type(fp32) mismatch").
        { C::ShapeDtypeMismatch, 85, R"re(\b(element )?types?\s*\(\s*\w+\s*\) and .{0,40}\btypes?\s*\(\s*\w+\s*\)\s*(mismatch|do not match|don't match|differ))re", "Triton, MLIR builders: element types that differ" },
        // A kernel's own constraint on its operands' dimensions, stated as what they must be ("all dimensions of x and y
        // must be >= 16"): the arguments do not fit the kernel.
        { C::ShapeDtypeMismatch, 45, R"re(\b(dimensions?|dims?|shapes?|sizes?)\b.{0,40}\bmust be (>=|>|at least|a multiple of)\s*\d)re", "kernels' checks on their operands (a weak hint, as 'must be divisible by')" },
        // A dispatcher that lists why each kernel refused the inputs (xformers' "`cutlassF` is not supported because:
        // dtype=torch.float32 (supported: {torch.float16, torch.bfloat16})"): the reasons decide; the GPU generation
        // reason is the target's.
        { C::ShapeDtypeMismatch, 80, R"re(\bdtype=\S+ \(supported: \{|\bunsupported embed per head\b)re", "xformers' operator dispatch" },
        { C::ShapeDtypeMismatch, 85, R"re(\b(dimensions?|dims?|shapes?)\b.{0,80}\bmust (match|agree|be equal)\b.{0,20}\bgot\b)re", "kernels' and compilers' operand checks" },
        // A value whose type one branch changes ("initial value for `logits` is of type <[65536], bf16>, but the then block
        // redefines it as <[65536], fp32>"): Triton's kernels keep one type per variable.
        { C::ShapeDtypeMismatch, 90, R"re(\binitial value for `?\w+`? is of type .{0,80}\bbut the (then|else|loop|while) (block|body) redefines it as\b)re", "Triton: a variable whose type a branch changes" },
        // The types of two named operands said to have to agree ("nc_matmul: dtype of stationary (float32) and moving
        // (bfloat16) tiles must match").
        { C::ShapeDtypeMismatch, 90, R"re(\b(dtypes?|data ?types?|element types?|scalar types?)\s+of\s+.{0,100}\band\b.{0,60}\b(must|should|have to) (match|agree|be (the same|equal|identical))\b)re", "kernels' and compilers' operand type checks" },
        // Operands refused by their shapes, ranks or dtypes, in NumPy's, PyTorch's, Triton's and JAX's own words.
        { C::ShapeDtypeMismatch, 90, R"re(\bcould not broadcast (input array )?from shape\b|\barrays cannot be concatenated\b|\bdoes not broadcast with previously seen size\b|\bExpected \w+ to be of same shape as\b|\bmust be a \d+D tensor\b|\bPytree for `?\w+`? and `?\w+`? do not match\b)re", "NumPy, PyTorch, JAX" },
        { C::ShapeDtypeMismatch, 85, R"re(\bCannot bitcast data-type of size\b|\bmust have (equal|the same) ranks?\b|\bexpected (last |first )?dimension to be \d+\b.{0,30}\bgot \d+)re", "Triton (its interpreter's checks)" },
        { C::ShapeDtypeMismatch, 85, R"re(aten_xla_bridge\.cpp:\d+ : Check failed: xtensor\b)re", "torch_xla: a tensor not on the XLA device" },
        { C::ShapeDtypeMismatch, 90, R"re(\bIllegal assignment destination shape\b|\bdestination shape\b.{0,80}\bis smaller than\b)re", "NKI: a destination of another shape than what is stored to it" },
        { C::ShapeDtypeMismatch, 90, R"re(\bmismatch in parameters\b|\bnumber of partitions\b.{0,60}\bmismatch\b|\bhas dtype \w+, expected one of\b)re", "NKI: operands of an instruction that do not match" },
        { C::ShapeDtypeMismatch, 85, R"re(\bdoes not support (integer|floating[- ]point|float|boolean|complex|int\d+|fp\d+|bf16|bfloat16|\d+-bit) (input|operand|argument)s?\b|\bCast the (input|first argument|argument|operand)'?s? (data )?type to\b)re", "compilers naming the operand dtypes an operation takes (neuronx-cc NCC_EVRF)" },
        { C::ShapeDtypeMismatch, 85, R"re(\bexpected (operand|argument|input|parameter) '?\w+'? .{0,60}\bto (be|have)\b.{0,80}\bbut (got|found|received)\b)re", "NKI, compilers: an operand of another kind, memory or type" },
        { C::ShapeDtypeMismatch, 85, R"re(\bmust be (a \w+ of )?(type|dtype)s? .{0,80}\bgot '?\w+)re", "NKI, libraries: an operand of a dtype the operation does not take" },
        { C::ShapeDtypeMismatch, 85, R"re(\bNRT_EXEC_BAD_INPUT\b|\bnrt_execute status=1002\b|\bInvalid input tensors\b|\bInput tensor "?\w+"? has size \d+ bytes, expected \d+ bytes)re", "Neuron runtime: inputs of another size than the NEFF was compiled for" },
        // ---- autotune_failure ------------------------------------------------------------------------
        // Triton's "out of resource: shared memory" names a configuration (block sizes x num_stages) that
        // does not fit; the fix is in the tuning space, so it is an autotune failure (dev corpus at-01, at-03).
        // "Runtime error during autotuning" and "autotuning failed" say that the autotuner failed, not why: a device
        // OOM or a shape error printed with them is the cause (wrappers, rules.h).
        { C::AutotuneFailure, 100, R"re(No valid triton configs|NoValidChoicesError|No configuration successfully compiled)re", "TorchInductor, TileLang" },
        // TensorRT's builder times every tactic for each node and fails when none can run it.
        { C::AutotuneFailure, 90, R"re(\bCould not find any implementation for node\b)re", "TensorRT's tactic selection" },
        { C::AutotuneFailure, 90, R"re(error during auto-?tuning|auto-?tun(ing|e|er)\b.{0,20}(failed|failure|error)|failed (to|during|while|in) auto-?tun(e|ing))re", "Triton, XLA, TileLang, TVM", RuleRole::Wrapper },
        { C::AutotuneFailure, 100, R"re(out of resource: shared memory)re", "Triton OutOfResources" },
        // An autotuner's own report of one configuration that did not fit on the chip (an SBUF/PSUM or shared-memory
        // overflow): the tuning space is what to fix, as with Triton's OutOfResources. A device OOM on such a line
        // ties and loses by precedence.
        { C::AutotuneFailure, 100, R"re(\bauto-?tun\w*\b.{0,200}\b(config|configuration|candidate)s?\b.{0,200}\b(overflow|exceed\w*|out of (resource|memory|space)|allocation fail\w*|(does not|doesn't|cannot|can't) fit)\b)re", "autotuners reporting configurations that do not fit" },
        { C::AutotuneFailure, 90, R"re(out of resource\b.{0,80}Required:\s*\d+.{0,20}Hardware limit|Reducing block sizes or .?num_stages.? may help)re", "Triton OutOfResources" },
        { C::AutotuneFailure, 100, R"re(\bevery (config|configuration|candidate|choice|trial)s?\b.{0,40}\b(failed|was rejected|were rejected|invalid|did not (compile|fit|run))\b|\b0 of \d+ (configs|configurations|candidates|choices|trials)\b|\b0\s*/\s*\d+ (configs|configurations) (benchmarked|compiled|fit|ran|succeeded|valid)\b|\bno valid (tiling|tile size|schedule|blocking)s?\b|\bno (candidate|config|configuration)s? (compiled|ran|fit|succeeded|worked)\b|\bhas no buildable configuration\b|\bvalid (results?|configs?|configurations?|candidates?|kernels?)\s*[:=]\s*0\s*(/|of)\s*\d+|\bno valid (results?|configs?|configurations?|candidates?|kernels?) (among|of|in|out of) (the )?\d+)re", "tuners: every configuration of the search failed" },
        { C::AutotuneFailure, 100, R"re(All (\d+ )?(configs|configurations|candidates|choices|algorithms|tactics|kernels|trials)\b.{0,60}\b(failed|invalid|exceed\w*)|\bnone of the (\d+ )?(configs|configurations|candidates|choices|tactics) (could|can|were|was|succeeded|worked|fit)\b|No (valid|working|viable|usable|buildable) (\w+ )?(configs?|configurations?|choices|algorithms?|tactics?|kernel configs?|schedules?)\b)re", "autotuners, XLA algorithm pickers, TensorRT" },
        { C::AutotuneFailure, 80, R"re(Unable to find a valid cuDNN algorithm|no (valid|suitable) (cuDNN |cuBLAS(Lt)? )?algorithm|(did not|didn't|does not|could not|couldn't) (return|find|get) a (valid|suitable|usable) (\w+ ){0,2}algorithm|cublasLt.{0,60}no (heuristic|algorithm))re", "cuDNN/cuBLASLt algorithm selection" },
        { C::AutotuneFailure, 80, R"re(Failed to determine best cudnn convolution algorithm|failed to run auto-?tuning)re", "XLA conv algorithm picker, TorchInductor", RuleRole::Wrapper },
        { C::AutotuneFailure, 90, R"re(None of the algorithms provided by cuDNN heuristics worked|No algorithm worked!|root cause of failing autotuning|unable to find a (valid|suitable) (\w+ )?algorithm)re", "XLA conv algorithm picker, TensorFlow, TorchInductor" },
        { C::AutotuneFailure, 90, R"re(\bResults mismatch between different (\w+ )?algorithms\b|\bFailed to find best \w+ algorithm\b)re", "XLA's GEMM autotuner" },
        { C::AutotuneFailure, 90, R"re(\b(?<!fine-)(?<!fine )Tuning failed\b)re", "kernel tuners", RuleRole::Wrapper },
        { C::AutotuneFailure, 50, R"re(triton[./]runtime[./]autotuner|\bautotuner\b|Ignoring this choice)re", "Triton, TorchInductor" },
        // A tuner's report of one configuration that failed for not fitting the hardware: the tuning space, as above.
        { C::AutotuneFailure, 100, R"re(^\s*((\[(auto-?)?(tune|tuner|tuning|sweep|search)\]\s*)?\(?(cfg|config|configuration|trial|candidate|cand|variant|choice)\b\s*[=#:]?\s*[\d(]|\[(auto-?)?(tune|tuner|tuning|sweep|search)\]\s*\(\w+\s*=).{0,200}\b(FAIL\w*|failed|error)\b.{0,200}\b(overflow|exceed\w*|out of (resource|memory|space)|(does not|doesn't|cannot|can't) fit)\b)re", "tuners' per-configuration reports" },
        // ---- compile_error ---------------------------------------------------------------------------
        // Diagnostics that name what is wrong in the source are causes; messages that only say a compile step
        // failed ("Compilation failed", "BackendCompilerFailed", a build system's "Error 1") are wrappers: whatever
        // they report (a missing library, an unsupported operation, a shape mismatch) decides when it is in the log.
        { C::CompileError, 90, R"re(\(\d+(,\d+)?\): (catastrophic |fatal )?error\b|:\d+:(\d+:)? (fatal )?error:|\berror C\d{4}:|errors? detected in the compilation of|catastrophic error:)re", "nvcc, gcc, clang, MSVC" },
        { C::CompileError, 90, R"re(\bptxas (error|fatal)|\bnvcc (error|fatal)|\bnvrtc\b.{0,40}(error|failed)|NVRTC_ERROR\w+|HIPRTC_ERROR_\w+|\bhiprtc\w*\b.{0,40}(error|failed))re", "ptxas, nvcc, NVRTC, HIPRTC (MIOpen's kernel builds)" },
        // A compiler's diagnostic whose location the excerpt lost, in any locale ("fatal error: glm/gtx/pca.hpp: 没有那个文件或目录").
        { C::CompileError, 85, R"re(^\s*fatal error: ['"<]?[\w./+-]+\.(h|hh|hpp|hxx|cuh|inc|inl|tcc)['">]?(:\s|\s+file not found))re", "gcc, clang: a header that cannot be opened, without its location" },
        { C::CompileError, 85, R"re(^\s*(clang|gcc|g\+\+|cc|c\+\+|nvcc|hipcc|ld|lld|nvlink|ptxas|llc|opt|cicc)(-\d+)?(\.exe)?: (fatal )?error\b)re", "compiler drivers reporting their own failure (clang-8: error: …)" },
        { C::CompileError, 90, R"re(undefined reference to|ld returned \d+ exit status|collect2: error|unresolved external symbol|error LNK\d+|cannot find -l\w+|\bmultiple definition of [`'‘]|: symbol multiply defined\b)re", "linkers (GNU ld, LLVM's IR linker)" },
        // The linker's own "undefined symbol" (LLVM's lld, mold, gold) is a link that lacks a library: the build
        // failed; the dynamic loader's "undefined symbol: x" (a binary built against another release) is not this.
        { C::CompileError, 90, R"re(\b(ld\.lld|lld|ld\.gold|gold|mold|ld64\.lld|lld-link): error: (undefined|duplicate) symbol\b)re", "lld, gold, mold" },
        // An instruction the source's PTX uses that newer targets removed (ptxas: "Instruction 'shfl' without '.sync' is
        // not supported on .target sm_70 and higher"): the source line must change, not the hardware — the opposite of a
        // feature that only later generations have. An LLVM back end that finds no instruction of the target for what it
        // was given ("Illegal instruction detected: … broadcasts are not supported on GFX10+", "Cannot select") is the
        // target's gap instead.
        { C::CompileError, 92, R"re(\bnot supported on \.target '?sm_\d+\w*'?( and (higher|later|newer|above)| or (higher|later|newer)))re", "ptxas: what newer targets removed from PTX" },
        { C::CompileError, 90, R"re(UnsupportedLanguageConstruct|CompileTimeAssertionFailure|LLVM ERROR:|\bUNREACHABLE executed at\b|error: '\w+\.\w+' op |'\w+\.\w+' op failed to verify)re", "Triton, MLIR, LLVM" },
        { C::CompileError, 90, R"re(Compil(ation|e)(Error|Exception)\b|triton\.compiler\.errors\.\w+|MLIR pass pipeline|PassManager::run failed|\b\w*CodegenError\b)re", "Triton, MLIR, kernel languages' code generators (Warp)", RuleRole::Wrapper },
        // A crash's stack whose frames are a compiler pass or one of its rewrite patterns
        // ("TritonGPURemoveLayoutConversionsPass::runOnOperation()", "…::matchAndRewrite(TransOp, PatternRewriter&)"):
        // the compiler failed on the kernel, whatever signal ended it.
        { C::CompileError, 70, R"re(::(runOnOperation|matchAndRewrite)\s*\()re", "MLIR: a pass's frames in a crash's stack" },
        // Triton's interpreter (TRITON_INTERPRET=1, a host without a GPU) reports what a GPU compile would raise as
        // a CompilationError (an undefined name, a non-power-of-2 arange) as an InterpreterError: the same wrapper.
        { C::CompileError, 80, R"re(triton\.runtime\.errors\.InterpreterError|^\s*InterpreterError:)re", "Triton's interpreter", RuleRole::Wrapper },
        { C::CompileError, 90, R"re(lowering\b.{0,40}\b(not implemented|unimplemented|not supported|unsupported)|\b(not implemented|unsupported)\b.{0,40}\blowering\b)re", "Pallas/Mosaic, JAX, TorchInductor" },
        { C::CompileError, 90, R"re(lowering\b.{0,40}\bfailed\b|LoweringException|TritonLoweringException|Exception while lowering)re", "Pallas/Mosaic, JAX, TorchInductor", RuleRole::Wrapper },
        { C::CompileError, 90, R"re(tensorizer error|Internal Compiler Error|=== BIR error ===|\bBIR verification failed|\[(TEN|GCA|NLA|F)\d{3}\])re", "neuronx-cc: internal errors" },
        // LLVM's crash banner: a compiler built on LLVM (clang, triton-opt, a JIT's back end) crashed; what it printed
        // before decides, the banner alone is the compiler's failure.
        { C::CompileError, 60, R"re(\bPLEASE submit a bug report to .{0,80}\binclude the crash backtrace\b)re", "LLVM-based compilers: a crash", RuleRole::Wrapper },
        // neuronx-cc's error codes say that the compiler refused the graph and in which family (verification,
        // arguments, custom calls); the text after the code says why, and a cause there decides (an operand dtype,
        // a target that lacks the feature, an NKI release). Alone the code is the compiler's failure.
        { C::CompileError, 90, R"re(\bNCC_\w+\d+)re", "neuronx-cc: its error codes", RuleRole::Wrapper },
        { C::CompileError, 90, R"re(Compiler status ERROR|ptxas exited with non-zero|neuronx-cc.{0,60}(failed|error)|neuronx-cc terminated abnormally|Failed compilation with \['neuronx-cc'|Neuron executable \(neff\) is empty)re", "neuronx-cc and its wrappers", RuleRole::Wrapper },
        { C::CompileError, 80, R"re(cannot be automatically partitioned|is a \w+-specific primitive|must be of type tl\.constexpr|is not a constexpr|\binvalid operands of type \S+ and \S+)re", "JAX/Mosaic lowering, Triton front end" },
        { C::CompileError, 90, R"re(", line \d+: (catastrophic )?error\b|\bstatic assertion failed\b|\bINTERNAL_ERROR\b.{0,20}\[NCC)re", "NVHPC/EDG front ends, neuronx-cc" },
        // A compiler that died (the host's OOM killer, a signal) is a compile step that failed, not a crash of the program.
        { C::CompileError, 90, R"re(\bKilled process \d+ \((neuronx-cc|neuron-cc|nvcc|cicc|ptxas|cc1plus|cc1|walrus_driver|hlo2tensorizer|llc|opt|clang\S*|hipcc|ld|lld)\)|Killed signal terminated program (cc1plus|cc1|cicc|ptxas))re", "Linux OOM killer, gcc" },
        // nvcc's (EDG) front-end diagnostics, quoted without their "file(line): error:" prefix.
        { C::CompileError, 70, R"re(\bidentifier "\w+" is undefined|\bno instance of (overloaded function|constructor|function template)\b|\ba value of type ".{0,80}" cannot be (used to initialize|assigned to)|\bexpected an? (expression|identifier|declaration|";"|"\)"|"\}"))re", "nvcc front end (EDG) without its location" },
        // clang's count of the diagnostics it printed ("1 error generated when compiling for gfx90a."): the compiler
        // failed, whatever the error line above says in words no rule knows.
        { C::CompileError, 80, R"re(\b\d+ (warnings? and \d+ )?errors? generated( when compiling for \w+)?\.)re", "clang: its count of the errors it reported", RuleRole::Wrapper },
        // LLVM's AMDGPU back end refusing a kernel above the target's LDS or stack limit, as ptxas refuses one that
        // "uses too much shared data": the kernel's code, not the launch, is what to change.
        { C::CompileError, 90, R"re(\berror: (<unknown>:\d+:\d+: )?(local memory|stack frame size) \(\d+\) exceeds limit \(\d+\))re", "LLVM's AMDGPU back end: a kernel above the target's LDS or stack limit" },
        { C::CompileError, 70, R"re(^\s*error: (no matching function for call to|'[^']+' was not declared in this scope|expected '[^']+' before|invalid conversion from|use of undeclared identifier|no member named|cannot convert '[^']+' to)\b)re", "gcc, clang: a diagnostic quoted without its location" },
        { C::CompileError, 80, R"re(Compilation (failed|error|terminated)|failed to (compile|lower|build)|Error building extension|Mosaic failed to compile|BackendCompilerFailed|Dynamo failed to run FX node with fake tensors|command '.{0,80}(nvcc|gcc|g\+\+|c\+\+|clang\+*|cl\.exe|hipcc)' failed)re", "build tools, JITs", RuleRole::Wrapper },
        { C::CompileError, 60, R"re(\bSyntaxError\b|\bIndentationError\b|Tracer\w*Error\b|ConcretizationTypeError|numba\.(core\.)?errors\.TypingError|\bTypingError: Failed (at|in) nopython)re", "Python, JAX tracing, Numba's type inference of a jitted kernel" },
        { C::CompileError, 40, R"re(ninja: build stopped|make(\[\d+\])?: \*\*\* .{0,300}Error \d+|Command '\[.{0,20}'ninja')re", "build systems", RuleRole::Wrapper },
        // Tracing errors of JAX and Pallas that say the program's structure is wrong (JAX's tracer errors are compile errors).
        { C::CompileError, 70, R"re(\bmust have (the )?same pytree structure\b|\bkernel function in the pallas_call\b.{0,200}\bshould return None\b)re", "JAX, Pallas tracing" },
        { C::CompileError, 85, R"re(\bNKISyntaxError\b|\bis referenced outside of its parent scope\b|\bUnexpected output dependencies, different iterations of \w+ loop write to\b)re", "NKI's front end: the kernel's source broke its rules" },
        // XLA asks for shapes known at compile time; tf2xla names the graph it could not convert.
        { C::CompileError, 85, R"re(\bmust be a compile-time constant\b|\btf2xla conversion failed\b)re", "XLA (TensorFlow, jax2tf): a value the compiler needs constant is not" },
        // ---- timeout_hang ----------------------------------------------------------------------------
        { C::TimeoutHang, 95, R"re(\bTimeout \(>[\d.]+s\) from pytest-timeout\b)re", "pytest-timeout" },
        { C::TimeoutHang, 90, R"re(\bCUDA driver timeout\b)re", "MATLAB's GPU arrays: a kernel stopped by the display driver's watchdog" },
        { C::TimeoutHang, 85, R"re(\(\d+(\.\d+)?\s*s(ec(onds)?)? timeout\))re", "harnesses: a run reported with the limit it ran into (\"HANG (90.08s timeout)\")" },
        { C::TimeoutHang, 85, KWB_CUDA_STATUS("(702)"), "CUDA and HIP statuses by number: the launch timed out" },
        { C::TimeoutHang, 100, R"re(the launch timed out and was terminated|cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT|hipErrorLaunchTimeOut)re", "CUDA (702)" },
        { C::TimeoutHang, 90, R"re(\b(returned|error|code)\s*\(702\)|\bLaunch Timeout\b)re", "CUDA (702) as OptiX and others report it" },
        // GNU timeout's own exit status when it killed the command (124), as CI runners report it.
        { C::TimeoutHang, 85, R"re(\bdid not respond in (the )?given time\b)re", "TorchServe: a worker past its response timeout" },
        { C::TimeoutHang, 60, R"re(\b(completed|exited|failed|finished) with exit (code|status) 124\b)re", "CI runners: the command ended by timeout(1)" },
        { C::TimeoutHang, 90, R"re(\bJob failed: execution took longer than \w+)re", "GitLab runners: the job's time limit" },
        { C::TimeoutHang, 100, R"re(Watchdog caught collective operation timeout|Some NCCL operations have failed or timed out|Display driver .{0,40}stopped responding)re", "PyTorch ProcessGroupNCCL, Windows TDR" },
        { C::TimeoutHang, 90, R"re(Timeout Exceeded|DEADLINE[_ ]?EXCEEDED|DUE TO TIME LIMIT|\+{3,} Timeout \+{3,}|Failed: Timeout >|(time ?out|time limit|wall[- ]clock limit) (reached|expired|exceeded|hit)|exceeded (the )?(time|wall[- ]clock) limit|exceeded the maximum (execution|run) ?time)re", "Neuron runtime, gRPC/XLA, Slurm, pytest-timeout, harnesses" },
        { C::TimeoutHang, 90, R"re(Timeout \(\d+:\d+:\d+\)!|NRT_TIMEOUT|killed .{0,20}time ?out|time ?out.{0,20}\bkill|(exceeded|reached) .{0,20}(timeout|time limit)|did not (finish|complete|return) (within|in time|after))re", "faulthandler, Neuron runtime, harnesses" },
        { C::TimeoutHang, 80, R"re(\b(socket|connection|store|barrier|collective|kernel|execution) time ?out\b|\btimed out after\b|\boperation timed out\b|\bTimeoutError\b|\bTimeoutExpired\b|Timeout\(ms\)=\d+)re", "Python, NCCL" },
        { C::TimeoutHang, 80, R"re(\btime ?out after \d+(\.\d+)? ?(s|sec|secs|seconds|ms|min|mins|minutes)\b|\btime ?out waiting for \w+)re", "harnesses, autotuners' compile limits, Neuron collectives (CCOM)" },
        { C::TimeoutHang, 80, R"re(\bkilled after \d+(\.\d+)? ?(s|sec|secs|seconds|min|mins|minutes|h|hours)\b)re", "harnesses: a process killed at its wall-clock limit" },
        { C::TimeoutHang, 80, R"re(\bdid not pass the ping health check\b)re", "SageMaker: a container not ready within its startup health-check window" },
        { C::TimeoutHang, 60, R"re(\btimed out\b|(?<!might cause |could cause |may cause |to avoid |prevent )\bdeadlock(ed)?\b|\b(hangs|hanging|hung)\b|\bXid\b.{0,20}\b8\b)re", "various" },
        { C::TimeoutHang, 90, R"re(\bnrt_\w+ status=5\b|\b(status|message)\s*=\s*"?Timeout\b)re", "Neuron runtime (NRT_TIMEOUT = 5)" },
        { C::TimeoutHang, 90, R"re(\*\*\*Timeout \d+(\.\d+)? sec\b|^\s*\d+ - \S+ \(Timeout\)\s*$)re", "CTest: a test killed at its time limit" },
        { C::Crash, 60, R"re(\*\*\*Exception: (SegFault|Bus error|Illegal|Numerical|Child aborted|Other)\b|^\s*\d+ - \S+ \((SEGFAULT|Bus error|ILLEGAL|NUMERICAL|Child aborted)\)\s*$)re", "CTest: a test that died on a signal", RuleRole::Consequence },
        { C::TimeoutHang, 80, R"re(\bSIGALRM\b|Alarm clock)re", "alarm-based time limits" },
        { C::TimeoutHang, 80, R"re(WorkNCCL::checkTimeout|ncclCommWatchdog|ProcessGroupNCCL::watchdogHandler)re", "PyTorch ProcessGroupNCCL (frames of a timeout)" },
        { C::TimeoutHang, 80, R"re(BUG: soft lockup|\bstuck for \d+s\b|blocked for more than \d+ seconds|\bstate:D\b|watchdog got stuck)re", "Linux kernel, PyTorch ProcessGroupNCCL heartbeat" },
        { C::TimeoutHang, 70, R"re(\bmay be stuck\b|is taking (more|longer) than \d+(\.\d+)? ?s(ec(onds)?)?\b|been waiting for .{0,100}\bfor \d+ seconds|\bNo available (shared memory broadcast )?block found in \d+)re", "XLA rendezvous, JAX backend start, vLLM's workers: waits that do not end" },
        { C::TimeoutHang, 70, R"re(\b(spins?|spinning|waits?|waiting|blocks?|blocked|stuck|hangs?|hanging|loops?|looping|polls?|polling) forever\b|\bnever (returns|completes|finishes|terminates)\b)re", "a wait that does not end, as a sampled stack's annotation or a harness says it" },
        // PyTorch's extension builder found another build's lock and waits for it to go; left behind by a build that
        // was killed, it never goes. A compile error or anything else after it still decides.
        // XLA's alarm on a compilation that ran for minutes ("Very slow compile?", "The operation took 2m19s"): an
        // unrolled loop or a huge graph compiling past any reasonable limit.
        { C::TimeoutHang, 60, R"re(\] Very slow compile\?|\bslow_operation_alarm\.cc:\d+\] The operation took \d|^The operation took \d+m[\d.]+s\s*$)re", "XLA: a compilation far past its expected time" },
        { C::TimeoutHang, 50, R"re(\bLock file exists in build directory\b)re", "PyTorch's extension builder waiting on a stale build lock" },
        // A thread shown waiting on a lock ("Device::NullStream ← WAITS on device mutex 0x7f40a63ed810"): a stack
        // annotated by someone who found two threads each holding what the other waits for.
        { C::TimeoutHang, 60, R"re(\b(waits?|waiting|blocks?|blocked) (on|for) (the |a )?(\w+ ){0,2}(mutex|lock|futex)(es)?\b)re", "a thread waiting on a lock, as an annotated stack shows it (a deadlock)" },
        { C::TimeoutHang, 70, R"re(HW Exception by GPU node-\d+ .{0,80}\bGPU Hang\b)re", "ROCm: the GPU stopped responding" },
        { C::TimeoutHang, 90, R"re(\bamdgpu_job_timedout\b|\bring \S+ timeout, signaled seq)re", "amdgpu kernel driver: a job that never finished (GPU hang)" },
        { C::TimeoutHang, 90, R"re(\b(inference|execution) timeout \(\d+ ?ms\)|\bMissing infer_status notification\b)re", "Neuron runtime: an execution past its timeout" },
        // ---- numerical_mismatch ----------------------------------------------------------------------
        { C::NumericalMismatch, 100, R"re(Mismatched elements:\s*\d+|(Tensor-likes|Scalars) are not (close|equal)|Not equal to tolerance|Arrays are not (almost )?equal)re", "torch.testing, numpy.testing" },
        { C::NumericalMismatch, 90, R"re((Greatest|Max|Maximum) (absolute|relative) ([\w-]+ )?difference|Is close\?\s*False|Result verification failed|verification failed at)re", "torch.testing, numpy.testing, NKI samples, CUDA samples" },
        { C::NumericalMismatch, 80, R"re(allclose.{0,40}\b(False|failed)\b|(results?|outputs?|values?) (do not|don't|did not|does not) match|(results?|outputs?|values?) mismatch|(?<!cause )(?<!give )(incorrect|wrong) (results?|outputs?|answers?|values?)|\b(results?|outputs?) (are |is |were |was )?(incorrect|wrong)\b|\bcorrect\.(nan-)?mismatch\b)re", "harnesses" },
        { C::NumericalMismatch, 85, R"re(\b(divergence|difference|diff|error) :?\s*\d[\d.]*(e-?\d+)?\s*>\s*(\d*\.\d+|\d+(\.\d+)?e-\d+))re", "harnesses: an error or a difference above its bound, both printed (\"Divergence difference 0.125 > 0.001\")" },
        { C::NumericalMismatch, 70, R"re((outputs?|results?) (contains?|has|have) (NaN|Inf)|NaN (detected|found) in (the )?outputs?|(max|maximum) (abs|absolute|rel|relative) (error|err|diff\w*)\b.{0,30}(exceed|>|above|greater))re", "harnesses" },
        { C::NumericalMismatch, 80, R"re(False\b.{0,20}\ballclose|\bassert .{0,40}(all_?close|is_?close|array_equal|assert_close)\b|\bmismatch(es)? at (index|element|position|\(|\[)|(outputs?|results?|tensors?|\b\w+ and (the )?(Torch|PyTorch|NumPy|JAX|reference)) differ\b|(correctness|accuracy|verification|validation) (check |test )?(failed|FAIL))re", "harnesses, pytest" },
        { C::NumericalMismatch, 90, R"re(\bNRT_EXEC_COMPLETED_WITH_NUM_ERR\b|\bcompleted with numerical errors\b|\bLogitMatchingValidationError\b)re", "Neuron runtime (NaN checks), NxD Inference logit matching" },
        { C::NumericalMismatch, 80, R"re(\b(NMSE|MSE|RMSE|max_?err(or)?|max abs err(or)?|rel(ative)? err(or)?)\s*=\s*[\d.e+-]+\s*>\s*[\d.e+-]+)re", "test harnesses printing an error above its bound (ggml's test-backend-ops)" },
        // MIOpenDriver prints the bound with the error ("Forward Convolution Failed: 0.00108 > 1.5e-05") or, in other
        // releases, the error alone ("Backward Convolution Data Failed: 0.304246"): a fraction, not a count.
        { C::NumericalMismatch, 80, R"re(\b(convolution|verification|validation|check|comparison|test)s?( data| weights)? (failed|failure|error|mismatch)\b:?\s*-?(\d+(\.\d+)?(e[-+]?\d+)?\s*>\s*\d+(\.\d+)?(e[-+]?\d+)?|\d*\.\d+(e[-+]?\d+)?)\s*$)re", "verification drivers printing an error, with or without its bound (MIOpenDriver)" },
        { C::NumericalMismatch, 85, R"re(^\s*(Disposition|Verification|Correctness|Validation)\s*:\s*(Failed|FAIL(ED)?|Incorrect)\b)re", "a harness's verdict on its own check (CUTLASS examples and profiler: \"Disposition: Failed\")" },
        { C::NumericalMismatch, 90, R"re(\bJacobian mismatch for output\b|\bGradcheckError\b|\breturned nan values in its \d+\w* output\b)re", "torch.autograd.gradcheck, anomaly mode" },
        { C::NumericalMismatch, 90, R"re(\bThe difference between .{1,200} is -?[\d.e+-]+, which exceeds\b)re", "googletest EXPECT_NEAR" },
        // pytest's report of a failed comparison with pytest.approx: the value, then the expected one with its
        // tolerance ("assert 161.940... == 162.028 ± 0.0162028", "assert 0.31 == approx(0.3 ± 3.0e-07)").
        { C::NumericalMismatch, 85, R"re(\bassert -?\d[\d.]*(\.\.\.)?(e[-+]?\d+)? == (approx\()?-?\d[\d.]*(e[-+]?\d+)? ± )re", "pytest.approx: a number outside its tolerance" },
        { C::NumericalMismatch, 90, R"re(^#?\s*Out of bounds values\s*:\s*[1-9]\d*\s+FAILED)re", "nccl-tests, rccl-tests: wrong elements after a collective" },
        { C::NumericalMismatch, 80, R"re(\b(diff\w*|difference|error|err)\b.{0,30}\b(exceeds?|above|outside|greater than|larger than) (the )?(tolerance|tol|atol|rtol)\b)re", "harnesses comparing against a tolerance" },
        { C::NumericalMismatch, 70, R"re(\bFAILED:? \d+ (errors?|mismatch(es)?|wrong (elements|values|results))\b|\b(first|max(imum)?|largest) (error|mismatch|difference) at\b.{0,60}\bgot\b.{0,60}\bexpected\b)re", "HIP and CUDA samples counting wrong elements" },
        { C::NumericalMismatch, 40, R"re(Result\s*=\s*FAIL)re", "CUDA samples (also printed on setup failures)" },
        { C::NumericalMismatch, 80, R"re(\b(verify|check|compare|validate)\w*\(.{0,160}: Assertion `.{0,120}' failed|Index:\s+Device\s*\|\s*Reference)re", "C assert in a verification function, Tensile validation" },
        { C::NumericalMismatch, 80, R"re(\bmismatch(es)?\b.{0,40}\bat (index |position |element |row |col(umn)? )?\d+\b.{0,80}\b(vs\.?|got|expected|actual|ref\w*)\b)re", "harnesses printing each wrong element" },
        { C::NumericalMismatch, 90, R"re(Is close[?:]\s*False|Verification Failed|Difference found at index|Mismatch at (index )?\d+\b|Tensor must have same infinite elements)re", "NKI samples, CUDA samples, test harnesses" },
        // A harness printing its comparison with no verdict of its own: a worst difference named as such, a difference
        // printed as a figure ("dk@64 diff: 11.625 ratio: 0.538"), or one side of a comparison under the name of what
        // computed it ("GPU result: 26c8c71" beside "Host result: 369c71"); weak, deciding only where nothing else in
        // the log reports the failure.
        { C::NumericalMismatch, 50, R"re(^(?!.*\b(ok|passed|pass|within tol\w*)\b).*(\b(max(imum)?[ _]abs(olute)?[ _](diff|err|error|delta)\w*|wors[te][ _]case[ _]((abs|rel)\w*[ _])?(diff|err)\w*)\s*[:=]|\b(diff|difference)\s*[:=]\s*[-+]?\d))re", "harnesses printing their comparison" },
        { C::NumericalMismatch, 50, R"re(^\W{0,4}(GPU|device|CUDA|HIP|ROCm|kernel|TPU|CPU|host|reference|ref|expected|actual)( \w+)? (result|output|value)s?\s*[:=])re", "harnesses printing each side of a comparison" },
        { C::NumericalMismatch, 70, R"re(^\W{0,4}Exceeds? (the )?(tolerance|tol|atol|rtol)\b)re", "harnesses printing a comparison's verdict on a line of its own" },
        { C::NumericalMismatch, 80, R"re(\bValue of: \w*(Close|Near)\w*\()re", "googletest: a closeness predicate was false" },
        { C::NumericalMismatch, 20, R"re(\bAssertionError\b)re", "test frameworks" },
        { C::NumericalMismatch, 85, R"re(\b\d+ of \d+ (checked |compared )?(elements|values|outputs|entries)( \w+)? (differ|mismatch(ed)?|are wrong|do not match)\b)re", "harnesses counting the wrong elements" },
        { C::NumericalMismatch, 85, R"re(\bINFER_ERROR_SUBTYPE_NUMERICAL\b)re", "Neuron runtime: NaNs found in the results" },
        // ---- crash (signal) ----------------------------------------------------------------------------
        // How a process ended is the consequence of a cause: any cause or wrapper in the log outranks these
        // (rules.h). Only the OOM killer's report names a cause (host memory).
        { C::Crash, 60, R"re(Segmentation fault|\bSIGSEGV\b|Bus error|\bSIGBUS\b|Floating point exception|\bSIGFPE\b)re", "shell, Python faulthandler", RuleRole::Consequence },
        { C::Crash, 60, R"re(\bWindows fatal exception: (access violation|stack overflow|code 0x[0-9a-fA-F]+)|\bexited with code -1073741819\b|\b0xC0000005\b)re", "Python faulthandler and exit codes on Windows", RuleRole::Consequence },
        { C::Crash, 60, R"re(stack smashing detected|double free or corruption|free\(\): |malloc\(\): |corrupted size vs\. prev_size)re", "glibc", RuleRole::Consequence },
        { C::Crash, 50, R"re(core dumped|\bSIG(ABRT|ILL|KILL)\b|Illegal instruction(?! was encountered)|Fatal Python error|(killed|terminated|died|exited) (by|with|on) signal|received signal \d+)re", "shell, Python, launchers", RuleRole::Consequence },
        { C::Crash, 40, R"re(^\s*Aborted\b|\b\d+\s+Aborted\b|(?<!step):\s*Aborted\b|\bSubprocess aborted\b|terminate called after throwing|std::bad_alloc|(exit[ _]?(code|status)|return ?code|exited with( code)?)\s*[=:]?\s*(-(4|6|7|8|9|11)|13[2-9])\b)re", "C++ runtime, shells", RuleRole::Consequence },
        { C::Crash, 50, R"re(\bin (__GI_)?(abort|raise|__pthread_kill\w*) \(\))re", "gdb: a backtrace of a process that aborted", RuleRole::Consequence },
        { C::Crash, 40, R"re(^\(gdb\) (bt|backtrace|where|thread apply all (bt|backtrace))\b|^#\d+\s+0x0000[0-9a-f]{8,12} in \S)re", "gdb: a backtrace of where the process stopped (mostly on a signal)", RuleRole::Consequence },
        { C::Crash, 50, R"re(\bworker \(pids?\(?s?\)? [\d, ]+\) exited unexpectedly)re", "PyTorch DataLoader: a worker process died", RuleRole::Consequence },
        { C::Crash, 30, R"re(^\s*Killed\s*$)re", "shell: SIGKILL (often the out-of-memory killer)", RuleRole::Consequence },
        // Ray's memory monitor kills a worker when the host runs low on memory: host memory, as the OOM killer.
        { C::Crash, 85, R"re(\bkilled due to (the node running low on memory|memory pressure)\b)re", "Ray's memory monitor (host memory)" },
        { C::Crash, 85, R"re(invoked oom-killer|Out of memory: Kill(ed)? process|\bKilled process \d+|oom_reaper: reaped|\bOOMKilled\b)re", "Linux OOM killer (host memory)" },
        { C::Crash, 60, R"re(Caught signal \d+|Signal \(\d+\) received|killed by signal: (Bus error|Segmentation fault|Killed|Aborted)|unexpected bus error)re", "UCX, Triton server, PyTorch DataLoader", RuleRole::Consequence },
        // The kernel's own record of a process it stopped on a fault (dmesg): "traps: python[1082589] trap invalid opcode
        // … in librocblas.so", "llama-server[80906]: segfault at 204803fe0 ip … in libcuda.so".
        { C::Crash, 60, R"re(\btraps: \S+\[\d+\] (trap (invalid opcode|divide error|stack segment|int3)|general protection)|\S\[\d+\]: segfault at [0-9a-f]+ ip )re", "Linux kernel log: a process stopped on a fault", RuleRole::Consequence },
        { C::Crash, 30, R"re(^\s*(\*\*)?(Killed|已杀死)(\*\*)?\s*$)re", "shell: SIGKILL (also localised)", RuleRole::Consequence },
    };
    // clang-format on
    return rules;
}

const QList<DiagnosisRule>& informativeLineRules()
{
    using C = FailureClass;
    // clang-format off
    static const QList<DiagnosisRule> rules {
        { C::Unknown, 3, R"re(^\s*([\w.]+\.)?\w*(Error|Exception)\b\s*(:|$))re", "Python and C++ exception lines" },
        { C::Unknown, 2, R"re(\b(fatal|error|errors|failed|failure|abort|aborted|panic|exception)\b)re", "lines that report an error" },
        { C::Unknown, 1, R"re(^\s*Traceback \(most recent call last\))re", "start of a Python traceback" },
        // Not a failure report: a printed result (a tensor, an array). A log that prints results and reports no
        // failure at all is a run whose results were in question (Ballot::finish).
        { C::NumericalMismatch, 1, R"re((?:tensor|array)\(\s*(?:[-\[\d]|nan\b|inf\b))re", "printed tensors and arrays (PyTorch, NumPy, JAX, CuPy)" },
    };
    // clang-format on
    return rules;
}

#undef KWB_CUDA_STATUS

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/layers.h"

namespace kwb::detail {

const QList<LayerRule>& layerRules()
{
    // Tool names, module paths, logger tags and exception namespaces, not messages: what identifies the
    // layer is who is speaking. Outside-the-stack layers come first, so a download that times out inside a
    // compile step is still a download.
    // clang-format off
    static const QList<LayerRule> rules {
        { Layer::Network, R"re(HTTPS?ConnectionPool|\burllib3?\b|\brequests\.exceptions|\bhttp\.client\b|\bRead ?Timeout|\bConnect ?Timeout|Max retries exceeded|NewConnectionError|Name or service not known|urlopen error|\bHTTP ?Error\b|\bSSL ?Error\b|SSLCertVerificationError|CERTIFICATE_VERIFY_FAILED|\bhuggingface\.co\b|\bhf\.co\b|hf_hub_download|Network error \(|\bsocket\.(?:timeout|gaierror|herror)\b|\bFailed to connect to \S+ port \d+|\bunable to access 'https?://|\bssh: connect to host \S+ port \d+|\bCould not resolve host\b|\bTemporary failure in name resolution\b)re" },
        { Layer::Tracker, R"re(\bwandb\b)re" },
        // Before the compilers: "catastrophic error: error while writing generated C++ file: No space left on device"
        // is nvcc reporting the disk, not the code.
        { Layer::HostStorageFull, R"re(\bNo space left on device\b|\[Errno (?:28|122)\]|\bDisk quota exceeded\b|\bStorageFull\b|\bENOSPC\b)re" },
        { Layer::Storage, R"re(\bbotocore\b|\bboto3\b|\bs3fs\b|\bgcsfs\b|google[/.]cloud[/.]storage|\bazure[/.]storage|\bpandas[/.](?:io|_libs[/.]parsers|errors)\b|\bParserError\b|\byaml[/.](?:scanner|parser|constructor|reader)\b|\bJSONDecodeError\b|\bjson[/.]decoder\b|\bNoCredentialsError\b)re" },
        { Layer::Images, R"re(\btoomanyrequests\b|\bpull rate limit\b|\bpull access denied\b|\bmanifest (for \S+ )?unknown\b|\bService '[\w.-]+' failed to build\b|\bErrImagePull\b|\bImagePullBackOff\b)re" },
        { Layer::HostPackages, R"re(\bCould NOT find (?!CUDA|HIP\b|ROCm|NCCL|RCCL|CUDNN|Torch|TensorRT|OpenCL|Vulkan|NVHPC|MIOpen|rocblas|hipblas)\w+ \(missing:|\bCMake Error at \S*FindPackageHandleStandardArgs\.cmake:\d+ \(message\):\s*$)re" },
        { Layer::Installer, R"re(^\s*(?:ERROR|WARNING): (?:Could not find a version that satisfies the requirement|No matching distribution found for|Could not install packages|Failed building wheel for|Failed to build|pip's dependency resolver)|^\s*(?:Collecting|Downloading|Installing collected packages|Looking in indexes:|Requirement already satisfied:) )re" },
        { Layer::Loader, R"re(\b(?:ImportError|ModuleNotFoundError)\b|undefined symbol:|cannot open shared object file|error while loading shared libraries|incompatible function arguments)re" },
        { Layer::NeuronCompiler, R"re(neuronx?-cc\b|neuronxcc[/.]|NEURON_CC_WRAPPER|WalrusDriver|walrus_driver|starfish[/.]penguin|\btensorizer\b|birverifier|\bbir::|\[(?:TEN|GCA|NLA|XCG|F)\d{3}\]|\bNCC_\w+)re" },
        { Layer::NeuronRuntime, R"re(\bNRT[:_]|\bnrtd?\b|\bTDRV:|\bNMGR:|\bNEFF:|\blibnrt\b|neuron_runtime|NeuronDevice::|\bnrt_\w+)re" },
        // XLA's runtime — its collectives, executables, stream executor, PJRT — runs what the compiler made: not a compile.
        { Layer::GpuRuntime, R"re(\bxla/(?:service/gpu/(?:nccl\w*|runtime\w*|gpu_executable\w*)|stream_executor|pjrt)/?)re" },
        // A glog line's component is its source file: one named after an HLO pass ("while_loop_simplifier.cc") is the
        // compiler's (matched on the prefix's tag alone, never inside a line).
        { Layer::XlaCompiler, R"re(^\w*(?:_simplifier|_pass|_pipeline|_fusion|fusion_\w+|layout_assignment|_rewriter|_expander|_folding|_canonicalizer|ir_emitter\w*|_partitioner|hlo_\w+|sharding_propagation)\.cc$|\bxla/(?:service|hlo|backends|codegen)/|\bxla::(?:gpu::|cpu::|spmd|Hlo|ShapeUtil)|HloEvaluator|ir_emitter|gpu_compiler|RET_CHECK failure|jax/_src/compiler\.py|\bbackend_compile\b|\bMosaic\b|\bmosaic[/.]|\btpu\.\w+"?\(|\binfer-vector-layout\b)re" },
        { Layer::TritonJit, R"re(\btriton[/.](?:compiler|backends|_C|language)\b|\bmlir::|\bMLIRError\b|\bmlir\._mlir_libs\b|\bllvm::|\bMLIR pass pipeline|\bPassManager\b|TritonGPU|\bttg?ir\b|Convert\w*ToLLVM|\btriton(?:-shared)?-opt\b|'tt\.\w+' op)re" },
        { Layer::Inductor, R"re(torch[/.]_inductor|torch[/.]_dynamo|BackendCompilerFailed|InductorError)re" },
        { Layer::DeviceCompiler, R"re(\b(?:nvcc|ptxas|nvrtc|hipcc|nvlink|cicc|ocloc|libocloc|libigc)\b|\b(?:clang|gcc|g\+\+|c\+\+)(?:-\d+)?: |\bl?ld: |\.cuh?\(\d+\): |\.(?:cuh?|cpp|cc|hpp|h):\d+:\d+: |pycuda[/.]compiler|cupy[/.]cuda[/.]compiler|detected in the compilation of)re" },
        { Layer::GpuRuntime, R"re(\bCUDA error\b|\bcudaError\w+|\bCUDA_ERROR_\w+|cuda runtime error|\bTHCudaCheck|\bCUBLAS_\w+|\bCUDNN_\w+|\bCUSOLVER_\w+|\bNCCL\b|\bHIP error\b|\bhipError\w+|\bHSA_STATUS_\w+)re" },
        { Layer::Harness, R"re(\bpytest\b|\bunittest\b|torch\.testing|numpy\.testing|assert_close|assert_allclose|\bgtest\b|_test\.py|\btest_\w+\.py)re" },
    };
    // clang-format on
    return rules;
}

QString layerName(Layer layer)
{
    switch (layer) {
    case Layer::None:
        return {};
    case Layer::Network:
        return QStringLiteral("network (HTTP)");
    case Layer::Tracker:
        return QStringLiteral("experiment tracker");
    case Layer::Storage:
        return QStringLiteral("storage and data files");
    case Layer::HostStorageFull:
        return QStringLiteral("host storage (disk full)");
    case Layer::Images:
        return QStringLiteral("container images");
    case Layer::HostPackages:
        return QStringLiteral("host packages of a build");
    case Layer::Installer:
        return QStringLiteral("package installer (pip)");
    case Layer::Loader:
        return QStringLiteral("imports and shared libraries");
    case Layer::NeuronCompiler:
        return QStringLiteral("Neuron compiler");
    case Layer::NeuronRuntime:
        return QStringLiteral("Neuron runtime");
    case Layer::XlaCompiler:
        return QStringLiteral("XLA/Mosaic compiler");
    case Layer::TritonJit:
        return QStringLiteral("Triton/MLIR compiler");
    case Layer::Inductor:
        return QStringLiteral("TorchInductor");
    case Layer::DeviceCompiler:
        return QStringLiteral("device compiler");
    case Layer::GpuRuntime:
        return QStringLiteral("GPU runtime");
    case Layer::Harness:
        return QStringLiteral("test harness");
    }
    return {};
}

bool isOutsideStack(Layer layer)
{
    return layer == Layer::Network || layer == Layer::Tracker || layer == Layer::Storage
        || layer == Layer::HostStorageFull || layer == Layer::Images || layer == Layer::HostPackages;
}

std::optional<FailureClass> layerFailureClass(Layer layer)
{
    switch (layer) {
    case Layer::NeuronCompiler:
    case Layer::XlaCompiler:
    case Layer::TritonJit:
    case Layer::DeviceCompiler:
        return FailureClass::CompileError;
    default:
        return std::nullopt;
    }
}

} // namespace kwb::detail

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The hardware table: public vendor figures only. "Dense" = without structured sparsity; where a
// datasheet quotes only the sparse figure, the dense one is half of it (NVIDIA's own convention).
// GB/TB are decimal as the vendors print them. A figure that no vendor document states is 0.
#include "core/hardware/hardware.h"

namespace kwb {
namespace {
constexpr double T = 1e12;
constexpr double G = 1e9;
constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;
constexpr qint64 GiB = 1024 * MiB;

QStringList s(std::initializer_list<const char*> list)
{
    QStringList out;
    for (const char* a : list)
        out << QString::fromLatin1(a);
    return out;
}

// NVIDIA per-SM limits for compute capabilities 8.0, 8.9, 9.0 and 10.0: CUDA C++ Programming Guide,
// "Features and Technical Specifications", table "Technical Specifications per Compute Capability".
void nvidiaLimits(HardwareSpec& h, qint64 smemPerSmKiB, int threadsPerSm, int blocksPerSm)
{
    h.warpSize = 32;
    h.maxThreadsPerBlock = 1024;
    h.maxThreadsPerSm = threadsPerSm;
    h.maxBlocksPerSm = blocksPerSm;
    h.smemPerBlockDefault = 48 * KiB;
    h.smemPerSm = smemPerSmKiB * KiB;
    h.smemPerBlockMax = (smemPerSmKiB - 1) * KiB; // 1 KB per block is reserved by the system
    h.registersPerSm = 65536;
    h.maxRegistersPerThread = 255;
    h.computeUnitName = QStringLiteral("SM");
    h.vendor = QStringLiteral("NVIDIA");
    h.kind = QStringLiteral("gpu");
}

HardwareSpec h100()
{
    HardwareSpec h;
    h.name = QStringLiteral("H100 SXM");
    h.aliases = s({ "H100", "H100 SXM5", "H100 SXM5 80GB", "H100 80GB" });
    nvidiaLimits(h, 228, 2048, 32);
    h.memoryBytes = qint64(80 * G);
    h.memoryBandwidth = 3.35 * T;
    h.peak = { 34 * T, 67 * T, 67 * T, 494.7 * T, 989.4 * T, 989.4 * T, 1978.9 * T, 1978.9 * T };
    h.computeUnits = 132;
    h.computeCapability = QStringLiteral("9.0");
    h.arch = QStringLiteral("sm_90");
    h.l2Bytes = 50 * MiB;
    h.sources = QStringLiteral("NVIDIA H100 Tensor Core GPU datasheet (SXM column; dense = half of the sparse "
                               "figures); NVIDIA H100 Tensor Core GPU Architecture whitepaper (132 SMs, 50 MB L2); "
                               "CUDA C++ Programming Guide, compute capability 9.0 limits");
    return h;
}

HardwareSpec h200()
{
    HardwareSpec h = h100();
    h.name = QStringLiteral("H200");
    h.aliases = s({ "H200 SXM", "H200 141GB" });
    h.memoryBytes = qint64(141 * G);
    h.memoryBandwidth = 4.8 * T;
    h.peak = { 34 * T, 67 * T, 67 * T, 494.7 * T, 989.4 * T, 989.4 * T, 1978.9 * T, 1978.9 * T };
    h.sources = QStringLiteral("NVIDIA H200 Tensor Core GPU datasheet (SXM column: 141 GB HBM3e, 4.8 TB/s, compute "
                               "as H100 SXM; dense = half of the sparse figures); GH100 die as in the H100 "
                               "architecture whitepaper (132 SMs, 50 MB L2); CUDA C++ Programming Guide, CC 9.0");
    return h;
}

HardwareSpec a100()
{
    HardwareSpec h;
    h.name = QStringLiteral("A100 80GB");
    h.aliases = s({ "A100", "A100 SXM", "A100 SXM4 80GB", "A100-80G" });
    nvidiaLimits(h, 164, 2048, 32);
    h.memoryBytes = qint64(80 * G);
    h.memoryBandwidth = 2039 * G;
    h.peak = { 9.7 * T, 19.5 * T, 19.5 * T, 156 * T, 312 * T, 312 * T, 0, 624 * T };
    h.computeUnits = 108;
    h.computeCapability = QStringLiteral("8.0");
    h.arch = QStringLiteral("sm_80");
    h.l2Bytes = 40 * MiB;
    h.sources = QStringLiteral("NVIDIA A100 Tensor Core GPU datasheet (80GB SXM column: 2,039 GB/s; dense figures); "
                               "NVIDIA A100 Tensor Core GPU Architecture whitepaper (108 SMs, 40 MB L2, 164 KB "
                               "shared memory per SM); CUDA C++ Programming Guide, CC 8.0");
    return h;
}

HardwareSpec l4()
{
    HardwareSpec h;
    h.name = QStringLiteral("L4");
    h.aliases = s({ "L4 24GB", "Tesla L4" });
    nvidiaLimits(h, 100, 1536, 24);
    h.memoryBytes = qint64(24 * G);
    h.memoryBandwidth = 300 * G;
    h.peak = { 30.3 * T / 64, 0, 30.3 * T, 60 * T, 121 * T, 121 * T, 242.5 * T, 242.5 * T };
    h.computeUnits = 58;
    h.computeCapability = QStringLiteral("8.9");
    h.arch = QStringLiteral("sm_89");
    h.l2Bytes = 48 * MiB;
    h.sources = QStringLiteral("NVIDIA L4 Tensor Core GPU datasheet (24 GB GDDR6, 300 GB/s, FP32 30.3 TFLOPS; tensor "
                               "figures there are sparse, dense = half); NVIDIA Ada GPU Architecture whitepaper "
                               "(AD104: 58 SMs, 48 MB L2; FP64 at 1/64 of FP32); CUDA C++ Programming Guide, CC 8.9");
    return h;
}

HardwareSpec rtx4090()
{
    HardwareSpec h;
    h.name = QStringLiteral("RTX 4090");
    h.aliases = s({ "GeForce RTX 4090", "4090" });
    nvidiaLimits(h, 100, 1536, 24);
    h.memoryBytes = qint64(24 * G);
    h.memoryBandwidth = 1008 * G;
    h.peak = { 1.29 * T, 0, 82.6 * T, 82.6 * T, 165.2 * T, 165.2 * T, 330.3 * T, 660.6 * T };
    h.computeUnits = 128;
    h.computeCapability = QStringLiteral("8.9");
    h.arch = QStringLiteral("sm_89");
    h.l2Bytes = 72 * MiB;
    h.sources = QStringLiteral("NVIDIA Ada GPU Architecture whitepaper, Appendix A (RTX 4090: 128 SMs, 72 MB L2, "
                               "1008 GB/s, FP32 82.6 TFLOPS; FP16/BF16 and FP8 tensor rates with FP32 accumulate, "
                               "dense; INT8 660.6 TOPS dense; FP64 1.29 TFLOPS); CUDA C++ Programming Guide, CC 8.9");
    return h;
}

HardwareSpec b200()
{
    HardwareSpec h;
    h.name = QStringLiteral("B200");
    h.aliases = s({ "B200 SXM", "HGX B200", "DGX B200" });
    nvidiaLimits(h, 228, 2048, 32);
    h.memoryBytes = qint64(180 * G);
    h.memoryBandwidth = 8 * T;
    h.peak = { 40 * T, 40 * T, 80 * T, 1100 * T, 2250 * T, 2250 * T, 4500 * T, 4500 * T };
    h.computeUnits = 148;
    h.computeCapability = QStringLiteral("10.0");
    h.arch = QStringLiteral("sm_100");
    h.l2Bytes = 0; // not stated in NVIDIA's B200 datasheets
    h.sources = QStringLiteral(
        "NVIDIA HGX B200 / DGX B200 datasheet, per GPU (180 GB HBM3e, 8 TB/s; FP64 40, TF32 "
        "2.2 PF, FP16/BF16 4.5 PF, FP8 9 PF, INT8 9 POPS with sparsity, dense = half; FP32 80 "
        "TFLOPS); SM count: not in the datasheet, 148 is the figure device queries report (third-party spec "
        "listings); CUDA C++ "
        "Programming Guide, CC 10.0 limits. L2 size: no NVIDIA figure, left 0");
    return h;
}

HardwareSpec mi300x()
{
    HardwareSpec h;
    h.name = QStringLiteral("MI300X");
    h.vendor = QStringLiteral("AMD");
    h.kind = QStringLiteral("gpu");
    h.aliases = s({ "Instinct MI300X", "MI300" });
    h.memoryBytes = qint64(192 * G);
    h.memoryBandwidth = 5.3 * T;
    h.peak = { 81.7 * T, 163.4 * T, 163.4 * T, 653.7 * T, 1307.4 * T, 1307.4 * T, 2614.9 * T, 2614.9 * T };
    h.computeUnits = 304;
    h.computeUnitName = QStringLiteral("CU");
    h.computeCapability = QStringLiteral("gfx942");
    h.arch = QStringLiteral("gfx942");
    h.l2Bytes = 32 * MiB; // 4 MB per XCD × 8; the 256 MB Infinity Cache sits behind it
    h.warpSize = 64;
    h.maxThreadsPerBlock = 1024;
    h.maxThreadsPerSm = 2048;
    h.maxBlocksPerSm = 32;
    h.smemPerBlockDefault = 64 * KiB;
    h.smemPerBlockMax = 64 * KiB;
    h.smemPerSm = 64 * KiB;
    h.registersPerSm = 131072; // 512 KB VGPR file per CU
    h.maxRegistersPerThread = 512;
    h.sources = QStringLiteral("AMD Instinct MI300X accelerator data sheet (192 GB HBM3, 5.3 TB/s, 304 CUs; dense "
                               "vector/matrix peaks); AMD CDNA 3 Instruction Set Architecture guide and CDNA 3 "
                               "white paper (64 KB LDS per CU, 512 KB VGPRs per CU, 4 MB L2 per XCD, wave64)");
    return h;
}

HardwareSpec tpuV5e()
{
    HardwareSpec h;
    h.name = QStringLiteral("TPU v5e");
    h.vendor = QStringLiteral("Google");
    h.kind = QStringLiteral("tpu");
    h.aliases = s({ "v5e", "TPU v5 lite", "v5litepod" });
    h.memoryBytes = qint64(16 * G);
    h.memoryBandwidth = 819 * G;
    h.peak.bf16 = 197 * T;
    h.peak.int8 = 394 * T;
    h.computeUnits = 1; // one TensorCore with four MXUs per chip
    h.computeUnitName = QStringLiteral("TensorCore");
    h.computeCapability = QStringLiteral("TPU v5e");
    h.sources = QStringLiteral("Google Cloud TPU documentation, 'TPU v5e' system architecture (per chip: one "
                               "TensorCore, 197 TFLOPS bf16, 394 TOPS int8, 16 GB HBM2 at 819 GB/s)");
    return h;
}

HardwareSpec trainium2()
{
    HardwareSpec h;
    h.name = QStringLiteral("Trainium2");
    h.vendor = QStringLiteral("AWS");
    h.kind = QStringLiteral("neuron");
    h.aliases = s({ "Trn2", "AWS Trainium2", "trn2" });
    h.memoryBytes = 96 * GiB;
    h.memoryBandwidth = 2.9 * T;
    h.peak.fp32 = 181 * T;
    h.peak.tf32 = 667 * T;
    h.peak.fp16 = 667 * T;
    h.peak.bf16 = 667 * T;
    h.peak.fp8 = 1299 * T;
    h.computeUnits = 8;
    h.computeUnitName = QStringLiteral("NeuronCore");
    h.computeCapability = QStringLiteral("NeuronCore-v3");
    h.sources = QStringLiteral("AWS Neuron documentation, 'Trainium2 Architecture' (8 NeuronCore-v3; 1,299 FP8, "
                               "667 BF16/FP16/TF32, 181 FP32 dense TFLOPS; 96 GiB device memory at 2.9 TB/s)");
    return h;
}
} // namespace

const QList<HardwareSpec>& hardwareTable()
{
    static const QList<HardwareSpec> table { h100(), h200(), a100(), l4(), rtx4090(), b200(), mi300x(), tpuV5e(),
        trainium2() };
    return table;
}

} // namespace kwb

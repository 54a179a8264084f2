// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/dtype.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// Peak dense throughput of a device in operations per second (FLOP/s; OP/s for int8). Tensor-core /
/// matrix-unit rates where the device has them; 0 where the device lacks the type or no figure is published.
struct PeakRates {
    double fp64 = 0; ///< vector FP64
    double fp64Matrix = 0; ///< FP64 on tensor cores / matrix cores
    double fp32 = 0; ///< FP32 without TF32 (CUDA cores, vector units)
    double tf32 = 0; ///< TF32 tensor cores (FP32 inputs at reduced mantissa)
    double fp16 = 0;
    double bf16 = 0;
    double fp8 = 0;
    double int8 = 0;
};

/// One accelerator of the hardware table (see hardware.cpp for the public source of every figure).
/// Sizes are bytes, bandwidths bytes/s; integer fields are 0 where they do not apply (e.g. threads on a TPU).
struct HardwareSpec {
    QString name; ///< canonical name, e.g. `H100 SXM`
    QString vendor; ///< NVIDIA, AMD, Google, AWS
    QString kind; ///< `gpu`, `tpu` or `neuron`
    QStringList aliases; ///< other spellings findHardware() accepts
    qint64 memoryBytes = 0; ///< device memory as the vendor states it (decimal GB unless noted)
    double memoryBandwidth = 0; ///< peak device-memory bandwidth, bytes/s
    PeakRates peak;
    int computeUnits = 0; ///< SMs (NVIDIA), CUs (AMD), TensorCores (TPU), NeuronCores (Trainium)
    QString computeUnitName; ///< `SM`, `CU`, `TensorCore`, `NeuronCore`
    QString computeCapability; ///< `9.0` (NVIDIA), `gfx942` (AMD), the generation elsewhere
    QString arch; ///< compiler target: `sm_90`, `gfx942`, …; empty where there is none
    qint64 l2Bytes = 0; ///< last-level on-chip cache shared by all compute units (0: not published)
    int warpSize = 0; ///< warp (NVIDIA) / wavefront (AMD) width
    int maxThreadsPerBlock = 0;
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    qint64 smemPerBlockDefault = 0; ///< shared memory per block without opt-in (48 KB on NVIDIA)
    qint64 smemPerBlockMax = 0; ///< shared memory per block with opt-in (LDS per workgroup on AMD)
    qint64 smemPerSm = 0; ///< shared memory per SM (LDS per CU)
    int registersPerSm = 0; ///< 32-bit registers per SM (VGPRs per CU on AMD)
    int maxRegistersPerThread = 0;
    QString sources; ///< where the figures come from

    /// The dense peak for work in `t` on this device: tensor-core rates for 16/8-bit floats and int8,
    /// the FP32 (non-TF32) rate for float32, the matrix FP64 rate for float64; 0 when unknown.
    double peakFlops(DType t) const;
};

/// Every device the workbench knows, in a fixed order.
const QList<HardwareSpec>& hardwareTable();

/// The device named `name` or one of its aliases, ignoring case, spaces, `-` and `_` and a leading vendor
/// name ("H100", "h100-sxm", "NVIDIA H100 SXM5" all find H100 SXM); nullptr when none matches.
const HardwareSpec* findHardware(QStringView name);

/// The table's entry for a device as a runtime names it ("NVIDIA H100 80GB HBM3 (sm_90)", "NVIDIA A100-SXM4-80GB"):
/// an exact name or alias, else the entry whose name or alias is the longest prefix of it; nullptr when none fits.
const HardwareSpec* findHardwareForDevice(QStringView deviceName);

} // namespace kwb

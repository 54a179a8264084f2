// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/task/task.h"

namespace kwb {

/// Where an implementation's code can run — the one answer to "does this run on a GPU?".
enum class Placement {
    Host, ///< the host CPU only: C++, numpy
    Gpu, ///< an NVIDIA GPU, and nothing else: CUDA C++
    GpuOrHost, ///< an accelerator when the machine has one, else the host or an interpreter: torch, triton, jax
    Neuron, ///< an AWS Neuron device, else its simulator on the host: NKI
};

Placement placementOf(const Implementation& impl);

/// True when the implementation's arithmetic may run on an accelerator (anything but Host): its roofline is the
/// target hardware's.
bool mayUseAccelerator(const Implementation& impl);

/// True when it may run on an NVIDIA GPU (Gpu, GpuOrHost): what the GPU profilers and sanitizers can look at.
bool mayUseGpu(const Implementation& impl);

/// How an implementation runs on a given machine.
enum class RunsAs {
    HostCode, ///< compiled or python code on the host CPU
    Device, ///< on the machine's accelerator (a CUDA implementation on a machine without one cannot run)
    Interpreted, ///< in an interpreter or simulator on the host: Triton's interpreter, Pallas interpret mode, NKI
};

/// How `impl` runs on a machine that has an accelerator (`device`) or not; `tritonInterpret` asks Triton for its
/// interpreter even on a device.
RunsAs runsAs(const Implementation& impl, bool device, bool tritonInterpret = false);

} // namespace kwb

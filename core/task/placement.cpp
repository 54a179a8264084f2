// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/placement.h"

namespace kwb {

Placement placementOf(const Implementation& impl)
{
    if (impl.backend == u"cuda")
        return Placement::Gpu;
    if (impl.backend != u"python" || impl.framework == u"numpy")
        return Placement::Host;
    if (impl.framework == u"nki")
        return Placement::Neuron;
    return Placement::GpuOrHost;
}

bool mayUseAccelerator(const Implementation& impl)
{
    return placementOf(impl) != Placement::Host;
}

bool mayUseGpu(const Implementation& impl)
{
    const Placement p = placementOf(impl);
    return p == Placement::Gpu || p == Placement::GpuOrHost;
}

RunsAs runsAs(const Implementation& impl, bool device, bool tritonInterpret)
{
    switch (placementOf(impl)) {
    case Placement::Host:
        return RunsAs::HostCode;
    case Placement::Gpu:
        return RunsAs::Device;
    case Placement::Neuron:
        return RunsAs::Interpreted; // the workbench runs NKI in its simulator
    case Placement::GpuOrHost:
        break;
    }
    if (impl.framework == u"triton")
        return tritonInterpret || !device ? RunsAs::Interpreted : RunsAs::Device;
    if (impl.framework == u"jax")
        return device ? RunsAs::Device : RunsAs::Interpreted; // Pallas kernels in interpret mode
    return device ? RunsAs::Device : RunsAs::HostCode;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVersionNumber>

#include <functional>
#include <optional>

namespace kwb {

/// One external tool as found on this machine (tools are runtime dependencies, found on PATH
/// and kept as absolute paths).
struct ToolInfo {
    QString name; ///< what the user knows it as: `g++`, `nvcc`, `bubblewrap`, `python3`, `numpy` …
    QString path; ///< absolute path, empty when not found
    QString version; ///< first meaningful version line, empty when not found
    QString purpose; ///< what the workbench uses it for
    bool required = false; ///< the workbench cannot run anything here without it
    bool found = false;
    QString note; ///< why it is missing or what is odd about it

    QJsonObject toJson() const;
};

/// The Python interpreter that runs `python` implementations: $KWB_PYTHON when set; else the workbench's
/// virtual environment ($KWB_VENV, default ~/.local/share/kernel-workbench/venv, made by
/// packaging/install-python-deps.sh on top of Debian's python with jax[cpu]); else Debian's /usr/bin/python3
/// (numpy from python3-numpy); else the first python3 on PATH.
/// Returned as an absolute path; empty when none exists.
QString runnerPython();

/// True when the runner python can import `module` (probed once per module and process).
bool runnerPythonHas(const QString& module);

/// True when this machine exposes an accelerator to processes: an NVIDIA GPU (/dev/nvidiactl, /dev/nvidia0),
/// an AMD GPU (/dev/kfd), a TPU (/dev/accel0, /dev/vfio/0) or a Neuron device (/dev/neuron0).
bool acceleratorPresent();

/// The highest CUDA version the installed NVIDIA driver supports, from `nvidia-smi`'s banner ("CUDA Version: 12.2");
/// null when the text has none.
QVersionNumber driverCudaVersion(const QString& nvidiaSmiOutput);
/// The CUDA toolkit's release from `nvcc --version` ("release 12.4, V12.4.131"); null when the text has none.
QVersionNumber nvccRelease(const QString& nvccVersionOutput);
/// True when this machine's own tools say the CUDA toolkit on PATH is newer than its driver supports (both asked
/// once per process): the machine's witness that a CUDA build's "driver version is insufficient" is the machine's.
bool cudaToolkitNewerThanDriverHere();

/// The real architectures an `nvcc --list-gpu-arch` output names (`compute_75` → `sm_75`), in its order; empty when
/// it names none (an nvcc before CUDA 11 has no such option).
QStringList nvccGpuArchs(const QString& listGpuArchOutput);
/// The real architectures the nvcc at `nvcc` on machine `where` builds for, by its own `--list-gpu-arch` as `list`
/// runs it there — asked once per machine, nvcc and process (`std::nullopt`, no answer because the machine could not
/// be reached, is asked again next time); empty when it cannot say.
QStringList nvccKnownArchs(
    const QString& where, const QString& nvcc, const std::function<std::optional<QString>()>& list);
/// The same for the nvcc at `nvcc` on this machine; empty when there is none.
QStringList nvccKnownArchs(const QString& nvcc);
/// A CUDA build's target archs split by what its nvcc knows: the one rule of `kwb run`, `kwb bench`, `kwb profile`
/// and `kwb compile`, here and on an SSH host.
struct CudaTargetArchs {
    QStringList build; ///< what the compiler is asked for
    QStringList notBuilt; ///< what the nvcc does not name: left out (empty build too: nothing can be built)
    QString why; ///< the toolkit's own word on `notBuilt`, for the `env.toolkit-arch` finding; empty when none
};
/// Splits `archs` (`sm_70`, `sm_90a`) by `known` (nvccKnownArchs here, a host's own list there) for the nvcc at `nvcc`
/// on `where` ("this machine", "host gpu1"): the machine's witness that its toolkit, not the code, stops a build for
/// the task's target. An arch-specific or family target (`sm_90a`, `sm_100f`) counts as its base arch; what is not an
/// `sm_` arch is left to the compiler; an nvcc that cannot say (`known` empty) is no witness — everything is built.
CudaTargetArchs cudaTargetArchs(
    const QStringList& archs, const QStringList& known, const QString& where, const QString& nvcc);

/// Every tool `kwb doctor` reports, probed now (takes a second or two: it starts each tool once).
QList<ToolInfo> probeTools();

} // namespace kwb

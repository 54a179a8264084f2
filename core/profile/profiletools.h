// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kwb {

/// Absolute path of an NVIDIA tool (`ncu`, `compute-sanitizer`): $KWB_NCU / $KWB_COMPUTE_SANITIZER, else PATH,
/// else $CUDA_HOME/bin, /usr/local/cuda/bin and /opt/nvidia/nsight-compute/*; empty when none exists.
QString findNvidiaTool(const QString& name);

/// True when this machine exposes an NVIDIA GPU to processes (/dev/nvidiactl and a /dev/nvidiaN node).
bool nvidiaGpuPresent();

/// The tool's command line for profiling `runner` (the runner command with the plan file appended).
/// ncu: `--csv --page raw --print-units base --clock-control none --metrics … --log-file ncu.csv`.
/// compute-sanitizer: `--tool TOOL --log-file sanitizer-TOOL.log --print-limit 100`.
/// perf: `stat -x, -o perf.txt -e …`.
QStringList ncuArguments();
QStringList sanitizerArguments(const QString& tool);
QStringList perfArguments();

/// The four compute-sanitizer tools the Profile stage runs, in order.
QStringList sanitizerTools();

} // namespace kwb

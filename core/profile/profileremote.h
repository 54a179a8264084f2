// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile/profilerun.h"

namespace kwb::detail {

/// The profilers of an SSH host (`ssh:HOST`), as found there by one probe over the connection.
struct RemoteProfilers {
    QString host;
    QString ncu, sanitizer, perf; ///< absolute paths on the host; empty when missing there
    QString ncuVersion, sanitizerVersion, perfVersion; ///< last line of `TOOL --version` there
    QString perfHardware; ///< why hardware counters are unavailable there (empty: they work)
    bool gpu = false; ///< /dev/nvidiactl and /dev/nvidiaN exist on the host
    QJsonObject machine; ///< host, os, kernel as the host reports them
};

/// Looks for perf, ncu and compute-sanitizer on the host of `executor` (its runner PATH, the folder of its nvcc,
/// /usr/local/cuda/bin, /opt/nvidia/nsight-compute/*) and tries `perf stat -e instructions true` there.
/// An Error (ErrorKind::Environment) is a host that cannot be reached.
Result<RemoteProfilers> probeRemoteProfilers(const ExecutorSpec& executor);

/// runWrapped() on the host of `request.executor`: the plan is written to `workDir`, the runner is built on the
/// host (cached by content hash) and run as `toolPath toolArgs RUNNER plan.txt` under the host's isolation; the
/// folder's files (perf.txt, ncu.csv, sanitizer logs) come back into `workDir`.
WrappedRun runWrappedOverSsh(const Task& task, const Implementation& impl, const TrialInputs& trial,
    const QString& tool, const QString& toolPath, const QStringList& toolArgs, const ProfileRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel);

} // namespace kwb::detail

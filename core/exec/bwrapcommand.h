// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "processspec.h"

#include <QStringList>

namespace kwb {

/// The command line that runs a ProcessSpec under bubblewrap:
/// - namespaces: all of them (`--unshare-all`: user, mount, PID, network, IPC, UTS, cgroup), so the
///   network is an empty namespace (loopback only, nothing listening) unless `spec.network`;
/// - privileges: `--cap-drop ALL` and `--disable-userns` (the process keeps no capability inside its user
///   namespace, so it can neither remount the read-only binds nor nest a namespace that could);
/// - file system: /usr, /etc, /opt read-only, the /bin, /lib… links or binds as on the host, a new /proc,
///   a minimal read-only /dev, a private /tmp and /dev/shm (size-capped tmpfs), the read-only paths, the work folder
///   writable, and the root remounted read-only; the host's $HOME appears as an empty read-only folder; nothing else of
///   the host;
/// - GPU: device nodes bound (with /sys read-only) when `spec.bindGpu` and they exist;
/// - process: `--new-session`, `--die-with-parent`, `--clearenv` + the spec's environment, cwd = work folder;
/// - limits: applied inside the user namespace by prlimit, so RLIMIT_NPROC counts only the sandbox's
///   processes (outside it counts every process of the user).
/// `programPath` and the paths in `spec` must be absolute (ProcessSpec::validate()).
QStringList bwrapArguments(const ProcessSpec& spec, const QString& programPath, const QString& prlimitPath,
    const QMap<QString, QString>& environment);

/// prlimit options for `limits` (`--core=0 --as=… --cpu=… --nproc=… --fsize=…`). With GPU device nodes the
/// memory limit is RLIMIT_DATA: the CUDA driver reserves far more address space than it uses.
QStringList prlimitOptions(const RunLimits& limits, bool gpuBound);

/// The GPU device nodes of this machine: /dev/nvidia*, /dev/nvidia-caps, /dev/dri, /dev/kfd (those that exist).
QStringList gpuDeviceNodes();

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace kwb {

/// Resource limits of one run. 0 means "no limit" for every field.
/// The defaults suit a kernel runner on a workstation; `kwb run --timeout S --memory MiB` override the first two.
struct RunLimits {
    int timeoutMs = 120'000; ///< wall-clock limit; the whole process tree is killed when it passes
    int memoryMiB = 8192; ///< address space (RLIMIT_AS), or data segment (RLIMIT_DATA) when GPU nodes are bound
    int cpuSeconds = 600; ///< CPU time (RLIMIT_CPU): SIGXCPU at the limit, SIGKILL one second later
    int maxProcesses = 1024; ///< processes and threads (pids cgroup and/or RLIMIT_NPROC in the user namespace)
    int fileSizeMiB = 4096; ///< largest file the process may write (RLIMIT_FSIZE)
    qint64 outputCapBytes = 128 * 1024; ///< bytes kept per channel: the first half and the last half
    int tmpSizeMiB = 1024; ///< size of the private /tmp (sandbox only)
};

/// Everything needed to run one process: the request value handed to SandboxedProcess / runToCompletion.
struct ProcessSpec {
    QString program; ///< absolute path, or a name looked up on the PATH of `environment` (else the host PATH)
    QStringList arguments;
    /// Environment of the process. It starts empty (nothing leaks from the caller) plus defaultEnvironment();
    /// entries here override those defaults.
    QMap<QString, QString> environment;
    QString workDir; ///< existing folder: the current directory and the only writable place in the sandbox
    QStringList readOnlyPaths; ///< extra files or folders visible read-only at the same path (e.g. the inputs)
    RunLimits limits;
    bool sandbox = true; ///< false = `--no-sandbox`: rlimits, timeout and group kill only, no isolation
    bool network = false; ///< sandbox only: keep the host network (off = an empty network namespace)
    /// Bind /dev/nvidia*, /dev/dri, /dev/kfd and /sys into the sandbox when they exist; with GPU nodes the memory
    /// limit is RLIMIT_DATA (with or without the sandbox).
    bool bindGpu = true;

    /// Checks the request before anything is spawned: program found and executable, work folder an
    /// existing writable directory, read-only paths existing, limits not negative.
    /// On success returns the absolute path of the program.
    Result<QString> validate() const;
};

/// PATH, HOME (= the work folder), TMPDIR, LANG: the environment a run starts from.
QMap<QString, QString> defaultEnvironment(const QString& workDir);

/// defaultEnvironment() overridden by `spec.environment`.
QMap<QString, QString> effectiveEnvironment(const ProcessSpec& spec);

} // namespace kwb

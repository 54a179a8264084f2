// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/diagnostic.h"
#include "core/compile/disassembly.h"
#include "core/compile/kernelresources.h"
#include "core/finding.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

/// The compile of one implementation (all target archs in one compiler run).
struct ImplementationCompile {
    QString id;
    QString backend;
    QString source; ///< bundle-relative
    bool ok = false; ///< the compiler ran and succeeded
    bool toolMissing = false; ///< no compiler here can build it (none installed, or nvcc knows no target arch): nothing
                              ///< was compiled
    QStringList archsNotBuilt; ///< cuda: target archs this machine's nvcc cannot build for, left out of the compile
    QString archsNotBuiltWhy; ///< the toolkit's own word on them (CudaTargetArchs::why)
    QString command; ///< the exact command line, shell-quoted
    QString compilerVersion; ///< `nvcc --version` last line, `g++ --version` first line, python version
    QList<Diagnostic> diagnostics;
    QList<KernelResources> kernels; ///< per kernel and arch (cuda)
    QList<DisassembledKernel> disassembly; ///< PTX per kernel and arch; SASS when cuobjdump exists
    QStringList notes; ///< what was not done and why (no cuobjdump, no triton, …)
    QString log; ///< the compiler's whole output
    QString executor = QStringLiteral("local"); ///< where it was compiled: `local` or `ssh:HOST`
    QString host; ///< the machine's name (remote: `ssh:HOST (its host name)`)

    /// One element of `implementations` in `kwb.compile/1`.
    QJsonObject toJson() const;
};

/// The compile of a task: what `kwb compile` prints and what the GUI shows.
struct CompileResult {
    QString taskId;
    QString taskDir;
    QStringList archs; ///< the archs compiled for
    QList<ImplementationCompile> implementations;
    Findings findings; ///< compile.* and launch.* findings

    /// `{"format": "kwb.compile/1", "task": {…}, "implementations": […], "findings": […]}`.
    QJsonObject toJson() const;
};

} // namespace kwb

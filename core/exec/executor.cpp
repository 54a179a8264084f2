// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/executor.h"

#include "core/exec/sandboxprobe.h"

namespace kwb {

ToolRun LocalExecutor::runTool(
    const QString& program, const QStringList& args, const QString& workDir, const ToolOptions& options) const
{
    return runToolHere(program, args, workDir, options);
}

Status LocalExecutor::requireSandbox() const
{
    const SandboxStatus s = sandboxAvailable();
    if (!s.available)
        return Error::environment({}, {},
            QStringLiteral(
                "cannot sandbox candidates here: %1 (install bubblewrap, or turn the sandbox off for trusted code)")
                .arg(s.reason));
    return Ok {};
}

} // namespace kwb

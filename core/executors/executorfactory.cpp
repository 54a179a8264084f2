// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/executorfactory.h"

#include "core/executors/sshtool.h"

namespace kwb {

namespace {

class SshExecutor final : public Executor {
public:
    using Executor::Executor;
    bool remote() const override { return true; }
    ToolRun runTool(const QString& program, const QStringList& args, const QString& workDir,
        const ToolOptions& options) const override
    {
        return runToolOverSsh(spec(), program, args, workDir, options);
    }
    Status requireSandbox() const override { return Ok {}; } // kwb_remote.sh isolates, and says how
};

} // namespace

std::unique_ptr<Executor> makeExecutor(const ExecutorSpec& spec)
{
    switch (spec.kind) {
    case ExecutorSpec::Kind::Ssh:
        return std::make_unique<SshExecutor>(spec);
    case ExecutorSpec::Kind::Slurm: // the submit host
    case ExecutorSpec::Kind::Local:
        break;
    }
    return std::make_unique<LocalExecutor>(spec);
}

} // namespace kwb

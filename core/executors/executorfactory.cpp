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

/// A Slurm cluster seen from its submit host: batches give sbatch the elements (batch/batchslurm.cpp); what runs
/// outside them (tools, probes) runs here, as locally.
class SlurmExecutor final : public Executor {
public:
    using Executor::Executor;
    bool remote() const override { return false; }
    ToolRun runTool(const QString& program, const QStringList& args, const QString& workDir,
        const ToolOptions& options) const override
    {
        return m_here.runTool(program, args, workDir, options);
    }
    Status requireSandbox() const override { return m_here.requireSandbox(); }

private:
    LocalExecutor m_here;
};

} // namespace

std::unique_ptr<Executor> makeExecutor(const ExecutorSpec& spec)
{
    switch (spec.kind) {
    case ExecutorSpec::Kind::Ssh:
        return std::make_unique<SshExecutor>(spec);
    case ExecutorSpec::Kind::Slurm:
        return std::make_unique<SlurmExecutor>(spec);
    case ExecutorSpec::Kind::Local:
        break;
    }
    return std::make_unique<LocalExecutor>();
}

} // namespace kwb

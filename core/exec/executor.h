// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/executorspec.h"
#include "core/exec/toolrun.h"
#include "core/result.h"

#include <functional>
#include <memory>

namespace kwb {

/// Where an engine's processes run: this machine's sandbox, an SSH host, a Slurm cluster. Engines get one from
/// makeExecutor() (executors/executorfactory.h) for their request's ExecutorSpec and ask it; none reads the spec's
/// text. The runner processes of a remote executor are started by the engines' remote halves (run/sshrunner.h);
/// what every engine needs alike is here.
class Executor {
public:
    explicit Executor(ExecutorSpec spec)
        : m_spec(std::move(spec))
    {
    }
    virtual ~Executor() = default;
    Executor(const Executor&) = delete;
    Executor& operator=(const Executor&) = delete;

    const ExecutorSpec& spec() const { return m_spec; }
    /// `local`, `ssh:HOST`, `slurm[:PARTITION]`: what reports record as the executor.
    QString name() const { return m_spec.name(); }
    /// Processes run on another machine: files are copied there and back, the host applies its own limits and
    /// isolation, tools are the host's (named, not located here), and a runner's output is not watched live.
    virtual bool remote() const = 0;
    /// Runs a tool (a compiler, a disassembler, the python import check) where this executor runs things, with
    /// its timeout and Stop (`options.cancel` kills the process tree; remotely, the host's process group).
    virtual ToolRun runTool(
        const QString& program, const QStringList& args, const QString& workDir, const ToolOptions& options) const = 0;
    /// Ok when candidates can be isolated: here bubblewrap is probed (an ErrorKind::Environment Error says why
    /// not and what to do); a remote host isolates its runners itself and reports how.
    virtual Status requireSandbox() const = 0;

    /// The program to run for the tool `name` (nvcc, g++, the runner python): on this machine what `locateHere`
    /// finds (empty: not installed here); on a remote host the name itself, for the host's PATH.
    QString program(const QString& name, const std::function<QString()>& locateHere) const
    {
        return remote() ? name : locateHere();
    }
    /// What `program args` prints (a version banner) where this executor runs tools; empty for a remote host,
    /// which is not probed from here (its tool runs report their version: ToolRun::toolVersion).
    QString versionOutput(const QString& program, const QStringList& args) const
    {
        return remote() ? QString() : probeOutput(program, args);
    }

private:
    ExecutorSpec m_spec;
};

/// This machine: tools through exec/runToCompletion, runners in SandboxedProcess (bubblewrap, rlimits). A Slurm
/// cluster's submit host is one too (`spec` slurm): batches hand their elements to sbatch, the rest runs here.
class LocalExecutor final : public Executor {
public:
    explicit LocalExecutor(ExecutorSpec spec = {})
        : Executor(std::move(spec))
    {
    }
    bool remote() const override { return false; }
    ToolRun runTool(const QString& program, const QStringList& args, const QString& workDir,
        const ToolOptions& options) const override;
    Status requireSandbox() const override;
};

} // namespace kwb

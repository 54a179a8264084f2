// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QString>

namespace kwb {

/// Where an action runs: `local` (the sandbox of core/exec), `ssh:HOST` (a host of the user's OpenSSH
/// configuration) or `slurm[:PARTITION]` (job arrays on a cluster sharing the work folder).
struct ExecutorSpec {
    enum class Kind { Local, Ssh, Slurm };
    Kind kind = Kind::Local;
    QString host; ///< ssh: the host as `ssh` knows it (an alias of ~/.ssh/config, user@name, …)
    QString partition; ///< slurm: empty for the cluster's default partition

    bool isLocal() const { return kind == Kind::Local; }
    /// Runners and tools run on another machine (an SSH host); the same answer as makeExecutor(*this)->remote().
    bool remote() const { return kind == Kind::Ssh; }
    /// The canonical text: `local`, `ssh:HOST`, `slurm`, `slurm:PARTITION`.
    QString name() const;

    /// Parses `--executor` text; an empty string is `local`. The error names the option and what is expected.
    static Result<ExecutorSpec> parse(const QString& text);
};

/// The `--executor` of a single-task command (`kwb compile|run|bench|check|profile`): `local` or `ssh:HOST`
/// Slurm runs batches: an error that says what to do.
Result<ExecutorSpec> singleTaskExecutor(const QString& text, const QString& action);

} // namespace kwb

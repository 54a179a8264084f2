// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/executor.h"

namespace kwb {

/// The one factory of Executors: LocalExecutor for `local`, an SSH host's executor for `ssh:HOST` (tools run
/// there through executors/sshtool.h), and for `slurm[:PARTITION]` the submit host's (batches hand the elements to
/// sbatch; tools and probes run on the submit host, which shares the work folder with the nodes).
std::unique_ptr<Executor> makeExecutor(const ExecutorSpec& spec);

} // namespace kwb

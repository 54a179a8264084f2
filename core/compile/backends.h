// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The per-backend halves of compileImplementation() (compile/compiler.h). Each fills `c` and uses `tmp`, an
// existing empty folder that is removed afterwards.
#include "core/compile/compiler.h"
#include "core/exec/toolrun.h"

namespace kwb {

void compileCuda(const Task& task, const Implementation& impl, const QStringList& archs, const CompileRequest& request,
    const JobContext& job, const QString& tmp, ImplementationCompile& c);
void compileCpp(const Task& task, const Implementation& impl, const CompileRequest& request, const JobContext& job,
    const QString& tmp, ImplementationCompile& c);
/// How a compiler of `request` runs: its timeout, Stop from `job`, and the bundle (copied to a remote host).
ToolOptions compilerOptions(const Task& task, const CompileRequest& request, const JobContext& job);
/// Records the compiler's run in `c`: its log, whether it succeeded, where it ran (remote: the host, its version).
void recordToolRun(ImplementationCompile& c, const ToolRun& run);

/// `name` (cuobjdump, nvdisasm) beside nvcc, else on PATH, else in the runner python's triton wheel
/// (`triton/backends/nvidia/bin/`); empty when none.
QString cudaBinaryTool(const QString& name, const QString& nvcc);

void compilePython(const Task& task, const Implementation& impl, const QStringList& archs,
    const CompileRequest& request, const JobContext& job, const QString& tmp, ImplementationCompile& c);

} // namespace kwb

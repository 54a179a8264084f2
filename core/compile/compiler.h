// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compileresult.h"
#include "core/exec/executorspec.h"
#include "core/jobcontext.h"
#include "core/result.h"
#include "core/task/task.h"

#include <QStringList>

namespace kwb {

/// What to compile: one value filled by the CLI or the GUI and handed to compileTask().
struct CompileRequest {
    QStringList implIds; ///< empty: every implementation (reference, oracle, candidates)
    QStringList archs; ///< empty: the task's target.arch
    int timeoutMs = 300000; ///< per compiler run
    bool disassemble = true; ///< keep PTX (and SASS when cuobjdump exists) with the instruction mix
    /// The python import check runs the candidate's top level: under bubblewrap unless this is false.
    bool sandbox = true;
    /// Where the compilers run: empty or `local` here, `ssh:HOST` on that host (the bundle is copied there and the
    /// host's own tools of its settings are used; diagnostics name the local files).
    ExecutorSpec executor;
};

/// Compiles each requested implementation with its backend's compiler — cuda: nvcc with `-gencode` per arch,
/// `-Xptxas -v,--warn-on-spills -lineinfo`; cpp: `g++ -std=c++17 -Wall -Wextra -c`; python: byte-compile and
/// import check with the runner python — on the implementation's own source file, in a temporary folder, and
/// derives the findings (compile.*, launch.*). A compiler failing is a result (ok == false, with diagnostics);
/// the Error is for requests that cannot be attempted (unknown implementation id or arch) and for a compile
/// stopped through `job` (ErrorKind::Stopped: the compilers' process trees are killed). Progress: phase
/// `compile`, one step per implementation. Synchronous: run it off the GUI thread.
Result<CompileResult> compileTask(const Task& task, const CompileRequest& request = {}, const JobContext& job = {});

/// The compile of one implementation for `archs` (cuda only uses the archs).
ImplementationCompile compileImplementation(const Task& task, const Implementation& impl, const QStringList& archs,
    const CompileRequest& request = {}, const JobContext& job = {});

/// The compile.* findings of one implementation's compile: errors, warnings, spills and arch mismatches.
Findings compileFindings(const ImplementationCompile& c, const QStringList& archs);

/// The launch.* findings of the kernels a python implementation launched (Triton: shared memory against the
/// arch's opt-in maximum, num_warps, registers × threads, grid limits; Pallas: VMEM/SMEM per grid step against
/// the chip); fills each Triton kernel's occupancy.
Findings pythonKernelFindings(ImplementationCompile& c);

/// Absolute path of nvcc ($KWB_NVCC, else PATH, else $CUDA_HOME/bin, else /usr/local/cuda/bin); empty if none.
QString findNvcc();

} // namespace kwb

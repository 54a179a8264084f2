// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/processspec.h"
#include "core/result.h"
#include "core/task/task.h"

#include <QMap>

#include <QStringList>
#include <atomic>

namespace kwb {

/// A runner ready to start: a folder holding the harness, the glue and the implementation, compiled for
/// cpp and cuda. Folders are cached by a hash of everything that goes into them, so a second run of the
/// same implementation does not recompile.
struct RunnerBuild {
    QString dir; ///< the runner's folder (inside the cache)
    QStringList command; ///< program and arguments; the caller appends the plan file's path
    QString compileCommand; ///< the exact command line (empty for python)
    QString toolVersion; ///< g++/nvcc/python version line
    QString log; ///< compiler output
    bool compiled = false; ///< false: the compiler failed, `log` says why
    bool cached = false; ///< true: reused from the cache, nothing was compiled now
    QStringList archsNotBuilt; ///< target archs this machine's nvcc cannot build for, left out of the build
    QString archsNotBuiltWhy; ///< the toolkit's own word on them (cudaTargetArchs), empty when none
};

struct BuildOptions {
    QString cacheRoot; ///< defaults to cacheDir()/runners
    int timeoutMs = 300000;
    const std::atomic_bool* cancel = nullptr; ///< set: the compiler is killed and buildRunner answers "stopped"
};

/// The files and commands of a runner before anything is compiled: what buildRunner() builds here and what a
/// remote executor copies to its host and builds there.
struct RunnerSources {
    QMap<QString, QByteArray> files; ///< by file name: the harness files, the glue and the implementation's source
    QString tool; ///< the compiler or python (absolute here; as configured for a remote host)
    QStringList compileArgs; ///< empty for python
    QStringList run; ///< program and arguments before the plan path; `./x`, `*.py`, `*.json` are in the runner folder
    QString key; ///< `<backend>-<hash>` of the files, the tool path and the arguments (not the tool's version)
};

/// How the runner `build` is started on `plan` in `workDir` (its only writable folder): with `limits`, sandboxed
/// when `sandbox`, the folders it reads visible read-only — `readOnly`, its build folder, and the prefix of a
/// runner python outside /usr (a virtual environment).
/// What every runner process runs with, wherever it runs: idle thread pools sleep rather than spin between calls. A
/// spinning pool burns a core the harness's own work between calls shares, and its CPU time would read as work
/// done off the clock (the benchmark measures the implementation's other threads there: docs/benchmarking.md).
QMap<QString, QString> runnerEnvironment();

ProcessSpec runnerProcess(const RunnerBuild& build, const QString& plan, const QString& workDir, QStringList readOnly,
    const RunLimits& limits, bool sandbox);

/// The sources of `impl`'s runner; `tool` overrides the compiler or python found on this machine.
Result<RunnerSources> runnerSources(const Task& task, const Implementation& impl, const QString& tool = {});

/// Builds (or finds in the cache) the runner of `impl`. An Error means the build could not even be
/// attempted (no compiler, unwritable cache, bad glue) — its findingId says which — or was stopped
/// (ErrorKind::Stopped); a CUDA build is for the task's archs this machine's nvcc knows (cudaTargetArchs): the
/// others are named in archsNotBuilt, and when it knows none the Error is the environment's (`env.toolkit-arch`), never
/// a failed build of the code; a compiler that fails gives a RunnerBuild with compiled == false and the compiler's log.
/// The compiler runs as every process does (exec/runToCompletion: its timeout, its process group killed on Stop).
Result<RunnerBuild> buildRunner(const Task& task, const Implementation& impl, const BuildOptions& options = {});

/// `-gencode` arguments for the task's archs: `sm_90` → `arch=compute_90,code=[sm_90,compute_90]`.
QStringList gencodeArgs(const QStringList& archs);

} // namespace kwb

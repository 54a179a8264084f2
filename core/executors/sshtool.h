// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/executorspec.h"
#include "core/exec/toolrun.h"

namespace kwb {

/// runToolHere() on the SSH host `host`: `workDir` and `options.bundleDir` are copied to a folder of
/// their own under `<work_root>/tools/`, the tool (mapped to the host's settings by name: g++ → `gxx`, nvcc →
/// `nvcc`, python* → `python`, cuobjdump beside nvcc) runs there through kwb_remote.sh (timeout, process limit,
/// bubblewrap when `options.sandbox` and the host has it, dead man's switch), paths in its output are mapped back
/// to the local ones, the folder's contents come back into `workDir`, and the remote folder is removed.
/// `ToolRun::host` and `ToolRun::toolVersion` say where it ran and which tool it was.
ToolRun runToolOverSsh(const ExecutorSpec& host, const QString& program, const QStringList& args,
    const QString& workDir, const ToolOptions& options);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/importers/bundlewriter.h"

namespace kwb {

/// `kwb import gpumode PATH -o OUTDIR [--submission FILE]`.
struct GpuModeOptions {
    QString path; ///< a task folder (holding task.yml) or a folder of them
    QString outDir;
    QString submission; ///< optional: the submission to review (one task only); default: the task's submission.py
    QString hardware = QStringLiteral("H100");
};

/// Imports GPU MODE reference-kernels tasks: one kwb.task/1 bundle per task.yml, with the `gpumode` convention
/// (generate_input, ref_kernel and the submission's custom_kernel in separate processes; the task's own
/// check_implementation checks too), cases from `tests` and `benchmarks`, the support files the task lists, and
/// the licence file found beside or above the task. task.yml is read with a YAML safe loader; its errors name
/// the line. The Error is a failure before any task was looked at.
Result<ImportSummary> importGpuMode(const GpuModeOptions& options);

} // namespace kwb

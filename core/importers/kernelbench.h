// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/importers/bundlewriter.h"

#include <QJsonObject>

namespace kwb {

/// `kwb import kernelbench PATH -o OUTDIR [--candidates DIR] [--hardware NAME] [--precision P]`.
struct KernelBenchOptions {
    QString path; ///< a problem file, a level folder, a folder of levels, or a dataset export (.json / .jsonl)
    QString outDir;
    QString candidatesDir; ///< optional: candidate modules defining ModelNew, matched to problems by name
    QString hardware = QStringLiteral("L4"); ///< target device of the bundles (a 24 GB card, as KernelBench's own)
    /// KernelBench's eval `precision` (float32, float16 or bfloat16): every floating-point input, init input and the
    /// models' parameters are cast to it, the outputs and tolerance follow it. Empty: the dtypes the file writes.
    QString precision;
};

/// The dtype of a KernelBench precision name (fp32, fp16, bf16 or float32, float16, bfloat16), empty when unknown.
QString kernelBenchPrecision(const QString& name);

/// One KernelBench problem: `level{L}/{id}_{Name}.py`.
struct KernelBenchProblem {
    QString file; ///< absolute path of the problem file (a temporary copy for dataset rows)
    QString origin; ///< what the user named: the path, or `dataset.jsonl:LINE`
    int level = 0; ///< 0 when no `level{N}` folder names it
    int problemId = 0;
    QString name; ///< the file name's part after the id, without `.py`
};

/// Imports every problem under `options.path` into one kwb.task/1 bundle each, under
/// OUTDIR/level{L}/{id}_{Name}/ (backend python, framework torch, convention torch_module). The problem's Python is
/// parsed statically (never imported); what cannot be known statically is a finding in the bundle's import.json.
/// The Error is a failure before any problem was looked at (unreadable path, no scanner).
Result<ImportSummary> importKernelBench(const KernelBenchOptions& options);

/// The problems of a dataset export: a JSON array or JSONL of rows with `problem_id`, `name` and `code` (and
/// optionally `level`), written as problem files under `tempDir`. Errors name the file and the row's line.
Result<QList<KernelBenchProblem>> kernelBenchDatasetRows(const QString& path, const QString& tempDir);

// Internal to the importer (kernelbenchbundle.cpp, kernelbenchspec.cpp).
ImportedBundle writeKernelBenchBundle(const KernelBenchProblem& problem, const QJsonObject& scan,
    const QStringList& candidates, const KernelBenchOptions& options, const QJsonObject& provenance);
QString kernelBenchSpec(const KernelBenchProblem& problem, const QJsonObject& scan, const QString& tolerance);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/dtype.h"
#include "core/finding.h"
#include "core/tolerance.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

/// The task kinds of kwb.task/1.
inline const QStringList kTaskKinds { QStringLiteral("generation"), QStringLiteral("translation"),
    QStringLiteral("migration"), QStringLiteral("debugging"), QStringLiteral("optimization"),
    QStringLiteral("fusion") };

/// How an input is generated (`init`): normal(mean,std) | uniform(low,high) | randint(low,high) |
/// arange | constant(value) | file(path to .npy, bundle-relative).
struct InitSpec {
    QString dist = QStringLiteral("normal");
    double mean = 0.0;
    double std = 1.0;
    double low = 0.0;
    double high = 1.0;
    double value = 0.0;
    QString path;
};

/// An input or output tensor of the task. `shape` entries are dim names or integer literals.
struct TensorSpec {
    QString name;
    DType dtype = DType::Float32;
    QStringList shape;
    InitSpec init; ///< inputs only
    /// inputs only: `stress`: the stress patterns (docs/running.md) this input may take; unset: the default
    /// for its dtype and init (every pattern for generated floating-point data, none otherwise); empty: none.
    std::optional<QStringList> stress;
    std::optional<Tolerance> tolerance; ///< outputs only: per-output override
    bool shapeKnown = true; ///< outputs only: false when `shape` is omitted (known only when the reference runs)
};

/// `launch` of a CUDA `__global__` entry: expressions over dims.
struct LaunchSpec {
    QStringList grid;
    QStringList block;
    QString smem;
};

/// The reference, the oracle or one candidate.
struct Implementation {
    QString id; ///< `reference`, `oracle`, or the candidate's id
    QString backend; ///< cpp | cuda | python
    QString framework; ///< python only: numpy | torch | triton | jax | nki
    QString source; ///< bundle-relative path
    QString entry;
    QStringList args; ///< names of inputs, outputs, dims and scalars, in call order
    std::optional<LaunchSpec> launch;
    /// python only: how the harness calls the entry — `function` (entry(*args)), `torch_module`
    /// (KernelBench: entry is an nn.Module class) or `gpumode` (entry(data)); see docs/task-format.md.
    QString convention = QStringLiteral("function");
    QStringList files; ///< python only: bundle-relative support files copied beside the source (imports)
    QStringList flags; ///< cpp/cuda only: compiler options after target.flags (buildFlags() gives both)
    QString jsonPath; ///< where it sits in task.json (`/candidates/1`)
};

/// A named scalar argument (`scalars`): a value passed by value where `args` names it.
struct ScalarSpec {
    QString name;
    DType dtype = DType::Float32;
    double value = 0.0;
};

/// Bounds of a dim (`dims` entries in object form): every size the task promises to handle.
struct DimBounds {
    std::optional<qint64> min;
    std::optional<qint64> max;
    qint64 multipleOf = 1;
    bool given() const { return min || max || multipleOf > 1; }
    bool admits(qint64 v) const { return v >= min.value_or(1) && (!max || v <= *max) && v % multipleOf == 0; }
};

/// The stress patterns of `kwb run` (docs/running.md): shift, scale, impulse, ramp, sorted, large.
QStringList stressPatternNames();

/// The stress patterns `input` takes: its `stress` list when the manifest gives one; else every pattern for
/// generated floating-point data (normal, uniform) and none for integers, bools, files, constants and aranges
/// (indices, masks and fixed data have restricted domains).
QStringList stressPatternsFor(const TensorSpec& input);

/// Where a case comes from: the manifest, or `kwb run`'s generated cases (docs/running.md).
enum class CaseOrigin { Declared, HeldOut, Stress };

struct Case {
    QString name;
    QMap<QString, qint64> dims;
    QJsonObject params; ///< `params`: keyword arguments of a convention's input generator (numbers, strings, bools)
    CaseOrigin origin = CaseOrigin::Declared;
    QString stress; ///< Stress cases: the pattern applied to the inputs (shift, scale, impulse, ramp, sorted, large)
    QString basedOn; ///< generated cases: the declared case whose dims (and init) they start from
    QString varied; ///< held-out cases: what was changed ("N=1031")
};

struct Target {
    QString framework;
    /// `kernel`: the kernel language candidates must write (triton | cuda | pallas | nki | any); empty: the task
    /// asks for none beyond `framework` (see Task::requiredKernelLanguage).
    QString kernel;
    /// `forbidden_ops` / `allowed_ops`: framework op names (`aten::mm`, `aten::conv*`, `reference` = every compute
    /// op the reference dispatches) a candidate may not / may use for its computation.
    QStringList forbiddenOps;
    QStringList allowedOps;
    QString hardware;
    QStringList arch; ///< one or more (`sm_90`, or a list for migration tasks)
    std::optional<double> peakBytesPerS;
    std::optional<double> peakFlopsPerS;
    /// `flags`: compiler options per backend (`cpp`, `cuda`) added to every such implementation's build.
    QMap<QString, QStringList> flags;
};

/// The kernel languages `target.kernel` names (besides `any` and `none`).
const QStringList& kernelLanguages();

/// A loaded, validated kwb.task/1 bundle.
struct Task {
    QString dir; ///< absolute path of the bundle folder
    QString id;
    QString title;
    QString kind;
    QString spec; ///< bundle-relative path of the spec (Markdown), may be empty
    Target target;
    QMap<QString, QString> dims; ///< name → description
    QMap<QString, DimBounds> dimBounds; ///< dims declared in object form with min/max/multiple_of
    QList<ScalarSpec> scalars;
    QList<TensorSpec> inputs;
    QList<TensorSpec> outputs;
    QList<Case> cases;
    std::optional<Tolerance> tolerance; ///< absent: dtype defaults apply (and lint says so)
    Implementation reference;
    std::optional<Implementation> oracle;
    QList<Implementation> candidates;
    QString benchmarkFlops; ///< expression over dims, may be empty
    QString benchmarkBytes; ///< expression over dims, may be empty
    /// `precision`: the arithmetic precisions a candidate may compute in (`{"min": "float32"}`, or a list); empty:
    /// the task does not say (a lowered precision is then a warning, not an error).
    QList<DType> allowedPrecisions;
    QJsonObject manifest; ///< task.json as parsed, for tools that need fields the model does not carry

    /// Absolute path of a bundle-relative file.
    QString path(const QString& relative) const;
    /// The reference, the oracle (if any) and the candidates, in that order.
    QList<Implementation> implementations() const;
    /// The implementation with that id, or nullptr.
    const Implementation* implementation(const QString& id) const;
    /// The effective tolerance for an output: its own, else the task's, else the dtype default.
    Tolerance toleranceFor(const TensorSpec& output) const;
    /// The kernel language candidates must write: `target.kernel`, else `target.framework` when it is one
    /// (triton, cuda, pallas, nki); empty when the task asks for no kernel.
    QString requiredKernelLanguage() const;
};

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/task: the parts of loadTask, one per group of task.json fields. Each reads from the
// parsed manifest into `task` and throws ManifestFailure (through the reader) on the first error.
// They run in this order, since later parts check names the earlier ones declared.

#include "core/task/manifestreader.h"
#include "core/task/task.h"

#include <QMap>

namespace kwb::manifest {

using Json = nlohmann::json;

/// Names shared by dims, scalars, inputs and outputs: name → where it was declared.
using Names = QMap<QString, QString>;

void readHeader(ManifestReader& r, const Json& root, Task& task); ///< format, id, title, kind, spec, target
void readDims(ManifestReader& r, const Json& root, Task& task, Names& names); ///< dims, scalars
void readTensors(ManifestReader& r, const Json& root, Task& task, Names& names); ///< inputs, outputs
void readCases(ManifestReader& r, const Json& root, Task& task); ///< cases and their sizes
Tolerance readTolerance(ManifestReader& r, const Json& value, const QString& pointer);
void readImplementations(ManifestReader& r, const Json& root, Task& task); ///< reference, oracle, candidates
void readBenchmark(ManifestReader& r, const Json& root, Task& task);
void readClaim(ManifestReader& r, const Json& root, Task& task);
void readPrecision(ManifestReader& r, const Json& root, Task& task);

/// The array of compiler options `o[key]` (at `pointer`/key) for a `backend` build; fails on a non-string or an
/// option buildFlagProblem() refuses.
QStringList readBuildFlags(
    ManifestReader& r, const Json& o, const QString& pointer, const char* key, const QString& backend);

/// Checks that `relative` (at `pointer`) names a file inside the bundle; fails otherwise.
void checkFile(ManifestReader& r, const Task& task, const QString& pointer, const QString& relative);

/// Parses the expression at `pointer` (a string, or an integer literal), checks its names against the
/// dims and evaluates it for every case; fails on any error. `min` is the smallest allowed value.
QString readExpression(ManifestReader& r, const Json& value, const QString& pointer, const Task& task, qint64 min);

} // namespace kwb::manifest

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace kwb {

/// What the GPU MODE importer reads from a task's own words and code for the manifest.

/// The output dtype the description states ("Output: … (float16)"), else empty.
QString describedOutputDtype(const QString& description);

/// The manifest's outputs: as many as ref_kernel returns (`returns` is the scanner's `ref_returns`: a count and
/// the dtype each returned expression is cast to), each with its cast, else `described`, else float32. What is
/// not known statically is appended to `notes` ({line, message}) at `descriptionLine`, never guessed silently.
QJsonArray gpuModeOutputs(const QJsonObject& returns, const QString& described, int descriptionLine, QJsonArray& notes);

/// The tolerance of `check_implementation = make_match_reference(..., rtol=…, atol=…)` when reference.py says so
/// statically (`refNames` is the scanner's `reference` table).
std::optional<QJsonObject> toleranceFrom(const QJsonObject& refNames);

} // namespace kwb

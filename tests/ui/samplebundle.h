// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kwb::test {

/// The reference of the test bundle: 7 lines.
QStringList referenceLines();
/// The candidate: line 1 changed, a line inserted after line 4 (8 lines).
QStringList candidateLines();
/// A second candidate: line 6 of the reference changed.
QStringList altLines();

/// Writes a small valid kwb.task/1 bundle (`id`, reference.cpp, candidate.cu, alt.cu, spec.md) into
/// `dir`, creating it. Returns false when a file cannot be written.
bool writeBundle(const QString& dir, const QString& id);
/// Writes a bundle whose task.json is not valid JSON.
bool writeBrokenBundle(const QString& dir);

} // namespace kwb::test

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

#include <QString>
#include <QStringList>

namespace kwb {

/// The C library, C++ runtime and dynamic-loader functions a compiled runner must take from the system: a
/// definition of one of them inside the runner can only come from the implementation's code, and would replace
/// the system's for everything linked with it (the clock, the writes of the record, the loader).
const QStringList& reservedRunnerSymbols();

/// The reserved symbols `nm --defined-only` finds defined in the runner binary `path`, sorted; empty when nm is
/// missing or the binary cannot be read (`*note` says which, when given).
QStringList interposedSymbols(const QString& path, QString* note = nullptr);

/// `bench.timer-tampered` (E) on `impl` when its runner binary defines reserved symbols; none otherwise.
Findings interpositionFindings(const QString& impl, const QString& runnerPath);

} // namespace kwb

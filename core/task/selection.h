// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

namespace kwb {

/// The cases a request names, in the task's order; all of them when it names none. A name the task lacks is an
/// input error that lists the task's cases; a selected case whose name cannot be a folder name is refused (every
/// action writes a folder per case). The one selection rule of run, bench, profile and check.
Result<QList<Case>> selectCases(const Task& task, const QStringList& names);

/// The candidates a request names, in the task's order; all of them when it names none. The reference and the
/// oracle are no candidates: naming one is an input error, as is an id the task lacks (the error lists the
/// candidates).
Result<QList<Implementation>> selectCandidates(const Task& task, const QStringList& ids);

} // namespace kwb

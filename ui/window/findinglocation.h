// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

namespace kwb {
struct Task;
}

namespace kwb::ui {

/// Gives a finding that names no line the line its own evidence names, where the runner knows one: a traceback's
/// `File ".../candidate.py", line 23`, a compiler's or sanitizer's `candidate.cu:41:7` or `candidate.cu(41)` — when
/// the file is one of the task's sources. Findings that already have a file are left alone. So Enter on a run
/// finding opens the line, as it does for lint and compile findings.
void locateFindings(Findings& findings, const Task& task);

/// The `file` (bundle-relative) and line that `text` names among `sources` (bundle-relative paths), or {"", 0}.
std::pair<QString, int> locationIn(const QString& text, const QStringList& sources);

} // namespace kwb::ui

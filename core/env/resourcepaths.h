// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kwb {

/// The workbench's resources folder (harness sources, example tasks, rubrics): $KWB_RESOURCES_DIR when set,
/// else `<prefix>/share/kernel-workbench` next to an installed binary, else the source tree's `resources/`.
QString resourcesDir();

/// resourcesDir()/harness: the runner sources compiled on the execution host.
QString harnessDir();

/// The versioned rubric files: $KWB_RUBRICS_DIR when set, else `<prefix>/share/kernel-workbench/rubrics` next to
/// an installed binary, else `<resourcesDir()>/rubrics`, else the source tree's `rubrics/` (resources/'s sibling).
QString rubricsDir();

/// Where compiled runners are cached: $KWB_CACHE_DIR when set, else the user's cache folder
/// (`~/.cache/kernel-workbench`).
QString cacheDir();

} // namespace kwb

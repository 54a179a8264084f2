// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QString>

namespace kwb {

/// Resolves a bundle-relative file name from task.json to an absolute path, refusing anything that
/// could read outside the bundle: empty names, absolute paths, `..` components, backslashes, and
/// symbolic links whose target lies outside the bundle folder. A name that resolves to nothing gives
/// an Error with findingId `scope.missing-file` (`file 'x.cu' not found`); the other refusals use
/// `scope.invalid-manifest`. The Error carries only `what` and `findingId`: the caller adds file and path.
Result<QString> resolveBundleFile(const QString& bundleDir, const QString& relative);

} // namespace kwb

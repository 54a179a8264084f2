// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

namespace kwb {

/// The files the digest covers: task.json, the spec, every implementation's source and every `init.path`,
/// as bundle-relative paths sorted by their UTF-8 bytes, without duplicates.
QStringList digestFiles(const Task& task);

/// `sha256:<hex>` over task.json and every file the manifest names (spec, sources, init files),
/// each contributing its bundle-relative path and its bytes, in sorted path order — so a review of an
/// edited task is detectable, and renaming or moving the bundle folder does not change the digest.
/// Each file contributes `path NUL decimal-size NUL bytes` to one SHA-256 (docs/task-format.md).
Result<QString> taskDigest(const Task& task);

} // namespace kwb

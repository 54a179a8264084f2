// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

namespace kwb {

/// Elements of `tensor` when its dims take the values in `dims` (shape entries are dim names or
/// integer literals). Overflow past 2^63-1 and unbound dims are Errors (`what` only).
Result<qint64> tensorElements(const TensorSpec& tensor, const QMap<QString, qint64>& dims);

/// Bytes of `tensor` for `dims` (elements × element size), overflow-checked.
Result<qint64> tensorBytes(const TensorSpec& tensor, const QMap<QString, qint64>& dims);

/// Bytes of every input and output of `task` in case `c` together, overflow-checked.
Result<qint64> caseBytes(const Task& task, const Case& c);

} // namespace kwb

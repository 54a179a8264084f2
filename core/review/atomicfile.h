// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QString>

namespace kwb {

/// Writes `bytes` to `path` atomically (QSaveFile: a temporary file beside it, renamed over it on commit),
/// so a crash or kill mid-write leaves either the old file or the new one, never half of each.
/// Creates the parent folder when missing.
Status writeFileAtomically(const QString& path, const QByteArray& bytes);

} // namespace kwb

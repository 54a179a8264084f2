// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/cli.h"

namespace kwb::cli {

/// `kwb review new|set|submit` (`sub`): a review written by a script — in the review database, as the reviewer's
/// draft of the task (the workbench continues it), or in a kwb.review/1 file (--file).
int reviewEditCommand(const QString& sub, const QStringList& args, Io& io);

} // namespace kwb::cli

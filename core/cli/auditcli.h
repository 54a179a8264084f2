// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/cli.h"

namespace kwb::cli {

/// The `kwb audit` sub-command named `name` (verify-log, verdict, note, adjudicate, reverify), or nullptr.
CommandFn auditSubcommand(const QString& name);

/// The usage lines of the sub-commands.
QString auditSubcommandUsage();

} // namespace kwb::cli

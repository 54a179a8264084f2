// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

namespace kwb {

/// Sends SIGKILL to every process of this user whose environment holds `entry` (`NAME=value`), and
/// returns how many there were. Without the sandbox this finds the descendants of a run that left its
/// process group (setsid + double fork); a process that also clears its environment is not found.
int killProcessesWithEnvironment(const QByteArray& entry);

} // namespace kwb

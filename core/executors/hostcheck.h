// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/env/toolprobe.h"
#include "core/executors/hostsettings.h"

#include <QList>

namespace kwb {

/// `kwb doctor --executor ssh:HOST`: what the host offers the workbench, probed in one SSH connection — the
/// connection itself, the work root (created, must be writable), rsync, setsid and timeout (required), the
/// compilers and python named in the host's settings, numpy, bubblewrap (usable or not: without it runs are limited
/// by rlimits and a timeout only) and the GPUs nvidia-smi lists.
QList<ToolInfo> probeSshHost(const HostSettings& settings);

} // namespace kwb

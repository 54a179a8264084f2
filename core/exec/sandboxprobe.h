// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kwb {

/// Whether candidates can run in the sandbox on this machine, and if not, why.
struct SandboxStatus {
    bool available = false;
    QString reason; ///< why not (one line), empty when available
    QString bwrapPath;
    QString prlimitPath;
};

/// Runs `true` exactly the way candidates run (the same bwrap options) and reports whether it worked:
/// bubblewrap missing, too old for an option, or unable to create namespaces (a container without
/// user namespaces) all show here. The first call blocks for up to a few seconds; the result is cached,
/// so call it from the CLI (`kwb doctor`), a worker thread, or once at start-up.
SandboxStatus sandboxAvailable();

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kwb::ui {

/// The whole of kernel-workbench's main(): parses the command line (PATH, --screenshot OUT.png,
/// --size WxH, --help, --version), opens the main window and runs the event loop.
/// Exit codes: 0 ok, 2 bad usage, a path that holds no task, or a task that does not load.
int runWorkbench(int argc, char* argv[]);

} // namespace kwb::ui

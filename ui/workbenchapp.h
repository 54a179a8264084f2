#pragma once

namespace kwb::ui {

/// The whole of kernel-workbench's main(): parses the command line (PATH, --screenshot OUT.png,
/// --size WxH), opens the main window and runs the event loop.
int runWorkbench(int argc, char* argv[]);

} // namespace kwb::ui

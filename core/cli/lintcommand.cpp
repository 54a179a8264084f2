#include "cli/cli.h"

namespace kwb::cli {

// Placeholder until this command is written (its issue's work is in progress).
int lintCommand(const QStringList&, Io& io)
{
    io.err << "kwb lint: not available in this build yet\n";
    return ExitEnvironment;
}

} // namespace kwb::cli

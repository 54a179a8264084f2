#include "cli/cli.h"

namespace kwb::cli {

// Placeholder until this command is written (its issue's work is in progress).
int compareCommand(const QStringList&, Io& io)
{
    io.err << "kwb compare: not available in this build yet\n";
    return ExitEnvironment;
}

} // namespace kwb::cli

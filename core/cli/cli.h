#pragma once

#include <QStringList>
#include <QTextStream>

namespace kwb::cli {

/// Exit codes shared by every `kwb` command.
enum Exit : int {
    ExitOk = 0, ///< done, no error findings
    ExitFindings = 1, ///< done, with error findings (or a failed comparison)
    ExitBadInput = 2, ///< bad input or usage
    ExitEnvironment = 3, ///< a required tool is missing or broken
};

/// Where a command writes: results to `out`, one-line errors to `err`.
struct Io {
    QTextStream& out;
    QTextStream& err;
};

/// A `kwb` sub-command. `args` excludes the program and the command name.
using CommandFn = int (*)(const QStringList& args, Io& io);

struct Command {
    const char* name;
    const char* summary;
    CommandFn run;
};

/// Every command, in the order `kwb --help` lists them.
const QList<Command>& commands();

/// The whole CLI: `kwb --version`, `kwb --help`, `kwb COMMAND [ARGS]`.
int run(const QStringList& arguments, Io& io);

// The commands (one file each under core/cli/).
int lintCommand(const QStringList& args, Io& io);
int doctorCommand(const QStringList& args, Io& io);
int compareCommand(const QStringList& args, Io& io);
int diagnoseCommand(const QStringList& args, Io& io);
int runCommand(const QStringList& args, Io& io);
int benchCommand(const QStringList& args, Io& io);
int profileCommand(const QStringList& args, Io& io);
int checkCommand(const QStringList& args, Io& io);
int batchCommand(const QStringList& args, Io& io);
int exportCommand(const QStringList& args, Io& io);
int importCommand(const QStringList& args, Io& io);
int reviewCommand(const QStringList& args, Io& io);
int auditCommand(const QStringList& args, Io& io);
int compileCommand(const QStringList& args, Io& io);
int occupancyCommand(const QStringList& args, Io& io);

} // namespace kwb::cli

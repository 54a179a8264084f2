// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/exec/executorspec.h"
#include "core/finding.h"
#include "core/jobcontext.h"
#include "core/result.h"

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <optional>

namespace kwb {
struct ProfileResult;
}

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

/// The job of a command: each progress line printed to `io.err` as `PREFIX: text`.
JobContext printingJob(Io& io, const QString& prefix);
/// Parses the command line of `kwb COMMAND … TASK` (a command of one task bundle): --help prints the help with
/// `usage` as its first line (default `Usage: kwb COMMAND [options] TASK`) and answers ExitOk; a bad option or
/// anything but one TASK prints one line to io.err and answers ExitBadInput; std::nullopt: go on.
std::optional<int> parseTaskCommand(QCommandLineParser& parser, const QStringList& args, Io& io, const QString& command,
    const QCommandLineOption& help, const QString& usage = {});
/// The --executor of `kwb COMMAND` (local or ssh:HOST); std::nullopt after printing why it is not one.
std::optional<ExecutorSpec> taskExecutor(
    const QCommandLineParser& parser, const QCommandLineOption& option, Io& io, const QString& command);

/// One line per finding: `severity id [impl/case] file:line: message`, leaving out the parts it lacks.
void printFindings(QTextStream& out, const Findings& findings);
/// `text` (an error or a finding's message from core, which names settings in words) with the kwb flags that
/// change those settings: "turn the sandbox off (--no-sandbox)", "raise the time, memory or file-size limit
/// (--timeout, --memory, --file-size)", "(--executor ssh:HOST)".
QString withFlags(const QString& text);
/// The readable form of a profile (kwb profile, kwb bench --profile).
void printProfileText(const ProfileResult& r, QTextStream& out);
/// The exit code of an engine's Error: ExitEnvironment for an environment problem, else ExitBadInput.
int exitFor(const Error& error);

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

#pragma once

#include <QString>
#include <QStringList>

namespace kwb {

/// A compiler run: its merged output and how it ended.
struct ToolRun {
    QString output;
    bool started = false;
    bool finished = false; ///< false: killed at the timeout
    int exitCode = -1;
    bool ok() const { return started && finished && exitCode == 0; }
};

/// Runs `program args` in `workDir` with LC_ALL=C (plain-ASCII diagnostics), merged output, `timeoutMs` limit.
ToolRun runTool(const QString& program, const QStringList& args, const QString& workDir, int timeoutMs);

/// `program args` as one shell-quoted line, the way a reviewer can paste it into a terminal.
QString shellCommand(const QString& program, const QStringList& args, const QString& workDir = {});

} // namespace kwb

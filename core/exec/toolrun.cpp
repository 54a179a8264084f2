// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/toolrun.h"

#include "core/exec/runtocompletion.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace kwb {

ToolRun runToolHere(const QString& program, const QStringList& args, const QString& workDir, const ToolOptions& options)
{
    ToolRun r;
    ProcessSpec spec;
    spec.program = program;
    spec.arguments = args;
    spec.workDir = workDir;
    spec.sandbox = options.sandbox;
    spec.bindGpu = false;
    spec.readOnlyPaths = options.readOnlyPaths;
    spec.limits.timeoutMs = options.timeoutMs;
    spec.limits.memoryMiB = 0; // cicc and ptxas reserve large address spaces; the timeout bounds them
    spec.limits.cpuSeconds = 0;
    spec.limits.outputCapBytes = 16 * 1024 * 1024; // a compiler log is read whole, in the order it was printed
    spec.environment = options.environment;
    spec.environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    spec.environment.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH", QStringLiteral("/usr/bin:/bin")));
    if (!options.sandbox) // compilers keep their temporaries where the host keeps them
        spec.environment.insert(QStringLiteral("TMPDIR"), qEnvironmentVariable("TMPDIR", QStringLiteral("/tmp")));

    QByteArray merged; // stdout and stderr interleaved as they arrived (ptxas resource lines sit among errors)
    const auto collect = [&merged](OutputChannel, const QByteArray& bytes) { merged += bytes; };
    const Result<RunOutcome> outcome = runToCompletion(spec, collect, options.cancel);
    if (!outcome) {
        r.stopped = options.cancel && options.cancel->load();
        r.output = outcome.error().oneLine() + QLatin1Char('\n');
        return r;
    }
    r.started = true;
    r.output = QString::fromUtf8(merged);
    switch (outcome->status) {
    case RunStatus::Stopped:
        r.stopped = true;
        r.output += QStringLiteral("\n%1 stopped by the user\n").arg(program);
        break;
    case RunStatus::TimedOut:
        r.output += QStringLiteral("\n%1 killed after %2 s\n").arg(program).arg(options.timeoutMs / 1000);
        break;
    default:
        r.finished = true;
        r.exitCode = outcome->status == RunStatus::Exited ? outcome->exitCode : -1;
        if (outcome->status != RunStatus::Exited)
            r.output += QStringLiteral("\n%1: %2\n").arg(program, outcome->detail);
    }
    return r;
}

QString probeOutput(const QString& program, const QStringList& args, int timeoutMs)
{
    ToolOptions options;
    options.timeoutMs = timeoutMs;
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& key : env.keys())
        options.environment.insert(key, env.value(key));
    const ToolRun run = runToolHere(program, args, QDir::tempPath(), options);
    return run.started && run.finished ? run.output : QString();
}

QString shellCommand(const QString& program, const QStringList& args, const QString& workDir)
{
    static const QRegularExpression safe(QStringLiteral(R"(^[\w@%+=:,./-]+$)"));
    QStringList parts;
    for (const QString& a : QStringList { program } + args) {
        if (safe.match(a).hasMatch())
            parts << a;
        else
            parts << QLatin1Char('\'') + QString(a).replace(QStringLiteral("'"), QStringLiteral("'\\''"))
                    + QLatin1Char('\'');
    }
    const QString cmd = parts.join(QLatin1Char(' '));
    return workDir.isEmpty() ? cmd : QStringLiteral("cd %1 && %2").arg(shellCommand(workDir, {}), cmd);
}

} // namespace kwb

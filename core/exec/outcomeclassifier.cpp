// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outcomeclassifier.h"

#include "sandboxsigns.h"

#include <QJsonArray>

#include <csignal>
#include <cstring>

namespace kwb {

namespace {

int signalOf(const ProcessEnd& end)
{
    if (end.crashed)
        return end.exitCode;
    if (end.sandboxed && end.exitCode > 128 && end.exitCode <= 128 + 64)
        return end.exitCode - 128;
    return 0;
}

QString signalName(int sig)
{
    const char* abbrev = sigabbrev_np(sig);
    return abbrev ? QStringLiteral("SIG%1").arg(QLatin1StringView(abbrev)) : QStringLiteral("signal %1").arg(sig);
}

Finding sandboxFinding(const char* id, Severity severity, const QString& message, const QStringList& lines = {})
{
    Finding f;
    f.id = QLatin1StringView(id);
    f.severity = severity;
    f.message = message;
    if (!lines.isEmpty())
        f.evidence.insert(QStringLiteral("lines"), QJsonArray::fromStringList(lines));
    return f;
}

void addOutputFindings(RunOutcome& o, const RunLimits& limits)
{
    qint64 dropped = o.stdoutOutput.droppedBytes + o.stderrOutput.droppedBytes;
    if (dropped == 0)
        return;
    Finding f = sandboxFinding("sandbox.output-limit", Severity::Warning,
        QStringLiteral("output truncated: %1 bytes dropped (kept the first and last %2 bytes of each channel)")
            .arg(dropped)
            .arg(limits.outputCapBytes / 2));
    f.evidence.insert(QStringLiteral("stdout_bytes"), double(o.stdoutOutput.totalBytes));
    f.evidence.insert(QStringLiteral("stderr_bytes"), double(o.stderrOutput.totalBytes));
    o.findings.append(f);
}

} // namespace

RunOutcome classifyRun(
    const ProcessEnd& end, const RunLimits& limits, const CapturedOutput& out, const CapturedOutput& err)
{
    RunOutcome o;
    o.sandboxed = end.sandboxed;
    o.elapsedMs = end.elapsedMs;
    o.stdoutOutput = out;
    o.stderrOutput = err;
    o.signal = signalOf(end);
    o.exitCode = o.signal == 0 ? end.exitCode : -1;
    const bool failedRun = o.signal != 0 || end.exitCode != 0;
    SandboxSigns signs = scanSandboxSigns(err.text() + '\n' + out.text());
    o.peakAddressSpaceKiB = end.peakAddressSpaceKiB;
    o.peakResidentKiB = end.peakResidentKiB;
    // The kernel's own accounting, which no output can hide: a process whose address space reached the limit
    // (within 10 %: the allocation that failed was refused before it was mapped, and it may have been large) had
    // allocations refused there.
    const bool addressSpaceFull = limits.memoryMiB > 0 && end.memoryLimitIsAddressSpace
        && end.peakAddressSpaceKiB >= (qint64(limits.memoryMiB) << 10) * 9 / 10;
    if (addressSpaceFull)
        signs.memory.prepend(QStringLiteral("the kernel's accounting (/proc/PID/status, read by the workbench): peak "
                                            "address space %1 MiB of the %2 MiB limit")
                                 .arg(end.peakAddressSpaceKiB >> 10)
                                 .arg(limits.memoryMiB));
    // Likewise the pids cgroup's count of refused tasks: a program that died after a thread or a fork was refused
    // may say nothing about it ("terminate called …", an exit status). Only for a run that failed: a clean run
    // whose libraries' thread pools were refused a thread and went on is not told it failed at the limit.
    if (failedRun && limits.maxProcesses > 0 && end.refusedTasks > 0)
        signs.processes.prepend(QStringLiteral("the kernel's accounting (pids.events of the run's cgroup, read by the "
                                               "workbench): %1 new processes or threads refused at the limit")
                                    .arg(end.refusedTasks));

    if (end.request == EndRequest::Stop) {
        o.status = RunStatus::Stopped;
        o.detail = QStringLiteral("stopped by the user");
    } else if (end.request == EndRequest::Timeout) {
        o.status = RunStatus::TimedOut;
        o.detail = QStringLiteral("killed at the wall-clock limit of %1 s").arg(limits.timeoutMs / 1000.0);
    } else if (o.signal == SIGXCPU) {
        o.status = RunStatus::TimedOut;
        o.detail = QStringLiteral("killed at the CPU-time limit of %1 s").arg(limits.cpuSeconds);
    } else if (failedRun && limits.memoryMiB > 0 && !signs.memory.isEmpty()) {
        o.status = RunStatus::MemoryLimit;
        o.detail = QStringLiteral("failed at the memory limit of %1 MiB").arg(limits.memoryMiB);
    } else if (failedRun && limits.maxProcesses > 0 && !signs.processes.isEmpty()) {
        o.status = RunStatus::ProcessLimit;
        o.detail = QStringLiteral("failed at the process limit of %1").arg(limits.maxProcesses);
    } else if (o.signal == SIGXFSZ) {
        o.status = RunStatus::FileSizeLimit;
        o.detail = QStringLiteral("killed by SIGXFSZ at the file-size limit of %1 MiB").arg(limits.fileSizeMiB);
    } else if (failedRun && limits.fileSizeMiB > 0 && !signs.fileSize.isEmpty()) {
        o.status = RunStatus::FileSizeLimit;
        o.detail = QStringLiteral("a file it wrote reached the file-size limit of %1 MiB").arg(limits.fileSizeMiB);
    } else if (o.signal != 0) {
        o.status = RunStatus::Signalled;
        o.detail = QStringLiteral("killed by %1").arg(signalName(o.signal));
    } else {
        o.status = RunStatus::Exited;
        o.detail = QStringLiteral("exited with code %1").arg(end.exitCode);
    }

    if (o.status == RunStatus::TimedOut)
        o.findings.append(sandboxFinding("sandbox.timeout", Severity::Error, o.detail));
    if (o.status == RunStatus::FileSizeLimit)
        o.findings.append(sandboxFinding("sandbox.file-size-limit", Severity::Error, o.detail, signs.fileSize));
    if (o.status == RunStatus::MemoryLimit)
        o.findings.append(sandboxFinding("sandbox.memory-limit", Severity::Error, o.detail, signs.memory));
    // Allocations that failed at the limit and were caught: the run went on, but with less than it asked for.
    else if (!failedRun && limits.memoryMiB > 0 && !signs.memory.isEmpty())
        o.findings.append(sandboxFinding("sandbox.memory-limit", Severity::Warning,
            QStringLiteral("allocations failed at the memory limit of %1 MiB, yet the run went on")
                .arg(limits.memoryMiB),
            signs.memory));
    // A fork bomb that exits cleanly after hitting the limit still hit it.
    if (o.status != RunStatus::Stopped && limits.maxProcesses > 0 && !signs.processes.isEmpty())
        o.findings.append(sandboxFinding("sandbox.process-limit", Severity::Error,
            QStringLiteral("ran into the process limit of %1").arg(limits.maxProcesses), signs.processes));
    if (end.sandboxed && !signs.writeDenied.isEmpty())
        o.findings.append(sandboxFinding("sandbox.write-denied", Severity::Error,
            QStringLiteral("tried to write outside its work folder"), signs.writeDenied));
    if (end.sandboxed && !signs.networkDenied.isEmpty())
        o.findings.append(sandboxFinding("sandbox.network-denied", Severity::Error,
            QStringLiteral("tried to open a network connection"), signs.networkDenied));
    addOutputFindings(o, limits);
    return o;
}

QString sandboxSetupFailure(const ProcessEnd& end, const CapturedOutput& err)
{
    if (!end.sandboxed || end.crashed || end.exitCode != 1 || !err.head.startsWith("bwrap: "))
        return QString();
    const QByteArray first = err.head.left(err.head.indexOf('\n'));
    return QStringLiteral("the sandbox could not be set up: %1").arg(QString::fromUtf8(first).trimmed());
}

QString startFailureMessage(QProcess::ProcessError error, const QString& program, const QString& detail)
{
    switch (error) {
    case QProcess::FailedToStart:
        return QStringLiteral("'%1' failed to start: %2").arg(program, detail);
    case QProcess::Crashed:
    case QProcess::Timedout:
    case QProcess::ReadError:
    case QProcess::WriteError:
    case QProcess::UnknownError:
        break;
    }
    return QStringLiteral("'%1': %2").arg(program, detail);
}

} // namespace kwb

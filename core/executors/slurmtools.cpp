// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/executors/slurmtools.h"

#include "core/executors/liveprocess.h"

#include <QStandardPaths>

namespace kwb {

bool SlurmElement::finished() const
{
    static const QStringList live { QStringLiteral("PENDING"), QStringLiteral("RUNNING"), QStringLiteral("CONFIGURING"),
        QStringLiteral("COMPLETING"), QStringLiteral("SUSPENDED"), QStringLiteral("REQUEUED"),
        QStringLiteral("RESIZING"), QStringLiteral("SIGNALING"), QStringLiteral("STAGE_OUT") };
    return !state.isEmpty() && !live.contains(state);
}

namespace {
LiveRun slurmTool(const QString& tool, const QStringList& args)
{
    LiveOptions opt;
    opt.timeoutMs = 30000;
    return runLive(tool, args, opt);
}

Error toolError(const QString& tool, const LiveRun& r)
{
    return Error::environment(
        tool, {}, r.started ? QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.lastErrorLine()) : r.startError);
}

// "123_4" → 4; "123_[5-7]" (pending, not yet split) → the range.
QList<int> elementIndexes(const QString& id)
{
    const QString part = id.section(QLatin1Char('_'), 1);
    QList<int> out;
    if (part.startsWith(QLatin1Char('['))) {
        const QString inner = part.mid(1).section(QLatin1Char(']'), 0, 0).section(QLatin1Char('%'), 0, 0);
        for (const QString& r : inner.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const int a = r.section(QLatin1Char('-'), 0, 0).toInt();
            const int b = r.contains(QLatin1Char('-')) ? r.section(QLatin1Char('-'), 1, 1).toInt() : a;
            for (int i = a; i <= b; ++i)
                out << i;
        }
        return out;
    }
    bool ok = false;
    const int i = part.toInt(&ok);
    if (ok)
        out << i;
    return out;
}
} // namespace

Result<QString> submitSlurmArray(const SlurmArray& a)
{
    if (a.count < 1)
        return Error { QStringLiteral("sbatch"), {}, QStringLiteral("nothing to submit") };
    QStringList args { QStringLiteral("--parsable"), QStringLiteral("--array=0-%1").arg(a.count - 1),
        QStringLiteral("--job-name=") + a.name, QStringLiteral("--chdir=") + a.workDir };
    if (!a.partition.isEmpty())
        args << QStringLiteral("--partition=") + a.partition;
    if (a.timeMinutes > 0)
        args << QStringLiteral("--time=%1").arg(a.timeMinutes);
    if (a.memoryMiB > 0)
        args << QStringLiteral("--mem=%1M").arg(a.memoryMiB);
    if (!a.gres.isEmpty())
        args << QStringLiteral("--gres=") + a.gres;
    if (!a.logPattern.isEmpty())
        args << QStringLiteral("--output=") + a.logPattern;
    args << a.script << a.scriptArgs;
    const LiveRun r = slurmTool(QStringLiteral("sbatch"), args);
    if (!r.ok())
        return toolError(QStringLiteral("sbatch"), r);
    const QString id = QString::fromUtf8(r.out).trimmed().section(QLatin1Char(';'), 0, 0);
    if (id.isEmpty() || !id.at(0).isDigit())
        return Error::environment(QStringLiteral("sbatch"), {}, QStringLiteral("unexpected answer '%1'").arg(id));
    return id;
}

Result<QMap<int, SlurmElement>> slurmArrayStates(const QString& jobId)
{
    QMap<int, SlurmElement> states;
    // sacct first (it keeps finished jobs), where accounting is enabled; squeue's view wins for live elements.
    const LiveRun acct = slurmTool(QStringLiteral("sacct"),
        { QStringLiteral("-j"), jobId, QStringLiteral("-n"), QStringLiteral("-P"), QStringLiteral("-X"),
            QStringLiteral("-o"), QStringLiteral("JobID,State,NodeList,Reason") });
    if (acct.ok()) {
        for (const QByteArray& line : acct.out.split('\n')) {
            const QStringList f = QString::fromUtf8(line).split(QLatin1Char('|'));
            if (f.size() < 4)
                continue;
            for (int i : elementIndexes(f[0]))
                states.insert(i, { f[1].section(QLatin1Char(' '), 0, 0), f[2], f[3] });
        }
    }
    const LiveRun q = slurmTool(QStringLiteral("squeue"),
        { QStringLiteral("-h"), QStringLiteral("-r"), QStringLiteral("--states=all"), QStringLiteral("-j"), jobId,
            QStringLiteral("-o"), QStringLiteral("%i|%T|%N|%r") });
    if (!q.ok() && !acct.ok())
        return toolError(QStringLiteral("squeue"), q);
    for (const QByteArray& line : q.out.split('\n')) {
        const QStringList f = QString::fromUtf8(line).trimmed().split(QLatin1Char('|'));
        if (f.size() < 4)
            continue;
        for (int i : elementIndexes(f[0]))
            states.insert(i, { f[1], f[2], f[3] });
    }
    return states;
}

Status cancelSlurmJob(const QString& jobId)
{
    const LiveRun r = slurmTool(QStringLiteral("scancel"), { jobId });
    if (!r.ok())
        return toolError(QStringLiteral("scancel"), r);
    return Ok {};
}

QList<ToolInfo> probeSlurm(const QString& partition)
{
    QList<ToolInfo> tools;
    for (const char* name : { "sbatch", "squeue", "sacct", "scancel", "sinfo" }) {
        ToolInfo t;
        t.name = QLatin1StringView(name);
        t.path = QStandardPaths::findExecutable(t.name);
        t.found = !t.path.isEmpty();
        t.required = t.name != u"sacct";
        t.purpose = t.name == u"sacct" ? QStringLiteral("states of finished elements (needs accounting)")
                                       : QStringLiteral("Slurm client");
        if (t.found)
            t.version = QString::fromUtf8(slurmTool(t.path, { QStringLiteral("--version") }).out).trimmed();
        else
            t.note = QStringLiteral("not found on PATH (install slurm-client)");
        tools << t;
    }
    ToolInfo part;
    part.name = partition.isEmpty() ? QStringLiteral("partition (default)") : QStringLiteral("partition ") + partition;
    part.required = true;
    part.purpose = QStringLiteral("where the array runs");
    QStringList args { QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%P %a %D nodes %G %l") };
    if (!partition.isEmpty())
        args << QStringLiteral("-p") << partition;
    const LiveRun r = slurmTool(QStringLiteral("sinfo"), args);
    const QString line = QString::fromUtf8(r.out).trimmed().section(QLatin1Char('\n'), 0, 0);
    part.found = r.ok() && !line.isEmpty();
    part.version = line;
    part.note = r.ok() ? QStringLiteral("no such partition") : r.lastErrorLine();
    tools << part;
    return tools;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchrun.h"

#include "core/executors/slurmtools.h"
#include "core/executors/sshtransport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

namespace kwb {

namespace {
QByteArray readTrimmed(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

// Each element runs kwb in its folder of the shared output folder; kwb's own exit code lands in `rc`, and the
// element exits 0 whenever kwb ran to the end, so Slurm's COMPLETED means "kwb finished".
QByteArray elementScript(const BatchRequest& request)
{
    const QString kwb = request.kwb.isEmpty() ? kwbExecutable() : request.kwb;
    QStringList cmd;
    for (const QString& w : request.action.elementCommand(kwb, QStringLiteral("@TASK@")))
        cmd << (w == u"@TASK@" ? QStringLiteral("\"$task\"") : SshTransport::quote(w));
    return QStringLiteral(R"SH(#!/bin/sh
# kwb batch element: line $SLURM_ARRAY_TASK_ID+1 of $1 is "FOLDER<TAB>TASK".
line=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" "$1")
dir=$(printf '%s\n' "$line" | cut -f1)
task=$(printf '%s\n' "$line" | cut -f2)
mkdir -p "$dir" && cd "$dir" || exit 90
rm -f rc report.json report.json.part
echo "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID} $(hostname)" >slurm.txt
%1 >report.json.part 2>log.txt
rc=$?
[ $rc -le 1 ] && mv report.json.part report.json
echo $rc >rc
[ $rc -le 1 ] && exit 0
exit $rc
)SH")
        .arg(cmd.join(QLatin1Char(' ')))
        .toUtf8();
}

void finalize(const BatchRequest& request, ElementState& s, const SlurmElement& e, const QString& logFile)
{
    const QString dir = elementDir(request.outDir, s.id);
    s.slurmState = e.state;
    s.node = e.node;
    bool haveRc = false;
    const int rc = readTrimmed(QDir(dir).filePath(QStringLiteral("rc"))).toInt(&haveRc);
    s.exitCode = haveRc ? rc : -1;
    if (e.state == u"COMPLETED" || (e.state.isEmpty() && haveRc))
        s.status = haveRc ? statusForExit(rc) : QStringLiteral("failed");
    else if (e.state == u"TIMEOUT" || e.state == u"DEADLINE")
        s.status = QStringLiteral("timeout");
    else if (e.state == u"CANCELLED")
        s.status = QStringLiteral("cancelled");
    else
        s.status = QStringLiteral("failed");
    if (!s.complete()) {
        const QString tail = QString::fromUtf8(readTrimmed(logFile)).section(QLatin1Char('\n'), -1).left(160);
        s.note = QStringLiteral("Slurm %1 on %2%3; log %4%5")
                     .arg(e.state.isEmpty() ? QStringLiteral("(forgotten)") : e.state,
                         e.node.isEmpty() ? QStringLiteral("?") : e.node,
                         e.reason.isEmpty() || e.reason == u"None" ? QString() : QStringLiteral(" (") + e.reason + u')',
                         logFile, tail.isEmpty() ? QString() : QStringLiteral(": ") + tail);
    }
    writeElementState(request.outDir, s);
}

struct Array {
    QString jobId;
    QList<int> elements; // index in states, by array index
    QString listFile;
};
} // namespace

Status runSlurmElements(const BatchRequest& request, QList<ElementState>& states, const QList<int>& pending,
    const std::function<void(int)>& changed, const std::atomic_bool* cancel, QString* jobId)
{
    if (pending.isEmpty())
        return Ok {};
    const QString slurmDir = QDir(QDir(request.outDir).absolutePath()).filePath(QStringLiteral("slurm"));
    QDir().mkpath(slurmDir + QStringLiteral("/logs"));
    const QString script = slurmDir + QStringLiteral("/element.sh");
    QFile sf(script);
    if (!sf.open(QIODevice::WriteOnly) || sf.write(elementScript(request)) < 0)
        return Error::environment(script, {}, QStringLiteral("cannot write: %1").arg(sf.errorString()));
    sf.close();
    sf.setPermissions(sf.permissions() | QFileDevice::ExeOwner);

    // GPU tasks ask for a GPU; the rest do not wait for one: one array each.
    QList<Array> arrays;
    for (const bool gpu : { false, true }) {
        Array a;
        QByteArray list;
        for (int index : pending) {
            const bool wantsGpu = std::any_of(request.items.cbegin(), request.items.cend(),
                [&](const BatchItem& i) { return i.id == states[index].id && i.gpu; });
            if (wantsGpu != gpu)
                continue;
            const QString dir = QDir(elementDir(request.outDir, states[index].id)).absolutePath();
            QDir().mkpath(dir);
            QFile::remove(QDir(dir).filePath(QStringLiteral("state.json")));
            list += (dir + QLatin1Char('\t') + states[index].taskDir + QLatin1Char('\n')).toUtf8();
            a.elements << index;
        }
        if (a.elements.isEmpty())
            continue;
        a.listFile = slurmDir + (gpu ? QStringLiteral("/gpu.list") : QStringLiteral("/cpu.list"));
        QFile lf(a.listFile);
        if (!lf.open(QIODevice::WriteOnly) || lf.write(list) != list.size())
            return Error::environment(a.listFile, {}, QStringLiteral("cannot write: %1").arg(lf.errorString()));
        lf.close();
        SlurmArray sa;
        sa.script = script;
        sa.scriptArgs = { a.listFile };
        sa.workDir = slurmDir;
        sa.count = int(a.elements.size());
        sa.partition = request.action.executor.partition;
        sa.timeMinutes = request.slurmTimeMinutes;
        sa.memoryMiB = request.slurmMemoryMiB;
        sa.gres = gpu ? QStringLiteral("gpu:1") : QString();
        sa.name = QStringLiteral("kwb-") + request.action.action;
        sa.logPattern = slurmDir + QStringLiteral("/logs/%A_%a.log");
        auto id = submitSlurmArray(sa);
        if (!id) {
            for (const Array& done : arrays)
                cancelSlurmJob(done.jobId);
            return id.error();
        }
        a.jobId = *id;
        QFile jf(slurmDir + QStringLiteral("/jobs.txt"));
        if (jf.open(QIODevice::Append))
            jf.write((a.jobId + (gpu ? QStringLiteral(" gpu\n") : QStringLiteral(" cpu\n"))).toUtf8());
        for (int k = 0; k < a.elements.size(); ++k) {
            ElementState& s = states[a.elements[k]];
            s.jobId = QStringLiteral("%1_%2").arg(a.jobId).arg(k);
            s.slurmState = QStringLiteral("PENDING");
            s.status = QStringLiteral("pending");
            s.resumed = false;
        }
        arrays << a;
    }
    QStringList ids;
    for (const Array& a : arrays)
        ids << a.jobId;
    *jobId = ids.join(QLatin1Char(','));

    bool cancelled = false;
    QElapsedTimer sinceCancel;
    int unfinished = int(pending.size());
    QMap<QString, int> misses; // polls in a row an element was unknown to both squeue and sacct
    while (unfinished > 0) {
        if (cancel && cancel->load() && !cancelled) {
            cancelled = true;
            sinceCancel.start();
            for (const Array& a : arrays)
                cancelSlurmJob(a.jobId);
        }
        for (const Array& a : arrays) {
            auto states_ = slurmArrayStates(a.jobId);
            if (!states_)
                continue; // a slurmctld hiccup: ask again at the next poll
            for (int k = 0; k < a.elements.size(); ++k) {
                ElementState& s = states[a.elements[k]];
                if (s.status != u"pending" && s.status != u"running")
                    continue;
                const QString log = QStringLiteral("%1/logs/%2_%3.log").arg(slurmDir, a.jobId).arg(k);
                if (!states_->contains(k)) {
                    // Forgotten by slurmctld (MinJobAge) with no accounting: judge by the files it left.
                    if (++misses[s.jobId] >= 5) {
                        finalize(request, s, {}, log);
                        --unfinished;
                        changed(a.elements[k]);
                    }
                    continue;
                }
                misses.remove(s.jobId);
                const SlurmElement e = states_->value(k);
                if (e.finished()) {
                    finalize(request, s, e, log);
                    --unfinished;
                    changed(a.elements[k]);
                } else if (e.state != s.slurmState) {
                    s.slurmState = e.state;
                    s.node = e.node;
                    s.status = e.state == u"PENDING" ? QStringLiteral("pending") : QStringLiteral("running");
                    changed(a.elements[k]);
                }
            }
        }
        if (cancelled && sinceCancel.elapsed() > 60000)
            break;
        if (unfinished > 0)
            QThread::msleep(request.pollMs);
    }
    for (int index : pending) {
        ElementState& s = states[index];
        if (s.status == u"pending" || s.status == u"running") {
            s.status = QStringLiteral("cancelled");
            s.note = QStringLiteral("Slurm did not confirm the cancellation of %1 within 60 s").arg(s.jobId);
            changed(index);
        }
    }
    return Ok {};
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/bench/benchengine.h"

#include "core/diagnose/diagnosis.h"
#include "core/env/toolprobe.h"
#include "core/exec/runtocompletion.h"
#include "core/run/dispatchevidence.h"
#include "core/run/implrun.h"
#include "core/run/implverdict.h"
#include "core/run/sshrunner.h"
#include "core/run/workspace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <sys/resource.h>
#include <sys/stat.h>

namespace kwb::detail {
namespace {
void fail(ImplBench& bench, const Implementation& impl, bool remote, ImplStatus status, const QString& error,
    const QString& log, const std::optional<RunOutcome>& outcome, const QString& workDir = {})
{
    bench.status = status;
    bench.error = error;
    if (auto lazy = lazyResultFinding(bench.id, error)) {
        bench.findings << *lazy;
        return;
    }
    // The runner's word that the machine lacks something, believed as in kwb run: not run, no failure finding,
    // and no limit finding when its own setup did not fit the limits.
    if (const auto env = workDir.isEmpty()
            ? std::nullopt
            : believedEnvironmentProblem(workDir, impl, !remote, outcome && implementationCodeRan(*outcome))) {
        const Finding f = environmentFinding(bench.id, env->kind, env->what, env->message);
        bench.status = ImplStatus::NotRun;
        bench.notRunReason = f.message;
        if (env->kind == u"limits")
            bench.findings.removeIf([](const Finding& g) { return isLimitFinding(g.id); });
        bench.findings << f;
        return;
    }
    FailureContext ctx;
    if (outcome) {
        ctx.exitCode = outcome->exitCode;
        if (outcome->signal)
            ctx.signal = outcome->signal;
        ctx.timedOut = outcome->status == RunStatus::TimedOut;
    }
    Finding f = diagnose(log, ctx).toFinding();
    f.impl = bench.id;
    f.message += QStringLiteral(": ") + error;
    // As in kwb run: an implementation that did not finish under the bench gave no evidence of its speed or its
    // correctness, an error even when its log matches no failure class.
    f.severity = Severity::Error;
    // No device, or a driver the runtime cannot use, on a machine that indeed has no accelerator, or a driver older
    // than the toolkit by this machine's own tools: the implementation is not run here — the environment's fault, not
    // a failure of the code (as in kwb run). The implementation's words alone are not believed.
    const auto notRunHere = [&](const char* kind, const QString& why) {
        bench.status = ImplStatus::NotRun;
        f.evidence.insert(QStringLiteral("kind"), QLatin1StringView(kind));
        f.evidence.insert(QStringLiteral("diagnosis"), f.id);
        f.id = QStringLiteral("env.") + QLatin1StringView(kind);
        f.severity = Severity::Warning;
        f.message = QStringLiteral("%1 not run: %2 (%3)").arg(bench.id, why, f.message);
        bench.notRunReason = f.message;
    };
    if (deviceMissingHere(impl, f.id, remote))
        notRunHere("no-device", QStringLiteral("no accelerator on this machine"));
    else if (driverTooOldHere(impl, f.id, remote))
        notRunHere(
            "driver-mismatch", QStringLiteral("this machine's NVIDIA driver supports an older CUDA than its toolkit"));
    else if (isMachineOrigin(findingOrigin(f.id)))
        markUnconfirmedMachineFault(f); // the implementation's own words about the machine (implverdict.h)
    bench.findings << f;
}

double field(const QList<QByteArray>& words, const char* name)
{
    const QByteArray prefix = QByteArray(name) + '=';
    for (const QByteArray& w : words) {
        if (w.startsWith(prefix))
            return w.mid(prefix.size()).toDouble();
    }
    return -1;
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

/// Reads result.json of a round; returns the runner's error ("" when ok).
QString mergeRecord(ImplBench& bench, const QList<PoolCall>& calls, const QJsonObject& r, const QList<Marker>& markers,
    int round, bool watched, const QStringList& callDirs = {})
{
    if (r.isEmpty())
        return QStringLiteral("the runner wrote no result.json");
    if (bench.provenance.isEmpty()) {
        bench.provenance = r.value(QStringLiteral("provenance")).toObject();
        bench.provenance.insert(QStringLiteral("host"), r.value(QStringLiteral("host")));
        bench.provenance.insert(QStringLiteral("clock"), r.value(QStringLiteral("clock")));
    }
    mergeRound(bench, calls, r.value(QStringLiteral("calls")).toArray(), markers, round, watched, callDirs);
    for (auto it = bench.cases.begin(); it != bench.cases.end(); ++it) {
        it->timerOverheadNs = std::max(it->timerOverheadNs, r.value(QStringLiteral("timer_overhead_ns")).toDouble());
        it->flushBytes = r.value(QStringLiteral("flush_bytes")).toVariant().toLongLong();
    }
    return r.value(QStringLiteral("status")).toString() == u"ok" ? QString()
                                                                 : r.value(QStringLiteral("error")).toString();
}

// One round on an SSH host: the runner is built there in the first round (cached by content hash).
bool runBenchRoundOverSsh(const Task& task, const Implementation& impl, ImplBench& bench, const QList<PoolCall>& calls,
    const BenchRequest& request, const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel,
    int round)
{
    const SshRunnerJob job = sshRunnerJob(
        request, workDir, impl.id + QLatin1Char('-') + QFileInfo(workDir).fileName(), inputsRoot, cancel);
    SshRunnerEnd end = runRunnerOverSsh(task, impl, job);
    if (bench.build.compileCommand.isEmpty() && bench.build.dir.isEmpty())
        bench.build = end.build;
    bench.findings << end.findings;
    if (end.status == ImplStatus::NotRun) { // the host's toolkit cannot build for the task's target
        bench.status = ImplStatus::NotRun;
        bench.error = bench.notRunReason = end.error;
        return false;
    }
    if (!end.build.archsNotBuilt.isEmpty()
        && std::none_of(bench.findings.cbegin(), bench.findings.cend(),
            [](const Finding& f) { return f.id == u"env.toolkit-arch"; }))
        bench.findings << toolkitArchFinding(impl.id, end.build.archsNotBuilt, end.build.archsNotBuiltWhy);
    if (end.status != ImplStatus::Ok) {
        const ImplStatus status = end.status == ImplStatus::BuildFailed ? end.status : ImplStatus::Failed;
        if (end.status == ImplStatus::Lost || end.status == ImplStatus::Stopped) {
            bench.status = status;
            bench.error = end.error;
        } else {
            fail(bench, impl, true, status, end.error, end.log, std::nullopt);
        }
        return false;
    }
    for (Finding f : end.outcome->findings) {
        f.impl = impl.id;
        bench.findings << f;
    }
    const QString error
        = mergeRecord(bench, calls, readJson(QDir(workDir).filePath(QStringLiteral("result.json"))), {}, round, false);
    for (auto it = end.provenance.constBegin(); it != end.provenance.constEnd(); ++it)
        bench.provenance.insert(it.key(), it.value());
    if (end.outcome->succeeded() && error.isEmpty())
        return true;
    fail(bench, impl, true, ImplStatus::Failed, error.isEmpty() ? end.outcome->detail : error,
        bench.build.log + end.log, *end.outcome, workDir);
    return false;
}

/// What tells a file's content changed without reading it: any write, through a path, a descriptor opened earlier or
/// a hard link, sets its ctime (which no call can set back); a replacement changes its inode.
struct FileMark {
    QString name;
    quint64 inode = 0;
    qint64 size = 0;
    qint64 mtimeNs = 0;
    qint64 ctimeNs = 0;
    bool operator==(const FileMark&) const = default;
};

/// The mark of a regular file (not followed through a link); nothing for anything else.
std::optional<FileMark> fileMark(const QString& path)
{
    struct stat st { };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return std::nullopt;
    return FileMark { QFileInfo(path).fileName(), quint64(st.st_ino), qint64(st.st_size),
        qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
        qint64(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec };
}

/// What the markers said about one call.
struct CallMarks {
    int begins = 0, ends = 0;
    qint64 beginArrival = -1, endArrival = -1; ///< this process's clock
    double beginAt = -1, endAt = -1; ///< the runner's trusted clock, since its plan started
    double ns = -1, host = -1, flush = -1;
    double off = -1; ///< the CPU time the implementation's other threads and processes used before the call
    int writes = 0; ///< "outputs written" markers: the workbench took the outputs out of reach on it
    qint64 writtenArrival = -1;
    double late = -1, threads = -1, drain = -1; ///< what the record will say of the call, announced on that marker
    QByteArray dispatch; ///< the digest of the call's dispatch.json, announced on that marker
};
} // namespace

void mergeRound(ImplBench& bench, const QList<PoolCall>& calls, const QJsonArray& record, const QList<Marker>& markers,
    int round, bool watched, const QStringList& callDirs)
{
    QList<CallMarks> marks(calls.size());
    QString markerError;
    QStringList guardReport;
    for (const Marker& m : markers) {
        const QList<QByteArray> words = m.line.trimmed().split(' ');
        if (words.value(0) == "impl")
            continue; // the implementation's code is about to be loaded (implementationCodeRan)
        if (noteGuardReport(m.line.trimmed(), guardReport))
            continue; // what the implementation replaced, installed or reached into (told at once or at the end)
        bool isIndex = false;
        const int i = words.value(1).toInt(&isIndex);
        if (!isIndex || i < 0 || i >= calls.size() || (words[0] != "s" && words[0] != "e" && words[0] != "w")) {
            markerError = QStringLiteral("an unexpected marker '%1'").arg(QString::fromUtf8(m.line.left(80)));
            continue;
        }
        CallMarks& c = marks[i];
        if (words[0] == "w") {
            ++c.writes;
            c.writtenArrival = m.atNs;
            c.late = field(words, "late");
            c.threads = field(words, "threads");
            c.drain = field(words, "drain");
            c.dispatch = markerWord(words, "dispatch");
        } else if (words[0] == "s") {
            ++c.begins;
            c.beginArrival = m.atNs;
            c.beginAt = field(words, "at");
            c.off = field(words, "off");
        } else {
            ++c.ends;
            c.endArrival = m.atNs;
            c.endAt = field(words, "at");
            c.ns = field(words, "ns");
            c.host = field(words, "host");
            c.flush = field(words, "flush");
        }
    }
    QMap<QString, std::vector<double>> thisRound;
    QMap<QString, PhaseTiming> phases;
    QMap<QString, std::vector<double>> gaps, drains, offCpu;
    QMap<QString, int> firstSample, lastSample; // per case: the first and the last sample with both markers
    for (int i = 0; i < calls.size(); ++i) {
        const PoolCall& call = calls[i];
        CaseSamples& s = bench.cases[call.caseName];
        PhaseTiming& t = phases[call.caseName];
        t.round = round;
        t.caseName = call.caseName;
        t.watched = watched;
        t.tamper = guardReport.join(u',');
        ++t.calls;
        const QJsonObject rec = i < record.size() ? record.at(i).toObject() : QJsonObject();
        if (rec.value(QStringLiteral("status")).toString() != u"ok")
            continue; // the runner stopped here; its error says why
        const CallMarks& m = marks[i];
        // The dispatch record judged is the one the call left beside its outputs, taken out of reach with them and
        // announced by digest on its marker; result.json's copy must be the same.
        QJsonObject dispatch = rec.value(QStringLiteral("dispatch")).toObject();
        if (watched) {
            QJsonObject taken;
            const QString why = verifiedDispatch(dispatch, m.dispatch, callDirs.value(i), &taken);
            if (!why.isEmpty() && t.markerError.isEmpty())
                t.markerError = QStringLiteral("call %1: %2").arg(i).arg(why);
            if (!taken.isEmpty() || why.isEmpty())
                dispatch = taken; // the record as the call left it, whatever result.json says
        }
        if (!dispatch.isEmpty()) {
            const QString label = QStringLiteral("%1/s%2/r%3").arg(call.caseName).arg(call.set).arg(round);
            bench.dispatchRecords.insert(label,
                CallRecord { .label = label,
                    .ok = true,
                    .elapsedNs = qint64(rec.value(QStringLiteral("elapsed_ns")).toDouble()),
                    .dispatch = dispatch });
        }
        t.begins += m.begins;
        t.ends += m.ends;
        const double recorded = rec.value(QStringLiteral("elapsed_ns")).toDouble();
        s.lateWrites += !rec.value(QStringLiteral("late_writes")).toArray().isEmpty();
        if (rec.value(QStringLiteral("gap_ns")).toDouble() > 0)
            gaps[call.caseName].push_back(rec.value(QStringLiteral("gap_ns")).toDouble());
        drains[call.caseName].push_back(rec.value(QStringLiteral("drain_ns")).toDouble());
        if (watched && m.ends == 1 && std::abs(m.ns - recorded) > 1 && t.markerError.isEmpty())
            t.markerError = QStringLiteral("call %1: the marker announced a sample of %2 ns, result.json holds %3 ns")
                                .arg(i)
                                .arg(m.ns, 0, 'f', 0)
                                .arg(recorded, 0, 'f', 0);
        // The outputs were taken out of reach on the call's "outputs written" marker, which carried what the record
        // says of the call: one such marker, after the call's end, and a record that agrees with it.
        if (watched && t.markerError.isEmpty()) {
            if (m.writes != 1 || m.writtenArrival < m.endArrival)
                t.markerError = QStringLiteral("call %1: %2 \"outputs written\" marker(s)%3 where the harness writes "
                                               "one after the call's end — the outputs were not all judged as the "
                                               "call left them")
                                    .arg(i)
                                    .arg(m.writes)
                                    .arg(m.writes == 1 ? QStringLiteral(", before the call's end") : QString());
            else if (m.late != rec.value(QStringLiteral("late_writes")).toArray().size()
                || m.threads != rec.value(QStringLiteral("threads_left")).toInt()
                || std::abs(m.drain - rec.value(QStringLiteral("drain_ns")).toDouble()) > 1)
                t.markerError
                    = QStringLiteral("call %1: result.json says late writes %2, threads left %3, drain %4 ns; "
                                     "the call's marker announced %5, %6, %7 ns")
                          .arg(i)
                          .arg(rec.value(QStringLiteral("late_writes")).toArray().size())
                          .arg(rec.value(QStringLiteral("threads_left")).toInt())
                          .arg(rec.value(QStringLiteral("drain_ns")).toDouble(), 0, 'f', 0)
                          .arg(m.late, 0, 'f', 0)
                          .arg(m.threads, 0, 'f', 0)
                          .arg(m.drain, 0, 'f', 0);
        }
        const double recordedOff = rec.value(QStringLiteral("off_cpu_ns")).toDouble(-1);
        if (watched && m.begins == 1 && std::abs(m.off - recordedOff) > 1 && t.markerError.isEmpty())
            t.markerError = QStringLiteral("call %1: the marker announced %2 ns of CPU time off the clock, result.json "
                                           "holds %3 ns")
                                .arg(i)
                                .arg(m.off, 0, 'f', 0)
                                .arg(recordedOff, 0, 'f', 0);
        if (!call.stress.isEmpty())
            continue; // a stress set: checked, never a sample (its values may change the work's pace)
        if (call.warmup) {
            if (round <= 0 && s.firstCallsNs.size() < 8) // the first process's first calls (the cold one first)
                s.firstCallsNs.push_back(recorded);
            continue;
        }
        // The sample is what the marker carried the moment it was taken (over SSH, where nobody watched the
        // markers, the record's).
        const double sample = watched && m.ends == 1 ? m.ns : recorded;
        if (rec.value(QStringLiteral("throttled")).toBool()) {
            ++s.discarded;
            continue;
        }
        // A warm-up call may start a framework's thread pool; a timed one that leaves a thread running (work going on
        // off the clock) is counted.
        s.threadsLeft += rec.value(QStringLiteral("threads_left")).toInt() > 0;
        // The work done by other threads and processes between the previous call and this one (a runner that does
        // not measure it writes none).
        if (const double off = watched && m.begins == 1 ? m.off : recordedOff; off >= 0)
            offCpu[call.caseName].push_back(off);
        s.samplesNs.push_back(sample);
        thisRound[call.caseName].push_back(sample);
        ++t.n;
        ++t.iterations;
        t.sampleSumNs += watched && m.ends == 1 ? m.ns : 0;
        t.recordSumNs += recorded;
        ++t.recordN;
        t.hostSumNs += rec.value(QStringLiteral("host_ns")).toDouble();
        t.flushSumNs += rec.value(QStringLiteral("flush_ns")).toDouble();
        // The span of the samples: from the first sample's begin marker to the last one's end marker.
        if (m.begins == 1 && m.ends == 1) {
            if (!firstSample.contains(call.caseName))
                firstSample.insert(call.caseName, i);
            lastSample.insert(call.caseName, i);
        }
    }
    for (auto it = firstSample.cbegin(); it != firstSample.cend(); ++it) {
        PhaseTiming& t = phases[it.key()];
        const CallMarks& first = marks[it.value()];
        const CallMarks& last = marks[lastSample.value(it.key())];
        t.observedNs = double(last.endArrival - first.beginArrival);
        t.phaseNs = last.endAt - first.beginAt;
    }
    for (auto it = phases.begin(); it != phases.end(); ++it) {
        PhaseTiming& t = it.value();
        if (!markerError.isEmpty() && t.markerError.isEmpty())
            t.markerError = markerError;
        t.betweenMedianNs = gaps.contains(it.key()) ? median(gaps[it.key()]) : -1;
        t.drainMedianNs = drains.contains(it.key()) ? median(drains[it.key()]) : -1;
        t.offCpuMedianNs = offCpu.contains(it.key()) ? median(offCpu[it.key()]) : -1;
        bench.cases[it.key()].phases << t;
    }
    for (auto it = thisRound.cbegin(); it != thisRound.cend(); ++it)
        bench.cases[it.key()].roundMediansNs.push_back(median(it.value()));
}

QString capturedOutputsDir(const QString& workDir)
{
    return QDir::cleanPath(workDir) + QStringLiteral(".outputs");
}

bool runBenchRound(const Task& task, const Implementation& impl, ImplBench& bench, const QList<PoolCall>& calls,
    const BenchRequest& request, const QString& workDir, const QString& inputsRoot, int round, QStringList* outDirs,
    const std::atomic_bool* cancel)
{
    const bool remote = request.executor.remote();
    QList<PlanCall> planCalls;
    for (const PoolCall& c : calls) // a remote runner reads its inputs relative to its own folder
        planCalls << PlanCall { QStringLiteral("k%1").arg(planCalls.size()),
            remote ? remoteInputsDir(inputsRoot, c.dir) : c.dir, c.caseName };
    const qint64 flushBytes = request.flushBytes ? *request.flushBytes : planFlushBytes(impl, remote);
    auto plan = planText(task, impl, planCalls, flushBytes);
    if (!plan) {
        fail(bench, impl, remote, ImplStatus::Failed, plan.error().oneLine(), plan.error().oneLine(), std::nullopt);
        return false;
    }
    QDir().mkpath(workDir);
    // A local runner's outputs are judged where they were moved when each call completed, beside the runner's folder
    // (out of its sight); over SSH from the runner's folder.
    const QString captured = capturedOutputsDir(workDir);
    QStringList judgedDirs; // per call: where its outputs (and dispatch record) are read
    for (const PlanCall& c : planCalls) {
        QDir().mkpath(QDir(workDir).filePath(callOutDir(c.label)));
        judgedDirs << QDir(remote ? workDir : captured).filePath(callOutDir(c.label));
    }
    if (outDirs)
        *outDirs << judgedDirs;
    QFile planFile(QDir(workDir).filePath(QStringLiteral("plan.txt")));
    if (!planFile.open(QIODevice::WriteOnly) || planFile.write(*plan) != plan->size()) {
        fail(bench, impl, remote, ImplStatus::Failed, planFile.fileName() + QStringLiteral(": cannot write the plan"),
            {}, std::nullopt);
        return false;
    }
    planFile.close();
    // The input sets: out of sight until their call comes, and out of sight again after the process.
    const auto reveal = [&](int i) {
        if (i >= 0 && i < calls.size() && !calls[i].hidden.isEmpty())
            QDir().rename(calls[i].hidden, calls[i].dir);
    };
    const auto hideAll = [&] {
        QString failed;
        for (const PoolCall& c : calls) {
            if (c.hidden.isEmpty() || !QFileInfo::exists(c.dir))
                continue;
            QDir().mkpath(QFileInfo(c.hidden).absolutePath());
            if (!QDir().rename(c.dir, c.hidden) && failed.isEmpty())
                failed = c.dir;
        }
        return failed;
    };
    // A set left in sight would let a candidate compute its answer before its call: no run without the hiding.
    if (const QString failed = hideAll(); !failed.isEmpty()) {
        fail(bench, impl, remote, ImplStatus::Failed,
            QStringLiteral("%1: the input set could not be moved out of the runner's sight until its call").arg(failed),
            {}, std::nullopt);
        return false;
    }
    if (remote) {
        for (int i = 0; i < calls.size(); ++i)
            reveal(i);
        const bool ok = runBenchRoundOverSsh(task, impl, bench, calls, request, workDir, inputsRoot, cancel, round);
        hideAll();
        return ok;
    }
    reveal(0);
    // A call's outputs, moved out of the runner's reach the moment the harness says they are written — before the
    // next call's inputs appear, so before any more of the implementation's code can run on a call's clock — and
    // marked: a later write through a descriptor opened earlier, or a link, changes the file's ctime or inode. What a
    // later call, or the process's end, does to files in its reach is not what is judged (a last call that computes
    // every earlier call's answer and rewrites their files has only its own call's time).
    QList<QList<FileMark>> taken(calls.size());
    QList<bool> wasTaken(calls.size(), false);
    const auto takeOutputs = [&](int i) {
        if (i < 0 || i >= calls.size() || wasTaken[i])
            return;
        wasTaken[i] = true;
        const QString from = QDir(workDir).filePath(callOutDir(planCalls[i].label));
        const QString to = QDir(captured).filePath(callOutDir(planCalls[i].label));
        QDir().mkpath(QFileInfo(to).absolutePath());
        if (!QDir().rename(from, to) || QFileInfo(to).isSymLink()) {
            QFile::remove(to);
            QDir().mkpath(to); // nothing taken: the call's outputs count as not written
            return;
        }
        // Regular files only: a link, pipe or device the runner planted is not read.
        for (const QFileInfo& f :
            QDir(to).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)) {
            if (auto m = fileMark(f.absoluteFilePath())) {
                taken[i] << *m;
            } else if (f.isDir() && !f.isSymLink()) {
                QDir(f.absoluteFilePath()).removeRecursively();
            } else {
                QFile::remove(f.absoluteFilePath());
            }
        }
    };

    const ProcessSpec spec = runnerProcess(
        bench.build, QStringLiteral("plan.txt"), workDir, { inputsRoot }, request.limits, request.sandbox);
    // The workbench's own witness: every `kwb-mark` line of the runner's stderr, timestamped on arrival by this
    // process's monotonic clock, which nothing in the runner can reach.
    QElapsedTimer clock;
    clock.start();
    QByteArray pending;
    QList<Marker> markers;
    const auto watch = [&](OutputChannel channel, const QByteArray& bytes) {
        if (channel != OutputChannel::Stderr)
            return;
        const qint64 at = clock.nsecsElapsed();
        pending += bytes;
        for (qsizetype nl; (nl = pending.indexOf('\n')) >= 0;) {
            const QByteArray line = pending.left(nl);
            pending.remove(0, nl + 1);
            if (line.startsWith("kwb-mark ") && markers.size() < 4 * calls.size() + 16) {
                markers << Marker { at, line.mid(9) };
                // A call is complete: its outputs are taken, and only then do the next call's inputs appear.
                if (line.startsWith("kwb-mark w ")) {
                    const int i = line.split(' ').value(2).toInt();
                    takeOutputs(i);
                    reveal(i + 1);
                }
            }
        }
    };
    const auto childCpuS = [] {
        struct rusage u { };
        getrusage(RUSAGE_CHILDREN, &u);
        return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    };
    const double cpu0 = childCpuS();
    auto outcome = runToCompletion(spec, watch, cancel);
    hideAll();
    // Outputs that changed after they were taken, or a call's folder written again: the implementation rewrote a
    // completed call's answer.
    QStringList rewritten;
    for (int i = 0; i < calls.size(); ++i) {
        if (!wasTaken[i])
            continue;
        const QString to = QDir(captured).filePath(callOutDir(planCalls[i].label));
        if (QFileInfo::exists(QDir(workDir).filePath(callOutDir(planCalls[i].label)))) {
            rewritten << QStringLiteral("call %1 (its output folder written again)").arg(i);
            continue;
        }
        for (const FileMark& m : taken[i]) {
            if (fileMark(QDir(to).filePath(m.name)) != m) {
                rewritten << QStringLiteral("call %1 ('%2')").arg(i).arg(m.name);
                break;
            }
        }
    }
    const bool toldAlready = std::any_of(bench.findings.cbegin(), bench.findings.cend(),
        [](const Finding& f) { return f.evidence.contains(QStringLiteral("rewritten_calls")); });
    if (!rewritten.isEmpty() && !toldAlready) { // one finding says it; every round's calls are judged as taken
        Finding f;
        f.id = QStringLiteral("bench.timer-tampered");
        f.severity = Severity::Error;
        f.impl = impl.id;
        f.message = QStringLiteral("round %1: the outputs of %2 call(s) changed on disk after the call had completed "
                                   "and they had been taken (first: %3) — the implementation rewrote finished calls' "
                                   "answers (through a descriptor or a link kept from before)")
                        .arg(round < 0 ? QStringLiteral("sizing") : QString::number(round + 1))
                        .arg(rewritten.size())
                        .arg(rewritten.first());
        f.evidence = QJsonObject { { QStringLiteral("rewritten_calls"), rewritten.size() } };
        bench.findings << f;
    }
    bench.processCpuS += childCpuS() - cpu0;
    bench.processWallS += double(clock.nsecsElapsed()) / 1e9;
    if (!outcome) {
        fail(bench, impl, remote, ImplStatus::Failed, outcome.error().oneLine(), outcome.error().oneLine(),
            std::nullopt);
        return false;
    }
    for (Finding f : outcome->findings) {
        f.impl = impl.id;
        bench.findings << f;
    }
    const QString error = mergeRecord(bench, calls, readJson(QDir(workDir).filePath(QStringLiteral("result.json"))),
        markers, round, true, judgedDirs);
    if (outcome->succeeded() && error.isEmpty())
        return true;
    const QString log = bench.build.log + QString::fromUtf8(outcome->stdoutOutput.text())
        + QString::fromUtf8(outcome->stderrOutput.text());
    fail(bench, impl, remote, ImplStatus::Failed, error.isEmpty() ? outcome->detail : error, log, *outcome, workDir);
    return false;
}

} // namespace kwb::detail

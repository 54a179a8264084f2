#include "core/bench/benchengine.h"

#include "core/diagnose/diagnosis.h"
#include "core/env/toolprobe.h"
#include "core/exec/runtocompletion.h"
#include "core/run/sshrunner.h"
#include "core/run/workspace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <sys/resource.h>

namespace kwb::detail {
namespace {
void fail(ImplBench& bench, ImplStatus status, const QString& error, const QString& log,
    const std::optional<RunOutcome>& outcome)
{
    bench.status = status;
    bench.error = error;
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
    // No device, or a driver the runtime cannot use, on a machine that indeed has no accelerator: the
    // implementation is not run here — the environment's fault, not a failure of the code (as in kwb run).
    if (findingOrigin(f.id) == FindingOrigin::Environment && !acceleratorPresent()) {
        bench.status = ImplStatus::NotRun;
        f.evidence.insert(QStringLiteral("kind"), QStringLiteral("no-device"));
        f.evidence.insert(QStringLiteral("diagnosis"), f.id);
        f.id = QStringLiteral("env.no-device");
        f.severity = Severity::Warning;
        f.message = QStringLiteral("%1 not run: no accelerator on this machine (%2)").arg(bench.id, f.message);
    }
    bench.findings << f;
}

std::vector<double> numbers(const QJsonValue& v)
{
    std::vector<double> out;
    for (const auto& x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

/// Merges bench.json into `bench` as round `round`; returns the runner's error ("" when ok).
QString mergeRecord(ImplBench& bench, const QString& path, int round, bool watched)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("the runner wrote no bench.json");
    const QJsonObject r = QJsonDocument::fromJson(f.readAll()).object();
    if (bench.provenance.isEmpty()) {
        bench.provenance = r.value(QStringLiteral("provenance")).toObject();
        bench.provenance.insert(QStringLiteral("host"), r.value(QStringLiteral("host")));
        bench.provenance.insert(QStringLiteral("clock"), r.value(QStringLiteral("clock")));
    }
    QMap<QString, std::vector<double>> thisRound;
    for (const auto& v : r.value(QStringLiteral("calls")).toArray()) {
        const QJsonObject c = v.toObject();
        if (c.value(QStringLiteral("status")).toString() != u"ok")
            continue;
        const QString label = c.value(QStringLiteral("label")).toString();
        const QString caseName = label.section(QLatin1Char('/'), 0, 0);
        CaseSamples& s = bench.cases[caseName];
        const auto samples = numbers(c.value(QStringLiteral("samples_ns")));
        s.samplesNs.insert(s.samplesNs.end(), samples.begin(), samples.end());
        thisRound[caseName].insert(thisRound[caseName].end(), samples.begin(), samples.end());
        PhaseTiming t;
        t.round = round;
        t.label = label;
        t.watched = watched;
        t.recordN = qint64(samples.size());
        for (double x : samples)
            t.recordSumNs += x;
        s.phases << t;
        if (s.firstWarmupNs.empty())
            s.firstWarmupNs = numbers(c.value(QStringLiteral("warmup_ns")));
        s.discarded += c.value(QStringLiteral("discarded")).toInt();
        s.timerOverheadNs = std::max(s.timerOverheadNs, c.value(QStringLiteral("timer_overhead_ns")).toDouble());
        s.flushBytes = c.value(QStringLiteral("flush_bytes")).toVariant().toLongLong();
        const QJsonObject re = c.value(QStringLiteral("recheck")).toObject();
        s.rechecked += re.value(QStringLiteral("checked")).toInt();
        s.recheckMismatches += re.value(QStringLiteral("mismatched")).toInt();
        s.recheckUnwritten += re.value(QStringLiteral("unwritten")).toInt();
        s.lateWrites += c.value(QStringLiteral("late_write")).toBool();
        s.stops << c.value(QStringLiteral("stop")).toString();
    }
    for (auto it = thisRound.cbegin(); it != thisRound.cend(); ++it)
        bench.cases[it.key()].roundMediansNs.push_back(median(it.value()));
    return r.value(QStringLiteral("status")).toString() == u"ok" ? QString()
                                                                 : r.value(QStringLiteral("error")).toString();
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
// One round on an SSH host: the runner is built there in the first round (cached by content hash).
bool runBenchRoundOverSsh(const Task& task, const Implementation& impl, ImplBench& bench, const BenchRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel, int round)
{
    SshRunnerJob job;
    job.executor = request.executor;
    job.limits = request.limits;
    job.sandbox = request.sandbox;
    job.localDir = workDir;
    job.remoteName = impl.id + QLatin1Char('-') + QFileInfo(workDir).fileName();
    job.workRoot = QFileInfo(inputsRoot).absolutePath();
    job.inputsRoot = inputsRoot;
    job.cancel = cancel;
    SshRunnerEnd end = runRunnerOverSsh(task, impl, job);
    if (bench.build.compileCommand.isEmpty() && bench.build.dir.isEmpty())
        bench.build = end.build;
    bench.findings << end.findings;
    if (end.status != ImplStatus::Ok) {
        const ImplStatus status = end.status == ImplStatus::BuildFailed ? end.status : ImplStatus::Failed;
        if (end.status == ImplStatus::Lost || end.status == ImplStatus::Stopped) {
            bench.status = status;
            bench.error = end.error;
        } else {
            fail(bench, status, end.error, end.log, std::nullopt);
        }
        return false;
    }
    for (Finding f : end.outcome->findings) {
        f.impl = impl.id;
        bench.findings << f;
    }
    const QString error = mergeRecord(bench, QDir(workDir).filePath(QStringLiteral("bench.json")), round, false);
    for (auto it = end.provenance.constBegin(); it != end.provenance.constEnd(); ++it)
        bench.provenance.insert(it.key(), it.value());
    if (end.outcome->succeeded() && error.isEmpty())
        return true;
    fail(bench, ImplStatus::Failed, error.isEmpty() ? end.outcome->detail : error, bench.build.log + end.log,
        *end.outcome);
    return false;
}
} // namespace

void mergeMarkers(ImplBench& bench, const QList<Marker>& markers, int round)
{
    QMap<QString, qint64> begin, end;
    for (const Marker& m : markers) {
        const QList<QByteArray> words = m.line.trimmed().split(' ');
        if (words.size() < 2)
            continue;
        const QString label = QString::fromUtf8(words[1]);
        for (auto cit = bench.cases.begin(); cit != bench.cases.end(); ++cit) {
            for (PhaseTiming& t : cit->phases) {
                if (t.round != round || t.label != label)
                    continue;
                if (words[0] == "begin") {
                    ++t.begins;
                    begin[label] = m.atNs;
                } else if (words[0] == "end") {
                    ++t.ends;
                    end[label] = m.atNs;
                    t.n = qint64(field(words, "n"));
                    t.iterations = qint64(field(words, "iterations"));
                    t.sampleSumNs = field(words, "sum");
                    t.hostSumNs = field(words, "host");
                    t.flushSumNs = field(words, "flush");
                    t.phaseNs = field(words, "phase");
                    t.betweenMedianNs = field(words, "between");
                    for (const QByteArray& w : words) {
                        if (w.startsWith("tamper="))
                            t.tamper = QString::fromUtf8(w.mid(7));
                    }
                }
                if (begin.contains(label) && end.contains(label))
                    t.observedNs = double(end[label] - begin[label]);
            }
        }
    }
}

bool runBenchRound(const Task& task, const Implementation& impl, ImplBench& bench,
    const QList<std::pair<QString, QString>>& caseInputs, const BenchRequest& request, double budgetMs,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel, int round)
{
    const bool remote = request.executor.remote();
    QList<TrialInputs> trials;
    for (const auto& [name, dir] : caseInputs) // a remote runner reads them relative to its own folder
        trials << TrialInputs { name, 0, 0, remote ? remoteInputsDir(inputsRoot, dir) : dir };
    auto plan = planText(task, impl, trials, 1);
    if (!plan) {
        fail(bench, ImplStatus::Failed, plan.error().oneLine(), plan.error().oneLine(), std::nullopt);
        return false;
    }
    // The correctness plan's calls, under the bench header and its options.
    QByteArray text = "kwb-bench 1\n";
    text += QStringLiteral("option warmup_ms %1\noption budget_ms %2\n").arg(request.warmupMs).arg(budgetMs).toUtf8();
    if (request.flushBytes)
        text += QStringLiteral("option flush_bytes %1\n").arg(*request.flushBytes).toUtf8();
    text += plan->mid(plan->indexOf('\n') + 1);
    QDir().mkpath(workDir);
    QFile planFile(QDir(workDir).filePath(QStringLiteral("plan.txt")));
    if (!planFile.open(QIODevice::WriteOnly) || planFile.write(text) != text.size()) {
        fail(bench, ImplStatus::Failed, planFile.fileName() + QStringLiteral(": cannot write the plan"), {},
            std::nullopt);
        return false;
    }
    planFile.close();
    if (remote)
        return runBenchRoundOverSsh(task, impl, bench, request, workDir, inputsRoot, cancel, round);

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
            if (line.startsWith("kwb-mark ") && markers.size() < 100000)
                markers << Marker { at, line.mid(9) };
        }
    };
    const auto childCpuS = [] {
        struct rusage u { };
        getrusage(RUSAGE_CHILDREN, &u);
        return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    };
    const double cpu0 = childCpuS();
    auto outcome = runToCompletion(spec, watch, cancel);
    bench.processCpuS += childCpuS() - cpu0;
    bench.processWallS += double(clock.nsecsElapsed()) / 1e9;
    if (!outcome) {
        fail(bench, ImplStatus::Failed, outcome.error().oneLine(), outcome.error().oneLine(), std::nullopt);
        return false;
    }
    for (Finding f : outcome->findings) {
        f.impl = impl.id;
        bench.findings << f;
    }
    const QString error = mergeRecord(bench, QDir(workDir).filePath(QStringLiteral("bench.json")), round, true);
    mergeMarkers(bench, markers, round);
    if (outcome->succeeded() && error.isEmpty())
        return true;
    const QString log = bench.build.log + QString::fromUtf8(outcome->stdoutOutput.text())
        + QString::fromUtf8(outcome->stderrOutput.text());
    fail(bench, ImplStatus::Failed, error.isEmpty() ? outcome->detail : error, log, *outcome);
    return false;
}

} // namespace kwb::detail

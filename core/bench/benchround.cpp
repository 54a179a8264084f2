#include "bench/benchengine.h"

#include "diagnose/diagnosis.h"
#include "exec/runtocompletion.h"
#include "executors/sshrunner.h"
#include "run/workspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace kwb::detail {
namespace {
void fail(ImplBench& bench, const QString& status, const QString& error, const QString& log,
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
    bench.findings << f;
}

std::vector<double> numbers(const QJsonValue& v)
{
    std::vector<double> out;
    for (const auto& x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

/// Merges bench.json into `bench`; returns the runner's error ("" when ok).
QString mergeRecord(ImplBench& bench, const QString& path)
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
    for (const auto& v : r.value(QStringLiteral("calls")).toArray()) {
        const QJsonObject c = v.toObject();
        if (c.value(QStringLiteral("status")).toString() != u"ok")
            continue;
        const QString caseName = c.value(QStringLiteral("label")).toString().section(QLatin1Char('/'), 0, 0);
        CaseSamples& s = bench.cases[caseName];
        const auto samples = numbers(c.value(QStringLiteral("samples_ns")));
        s.samplesNs.insert(s.samplesNs.end(), samples.begin(), samples.end());
        if (s.firstWarmupNs.empty())
            s.firstWarmupNs = numbers(c.value(QStringLiteral("warmup_ns")));
        s.discarded += c.value(QStringLiteral("discarded")).toInt();
        s.timerOverheadNs = std::max(s.timerOverheadNs, c.value(QStringLiteral("timer_overhead_ns")).toDouble());
        s.flushBytes = c.value(QStringLiteral("flush_bytes")).toVariant().toLongLong();
        const QJsonObject re = c.value(QStringLiteral("recheck")).toObject();
        s.rechecked += re.value(QStringLiteral("checked")).toInt();
        s.recheckMismatches += re.value(QStringLiteral("mismatched")).toInt();
        s.lateWrites += c.value(QStringLiteral("late_write")).toBool();
        s.stops << c.value(QStringLiteral("stop")).toString();
    }
    return r.value(QStringLiteral("status")).toString() == u"ok" ? QString()
                                                                 : r.value(QStringLiteral("error")).toString();
}
// One round on an SSH host: the runner is built there in the first round (cached by content hash).
bool runBenchRoundOverSsh(const Task& task, const Implementation& impl, ImplBench& bench, const BenchRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel)
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
    if (end.status != u"ok") {
        const QString status = end.status == u"build-failed" ? end.status : QStringLiteral("failed");
        if (end.status == u"lost" || end.status == u"stopped") {
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
    const QString error = mergeRecord(bench, QDir(workDir).filePath(QStringLiteral("bench.json")));
    for (auto it = end.provenance.constBegin(); it != end.provenance.constEnd(); ++it)
        bench.provenance.insert(it.key(), it.value());
    if (end.outcome->succeeded() && error.isEmpty())
        return true;
    fail(bench, QStringLiteral("failed"), error.isEmpty() ? end.outcome->detail : error, bench.build.log + end.log,
        *end.outcome);
    return false;
}
} // namespace

bool runBenchRound(const Task& task, const Implementation& impl, ImplBench& bench,
    const QList<std::pair<QString, QString>>& caseInputs, const BenchRequest& request, double budgetMs,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel)
{
    const bool remote = request.executor.startsWith(QStringLiteral("ssh:"));
    QList<TrialInputs> trials;
    for (const auto& [name, dir] : caseInputs) // a remote runner reads them relative to its own folder
        trials << TrialInputs { name, 0, 0, remote ? remoteInputsDir(inputsRoot, dir) : dir };
    auto plan = planText(task, impl, trials, 1);
    if (!plan) {
        fail(bench, QStringLiteral("failed"), plan.error().oneLine(), plan.error().oneLine(), std::nullopt);
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
        fail(bench, QStringLiteral("failed"), planFile.fileName() + QStringLiteral(": cannot write the plan"), {},
            std::nullopt);
        return false;
    }
    planFile.close();
    if (remote)
        return runBenchRoundOverSsh(task, impl, bench, request, workDir, inputsRoot, cancel);

    ProcessSpec spec;
    spec.program = bench.build.command.first();
    spec.arguments = bench.build.command.mid(1) << QStringLiteral("plan.txt");
    spec.workDir = workDir;
    spec.readOnlyPaths = { inputsRoot, bench.build.dir };
    if (impl.backend == u"python" && !spec.program.startsWith(QStringLiteral("/usr/"))) {
        QDir prefix = QFileInfo(spec.program).absoluteDir();
        prefix.cdUp();
        spec.readOnlyPaths << prefix.absolutePath();
    }
    spec.limits = request.limits;
    spec.sandbox = request.sandbox;
    auto outcome = runToCompletion(spec, {}, cancel);
    if (!outcome) {
        fail(bench, QStringLiteral("failed"), outcome.error().oneLine(), outcome.error().oneLine(), std::nullopt);
        return false;
    }
    for (Finding f : outcome->findings) {
        f.impl = impl.id;
        bench.findings << f;
    }
    const QString error = mergeRecord(bench, QDir(workDir).filePath(QStringLiteral("bench.json")));
    if (outcome->succeeded() && error.isEmpty())
        return true;
    const QString log = bench.build.log + QString::fromUtf8(outcome->stdoutOutput.text())
        + QString::fromUtf8(outcome->stderrOutput.text());
    fail(bench, QStringLiteral("failed"), error.isEmpty() ? outcome->detail : error, log, *outcome);
    return false;
}

} // namespace kwb::detail

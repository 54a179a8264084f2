#include "bench/benchengine.h"

#include "env/toolprobe.h"
#include "inputs/inputgenerator.h"

#include <QFile>
#include <QJsonArray>
#include <QSysInfo>

namespace kwb {
namespace {
Finding caseFinding(const char* id, Severity sev, const QString& caseName, const QString& impl, const QString& message)
{
    Finding f { QString::fromLatin1(id), sev, message };
    f.impl = impl;
    f.caseName = caseName;
    return f;
}

QString us(double ns)
{
    return QStringLiteral("%1 µs").arg(ns / 1000.0, 0, 'g', 4);
}

QJsonObject statsJson(const ImplCaseResult& r)
{
    QJsonObject o { { QStringLiteral("median_ns"), r.stats.medianNs }, { QStringLiteral("mean_ns"), r.stats.meanNs },
        { QStringLiteral("min_ns"), r.stats.minNs }, { QStringLiteral("iqr_ns"), r.stats.iqrNs },
        { QStringLiteral("cv"), r.stats.cv }, { QStringLiteral("samples"), r.stats.samples },
        { QStringLiteral("discarded"), r.stats.discarded }, { QStringLiteral("timer_overhead_ns"), r.timerOverheadNs },
        { QStringLiteral("recheck"),
            QJsonObject {
                { QStringLiteral("checked"), r.rechecked }, { QStringLiteral("mismatched"), r.recheckMismatches } } } };
    o.insert(QStringLiteral("floor_ns"), r.floorNs ? QJsonValue(*r.floorNs) : QJsonValue());
    o.insert(QStringLiteral("floor_fraction"),
        r.floorNs && r.stats.medianNs > 0 ? QJsonValue(*r.floorNs / r.stats.medianNs) : QJsonValue());
    if (!r.floorNote.isEmpty())
        o.insert(QStringLiteral("floor_note"), r.floorNote);
    return o;
}

QString cpuModel()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (f.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.startsWith("model name"))
                return QString::fromUtf8(line.mid(line.indexOf(':') + 1)).trimmed();
        }
    }
    return QSysInfo::currentCpuArchitecture();
}
} // namespace

Findings caseFindings(const QString& caseName, const ImplCaseResult& r, const CaseSamples& samples, bool gpu)
{
    Findings out;
    const double med = r.stats.medianNs;
    if (r.stats.samples == 0)
        return out;
    if (r.floorNs && med < *r.floorNs) {
        Finding f = caseFinding("bench.below-floor", Severity::Error, caseName, r.id,
            QStringLiteral("median %1 is below the roofline floor %2 (%3 % of it): the declared work cannot be done "
                           "that fast — the work or the peaks are wrong, or the timed call skips work")
                .arg(us(med), us(*r.floorNs))
                .arg(100.0 * med / *r.floorNs, 0, 'f', 1));
        f.evidence = QJsonObject { { QStringLiteral("median_ns"), med }, { QStringLiteral("floor_ns"), *r.floorNs } };
        out << f;
    }
    if (r.stats.cv > 0.05)
        out << caseFinding("bench.noisy", Severity::Warning, caseName, r.id,
            QStringLiteral("coefficient of variation %1 % after the stopping rule (above 5 %)")
                .arg(100 * r.stats.cv, 0, 'f', 1));
    const double shortNs = gpu ? 5000 : 1000;
    if (med < shortNs)
        out << caseFinding("bench.too-short", Severity::Warning, caseName, r.id,
            QStringLiteral("median %1 is below %2 (%3): launch and timer overhead (%4 ns) dominate")
                .arg(us(med), us(shortNs), gpu ? QStringLiteral("GPU") : QStringLiteral("CPU"))
                .arg(r.timerOverheadNs, 0, 'f', 0));
    if (!samples.firstWarmupNs.empty() && samples.firstWarmupNs.front() > 3 * med)
        out << caseFinding("bench.warmup-transient", Severity::Info, caseName, r.id,
            QStringLiteral("the first call took %1, %2× the median: warm-up (JIT, allocation, page faults) is excluded")
                .arg(us(samples.firstWarmupNs.front()))
                .arg(samples.firstWarmupNs.front() / med, 0, 'f', 1));
    if (r.verdict && (*r.verdict == Verdict::Same || *r.verdict == Verdict::Ambiguous)) {
        Finding f = caseFinding("bench.not-significant", Severity::Info, caseName, r.id,
            QStringLiteral("speedup %1× with 95 % CI [%2, %3] — %4: no significant difference from the reference")
                .arg(r.speedup->estimate, 0, 'f', 3)
                .arg(r.speedup->ciLow, 0, 'f', 3)
                .arg(r.speedup->ciHigh, 0, 'f', 3)
                .arg(verdictName(*r.verdict)));
        out << f;
    }
    if (r.stats.discarded > 0)
        out << caseFinding("bench.throttled", Severity::Warning, caseName, r.id,
            QStringLiteral("%1 sample(s) taken below 75 % of the default SM clock were discarded")
                .arg(r.stats.discarded));
    if (r.lateWrites > 0)
        out << caseFinding("correct.late-write", Severity::Error, caseName, r.id,
            QStringLiteral("outputs still changed 20 ms after the timed loop's last call had returned (%1 round(s)): "
                           "the samples timed unfinished work")
                .arg(r.lateWrites));
    if (r.recheckMismatches > 0)
        out << caseFinding("bench.recheck-mismatch", Severity::Warning, caseName, r.id,
            QStringLiteral("%1 of %2 rechecked timed calls produced outputs that differ bitwise from the first call's "
                           "(a replay or cache, or nondeterminism)")
                .arg(r.recheckMismatches)
                .arg(r.rechecked));
    return out;
}

QJsonObject benchReportJson(const BenchResult& result)
{
    QJsonArray cases, impls, findings;
    for (const BenchCase& c : result.cases) {
        QJsonArray cands;
        for (const ImplCaseResult& r : c.candidates) {
            QJsonObject o = statsJson(r);
            o.insert(QStringLiteral("id"), r.id);
            if (r.speedup)
                o.insert(QStringLiteral("speedup"),
                    QJsonObject { { QStringLiteral("estimate"), r.speedup->estimate },
                        { QStringLiteral("ci_low"), r.speedup->ciLow },
                        { QStringLiteral("ci_high"), r.speedup->ciHigh } });
            o.insert(QStringLiteral("verdict"), r.verdict ? QJsonValue(verdictName(*r.verdict)) : QJsonValue());
            cands.append(o);
        }
        QJsonObject co { { QStringLiteral("name"), c.name }, { QStringLiteral("flops"), c.flops },
            { QStringLiteral("bytes"), c.bytes }, { QStringLiteral("candidates"), cands } };
        co.insert(QStringLiteral("reference"), c.reference ? QJsonValue(statsJson(*c.reference)) : QJsonValue());
        cases.append(co);
    }
    for (const ImplBench& b : result.impls)
        impls.append(QJsonObject { { QStringLiteral("id"), b.id }, { QStringLiteral("role"), b.role },
            { QStringLiteral("backend"), b.backend }, { QStringLiteral("status"), b.status },
            { QStringLiteral("error"), b.error }, { QStringLiteral("build"), b.build.compileCommand },
            { QStringLiteral("tool"), b.build.toolVersion }, { QStringLiteral("runner"), b.provenance } });
    for (const Finding& f : result.findings)
        findings.append(f.toJson());
    return QJsonObject { { QStringLiteral("format"), QStringLiteral("kwb.bench/1") },
        { QStringLiteral("task"), QJsonObject { { QStringLiteral("id"), result.task.id } } },
        { QStringLiteral("implementations"), impls }, { QStringLiteral("cases"), cases },
        { QStringLiteral("findings"), findings }, { QStringLiteral("provenance"), result.provenance } };
}

namespace detail {
QJsonObject benchProvenance(
    const BenchResult& result, const BenchRequest& request, quint64 inputSeed, quint64 bootstrapSeed)
{
    QJsonObject timers;
    for (const ImplBench& b : result.impls) {
        if (!b.provenance.isEmpty())
            timers.insert(b.id,
                QJsonObject { { QStringLiteral("timer"), b.provenance.value(QStringLiteral("timer")) },
                    { QStringLiteral("clock"), b.provenance.value(QStringLiteral("clock")) } });
    }
    // Over SSH the runners' machine is the host the numbers come from; this one only computed the statistics.
    QJsonObject remote;
    for (const ImplBench& b : result.impls) {
        if (remote.isEmpty() && b.provenance.contains(QStringLiteral("remote_host")))
            remote = b.provenance;
    }
    QJsonObject out {
        { QStringLiteral("executor"), request.executor.isEmpty() ? QStringLiteral("local") : request.executor },
        { QStringLiteral("host"), QSysInfo::machineHostName() },
        { QStringLiteral("cpu"), cpuModel() },
        { QStringLiteral("os"), QSysInfo::prettyProductName() + QStringLiteral(" / ") + QSysInfo::kernelVersion() },
        { QStringLiteral("runner_python"), runnerPython() },
        { QStringLiteral("timers"), timers },
        { QStringLiteral("method"),
            QStringLiteral("alternating processes: %1 round(s), one sandboxed runner process per implementation and "
                           "round, order reversed every other round (ABC, CBA, ...); fresh inputs per round")
                .arg(request.rounds) },
        { QStringLiteral("rounds"), request.rounds },
        { QStringLiteral("budget_s"), request.budgetS },
        { QStringLiteral("warmup_ms"), request.warmupMs },
        { QStringLiteral("flush"),
            request.flushBytes ? QJsonValue(double(*request.flushBytes))
                               : QJsonValue(QStringLiteral("2x last-level cache / L2")) },
        { QStringLiteral("stopping_rule"), QStringLiteral("relative standard error of the median <= 0.5 % or budget") },
        { QStringLiteral("input_generator"), inputGeneratorName() },
        { QStringLiteral("input_seed"), QString::number(inputSeed) },
        { QStringLiteral("bootstrap"),
            QJsonObject { { QStringLiteral("method"), QStringLiteral("percentile") },
                { QStringLiteral("resamples"), kBootstrapResamples },
                { QStringLiteral("seed"), QString::number(bootstrapSeed) }, { QStringLiteral("confidence"), 0.95 } } },
        { QStringLiteral("same_band"), kSameBand },
        { QStringLiteral("sandbox"), request.sandbox },
    };
    if (!remote.isEmpty()) {
        out.insert(QStringLiteral("host"), remote.value(QStringLiteral("remote_host")));
        out.insert(QStringLiteral("cpu"), remote.value(QStringLiteral("remote_cpu")));
        out.insert(QStringLiteral("os"), remote.value(QStringLiteral("remote_os")));
        out.insert(QStringLiteral("statistics_host"), QSysInfo::machineHostName());
    }
    return out;
}
} // namespace detail

} // namespace kwb

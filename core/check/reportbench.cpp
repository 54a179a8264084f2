// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/reportmodel.h"

#include "core/check/rooflinedata.h"
#include "core/check/svgplots.h"

namespace kwb::detail {
namespace {
QStringList benchRow(const ImplCaseResult& r, bool reference)
{
    const SampleStats& st = r.stats;
    QString speedup = QStringLiteral("—");
    QString verdict = reference ? QStringLiteral("baseline") : QStringLiteral("—");
    if (r.speedup) {
        speedup = QStringLiteral("%1x [%2, %3]")
                      .arg(QString::number(r.speedup->estimate, 'f', 3), QString::number(r.speedup->ciLow, 'f', 3),
                          QString::number(r.speedup->ciHigh, 'f', 3));
    }
    if (r.verdict)
        verdict = verdictName(*r.verdict);
    const QString floor = r.floorNs ? formatNs(*r.floorNs) : QStringLiteral("—");
    const QString fraction = r.floorNs && st.medianNs > 0
        ? QString::number(100.0 * *r.floorNs / st.medianNs, 'f', 1) + u'%'
        : QStringLiteral("—");
    return { r.id, formatNs(st.medianNs), formatNs(st.iqrNs), QString::number(100 * st.cv, 'f', 1) + u'%',
        QStringLiteral("%1 (%2 discarded)").arg(st.samples).arg(st.discarded), speedup, verdict, floor, fraction };
}

std::vector<double> samplesOf(const BenchResult& b, const QString& impl, const QString& caseName)
{
    for (const ImplBench& ib : b.impls) {
        if (ib.id == impl)
            return ib.cases.value(caseName).samplesNs;
    }
    return {};
}
} // namespace

ReportSection benchSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Benchmark"), {} };
    if (!r.bench) {
        s.blocks << paragraph(QStringLiteral("Not run: %1").arg(r.stage(CheckStage::Bench).note));
        return s;
    }
    const BenchResult& b = *r.bench;
    s.blocks << paragraph(QStringLiteral("Method: %1. Speedup = geometric mean of the per-round ratios reference "
                                         "median / candidate median (above 1: the candidate is faster), 95 % t "
                                         "interval paired over the rounds (the pooled-sample bootstrap is in the "
                                         "JSON for comparison); verdict FAST/SLOW when the CI clears 1 ± %2, SAME "
                                         "inside the band, INVALID when the timing was tampered with or the "
                                         "candidate is incorrect or ran interpreted, else AMBIGUOUS.")
                              .arg(b.provenance.value(QStringLiteral("method")).toString())
                              .arg(kSameBand));
    QStringList notRun;
    for (const ImplBench& ib : b.impls) {
        if (!ib.ok())
            notRun << QStringLiteral("%1: %2 — %3")
                          .arg(ib.id, implStatusName(ib.status), ib.error.section(u'\n', 0, 0).left(200));
    }
    if (!notRun.isEmpty())
        s.blocks << bullets(notRun);
    const QStringList header { QStringLiteral("implementation"), QStringLiteral("median"), QStringLiteral("IQR"),
        QStringLiteral("CV"), QStringLiteral("samples"), QStringLiteral("speedup [95% CI]"), QStringLiteral("verdict"),
        QStringLiteral("floor"), QStringLiteral("floor / median") };
    for (const BenchCase& c : b.cases) {
        s.blocks << paragraph(QStringLiteral("Case %1: %2 FLOP, %3 bytes (benchmark.flops / benchmark.bytes).")
                                  .arg(c.name, QString::number(c.flops, 'g', 6), QString::number(c.bytes, 'g', 6)));
        QList<QStringList> rows;
        QList<SampleSeries> series;
        if (c.reference) {
            rows << benchRow(*c.reference, true);
            series << SampleSeries { c.reference->id + QStringLiteral(" (ref)"),
                samplesOf(b, c.reference->id, c.name) };
        }
        for (const ImplCaseResult& cand : c.candidates) {
            rows << benchRow(cand, false);
            series << SampleSeries { cand.id, samplesOf(b, cand.id, c.name) };
        }
        QStringList floorNotes;
        for (const ImplCaseResult* x : { c.reference ? &*c.reference : nullptr }) {
            if (x && !x->floorNote.isEmpty())
                floorNotes << x->id + QStringLiteral(": ") + x->floorNote;
        }
        for (const ImplCaseResult& cand : c.candidates) {
            if (!cand.floorNote.isEmpty())
                floorNotes << cand.id + QStringLiteral(": ") + cand.floorNote;
        }
        s.blocks << table(header, rows);
        if (!floorNotes.isEmpty())
            s.blocks << bullets(floorNotes);
        s.blocks << plot(
            samplesSvg(QStringLiteral("case %1: timing samples (box: quartiles and median)").arg(c.name), series));
    }
    QString note;
    const auto roof = rooflineData(b, r.profile ? &*r.profile : nullptr, &note);
    if (roof) {
        QList<QStringList> rows;
        for (const RooflinePoint& p : roof->points)
            rows << QStringList { p.impl, p.caseName, QString::number(p.intensity, 'g', 4), formatRate(p.flopsPerS),
                QString::number(
                    100 * p.flopsPerS / std::min(roof->peaks.flopsPerS, p.intensity * roof->peaks.bytesPerS), 'f', 1)
                    + u'%',
                p.source };
        s.blocks << paragraph(QStringLiteral("Roofline: peaks from %1 (%2, %3).")
                                  .arg(roof->peaks.source, formatRate(roof->peaks.bytesPerS, QStringLiteral("B/s")),
                                      formatRate(roof->peaks.flopsPerS)));
        s.blocks << table({ QStringLiteral("implementation"), QStringLiteral("case"), QStringLiteral("FLOP/byte"),
                              QStringLiteral("achieved"), QStringLiteral("of the roof"), QStringLiteral("from") },
            rows);
        s.blocks << plot(rooflineSvg(*roof));
        if (!roof->note.isEmpty())
            s.blocks << paragraph(roof->note);
    } else {
        s.blocks << paragraph(QStringLiteral("No roofline chart: %1.").arg(note));
    }
    return s;
}

ReportSection profileSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Profile"), {} };
    if (!r.profile) {
        s.blocks << paragraph(QStringLiteral("Not run: %1").arg(r.stage(CheckStage::Profile).note));
        return s;
    }
    const ProfileResult& p = *r.profile;
    if (!p.missing.isEmpty())
        s.blocks << paragraph(QStringLiteral("Missing on this machine:")) << bullets(p.missing);
    QList<QStringList> runs;
    for (const ProfileToolRun& t : p.runs)
        runs << QStringList { t.tool, t.impl, t.caseName, t.status, t.note, t.command };
    if (!runs.isEmpty())
        s.blocks << table({ QStringLiteral("tool"), QStringLiteral("implementation"), QStringLiteral("case"),
                              QStringLiteral("status"), QStringLiteral("note"), QStringLiteral("command") },
            runs);
    const auto opt = [](const std::optional<double>& v, int precision, const QString& suffix = {}) {
        return v ? QString::number(*v, 'f', precision) + suffix : QStringLiteral("n/a");
    };
    QList<QStringList> kernels;
    for (const KernelProfile& k : p.kernels)
        kernels << QStringList { k.impl, k.kernel.left(60), k.caseName,
            k.durationNs ? formatNs(*k.durationNs) : QStringLiteral("n/a"),
            k.dramBytesPerS ? formatRate(*k.dramBytesPerS, QStringLiteral("B/s")) : QStringLiteral("n/a"),
            k.flopsPerS ? formatRate(*k.flopsPerS) : QStringLiteral("n/a"),
            opt(k.smThroughputPct, 1, QStringLiteral("%")), opt(k.memoryThroughputPct, 1, QStringLiteral("%")),
            opt(k.achievedOccupancyPct, 1, QStringLiteral("%")), opt(k.registersPerThread, 0),
            opt(k.sharedMemoryPerBlockBytes, 0, QStringLiteral(" B")), opt(k.sharedBankConflicts, 0),
            opt(k.loadSectorsPerRequest, 2), opt(k.storeSectorsPerRequest, 2) };
    if (!kernels.isEmpty())
        s.blocks << table(
            { QStringLiteral("impl"), QStringLiteral("kernel"), QStringLiteral("case"), QStringLiteral("duration"),
                QStringLiteral("DRAM"), QStringLiteral("FLOP/s"), QStringLiteral("SM %"), QStringLiteral("memory %"),
                QStringLiteral("occupancy"), QStringLiteral("regs"), QStringLiteral("smem/block"),
                QStringLiteral("bank conflicts"), QStringLiteral("ld sectors/req"), QStringLiteral("st sectors/req") },
            kernels);
    for (const PerfStatResult& ps : p.perf) {
        QList<QStringList> rows;
        for (const PerfCounter& c : ps.counters)
            rows << QStringList { c.event,
                c.value ? QString::number(*c.value, 'f', c.unit.isEmpty() ? 0 : 3) : u'<' + c.note + u'>', c.unit,
                QString::number(c.runningPct, 'f', 1) + u'%' };
        s.blocks << paragraph(
            QStringLiteral("perf stat, %1 on case %2%3:")
                .arg(ps.impl, ps.caseName,
                    ps.instructionsPerCycle ? QStringLiteral(" (IPC %1)").arg(*ps.instructionsPerCycle, 0, 'f', 2)
                                            : QString()));
        s.blocks << table(
            { QStringLiteral("event"), QStringLiteral("value"), QStringLiteral("unit"), QStringLiteral("counted") },
            rows);
    }
    return s;
}

} // namespace kwb::detail

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/ncumetrics.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace kwb {

namespace {
const char* const kDuration = "gpu__time_duration.sum";
const char* const kDramRead = "dram__bytes_read.sum";
const char* const kDramWrite = "dram__bytes_write.sum";
const char* const kDramPerS = "dram__bytes.sum.per_second";
const char* const kSmPct = "sm__throughput.avg.pct_of_peak_sustained_elapsed";
const char* const kMemPct = "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed";
const char* const kOccupancy = "sm__warps_active.avg.pct_of_peak_sustained_active";
const char* const kRegisters = "launch__registers_per_thread";
const char* const kSmemStatic = "launch__shared_mem_per_block_static";
const char* const kSmemDynamic = "launch__shared_mem_per_block_dynamic";
const char* const kConflictsLd = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
const char* const kConflictsSt = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
const char* const kSectorsLd = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
const char* const kRequestsLd = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
const char* const kSectorsSt = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
const char* const kRequestsSt = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";

// FLOP counters: thread-level SASS instructions with the predicate on; an FMA is two FLOPs (NVIDIA's
// roofline method). Tensor-core work is not in these counters.
struct FlopCounter {
    const char* name;
    double flopsPerInst;
};
const FlopCounter kFlopCounters[] = {
    { "sm__sass_thread_inst_executed_op_fadd_pred_on.sum", 1 },
    { "sm__sass_thread_inst_executed_op_fmul_pred_on.sum", 1 },
    { "sm__sass_thread_inst_executed_op_ffma_pred_on.sum", 2 },
    { "sm__sass_thread_inst_executed_op_dadd_pred_on.sum", 1 },
    { "sm__sass_thread_inst_executed_op_dmul_pred_on.sum", 1 },
    { "sm__sass_thread_inst_executed_op_dfma_pred_on.sum", 2 },
    { "sm__sass_thread_inst_executed_op_hadd_pred_on.sum", 1 },
    { "sm__sass_thread_inst_executed_op_hmul_pred_on.sum", 1 },
    { "sm__sass_thread_inst_executed_op_hfma_pred_on.sum", 2 },
};

// The factor that turns a value in `unit` into the base unit (ns for time, bytes for sizes); --print-units
// base makes this 1, but a CSV exported with other settings still reads right.
double unitScale(const QString& unit)
{
    static const QHash<QString, double> scales {
        { QStringLiteral("nsecond"), 1 },
        { QStringLiteral("ns"), 1 },
        { QStringLiteral("usecond"), 1e3 },
        { QStringLiteral("us"), 1e3 },
        { QStringLiteral("msecond"), 1e6 },
        { QStringLiteral("ms"), 1e6 },
        { QStringLiteral("second"), 1e9 },
        { QStringLiteral("Kbyte"), 1e3 },
        { QStringLiteral("Mbyte"), 1e6 },
        { QStringLiteral("Gbyte"), 1e9 },
        { QStringLiteral("Tbyte"), 1e12 },
        { QStringLiteral("KB"), 1e3 },
        { QStringLiteral("MB"), 1e6 },
        { QStringLiteral("GB"), 1e9 },
        { QStringLiteral("Kbyte/second"), 1e3 },
        { QStringLiteral("Mbyte/second"), 1e6 },
        { QStringLiteral("Gbyte/second"), 1e9 },
        { QStringLiteral("Tbyte/second"), 1e12 },
        { QStringLiteral("byte/usecond"), 1e6 },
        { QStringLiteral("byte/msecond"), 1e3 },
        { QStringLiteral("byte/nsecond"), 1e9 },
        { QStringLiteral("Kbyte/block"), 1e3 },
        { QStringLiteral("KiB/block"), 1024 },
    };
    return scales.value(unit.trimmed(), 1.0);
}

std::optional<double> get(const QMap<QString, double>& raw, const char* name)
{
    const auto it = raw.constFind(QString::fromLatin1(name));
    if (it == raw.cend())
        return std::nullopt;
    return *it;
}

std::optional<double> ratio(const QMap<QString, double>& raw, const char* num, const char* den)
{
    const auto n = get(raw, num);
    const auto d = get(raw, den);
    if (!n || !d || *d <= 0)
        return std::nullopt;
    return *n / *d;
}

void derive(KernelProfile& k)
{
    const auto& raw = k.raw;
    k.durationNs = get(raw, kDuration);
    k.dramBytesRead = get(raw, kDramRead);
    k.dramBytesWritten = get(raw, kDramWrite);
    k.dramBytesPerS = get(raw, kDramPerS);
    if (!k.dramBytesPerS && k.dramBytesRead && k.dramBytesWritten && k.durationNs && *k.durationNs > 0)
        k.dramBytesPerS = (*k.dramBytesRead + *k.dramBytesWritten) / (*k.durationNs * 1e-9);
    double flops = 0;
    bool anyFlop = false;
    for (const auto& fc : kFlopCounters) {
        if (const auto v = get(raw, fc.name)) {
            flops += *v * fc.flopsPerInst;
            anyFlop = true;
        }
    }
    if (anyFlop) {
        k.flops = flops;
        if (k.durationNs && *k.durationNs > 0)
            k.flopsPerS = flops / (*k.durationNs * 1e-9);
    }
    k.smThroughputPct = get(raw, kSmPct);
    k.memoryThroughputPct = get(raw, kMemPct);
    k.achievedOccupancyPct = get(raw, kOccupancy);
    k.registersPerThread = get(raw, kRegisters);
    const auto smemS = get(raw, kSmemStatic);
    const auto smemD = get(raw, kSmemDynamic);
    if (smemS || smemD)
        k.sharedMemoryPerBlockBytes = smemS.value_or(0) + smemD.value_or(0);
    const auto confLd = get(raw, kConflictsLd);
    const auto confSt = get(raw, kConflictsSt);
    if (confLd || confSt)
        k.sharedBankConflicts = confLd.value_or(0) + confSt.value_or(0);
    k.loadSectorsPerRequest = ratio(raw, kSectorsLd, kRequestsLd);
    k.storeSectorsPerRequest = ratio(raw, kSectorsSt, kRequestsSt);
}

bool isChatter(const QStringList& row)
{
    const QString first = row.value(0).trimmed();
    return first.startsWith(QStringLiteral("=="))
        && std::all_of(row.cbegin() + 1, row.cend(), [](const QString& f) { return f.isEmpty(); });
}

struct Columns {
    int id, kernel, device, grid, block;
    explicit Columns(const CsvTable& t)
        : id(t.column(QStringLiteral("ID")))
        , kernel(t.column(QStringLiteral("Kernel Name")))
        , device(t.column(QStringLiteral("Device Name")) >= 0 ? t.column(QStringLiteral("Device Name"))
                                                              : t.column(QStringLiteral("Device")))
        , grid(t.column(QStringLiteral("Grid Size")))
        , block(t.column(QStringLiteral("Block Size")))
    {
    }
    bool isIdentity(int c) const { return c == id || c == kernel || c == device || c == grid || c == block; }
};

KernelProfile identity(const Columns& cols, const QStringList& row)
{
    KernelProfile k;
    k.launchId = cols.id >= 0 ? row.value(cols.id).toInt() : 0;
    k.kernel = row.value(cols.kernel);
    if (cols.device >= 0)
        k.device = row.value(cols.device);
    if (cols.grid >= 0)
        k.grid = row.value(cols.grid);
    if (cols.block >= 0)
        k.block = row.value(cols.block);
    return k;
}

// `--page details` / default CSV: one row per (launch, metric) with Metric Name / Unit / Value columns.
QList<KernelProfile> fromLongTable(const CsvTable& t, const Columns& cols)
{
    const int name = t.column(QStringLiteral("Metric Name"));
    const int unit = t.column(QStringLiteral("Metric Unit"));
    const int value = t.column(QStringLiteral("Metric Value"));
    QList<KernelProfile> out;
    QHash<QString, qsizetype> byLaunch;
    for (const QStringList& row : t.rows) {
        if (isChatter(row) || row.value(name).isEmpty())
            continue;
        const QString key = row.value(cols.id) + QLatin1Char('\x1f') + row.value(cols.kernel);
        auto it = byLaunch.find(key);
        if (it == byLaunch.end()) {
            it = byLaunch.insert(key, out.size());
            out << identity(cols, row);
        }
        if (const auto v = parseLocaleNumber(row.value(value)))
            out[*it].raw.insert(row.value(name), *v * unitScale(unit >= 0 ? row.value(unit) : QString()));
    }
    return out;
}

// `--page raw`: one row per launch, one column per metric, the units in the row after the header.
QList<KernelProfile> fromWideTable(const CsvTable& t, const Columns& cols)
{
    QStringList units(t.header.size());
    qsizetype first = 0;
    if (!t.rows.isEmpty() && cols.id >= 0 && t.rows.first().value(cols.id).isEmpty()) {
        units = t.rows.first();
        first = 1;
    }
    QList<KernelProfile> out;
    for (qsizetype r = first; r < t.rows.size(); ++r) {
        const QStringList& row = t.rows.at(r);
        if (isChatter(row) || row.value(cols.kernel).isEmpty())
            continue;
        KernelProfile k = identity(cols, row);
        for (int c = 0; c < t.header.size(); ++c) {
            if (cols.isIdentity(c))
                continue;
            const QString& metric = t.header.at(c);
            // Only metric columns (`unit__counter.rollup`): not Process ID, Context, Stream, CC …
            if (!metric.contains(QStringLiteral("__")))
                continue;
            if (const auto v = parseLocaleNumber(row.value(c)))
                k.raw.insert(metric, *v * unitScale(units.value(c)));
        }
        out << k;
    }
    return out;
}

void putOptional(QJsonObject& o, const char* key, const std::optional<double>& v)
{
    o.insert(QString::fromLatin1(key), v && std::isfinite(*v) ? QJsonValue(*v) : QJsonValue(QJsonValue::Null));
}
} // namespace

QStringList ncuMetricNames()
{
    QStringList names;
    for (const char* n : { kDuration, kDramRead, kDramWrite, kDramPerS, kSmPct, kMemPct, kOccupancy, kRegisters,
             kSmemStatic, kSmemDynamic, kConflictsLd, kConflictsSt, kSectorsLd, kRequestsLd, kSectorsSt, kRequestsSt })
        names << QString::fromLatin1(n);
    for (const auto& fc : kFlopCounters)
        names << QString::fromLatin1(fc.name);
    return names;
}

Result<QList<KernelProfile>> parseNcuCsv(const QByteArray& text, const QString& fileName)
{
    if (text.contains("==PROF== No kernels were profiled"))
        return QList<KernelProfile> {};
    // The profiled program's own output and ncu's `==PROF==` lines come before the table; blank them (keeping
    // the line breaks, so errors still name the right line) so a stray quote there cannot upset the reader.
    QByteArray body = text;
    qsizetype start = 0;
    while (start < body.size()) {
        const qsizetype end = body.indexOf('\n', start);
        const qsizetype stop = end < 0 ? body.size() : end;
        const QByteArray line = body.mid(start, stop - start);
        if (line.startsWith("\"ID\"") && line.contains("Kernel Name"))
            break;
        for (qsizetype i = start; i < stop; ++i)
            body[i] = ' ';
        start = stop + 1;
    }
    auto table = parseCsv(body, fileName, QLatin1Char(','), QStringLiteral("Kernel Name"));
    if (!table)
        return table.error();
    const Columns cols(*table);
    if (cols.id < 0)
        return Error { fileName, QStringLiteral("header"), QStringLiteral("no 'ID' column in ncu's CSV") };
    QList<KernelProfile> kernels
        = table->column(QStringLiteral("Metric Name")) >= 0 && table->column(QStringLiteral("Metric Value")) >= 0
        ? fromLongTable(*table, cols)
        : fromWideTable(*table, cols);
    for (KernelProfile& k : kernels)
        derive(k);
    return kernels;
}

QJsonObject KernelProfile::toJson() const
{
    QJsonObject o { { QStringLiteral("impl"), impl }, { QStringLiteral("case"), caseName },
        { QStringLiteral("launch_id"), launchId }, { QStringLiteral("kernel"), kernel },
        { QStringLiteral("device"), device }, { QStringLiteral("grid"), grid }, { QStringLiteral("block"), block } };
    putOptional(o, "duration_ns", durationNs);
    putOptional(o, "dram_bytes_read", dramBytesRead);
    putOptional(o, "dram_bytes_written", dramBytesWritten);
    putOptional(o, "dram_bytes_per_s", dramBytesPerS);
    putOptional(o, "flops", flops);
    putOptional(o, "flops_per_s", flopsPerS);
    putOptional(o, "sm_throughput_pct", smThroughputPct);
    putOptional(o, "memory_throughput_pct", memoryThroughputPct);
    putOptional(o, "achieved_occupancy_pct", achievedOccupancyPct);
    putOptional(o, "registers_per_thread", registersPerThread);
    putOptional(o, "shared_memory_per_block_bytes", sharedMemoryPerBlockBytes);
    putOptional(o, "shared_bank_conflicts", sharedBankConflicts);
    putOptional(o, "global_load_sectors_per_request", loadSectorsPerRequest);
    putOptional(o, "global_store_sectors_per_request", storeSectorsPerRequest);
    QJsonObject rawObj;
    for (auto it = raw.cbegin(); it != raw.cend(); ++it)
        rawObj.insert(it.key(), it.value());
    o.insert(QStringLiteral("metrics"), rawObj);
    return o;
}

} // namespace kwb

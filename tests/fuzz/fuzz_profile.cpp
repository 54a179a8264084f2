// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Profiler output: Nsight Compute's CSV (`--page raw` wide tables and `--page details` long ones, ncu's chatter
// before the header), the CSV reader under both separators, locale numbers, and compute-sanitizer and
// `perf stat -x,` output.
#include "core/profile/csvreader.h"
#include "core/profile/ncumetrics.h"
#include "core/profile/perfstat.h"
#include "core/profile/sanitizer.h"

#include <cstdint>

namespace {
// An Error must name its file, and a line it names must be one of the input's.
void checkError(const kwb::Error& e, qsizetype lines)
{
    if (e.file.isEmpty() || e.line < 0 || e.line > lines)
        __builtin_trap();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const qsizetype lines = bytes.count('\n') + 1;

    const auto kernels = kwb::parseNcuCsv(bytes, QStringLiteral("fuzz.ncu.csv"));
    if (kernels.ok()) {
        for (const auto& k : *kernels)
            (void)k.toJson();
    } else {
        checkError(kernels.error(), lines);
    }

    for (const QChar sep : { QLatin1Char(','), QLatin1Char(';') }) {
        const auto table = kwb::parseCsv(bytes, QStringLiteral("fuzz.csv"), sep);
        if (!table.ok()) {
            checkError(table.error(), lines);
            continue;
        }
        if (table->rows.size() != table->rowLines.size())
            __builtin_trap();
        for (qsizetype r = 0; r < table->rows.size(); ++r) {
            // Rows are padded to the header's width; their lines are lines of the input, in order.
            if (table->rows.at(r).size() != table->header.size() || table->rowLines.at(r) < 1
                || table->rowLines.at(r) > lines || (r > 0 && table->rowLines.at(r) <= table->rowLines.at(r - 1)))
                __builtin_trap();
            for (const QString& field : table->rows.at(r))
                (void)kwb::parseLocaleNumber(field);
        }
    }

    const QString text = QString::fromUtf8(bytes);
    const auto perf = kwb::parsePerfStat(text, QStringLiteral("fuzz.perf.txt"));
    if (perf.ok())
        (void)perf->toJson();
    else
        checkError(perf.error(), lines);
    for (const char* tool : { "memcheck", "racecheck", "initcheck", "synccheck" }) {
        const auto report = kwb::parseSanitizerOutput(text, QString::fromLatin1(tool));
        (void)kwb::sanitizerFindings(report, QStringLiteral("cand"), QStringLiteral("small"));
    }
    return 0;
}

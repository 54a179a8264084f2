// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

/// The compute-sanitizer tools the Profile stage runs, and the finding id each one's errors become.
/// memcheck → runtime.memcheck, racecheck → runtime.race, initcheck → runtime.initcheck,
/// synccheck → runtime.synccheck (all errors; docs/findings.md, "Runtime failures").
QString sanitizerFindingId(const QString& tool);

/// One error block of compute-sanitizer's output (`========= Invalid __global__ read of size 4 bytes` and the
/// indented lines after it).
struct SanitizerError {
    QString kind; ///< the headline without the `=========` prefix
    QString kernel; ///< `at kernel(...)+0x70` → `kernel(...)`
    QString offset; ///< `0x70`
    QString file; ///< `row_sum.cu` from `in row_sum.cu:42`
    int line = 0;
    QString address; ///< `Address 0x7f… is out of bounds` and similar detail lines, joined
    QStringList lines; ///< the block, verbatim (evidence)
};

/// compute-sanitizer's report for one tool run.
struct SanitizerReport {
    QString tool;
    QList<SanitizerError> errors;
    std::optional<int> summaryErrors; ///< from `ERROR SUMMARY: N errors` (or racecheck's `RACECHECK SUMMARY`)
    QStringList
        notes; ///< `Program hit …` API errors, `Target application terminated before first instrumented API call`, …
};

/// Parses the combined output of `compute-sanitizer --tool TOOL …` (lines prefixed `========= `, the
/// program's own output interleaved).
SanitizerReport parseSanitizerOutput(const QString& text, const QString& tool);

/// The findings of one report, one per distinct (kind, file, line) with the count and the first block as
/// evidence; `impl` and `caseName` are set on each. A summary that counts errors the parser did not see still
/// gives one finding (with the summary line as evidence).
Findings sanitizerFindings(const SanitizerReport& report, const QString& impl, const QString& caseName);

} // namespace kwb

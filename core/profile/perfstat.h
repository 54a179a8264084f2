// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace kwb {

/// One counter line of `perf stat -x,`.
struct PerfCounter {
    QString event; ///< `instructions`, `cycles`, `cache-misses`, `task-clock` …
    std::optional<double> value; ///< nullopt for `<not counted>` / `<not supported>`
    QString unit; ///< `msec` for task-clock, empty for counts
    double runningPct = 100; ///< share of the time the counter was scheduled (multiplexing)
    QString note; ///< `not counted`, `not supported`
};

/// perf stat's counters for one implementation's run.
struct PerfStatResult {
    QString impl;
    QString caseName;
    QList<PerfCounter> counters;
    std::optional<double> instructionsPerCycle; ///< instructions / cycles when both were counted

    QJsonObject toJson() const;
};

/// The events asked for: task-clock, context-switches, cpu-migrations, page-faults (software, always there) and
/// cycles, instructions, cache-references, cache-misses, branches, branch-misses (hardware, where a PMU exists).
QStringList perfEventNames();

/// Parses `perf stat -x, -e …` output (stderr: `value,unit,event,run-time,pct,…` per line; `#` comments and
/// the program's own lines are skipped). An Error names the file and line of a line that starts like a counter
/// and does not parse.
Result<PerfStatResult> parsePerfStat(const QString& text, const QString& fileName);

/// Empty when `perf stat -e instructions true` works here; otherwise why not (one line: not installed,
/// perf_event_paranoid, no PMU in this VM …).
QString perfUnavailableReason();

/// The verdict of perfUnavailableReason() from the output of `perf stat -x, -e instructions true` and
/// /proc/sys/kernel/perf_event_paranoid as read on `machine` (named in the reason: "this machine", a host).
QString perfProbeVerdict(const QString& statOutput, const QString& paranoidLevel, const QString& machine);

} // namespace kwb

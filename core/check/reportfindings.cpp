// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/reportmodel.h"

#include "core/profile/ncumetrics.h"

#include <QJsonDocument>

#include <algorithm>

namespace kwb::detail {

ReportSection findingsSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Findings"), {} };
    if (r.findings.isEmpty()) {
        s.blocks << paragraph(QStringLiteral("No findings."));
        return s;
    }
    Findings sorted = r.findings;
    std::stable_sort(sorted.begin(), sorted.end(),
        [](const Finding& a, const Finding& b) { return static_cast<int>(a.severity) < static_cast<int>(b.severity); });
    QList<QStringList> rows;
    for (const Finding& f : sorted) {
        QString where = f.file;
        if (f.line > 0)
            where += u':' + QString::number(f.line);
        if (!f.jsonPath.isEmpty())
            where += (where.isEmpty() ? QString() : QStringLiteral(" ")) + f.jsonPath;
        QString scope = f.impl;
        if (!f.caseName.isEmpty())
            scope += (scope.isEmpty() ? QStringLiteral("case ") : QStringLiteral("/")) + f.caseName;
        rows << QStringList { severityName(f.severity), f.id, scope, where, f.message };
    }
    s.blocks << table({ QStringLiteral("severity"), QStringLiteral("id"), QStringLiteral("impl/case"),
                          QStringLiteral("where"), QStringLiteral("message") },
        rows);
    // Evidence: what backs each finding (values, log lines), as the engines recorded it.
    int shown = 0;
    for (const Finding& f : sorted) {
        if (f.evidence.isEmpty())
            continue;
        if (++shown > 60) {
            s.blocks << paragraph(QStringLiteral("… more evidence in report.json."));
            break;
        }
        QString text = QString::fromUtf8(QJsonDocument(f.evidence).toJson(QJsonDocument::Indented));
        if (text.size() > 1500)
            text = text.left(1500) + QStringLiteral("\n… (truncated; full evidence in report.json)");
        s.blocks << paragraph(QStringLiteral("Evidence for %1%2:")
                                  .arg(f.id,
                                      f.impl.isEmpty() ? QString()
                                                       : QStringLiteral(" [%1%2]").arg(f.impl,
                                                           f.caseName.isEmpty() ? QString() : u'/' + f.caseName)))
                 << code(text);
    }
    return s;
}

ReportSection methodSection(const CheckResult& r)
{
    ReportSection s { QStringLiteral("Method"), {} };
    QStringList items;
    items << QStringLiteral("Lint: the manifest is validated (every error names the file, JSON path and what was "
                            "expected) and the static scoping checks (docs/findings.md) run on it.");
    items << QStringLiteral("Compile: every implementation is compiled on its own with its backend's compiler (nvcc "
                            "with -Xptxas -v for registers, shared memory and spills; g++ -Wall -Wextra; python "
                            "byte-compile and import). A candidate that does not compile is left out of the later "
                            "stages; the others go on.");
    items << QStringLiteral(
        "Run: per case, fresh seeds per trial the candidate cannot predict; the candidate is called "
        "twice on poisoned output buffers, then the reference in a process of its own; outputs are "
        "compared under the task's tolerance (unwritten output, nondeterminism, stale output, input "
        "independence and modified inputs are checked too). Candidate code runs sandboxed.");
    if (r.bench) {
        const QJsonObject p = r.bench->provenance;
        items << QStringLiteral(
            "Bench: %1; warm-up %2 ms per round; cache flush %3 before every sample; samples until "
            "%4; every timed output re-checked on a sample. Statistics: median, mean, min, IQR, CV; "
            "speedup = reference median / candidate median per round, 95 % t interval paired over the rounds "
            "(a %5-resample pooled-sample bootstrap, seed %6, is reported beside it); the runner's timing "
            "checked against the workbench's own clock; roofline floor = max(flops / peak FLOP/s, bytes / "
            "peak B/s).")
                     .arg(p.value(QStringLiteral("method")).toString())
                     .arg(p.value(QStringLiteral("warmup_ms")).toDouble())
                     .arg(p.value(QStringLiteral("flush")).isString()
                             ? p.value(QStringLiteral("flush")).toString()
                             : QStringLiteral("%1 MiB").arg(p.value(QStringLiteral("flush")).toDouble() / 1048576.0))
                     .arg(p.value(QStringLiteral("stopping_rule")).toString())
                     .arg(kBootstrapResamples)
                     .arg(p.value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("seed")).toString());
    } else {
        items << QStringLiteral(
            "Bench: reference and candidates alternate in rounds of sandboxed runner processes; "
            "median-based speedup with a 95 % CI paired over the rounds, the pooled bootstrap beside it (not run "
            "in this check).");
    }
    items << QStringLiteral("Profile: Nsight Compute with --csv --page raw --print-units base --clock-control none "
                            "(clocks are never locked or changed) and the metrics %1; compute-sanitizer memcheck, "
                            "racecheck, initcheck and synccheck on the smallest case; perf stat -x, on host "
                            "implementations. Tools that are missing are named in the Profile section.")
                 .arg(ncuMetricNames().join(QStringLiteral(", ")));
    s.blocks << bullets(items);
    return s;
}

} // namespace kwb::detail

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lintcontext.h"

#include "core/hardware/hardware.h"
#include "core/task/expression.h"
#include "core/task/tasksizes.h"

namespace kwb::lint {
namespace {
// Below this, launch overhead and timer resolution dominate a kernel's time (scope.undersized-case,
// docs/task-format.md).
constexpr double kMinTimedSeconds = 10e-6;

bool isAligned(qint64 v)
{
    return v % 32 == 0 || (v & (v - 1)) == 0;
}

// Bytes a case moves: benchmark.bytes when given, else every input and output once.
qint64 movedBytes(const Task& t, const Case& c)
{
    if (!t.benchmarkBytes.isEmpty()) {
        const auto e = Expression::parse(t.benchmarkBytes);
        if (e) {
            if (const auto v = e->evaluate(c.dims))
                return *v;
        }
    }
    const auto b = caseBytes(t, c);
    return b ? *b : 0;
}

void edgeCases(const Context& c, Findings& out)
{
    const Task& t = c.task();
    if (t.dims.isEmpty() || t.cases.isEmpty())
        return;
    for (const Case& k : t.cases) {
        for (auto it = k.dims.begin(); it != k.dims.end(); ++it) {
            if (!isAligned(*it))
                return;
        }
    }
    out << c.at(QStringLiteral("scope.no-edge-cases"), Severity::Warning, QStringLiteral("/cases"),
        QStringLiteral("every case size is a multiple of 32 or a power of two: no case exercises a tail "
                       "(add one such as %1 = 1025)")
            .arg(t.dims.firstKey()));
}
} // namespace

void caseSizes(const Context& c, Findings& out)
{
    edgeCases(c, out);
    const Task& t = c.task();
    // A convention's inputs come from its own generator, so the manifest does not describe the tensors: the
    // importers' static analysis (import.json) checks their sizes instead.
    if (t.cases.isEmpty() || t.target.hardware.isEmpty() || t.reference.convention != u"function")
        return;
    const HardwareSpec* hw = findHardware(t.target.hardware);
    if (!hw && !t.target.peakBytesPerS) {
        out << c.at(QStringLiteral("scope.unknown-hardware"), Severity::Info, QStringLiteral("/target/hardware"),
            QStringLiteral("'%1' is not in the hardware table: memory and bandwidth checks skipped (set target.peak "
                           "or use one of the known devices)")
                .arg(t.target.hardware));
        return;
    }
    const QString device = hw ? hw->name : t.target.hardware;
    qsizetype largest = 0;
    for (qsizetype i = 0; i < t.cases.size(); ++i) {
        const Case& k = t.cases[i];
        const auto sized = caseBytes(t, k);
        const qint64 bytes = sized ? *sized : 0;
        if (hw && hw->memoryBytes > 0 && bytes > hw->memoryBytes) {
            Finding f
                = c.at(QStringLiteral("scope.oversized-case"), Severity::Warning, QStringLiteral("/cases/%1").arg(i),
                    QStringLiteral("case '%1' needs %2 for its tensors; %3 has %4")
                        .arg(k.name, formatBytes(double(bytes)), hw->name, formatBytes(double(hw->memoryBytes))));
            f.caseName = k.name;
            out << f;
        }
        if (movedBytes(t, k) > movedBytes(t, t.cases[largest]))
            largest = i;
    }
    const double bandwidth = t.target.peakBytesPerS ? *t.target.peakBytesPerS : hw->memoryBandwidth;
    const Case& big = t.cases[largest];
    const double seconds = double(movedBytes(t, big)) / bandwidth;
    if (seconds < kMinTimedSeconds) {
        Finding f = c.at(QStringLiteral("scope.undersized-case"), Severity::Warning,
            QStringLiteral("/cases/%1").arg(largest),
            QStringLiteral("the largest case '%1' moves %2: %3 µs at %4's %5/s, below the ~10 µs where launch overhead "
                           "dominates any timing")
                .arg(big.name, formatBytes(double(movedBytes(t, big))), QString::number(seconds * 1e6, 'g', 2), device,
                    formatBytes(bandwidth)));
        f.caseName = big.name;
        out << f;
    }
}

} // namespace kwb::lint

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/rooflinedata.h"

namespace kwb {

std::optional<RooflineData> rooflineData(const BenchResult& bench, const ProfileResult* profile, QString* note)
{
    const Task& task = bench.task;
    const auto fail = [&](const QString& why) -> std::optional<RooflineData> {
        if (note)
            *note = why;
        return std::nullopt;
    };
    // The implementations judged against the same peaks as the chart's roofs.
    RooflineData data;
    QStringList onRoofs;
    QString firstNote;
    for (const ImplBench& b : bench.impls) {
        const Implementation* impl = task.implementation(b.id);
        if (!impl)
            continue;
        QString why;
        if (const auto p = peaksFor(task, *impl, &why)) {
            if (onRoofs.isEmpty())
                data.peaks = *p;
            onRoofs << b.id;
        } else if (firstNote.isEmpty()) {
            firstNote = why;
        }
    }
    if (onRoofs.isEmpty())
        return fail(firstNote.isEmpty() ? QStringLiteral("no peaks to draw roofs from") : firstNote);
    if (data.peaks.bytesPerS <= 0 || data.peaks.flopsPerS <= 0)
        return fail(QStringLiteral("the peaks (%1) lack a bandwidth or a FLOP rate: a roofline needs both")
                        .arg(data.peaks.source));
    QStringList left;
    for (const BenchCase& c : bench.cases) {
        if (c.flops <= 0 || c.bytes <= 0)
            continue;
        QList<const ImplCaseResult*> rows;
        if (c.reference)
            rows << &*c.reference;
        for (const ImplCaseResult& r : c.candidates)
            rows << &r;
        for (const ImplCaseResult* r : rows) {
            if (r->stats.medianNs <= 0)
                continue;
            if (!onRoofs.contains(r->id)) {
                if (!left.contains(r->id))
                    left << r->id;
                continue;
            }
            data.points << RooflinePoint { r->id, c.name, c.flops / c.bytes, c.flops / (r->stats.medianNs * 1e-9),
                QStringLiteral("bench") };
        }
    }
    if (profile) {
        for (const KernelProfile& k : profile->kernels) {
            if (!k.flops || !k.dramBytesRead || !k.dramBytesWritten || !k.flopsPerS)
                continue;
            const double bytes = *k.dramBytesRead + *k.dramBytesWritten;
            if (bytes <= 0 || *k.flops <= 0)
                continue;
            data.points << RooflinePoint { k.impl + QStringLiteral(" (") + k.kernel.section(u'(', 0, 0) + u')',
                k.caseName, *k.flops / bytes, *k.flopsPerS, QStringLiteral("ncu") };
        }
    }
    if (!left.isEmpty())
        data.note = QStringLiteral("left out (they do not run on the device the roofs describe): %1")
                        .arg(left.join(QStringLiteral(", ")));
    if (data.points.isEmpty())
        return fail(bench.cases.isEmpty() || task.benchmarkFlops.isEmpty() || task.benchmarkBytes.isEmpty()
                ? QStringLiteral("no point: the manifest needs both benchmark.flops and benchmark.bytes")
                : QStringLiteral("no point: no implementation on these roofs has a measured median"));
    if (note)
        *note = data.note;
    return data;
}

} // namespace kwb

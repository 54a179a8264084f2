// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/benchview.h"

#include <algorithm>

namespace kwb::ui {

const CaseSamples* BenchView::samples(const QString& caseName, const QString& implId) const
{
    if (!result)
        return nullptr;
    for (const ImplBench& b : result->impls) {
        if (b.id == implId) {
            const auto it = b.cases.constFind(caseName);
            return it == b.cases.constEnd() ? nullptr : &*it;
        }
    }
    return nullptr;
}

BenchView makeBenchView(BenchResult result, std::optional<ProfileResult> profile)
{
    BenchView view;
    const quint64 seed = result.provenance.value(QStringLiteral("bootstrap"))
                             .toObject()
                             .value(QStringLiteral("seed"))
                             .toString(QStringLiteral("1"))
                             .toULongLong();
    for (const BenchCase& c : result.cases) {
        for (const ImplBench& b : result.impls) {
            const auto it = b.cases.constFind(c.name);
            if (it != b.cases.constEnd() && !it->samplesNs.empty())
                view.medianCi[c.name][b.id] = bootstrapMedianCi(it->samplesNs, seed);
        }
    }
    view.profile = std::move(profile);
    view.roofline = rooflineData(result, view.profile ? &*view.profile : nullptr, &view.rooflineNote);
    // No GPU roofline for a CPU run: a python implementation that ran on this machine's CPU (in Triton's or Pallas'
    // interpreter, or a framework without a device) is no point under the roofs of the task's GPU.
    QStringList onCpu;
    for (const ImplBench& b : result.impls) {
        const QJsonObject p = b.provenance;
        if (p.value(QStringLiteral("interpret")).toBool() || p.value(QStringLiteral("device")).toString() == u"cpu")
            onCpu << b.id;
    }
    // Roofs of this host (a CPU task) or the task's own declared peaks describe where it ran; only a device's do not.
    const bool deviceRoofs = view.roofline && !view.roofline->peaks.source.contains(QLatin1StringView("this host"))
        && !view.roofline->peaks.source.startsWith(QLatin1StringView("target.peak"));
    if (deviceRoofs && !onCpu.isEmpty()) {
        RooflineData& roof = *view.roofline;
        roof.points.erase(std::remove_if(roof.points.begin(), roof.points.end(),
                              [&](const RooflinePoint& p) { return onCpu.contains(p.impl.section(u' ', 0, 0)); }),
            roof.points.end());
        if (roof.points.isEmpty()) {
            view.rooflineNote = QStringLiteral("it ran on this machine's CPU (%1), not on the GPU the roofs of %2 "
                                               "describe")
                                    .arg(onCpu.join(QStringLiteral(", ")), roof.peaks.source);
            view.roofline.reset();
        } else {
            roof.note = QStringLiteral("left out, they ran on the CPU: %1").arg(onCpu.join(QStringLiteral(", ")))
                + (roof.note.isEmpty() ? QString() : QStringLiteral("; ") + roof.note);
        }
    }
    view.result = std::make_shared<const BenchResult>(std::move(result));
    return view;
}

QStringList profileLines(const BenchView& view)
{
    QStringList lines;
    if (!view.profile)
        return lines;
    for (const QString& m : view.profile->missing)
        lines << QStringLiteral("missing — %1").arg(m);
    for (const ProfileToolRun& r : view.profile->runs) {
        if (r.status != u"ok")
            lines << QStringLiteral("%1 on %2: %3%4")
                         .arg(r.tool, r.impl, r.status, r.note.isEmpty() ? QString() : QStringLiteral(" — ") + r.note);
    }
    const int ok = int(std::count_if(view.profile->runs.begin(), view.profile->runs.end(),
        [](const ProfileToolRun& r) { return r.status == u"ok"; }));
    lines.prepend(QStringLiteral("profilers: %1 run(s) completed, %2 kernel(s) measured by ncu, %3 perf stat record(s)")
                      .arg(ok)
                      .arg(view.profile->kernels.size())
                      .arg(view.profile->perf.size()));
    return lines;
}

QString formatDuration(double ns)
{
    if (!(ns > 0))
        return QStringLiteral("0");
    const auto fmt = [](double v, const char* unit) {
        return QString::number(v, 'g', 4) + QLatin1Char(' ') + QString::fromUtf8(unit);
    };
    if (ns < 1e3)
        return fmt(ns, "ns");
    if (ns < 1e6)
        return fmt(ns / 1e3, "µs");
    if (ns < 1e9)
        return fmt(ns / 1e6, "ms");
    return fmt(ns / 1e9, "s");
}

} // namespace kwb::ui

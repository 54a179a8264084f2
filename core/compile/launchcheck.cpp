// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/launchcheck.h"

#include "core/task/expression.h"

#include <QSet>

namespace kwb {

namespace {
Result<qint64> eval(const QString& text, const QMap<QString, qint64>& dims)
{
    auto e = Expression::parse(text);
    if (!e)
        return Error { {}, {}, QStringLiteral("'%1': %2").arg(text, e.error().oneLine()) };
    return e->evaluate(dims);
}

Result<LaunchConfig> evaluate(const LaunchSpec& spec, const Case& c)
{
    LaunchConfig l;
    l.caseName = c.name;
    for (int i = 0; i < 3; ++i) {
        if (i < spec.grid.size()) {
            auto v = eval(spec.grid[i], c.dims);
            if (!v)
                return v.error();
            l.grid[i] = *v;
        }
        if (i < spec.block.size()) {
            auto v = eval(spec.block[i], c.dims);
            if (!v)
                return v.error();
            l.block[i] = *v;
        }
    }
    if (!spec.smem.isEmpty()) {
        auto v = eval(spec.smem, c.dims);
        if (!v)
            return v.error();
        l.dynamicSmem = *v;
    }
    return l;
}

Finding finding(const Implementation& impl, const QString& id, Severity s, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = s;
    f.message = message;
    f.file = QStringLiteral("task.json");
    f.jsonPath = impl.jsonPath + QStringLiteral("/launch");
    f.impl = impl.id;
    return f;
}
} // namespace

bool isEntryKernel(const KernelResources& k, const QString& entry)
{
    return k.name == entry || k.demangled == entry || k.demangled.startsWith(entry + QLatin1Char('('))
        || k.demangled.contains(QStringLiteral("::") + entry + QLatin1Char('('));
}

QString launchViolation(const LaunchConfig& l, const ArchLimits& a)
{
    static const char axes[] = { 'x', 'y', 'z' };
    if (l.block[0] > 0 && l.block[1] > 0 && l.block[2] > 0 && l.threads() > a.maxThreadsPerBlock)
        return QStringLiteral("%1 threads per block exceed %2").arg(l.threads()).arg(a.maxThreadsPerBlock);
    for (int i = 0; i < 3; ++i) {
        if (l.grid[i] < 1 || l.grid[i] > a.maxGridDim[i])
            return QStringLiteral("grid.%1 = %2 is outside 1…%3")
                .arg(QLatin1Char(axes[i]))
                .arg(l.grid[i])
                .arg(a.maxGridDim[i]);
        if (l.block[i] < 1 || l.block[i] > a.maxBlockDim[i])
            return QStringLiteral("block.%1 = %2 is outside 1…%3")
                .arg(QLatin1Char(axes[i]))
                .arg(l.block[i])
                .arg(a.maxBlockDim[i]);
    }
    if (l.dynamicSmem < 0)
        return QStringLiteral("negative dynamic shared memory (%1 bytes)").arg(l.dynamicSmem);
    if (l.dynamicSmem > a.smemPerBlockOptIn)
        return QStringLiteral("%1 bytes of dynamic shared memory exceed the %2 opt-in maximum of %3 bytes")
            .arg(l.dynamicSmem)
            .arg(a.arch)
            .arg(a.smemPerBlockOptIn);
    if (l.dynamicSmem > a.smemPerBlockStatic)
        return QStringLiteral("%1 bytes of dynamic shared memory exceed 48 KB without opt-in "
                              "(cudaFuncAttributeMaxDynamicSharedMemorySize is not raised by a <<<…>>> launch)")
            .arg(l.dynamicSmem);
    return {};
}

Findings validateLaunches(
    const Task& task, const Implementation& impl, const QStringList& archs, QList<KernelResources>& kernels)
{
    Findings out;
    QSet<QString> seen;
    const auto add = [&](const Finding& f) {
        if (!seen.contains(f.message)) {
            seen.insert(f.message);
            out.append(f);
        }
    };
    // One launch finding per arch and reason, naming every case that breaks it.
    QList<QPair<QString, QStringList>> broken;
    const auto addCase = [&](const QString& what, const QString& caseName) {
        for (auto& b : broken) {
            if (b.first == what) {
                b.second << caseName;
                return;
            }
        }
        broken.append({ what, { caseName } });
    };
    for (KernelResources& k : kernels) {
        const ArchLimits* a = findArchLimits(k.arch);
        if (a && k.smemBytes > a->smemPerBlockStatic) {
            Finding f = finding(impl, QStringLiteral("launch.invalid-config"), Severity::Error,
                QStringLiteral("%1 on %2: %3 bytes of static shared memory exceed the 48 KB static limit (%4 bytes)")
                    .arg(k.demangled, k.arch)
                    .arg(k.smemBytes)
                    .arg(a->smemPerBlockStatic));
            f.file = impl.source;
            f.jsonPath.clear();
            add(f);
        }
    }
    if (!impl.launch)
        return out;
    for (const QString& archName : archs) {
        const ArchLimits* a = findArchLimits(archName);
        if (!a)
            continue;
        bool first = true;
        for (const Case& c : task.cases) {
            auto l = evaluate(*impl.launch, c);
            if (!l) {
                addCase(QStringLiteral("%1 launch cannot be evaluated: %2").arg(impl.id, l.error().oneLine()), c.name);
                continue;
            }
            if (const QString why = launchViolation(*l, *a); !why.isEmpty()) {
                addCase(QStringLiteral("%1 launch on %2: %3").arg(impl.id, a->arch, why), c.name);
                continue;
            }
            for (KernelResources& k : kernels) {
                if (findArchLimits(k.arch) != a || !isEntryKernel(k, impl.entry))
                    continue;
                OccupancyInput in { int(l->threads()), k.registers, k.smemBytes, l->dynamicSmem, k.barriers, false };
                auto occ = computeOccupancy(*a, in);
                if (!occ)
                    continue;
                if (occ->activeBlocks == 0)
                    addCase(QStringLiteral("%1 launch on %2: %3").arg(impl.id, a->arch, occ->why), c.name);
                if (first) {
                    k.occupancy = *occ;
                    if (occ->activeBlocks > 0 && occ->occupancy < 0.25)
                        add(finding(impl, QStringLiteral("launch.low-occupancy"), Severity::Info,
                            QStringLiteral("%1 on %2: theoretical occupancy %3 % (%4 blocks of %5 threads per SM), "
                                           "limited by %6")
                                .arg(k.demangled, a->arch)
                                .arg(occ->occupancy * 100, 0, 'f', 1)
                                .arg(occ->activeBlocks)
                                .arg(l->threads())
                                .arg(occ->limiter)));
                }
            }
            first = false;
        }
    }
    for (const auto& b : broken) {
        Finding f = finding(impl, QStringLiteral("launch.invalid-config"), Severity::Error,
            QStringLiteral("%1 (case%2 %3)")
                .arg(b.first, b.second.size() > 1 ? QStringLiteral("s") : QString(),
                    b.second.join(QStringLiteral(", "))));
        f.caseName = b.second.first();
        out.append(f);
    }
    return out;
}

} // namespace kwb

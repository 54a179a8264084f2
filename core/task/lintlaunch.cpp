// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lintcontext.h"

#include "core/hardware/hardware.h"
#include "core/task/expression.h"

namespace kwb::lint {
namespace {
// CUDA limits that hold on every compute capability from 5.0 on (CUDA C++ Programming Guide,
// "Technical Specifications per Compute Capability"): block x/y ≤ 1024, z ≤ 64; grid y/z ≤ 65535,
// x ≤ 2^31-1.
constexpr qint64 kBlockMax[3] = { 1024, 1024, 64 };
constexpr qint64 kGridMax[3] = { 2147483647, 65535, 65535 };

qint64 value(const QString& text, const Case& c)
{
    const auto e = Expression::parse(text);
    if (!e)
        return 0;
    const auto v = e->evaluate(c.dims);
    return v ? *v : 0;
}

// The first limit a launch breaks in case `c`, or an empty string.
QString violation(const LaunchSpec& l, const Case& c, const HardwareSpec* hw)
{
    static const char* axis = "xyz";
    qint64 threads = 1;
    for (qsizetype i = 0; i < l.block.size(); ++i) {
        const qint64 b = value(l.block[i], c);
        if (b > kBlockMax[i])
            return QStringLiteral("block.%1 = %2 exceeds %3").arg(QLatin1Char(axis[i])).arg(b).arg(kBlockMax[i]);
        threads *= b;
    }
    const qint64 maxThreads = hw && hw->maxThreadsPerBlock > 0 ? hw->maxThreadsPerBlock : 1024;
    if (threads > maxThreads)
        return QStringLiteral("%1 threads per block exceed %2").arg(threads).arg(maxThreads);
    for (qsizetype i = 0; i < l.grid.size(); ++i) {
        const qint64 g = value(l.grid[i], c);
        if (g > kGridMax[i])
            return QStringLiteral("grid.%1 = %2 exceeds %3").arg(QLatin1Char(axis[i])).arg(g).arg(kGridMax[i]);
    }
    const qint64 smem = value(l.smem, c);
    if (hw && hw->smemPerBlockMax > 0 && smem > hw->smemPerBlockMax)
        return QStringLiteral("%1 bytes of shared memory exceed %2's %3 per block")
            .arg(smem)
            .arg(hw->name)
            .arg(hw->smemPerBlockMax);
    return {};
}
} // namespace

void launchConfigs(const Context& c, Findings& out)
{
    const Task& t = c.task();
    const HardwareSpec* hw = findHardware(t.target.hardware);
    for (const Implementation& impl : t.implementations()) {
        if (!impl.launch)
            continue;
        for (const Case& k : t.cases) {
            const QString why = violation(*impl.launch, k, hw);
            if (why.isEmpty())
                continue;
            Finding f = c.at(QStringLiteral("launch.invalid-config"), Severity::Error,
                impl.jsonPath + QStringLiteral("/launch"),
                QStringLiteral("%1 launch for case '%2': %3").arg(impl.id, k.name, why));
            f.impl = impl.id;
            f.caseName = k.name;
            out << f;
            break; // one finding per implementation: the first case that breaks a limit
        }
    }
}

} // namespace kwb::lint

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compile/archlimits.h"

#include <QRegularExpression>

namespace kwb {

namespace {
constexpr qint64 KB = 1024;

ArchLimits make(
    int major, int minor, int warps, int blocks, qint64 smemSm, qint64 optIn, qint64 reserved, int barriersPerSlot)
{
    ArchLimits a;
    a.arch = QStringLiteral("sm_%1%2").arg(major).arg(minor);
    a.major = major;
    a.minor = minor;
    a.maxWarpsPerSm = warps;
    a.maxBlocksPerSm = blocks;
    a.smemPerSm = smemSm;
    a.smemPerBlockOptIn = optIn;
    a.reservedSmemPerBlock = reserved;
    a.smemAllocationUnit = major >= 8 ? 128 : 256;
    a.blockBarriersPerBlockSlot = barriersPerSlot;
    return a;
}
} // namespace

const QList<ArchLimits>& archLimitsTable()
{
    // warps/SM, blocks/SM, shared memory per SM, opt-in max per block, reserved per block, barrier slots.
    static const QList<ArchLimits> table {
        make(7, 0, 64, 32, 96 * KB, 96 * KB, 0, 2), // V100
        make(7, 5, 32, 16, 64 * KB, 64 * KB, 0, 2), // T4, RTX 20
        make(8, 0, 64, 32, 164 * KB, 163 * KB, 1 * KB, 2), // A100
        make(8, 6, 48, 16, 100 * KB, 99 * KB, 1 * KB, 1), // RTX 30, A10, A40
        make(8, 9, 48, 24, 100 * KB, 99 * KB, 1 * KB, 1), // L4, L40S, RTX 40
        make(9, 0, 64, 32, 228 * KB, 227 * KB, 1 * KB, 2), // H100, H200
        make(10, 0, 64, 32, 228 * KB, 227 * KB, 1 * KB, 2), // B200
        make(12, 0, 48, 24, 100 * KB, 99 * KB, 1 * KB, 1), // RTX 50, RTX PRO 6000
    };
    return table;
}

const ArchLimits* findArchLimits(QStringView arch)
{
    static const QRegularExpression re(QStringLiteral(R"(^(?:sm_|compute_)?(\d+?)\.?(\d)[af]?$)"));
    const auto m = re.match(arch.trimmed());
    if (!m.hasMatch())
        return nullptr;
    const int major = m.captured(1).toInt();
    const int minor = m.captured(2).toInt();
    for (const ArchLimits& a : archLimitsTable()) {
        if (a.major == major && a.minor == minor)
            return &a;
    }
    return nullptr;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The occupancy calculator against the CUDA Toolkit's own (cuda_occupancy.h) on a grid of configurations.
#include "core/compile/archlimits.h"
#include "core/compile/occupancy.h"

#include <QTest>

#include <cuda_occupancy.h>

using namespace kwb;

namespace {
// Device properties as cudaGetDeviceProperties reports them on real boards of each arch (V100, T4, A100, A10,
// L4, H100, B200, RTX 5090): typed in here, independent of the table under test.
struct Device {
    const char* arch;
    int major, minor, threadsPerSm;
    size_t smemPerSm, smemOptIn, reserved;
};
const Device kDevices[] = {
    { "sm_70", 7, 0, 2048, 98304, 98304, 0 },
    { "sm_75", 7, 5, 1024, 65536, 65536, 0 },
    { "sm_80", 8, 0, 2048, 167936, 166912, 1024 },
    { "sm_86", 8, 6, 1536, 102400, 101376, 1024 },
    { "sm_89", 8, 9, 1536, 102400, 101376, 1024 },
    { "sm_90", 9, 0, 2048, 233472, 232448, 1024 },
    { "sm_100", 10, 0, 2048, 233472, 232448, 1024 },
    { "sm_120", 12, 0, 1536, 102400, 101376, 1024 },
};

cudaOccDeviceProp props(const Device& d)
{
    cudaOccDeviceProp p;
    p.computeMajor = d.major;
    p.computeMinor = d.minor;
    p.maxThreadsPerBlock = 1024;
    p.maxThreadsPerMultiprocessor = d.threadsPerSm;
    p.regsPerBlock = 65536;
    p.regsPerMultiprocessor = 65536;
    p.warpSize = 32;
    p.sharedMemPerBlock = 49152;
    p.sharedMemPerMultiprocessor = d.smemPerSm;
    p.numSms = 100;
    p.sharedMemPerBlockOptin = d.smemOptIn;
    p.reservedSharedMemPerBlock = d.reserved;
    return p;
}

// The toolkit's per-factor block limits that reach its result. (Its limitingFactors bits keep the factors of
// the minimum before the sm_90+ barrier limit is applied, even when barriers then lower it further; the
// per-factor limits say what actually limits.)
QStringList limiterNames(const cudaOccResult& r)
{
    const int n = r.activeBlocksPerMultiprocessor;
    QStringList out;
    if (r.blockLimitWarps == n)
        out << QStringLiteral("warps");
    if (r.blockLimitRegs == n)
        out << QStringLiteral("registers");
    if (r.blockLimitSharedMem == n)
        out << QStringLiteral("shared memory");
    if (r.blockLimitBlocks == n)
        out << QStringLiteral("blocks");
    if (r.blockLimitBarriers == n)
        out << QStringLiteral("barriers");
    return out;
}
} // namespace

class TestOccupancy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tableMatchesDevices()
    {
        for (const Device& d : kDevices) {
            const ArchLimits* a = findArchLimits(QString::fromLatin1(d.arch));
            QVERIFY2(a, d.arch);
            QCOMPARE(a->maxWarpsPerSm * 32, d.threadsPerSm);
            QCOMPARE(a->smemPerSm, qint64(d.smemPerSm));
            QCOMPARE(a->smemPerBlockOptIn, qint64(d.smemOptIn));
            QCOMPARE(a->reservedSmemPerBlock, qint64(d.reserved));
        }
        QCOMPARE(findArchLimits(u"sm_90a")->arch, QStringLiteral("sm_90"));
        QCOMPARE(findArchLimits(u"compute_86")->arch, QStringLiteral("sm_86"));
        QVERIFY(!findArchLimits(u"sm_61"));
        QVERIFY(!findArchLimits(u"gfx942"));
    }

    void agreesWithToolkit_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::newRow("sm_70") << QStringLiteral("sm_70");
        QTest::newRow("sm_75") << QStringLiteral("sm_75");
        QTest::newRow("sm_80") << QStringLiteral("sm_80");
        QTest::newRow("sm_86") << QStringLiteral("sm_86");
        QTest::newRow("sm_89") << QStringLiteral("sm_89");
        QTest::newRow("sm_90") << QStringLiteral("sm_90");
        QTest::newRow("sm_100") << QStringLiteral("sm_100");
        QTest::newRow("sm_120") << QStringLiteral("sm_120");
    }

    // Every (block, registers, shared memory, barriers) of the grid: same blocks per SM and the same limiters.
    void agreesWithToolkit()
    {
        QFETCH(QString, arch);
        const Device* dev = nullptr;
        for (const Device& d : kDevices)
            dev = QString::fromLatin1(d.arch) == arch ? &d : dev;
        QVERIFY(dev);
        const cudaOccDeviceProp p = props(*dev);
        const ArchLimits& limits = *findArchLimits(arch);
        const int blocks[] = { 1, 32, 64, 96, 128, 160, 256, 384, 512, 640, 768, 1024 };
        const int regs[] = { 0, 16, 24, 32, 40, 48, 64, 72, 96, 128, 168, 200, 255 };
        const qint64 smems[] = { 0, 100, 1000, 4096, 12288, 16384, 40000, 48128, 49152, 65536, 100000, 101376, 131072,
            166912, 200000, 232448, 240000 };
        int checked = 0;
        int nonzero = 0;
        for (int block : blocks)
            for (int r : regs)
                for (qint64 smem : smems)
                    for (int barriers : { 0, 1, 3 }) {
                        cudaOccFuncAttributes fa;
                        fa.maxThreadsPerBlock = 1024;
                        fa.numRegs = r;
                        fa.numBlockBarriers = barriers;
                        // Split the shared memory: a quarter static, the rest dynamic (opted in above 48 KB).
                        fa.sharedSizeBytes = size_t(smem / 4);
                        const qint64 dyn = smem - smem / 4;
                        const bool optIn = smem > 48 * 1024;
                        if (optIn) {
                            fa.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
                            fa.maxDynamicSharedSizeBytes = size_t(dyn);
                        }
                        cudaOccDeviceState state;
                        cudaOccResult expected {};
                        const cudaOccError err
                            = cudaOccMaxActiveBlocksPerMultiprocessor(&expected, &p, &fa, &state, block, size_t(dyn));
                        auto got = computeOccupancy(limits, { block, r, smem / 4, dyn, barriers, optIn });
                        QVERIFY(got.ok());
                        if (err != CUDA_OCC_SUCCESS) {
                            // The toolkit rejects input beyond the arch (e.g. more shared memory than the SM has).
                            QCOMPARE(got->activeBlocks, 0);
                            continue;
                        }
                        const QString where = QStringLiteral("%1 block %2 regs %3 smem %4 barriers %5")
                                                  .arg(arch)
                                                  .arg(block)
                                                  .arg(r)
                                                  .arg(smem)
                                                  .arg(barriers);
                        QVERIFY2(got->activeBlocks == expected.activeBlocksPerMultiprocessor,
                            qPrintable(where
                                + QStringLiteral(": got %1, toolkit %2")
                                      .arg(got->activeBlocks)
                                      .arg(expected.activeBlocksPerMultiprocessor)));
                        if (got->activeBlocks > 0) {
                            QVERIFY2(got->limiters == limiterNames(expected),
                                qPrintable(where
                                    + QStringLiteral(": limiters %1, toolkit %2")
                                          .arg(got->limiters.join(u','), limiterNames(expected).join(u','))));
                            ++nonzero;
                        }
                        ++checked;
                    }
        QVERIFY(nonzero > checked / 4); // the grid must exercise runnable configurations, not only failures
    }

    void knownValues()
    {
        // 256 threads × 64 registers on sm_90: 8 warps per sub-partition's 16384 registers → 4 blocks, 50 %.
        auto o = computeOccupancy(*findArchLimits(u"sm_90"), { 256, 64, 0, 0, 0, false });
        QCOMPARE(o->activeBlocks, 4);
        QCOMPARE(o->activeWarps, 32);
        QCOMPARE(o->occupancy, 0.5);
        QCOMPARE(o->limiter, QStringLiteral("registers"));
        // 2048 threads cannot run anywhere.
        auto wide = computeOccupancy(*findArchLimits(u"sm_80"), { 2048, 16, 0, 0, 0, false });
        QCOMPARE(wide->activeBlocks, 0);
        QVERIFY(wide->why.contains(u"2048 threads"));
        QVERIFY(!computeOccupancy(*findArchLimits(u"sm_80"), { 0, 16, 0, 0, 0, false }).ok());
    }
};

QTEST_GUILESS_MAIN(TestOccupancy)
#include "tst_occupancy.moc"

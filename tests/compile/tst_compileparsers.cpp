// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers against compiler output recorded from real nvcc 13.0 / ptxas / g++ 12 runs (tests/fixtures/compile).
#include "core/compile/compiler.h"
#include "core/compile/diagnostic.h"
#include "core/compile/disassembly.h"
#include "core/compile/kernelresources.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QTest>

using namespace kwb;

namespace {
QString fixture(const QString& name)
{
    QFile f((KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compile/")) + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(f.readAll());
}
} // namespace

class TestCompileParsers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void diagnostics_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("nvcc front-end error") << "nvcc-error.txt" << 0 << 1 << "error.cu:5:0"
                                              << "error"
                                              << "nvcc"
                                              << ""
                                              << "identifier \"undefined_value\" is undefined";
        QTest::newRow("nvcc numbered warning") << "nvcc-warning.txt" << 0 << 1 << "warn.cu:4:0"
                                               << "warning"
                                               << "nvcc"
                                               << "177-D"
                                               << "variable \"unused\" was declared but never referenced";
        QTest::newRow("gcc error in an included header") << "gcc-include-chain.txt" << 0 << 2 << "bad.h:4:16"
                                                         << "error"
                                                         << "gcc"
                                                         << ""
                                                         << "(included from included.cpp:1)";
        QTest::newRow("gcc warning with its flag") << "gcc-include-chain.txt" << 1 << 2 << "included.cpp:5:9"
                                                   << "warning"
                                                   << "gcc"
                                                   << "-Wunused-variable"
                                                   << "unused variable 'unused'";
        QTest::newRow("ptxas error on a PTX line")
            << "nvcc-cpasync-sm75.txt" << 0 << 3 << "/tmp/tmpxft_0000234e_00000000-6_cpasync.ptx:42:0"
            << "error"
            << "ptxas"
            << ""
            << "Feature 'cp.async' requires .target sm_80 or higher";
        QTest::newRow("ptxas fatal") << "nvcc-cpasync-sm75.txt" << 2 << 3 << ":0:0"
                                     << "error"
                                     << "ptxas"
                                     << ""
                                     << "Ptx assembly aborted due to errors";
        QTest::newRow("ptxas shared-memory error") << "nvcc-bigsmem.txt" << 0 << 1 << ":0:0"
                                                   << "error"
                                                   << "ptxas"
                                                   << ""
                                                   << "uses too much shared data (0x10000 bytes, 0xc000 max)";
        QTest::newRow("ptxas spill warning") << "nvcc-spills.txt" << 0 << 1 << ":0:0"
                                             << "warning"
                                             << "ptxas"
                                             << ""
                                             << "Registers are spilled to local memory";
        QTest::newRow("cluster on sm_80")
            << "nvcc-cluster-sm80.txt" << 0 << 3
            << "../../../../resources/tasks/row-norm-f32-sm80-to-sm90/candidate_sm90.cu:21:0"
            << "error"
            << "nvcc"
            << ""
            << "__cluster_dims__ is not supported for this GPU architecture";
        QTest::newRow("nvcc fatal") << "nvcc-fatal-option.txt" << 0 << 1 << ":0:0"
                                    << "error"
                                    << "nvcc"
                                    << ""
                                    << "Unknown option '--warn-on-spills'";
        QTest::newRow("clean two-arch build") << "nvcc-two-archs.txt" << -1 << 0 << ""
                                              << ""
                                              << ""
                                              << ""
                                              << "";
    }

    void diagnostics()
    {
        QFETCH(QString, file);
        QFETCH(int, index);
        QFETCH(int, count);
        QFETCH(QString, where);
        QFETCH(QString, severity);
        QFETCH(QString, tool);
        QFETCH(QString, code);
        QFETCH(QString, message);
        const QList<Diagnostic> ds = parseCompilerOutput(fixture(file));
        QCOMPARE(ds.size(), count);
        if (index < 0)
            return;
        const Diagnostic& d = ds.at(index);
        QCOMPARE(QStringLiteral("%1:%2:%3").arg(d.file).arg(d.line).arg(d.column), where);
        QCOMPARE(diagnosticSeverityName(d.severity), severity);
        QCOMPARE(d.tool, tool);
        QCOMPARE(d.code, code);
        QVERIFY2(d.message.contains(message), qPrintable(d.message));
    }

    void bundleRelativePaths()
    {
        const QString lab = KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compile/lab");
        const PathMapper map = bundlePathMapper(lab, lab);
        QCOMPARE(map(QStringLiteral("error.cu")), QStringLiteral("error.cu"));
        QCOMPARE(map(lab + QStringLiteral("/./bad.h")), QStringLiteral("bad.h"));
        QCOMPARE(map(QStringLiteral("/usr/include/stdio.h")), QStringLiteral("/usr/include/stdio.h"));
        const auto ds = parseCompilerOutput(fixture(QStringLiteral("gcc-include-chain.txt")), map);
        QCOMPARE(ds.value(0).file, QStringLiteral("bad.h"));
    }

    void resources_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("demangled");
        QTest::addColumn<QString>("arch");
        // registers, stack, spill stores, spill loads, smem, cmem, barriers — as ptxas printed them
        QTest::addColumn<QList<int>>("figures");
        QTest::newRow("spills") << "nvcc-spills.txt" << 0 << 1 << "spill_kernel(float*, int const*, int)"
                                << "sm_80" << QList<int> { 32, 848, 1904, 1908, 0, 372, 0 };
        QTest::newRow("static smem") << "nvcc-bigsmem.txt" << 0 << 1 << "big_smem(float*)"
                                     << "sm_80" << QList<int> { 10, 0, 0, 0, 65536, 360, 1 };
        QTest::newRow("first arch") << "nvcc-two-archs.txt" << 0 << 2
                                    << "add4(float4 const*, float4 const*, float4*, int)"
                                    << "sm_80" << QList<int> { 18, 0, 0, 0, 0, 380, 1 };
        QTest::newRow("second arch") << "nvcc-two-archs.txt" << 1 << 2
                                     << "add4(float4 const*, float4 const*, float4*, int)"
                                     << "sm_90" << QList<int> { 22, 0, 0, 0, 0, 0, 1 };
        QTest::newRow("front-end error: none") << "nvcc-error.txt" << -1 << 0 << ""
                                               << "" << QList<int> {};
    }

    void resources()
    {
        QFETCH(QString, file);
        QFETCH(int, index);
        QFETCH(int, count);
        QFETCH(QString, demangled);
        QFETCH(QString, arch);
        QFETCH(QList<int>, figures);
        const QList<KernelResources> ks = parsePtxasResources(fixture(file));
        QCOMPARE(ks.size(), count);
        if (index < 0)
            return;
        const KernelResources& k = ks.at(index);
        QCOMPARE(k.demangled, demangled);
        QVERIFY(k.name.startsWith(u"_Z"));
        QCOMPARE(k.arch, arch);
        const QList<int> got { k.registers, k.stackBytes, k.spillStores, k.spillLoads, k.smemBytes, k.cmemBytes,
            k.barriers };
        QCOMPARE(got, figures);
    }

    void ptxInstructionMix()
    {
        const auto ks
            = parsePtx(fixture(QStringLiteral("good-sm90.ptx")), QStringLiteral("sm_90"), QStringLiteral("good.cu"));
        QCOMPARE(ks.size(), 1);
        const DisassembledKernel& k = ks.first();
        QCOMPARE(k.demangled, QStringLiteral("add4(float4 const*, float4 const*, float4*, int)"));
        QCOMPARE(k.mix.value(QStringLiteral("ld.global.128")), 2); // two float4 loads
        QCOMPARE(k.mix.value(QStringLiteral("st.global.128")), 1);
        QCOMPARE(k.mix.value(QStringLiteral("bar.sync")), 1);
        QCOMPARE(k.mix.value(QStringLiteral("ld.local")), 0);
        QVERIFY(k.mix.value(QStringLiteral("instructions")) > 10);
        // Line 6 of good.cu (`float4 x = a[i], y = b[i];`) made the two vector loads.
        const QList<int> idx = k.linesForSource(6);
        int loads = 0;
        for (int i : idx)
            loads += k.lines[i].contains(u"ld.global.v4.f32") ? 1 : 0;
        QCOMPARE(loads, 2);
    }

    void sassInstructionMix()
    {
        // cuobjdump is not on this machine: a hand-written excerpt in its format.
        const QString sass
            = QStringLiteral("\tcode for sm_90\n\t\tFunction : _Z4add4PK6float4S1_PS_i\n"
                             "        /*0000*/                   LDC R1, c[0x0][0x28] ;\n"
                             "        /*0010*/                   LDG.E.128 R4, desc[UR4][R2.64] ;\n"
                             "        /*0020*/              @!P0 STG.E.128 desc[UR4][R8.64], R4 ;\n"
                             "        /*0030*/                   HGMMA.64x128x16.F32 R24, gdesc[UR4], R24 ;\n"
                             "        /*0040*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;\n"
                             "        /*0050*/                   FFMA R0, R1, R2, R3 ;\n");
        const auto ks = parseSass(sass);
        QCOMPARE(ks.size(), 1);
        QCOMPARE(ks[0].arch, QStringLiteral("sm_90"));
        QCOMPARE(ks[0].mix.value(QStringLiteral("LDG.128")), 1);
        QCOMPARE(ks[0].mix.value(QStringLiteral("STG.128")), 1);
        QCOMPARE(ks[0].mix.value(QStringLiteral("HGMMA")), 1);
        QCOMPARE(ks[0].mix.value(QStringLiteral("BAR")), 1);
        QCOMPARE(ks[0].mix.value(QStringLiteral("FFMA")), 1);
        QCOMPARE(ks[0].mix.value(QStringLiteral("instructions")), 6);
    }

    void findingsFromDiagnostics()
    {
        ImplementationCompile c;
        c.id = QStringLiteral("sm90-cluster");
        c.backend = QStringLiteral("cuda");
        c.diagnostics = parseCompilerOutput(fixture(QStringLiteral("nvcc-cluster-sm80.txt")));
        Findings fs = compileFindings(c, { QStringLiteral("sm_80") });
        QCOMPARE(fs.size(), 3);
        QCOMPARE(fs[0].id, QStringLiteral("compile.arch-mismatch"));
        QCOMPARE(fs[0].line, 21);
        QCOMPARE(fs[1].id, QStringLiteral("compile.error"));

        c.diagnostics = parseCompilerOutput(fixture(QStringLiteral("nvcc-cpasync-sm75.txt")));
        fs = compileFindings(c, { QStringLiteral("sm_75") });
        QCOMPARE(fs.value(0).id, QStringLiteral("compile.arch-mismatch"));
        QCOMPARE(fs.value(2).id, QStringLiteral("compile.error"));

        c.diagnostics = parseCompilerOutput(fixture(QStringLiteral("nvcc-spills.txt")));
        c.kernels = parsePtxasResources(fixture(QStringLiteral("nvcc-spills.txt")));
        fs = compileFindings(c, { QStringLiteral("sm_80") });
        QCOMPARE(fs.size(), 1); // the ptxas warning and the resource line make one spill finding
        QCOMPARE(fs[0].id, QStringLiteral("compile.spills"));
        QVERIFY(fs[0].message.contains(u"1904 bytes spill stores"));

        // Built for two archs, but ptxas only compiled the kernel for one: code is missing for the other.
        c.ok = true;
        c.diagnostics.clear();
        c.kernels = parsePtxasResources(fixture(QStringLiteral("nvcc-warning.txt")));
        fs = compileFindings(c, { QStringLiteral("sm_80"), QStringLiteral("sm_90a") });
        QCOMPARE(fs.size(), 1);
        QCOMPARE(fs[0].id, QStringLiteral("compile.arch-mismatch"));
        QVERIFY(fs[0].message.contains(u"sm_90a"));
    }
};

QTEST_GUILESS_MAIN(TestCompileParsers)
#include "tst_compileparsers.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/hardware/hardware.h"

#include <QTest>

using namespace kwb;

class TestHardware : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lookup_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("name");
        const auto row = [](const char* q, const char* n) {
            QTest::newRow(q) << QString::fromLatin1(q) << QString::fromLatin1(n);
        };
        row("H100", "H100 SXM");
        row("H100 SXM", "H100 SXM");
        row("h100-sxm", "H100 SXM");
        row("h100_sxm5", "H100 SXM");
        row("NVIDIA H100 SXM5 80GB", "H100 SXM");
        row("h200", "H200");
        row("A100", "A100 80GB");
        row("a100-80gb", "A100 80GB");
        row("l4", "L4");
        row("RTX 4090", "RTX 4090");
        row("geforce-rtx-4090", "RTX 4090");
        row("B200", "B200");
        row("mi300x", "MI300X");
        row("AMD Instinct MI300X", "MI300X");
        row("TPU v5e", "TPU v5e");
        row("tpu-v5e", "TPU v5e");
        row("Trainium2", "Trainium2");
        row("trn2", "Trainium2");
    }
    void lookup()
    {
        QFETCH(QString, query);
        QFETCH(QString, name);
        const HardwareSpec* h = findHardware(query);
        QVERIFY(h);
        QCOMPARE(h->name, name);
    }

    void unknown_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("empty") << QString();
        QTest::newRow("punctuation only") << QStringLiteral("--");
        QTest::newRow("other device") << QStringLiteral("H300");
        QTest::newRow("vendor only") << QStringLiteral("NVIDIA");
        QTest::newRow("cpu") << QStringLiteral("cpu");
    }
    void unknown()
    {
        QFETCH(QString, query);
        QCOMPARE(findHardware(query), nullptr);
    }

    void figures()
    {
        QVERIFY(hardwareTable().size() >= 9);
        for (const HardwareSpec& h : hardwareTable()) {
            QVERIFY2(h.memoryBytes > 0 && h.memoryBandwidth > 0, qPrintable(h.name));
            QVERIFY2(!h.sources.isEmpty() && !h.vendor.isEmpty() && !h.computeCapability.isEmpty(), qPrintable(h.name));
            QVERIFY2(h.peakFlops(DType::BFloat16) > 0, qPrintable(h.name));
            QCOMPARE(findHardware(h.name), &h);
            if (h.vendor == u"NVIDIA") {
                QCOMPARE(h.warpSize, 32);
                QCOMPARE(h.maxThreadsPerBlock, 1024);
                QCOMPARE(h.registersPerSm, 65536);
                QCOMPARE(h.smemPerBlockDefault, qint64(48 * 1024));
                QVERIFY2(
                    h.smemPerBlockMax > h.smemPerBlockDefault && h.smemPerSm > h.smemPerBlockMax, qPrintable(h.name));
                QVERIFY2(h.arch.startsWith(QStringLiteral("sm_")), qPrintable(h.name));
                QVERIFY2(h.peakFlops(DType::Float16) > h.peakFlops(DType::Float32), qPrintable(h.name));
            }
        }
    }

    void knownValues()
    {
        const HardwareSpec* h100 = findHardware(u"H100");
        QCOMPARE(h100->memoryBandwidth, 3.35e12);
        QCOMPARE(h100->computeUnits, 132);
        QCOMPARE(h100->computeCapability, QStringLiteral("9.0"));
        QCOMPARE(h100->smemPerBlockMax, qint64(227 * 1024));
        QCOMPARE(h100->peakFlops(DType::BFloat16), 989.4e12);
        QCOMPARE(findHardware(u"H200")->memoryBandwidth, 4.8e12);
        QCOMPARE(findHardware(u"A100")->peakFlops(DType::Float32), 19.5e12);
        QCOMPARE(findHardware(u"A100")->peakFlops(DType::Float8E4M3FN), 0.0); // Ampere has no FP8
        QCOMPARE(findHardware(u"L4")->memoryBandwidth, 300e9);
        QCOMPARE(findHardware(u"MI300X")->warpSize, 64);
        QCOMPARE(findHardware(u"TPU v5e")->peakFlops(DType::BFloat16), 197e12);
        QCOMPARE(findHardware(u"Trainium2")->peakFlops(DType::Float32), 181e12);
    }
};

QTEST_GUILESS_MAIN(TestHardware)
#include "tst_hardware.moc"

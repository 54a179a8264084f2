// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/dtype.h"
#include "core/tolerance.h"

#include <QTest>

using namespace kwb;

class TestDType : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("size");
        QTest::addColumn<bool>("isFloat");
        QTest::newRow("float64") << QStringLiteral("float64") << 8 << true;
        QTest::newRow("bfloat16") << QStringLiteral("bfloat16") << 2 << true;
        QTest::newRow("e4m3fn") << QStringLiteral("float8_e4m3fn") << 1 << true;
        QTest::newRow("e5m2") << QStringLiteral("float8_e5m2") << 1 << true;
        QTest::newRow("int16") << QStringLiteral("int16") << 2 << false;
        QTest::newRow("bool") << QStringLiteral("bool") << 1 << false;
    }
    void roundTrip()
    {
        QFETCH(QString, name);
        QFETCH(int, size);
        QFETCH(bool, isFloat);
        const auto t = dtypeFromName(name);
        QVERIFY(t.has_value());
        QCOMPARE(dtypeName(*t), name);
        QCOMPARE(int(dtypeSize(*t)), size);
        QCOMPARE(isFloatingPoint(*t), isFloat);
    }
    void unknownNamesAreRejected()
    {
        QVERIFY(!dtypeFromName(u"float").has_value());
        QVERIFY(!dtypeFromName(u"Float32").has_value());
        QCOMPARE(dtypeNames().size(), 12);
    }
    void torchDefaults()
    {
        QCOMPARE(defaultTolerance(DType::Float16).rtol, 1e-3);
        QCOMPARE(defaultTolerance(DType::BFloat16).rtol, 1.6e-2);
        QCOMPARE(defaultTolerance(DType::Float32).atol, 1e-5);
        QCOMPARE(defaultTolerance(DType::Int32).atol, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestDType)
#include "tst_dtype.moc"

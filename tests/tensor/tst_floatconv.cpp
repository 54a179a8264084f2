// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/floatconv.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace kwb;

namespace {
// The textbook value of a binary float code: (−1)^s · 2^(e−bias) · 1.m, or 2^(1−bias) · 0.m for e = 0.
double textbook(std::uint32_t bits, int mantissa, int exponentBits, bool finiteOnly)
{
    const int bias = (1 << (exponentBits - 1)) - 1;
    const std::uint32_t m = bits & ((1u << mantissa) - 1);
    const std::uint32_t e = (bits >> mantissa) & ((1u << exponentBits) - 1);
    const double sign = (bits >> (mantissa + exponentBits)) & 1 ? -1.0 : 1.0;
    const std::uint32_t emax = (1u << exponentBits) - 1;
    if (finiteOnly && e == emax && m == (1u << mantissa) - 1)
        return std::numeric_limits<double>::quiet_NaN();
    if (!finiteOnly && e == emax)
        return m ? std::numeric_limits<double>::quiet_NaN() : sign * std::numeric_limits<double>::infinity();
    if (e == 0)
        return sign * std::ldexp(double(m), 1 - bias - mantissa);
    return sign * std::ldexp(double((1u << mantissa) | m), int(e) - bias - mantissa);
}

bool same(double x, double y)
{
    return (std::isnan(x) && std::isnan(y)) || (x == y && std::signbit(x) == std::signbit(y));
}
} // namespace

class TestFloatConv : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every code of every narrow float decodes to its textbook value (subnormals, ±0, ±Inf, NaN).
    void everyCode_data()
    {
        QTest::addColumn<int>("type");
        QTest::newRow("float16") << int(DType::Float16);
        QTest::newRow("bfloat16") << int(DType::BFloat16);
        QTest::newRow("e4m3fn") << int(DType::Float8E4M3FN);
        QTest::newRow("e5m2") << int(DType::Float8E5M2);
    }
    void everyCode()
    {
        QFETCH(int, type);
        const auto t = DType(type);
        const std::uint32_t codes = dtypeSize(t) == 2 ? 65536 : 256;
        for (std::uint32_t c = 0; c < codes; ++c) {
            double got = 0, want = 0;
            switch (t) {
            case DType::Float16:
                got = halfToFloat(std::uint16_t(c));
                want = textbook(c, 10, 5, false);
                break;
            case DType::BFloat16:
                got = bfloat16ToFloat(std::uint16_t(c));
                want = textbook(c, 7, 8, false);
                break;
            case DType::Float8E4M3FN:
                got = e4m3fnToFloat(std::uint8_t(c));
                want = textbook(c, 3, 4, true);
                break;
            default:
                got = e5m2ToFloat(std::uint8_t(c));
                want = textbook(c, 2, 5, false);
                break;
            }
            if (!same(got, want))
                QFAIL(qPrintable(QStringLiteral("code 0x%1: got %2, want %3").arg(c, 0, 16).arg(got).arg(want)));
            // Encoding the value gives the code back (NaN: any NaN code).
            if (!std::isnan(want))
                QCOMPARE(encodeSmallFloat(want, t), std::uint16_t(c));
        }
    }

    void namedValues_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("code");
        QTest::addColumn<double>("value");
        QTest::newRow("e4m3fn max") << int(DType::Float8E4M3FN) << 0x7E << 448.0;
        QTest::newRow("e4m3fn min subnormal") << int(DType::Float8E4M3FN) << 0x01 << std::ldexp(1.0, -9);
        QTest::newRow("e4m3fn -0") << int(DType::Float8E4M3FN) << 0x80 << -0.0;
        QTest::newRow("e5m2 inf") << int(DType::Float8E5M2) << 0x7C << std::numeric_limits<double>::infinity();
        QTest::newRow("e5m2 min subnormal") << int(DType::Float8E5M2) << 0x01 << std::ldexp(1.0, -16);
        QTest::newRow("f16 max") << int(DType::Float16) << 0x7BFF << 65504.0;
        QTest::newRow("f16 min subnormal") << int(DType::Float16) << 0x0001 << std::ldexp(1.0, -24);
        QTest::newRow("bf16 min subnormal") << int(DType::BFloat16) << 0x0001 << std::ldexp(1.0, -133);
        QTest::newRow("bf16 -inf") << int(DType::BFloat16) << 0xFF80 << -std::numeric_limits<double>::infinity();
    }
    void namedValues()
    {
        QFETCH(int, type);
        QFETCH(int, code);
        QFETCH(double, value);
        std::byte raw[2];
        std::memcpy(raw, &code, dtypeSize(DType(type)));
        QVERIFY(same(elementToDouble(raw, DType(type), 0), value));
    }

    void ordinals_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("x");
        QTest::addColumn<qint64>("ordinal");
        QTest::newRow("+0") << int(DType::Float32) << 0.0 << qint64(0);
        QTest::newRow("-0") << int(DType::Float32) << -0.0 << qint64(0);
        QTest::newRow("f32 min subnormal") << int(DType::Float32) << std::ldexp(1.0, -149) << qint64(1);
        QTest::newRow("f32 -min subnormal") << int(DType::Float32) << -std::ldexp(1.0, -149) << qint64(-1);
        QTest::newRow("f32 inf") << int(DType::Float32) << 1e300 << qint64(0x7F800000);
        QTest::newRow("f16 tie to even") << int(DType::Float16) << 1.0 + std::ldexp(1.0, -11) << qint64(0x3C00);
        QTest::newRow("f16 tie up") << int(DType::Float16) << 1.0 + 3 * std::ldexp(1.0, -11) << qint64(0x3C02);
        QTest::newRow("f16 overflow") << int(DType::Float16) << 65520.0 << qint64(0x7C00);
        QTest::newRow("f16 just below overflow") << int(DType::Float16) << 65519.0 << qint64(0x7BFF);
        QTest::newRow("e4m3fn 464 ties to even max") << int(DType::Float8E4M3FN) << 464.0 << qint64(0x7E);
        QTest::newRow("e4m3fn 465 beyond max") << int(DType::Float8E4M3FN) << 465.0 << qint64(0x7F);
        QTest::newRow("e4m3fn 460 to max") << int(DType::Float8E4M3FN) << 460.0 << qint64(0x7E);
        QTest::newRow("bf16 negative") << int(DType::BFloat16) << -1.0 << -qint64(0x3F80);
        QTest::newRow("int rounds") << int(DType::Int32) << -2.5 << qint64(-2);
    }
    void ordinals()
    {
        QFETCH(int, type);
        QFETCH(double, x);
        QFETCH(qint64, ordinal);
        QCOMPARE(qint64(gridOrdinal(x, DType(type))), ordinal);
    }
};

QTEST_GUILESS_MAIN(TestFloatConv)
#include "tst_floatconv.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/inputs/floatencode.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace kwb;

namespace {
// Independent decoder of a narrow float bit pattern (the spec: sign, biased exponent, fraction).
double decode(uint32_t bits, int expBits, int manBits, bool hasInf)
{
    const bool neg = (bits >> (expBits + manBits)) & 1;
    const uint32_t e = (bits >> manBits) & ((1u << expBits) - 1);
    const uint32_t f = bits & ((1u << manBits) - 1);
    const int bias = (1 << (expBits - 1)) - 1;
    double v = 0;
    if (e == (1u << expBits) - 1 && hasInf)
        v = f ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else if (e == (1u << expBits) - 1 && f == (1u << manBits) - 1)
        v = std::numeric_limits<double>::quiet_NaN();
    else if (e == 0)
        v = std::ldexp(f, 1 - bias - manBits);
    else
        v = std::ldexp(f + (1u << manBits), int(e) - bias - manBits);
    return neg ? -v : v;
}
} // namespace

class TestFloatEncode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void knownValues_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<double>("value");
        QTest::addColumn<uint>("bits");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("f16 one") << "f16" << 1.0 << 0x3C00u;
        QTest::newRow("f16 max") << "f16" << 65504.0 << 0x7BFFu;
        QTest::newRow("f16 tie above max overflows") << "f16" << 65520.0 << 0x7C00u;
        QTest::newRow("f16 just below the tie") << "f16" << 65519.99 << 0x7BFFu;
        QTest::newRow("f16 min subnormal") << "f16" << std::ldexp(1.0, -24) << 0x0001u;
        QTest::newRow("f16 half min subnormal ties to zero") << "f16" << std::ldexp(1.0, -25) << 0x0000u;
        QTest::newRow("f16 three quarters of min subnormal") << "f16" << std::ldexp(3.0, -26) << 0x0001u;
        QTest::newRow("f16 largest subnormal rounds to min normal")
            << "f16" << std::ldexp(1.0, -14) * (1 - 1e-9) << 0x0400u;
        QTest::newRow("f16 negative zero") << "f16" << -0.0 << 0x8000u;
        QTest::newRow("f16 -inf") << "f16" << -inf << 0xFC00u;
        QTest::newRow("f16 nan") << "f16" << std::nan("") << 0x7E00u;
        QTest::newRow("f16 tie to even down") << "f16" << 1.0 + std::ldexp(1.0, -11) << 0x3C00u;
        QTest::newRow("f16 tie to even up") << "f16" << 1.0 + 3 * std::ldexp(1.0, -11) << 0x3C02u;
        QTest::newRow("bf16 one") << "bf16" << 1.0 << 0x3F80u;
        QTest::newRow("bf16 pi") << "bf16" << 3.14159265358979 << 0x4049u;
        QTest::newRow("bf16 -2") << "bf16" << -2.0 << 0xC000u;
        QTest::newRow("bf16 overflow") << "bf16" << 1e39 << 0x7F80u;
        QTest::newRow("e4m3fn max") << "e4m3" << 448.0 << 0x7Eu;
        QTest::newRow("e4m3fn tie at max stays finite") << "e4m3" << 464.0 << 0x7Eu;
        QTest::newRow("e4m3fn beyond max is nan") << "e4m3" << 1000.0 << 0x7Fu;
        QTest::newRow("e4m3fn inf is nan") << "e4m3" << -inf << 0xFFu;
        QTest::newRow("e4m3fn min subnormal") << "e4m3" << std::ldexp(1.0, -9) << 0x01u;
        QTest::newRow("e4m3fn one") << "e4m3" << 1.0 << 0x38u;
        QTest::newRow("e5m2 max") << "e5m2" << 57344.0 << 0x7Bu;
        QTest::newRow("e5m2 inf") << "e5m2" << inf << 0x7Cu;
        QTest::newRow("e5m2 one") << "e5m2" << 1.0 << 0x3Cu;
        QTest::newRow("e5m2 min subnormal") << "e5m2" << std::ldexp(1.0, -16) << 0x01u;
    }
    void knownValues()
    {
        QFETCH(QString, format);
        QFETCH(double, value);
        QFETCH(uint, bits);
        uint got = 0;
        if (format == u"f16")
            got = encodeFloat16(value);
        else if (format == u"bf16")
            got = encodeBFloat16(value);
        else if (format == u"e4m3")
            got = encodeFloat8E4M3FN(value);
        else
            got = encodeFloat8E5M2(value);
        QCOMPARE(QString::number(got, 16), QString::number(bits, 16));
    }

    // Every finite pattern decodes and encodes back to itself; halfway points round to the even neighbour.
    void exhaustiveRoundTrip_data()
    {
        QTest::addColumn<int>("expBits");
        QTest::addColumn<int>("manBits");
        QTest::addColumn<bool>("hasInf");
        QTest::newRow("float16") << 5 << 10 << true;
        QTest::newRow("bfloat16") << 8 << 7 << true;
        QTest::newRow("float8_e4m3fn") << 4 << 3 << false;
        QTest::newRow("float8_e5m2") << 5 << 2 << true;
    }
    void exhaustiveRoundTrip()
    {
        QFETCH(int, expBits);
        QFETCH(int, manBits);
        QFETCH(bool, hasInf);
        auto enc = [&](double v) -> uint32_t {
            if (expBits == 5 && manBits == 10)
                return encodeFloat16(v);
            if (expBits == 8)
                return encodeBFloat16(v);
            return hasInf ? encodeFloat8E5M2(v) : encodeFloat8E4M3FN(v);
        };
        const uint32_t patterns = 1u << (1 + expBits + manBits);
        for (uint32_t b = 0; b < patterns; ++b) {
            const double v = decode(b, expBits, manBits, hasInf);
            if (std::isnan(v))
                continue;
            QCOMPARE(enc(v), b);
            // The midpoint to the next larger magnitude rounds to whichever of the two is even.
            const uint32_t next = b + 1;
            const double w = decode(next, expBits, manBits, hasInf);
            if ((next & ((1u << (expBits + manBits)) - 1)) == 0 || std::isnan(w) || std::isinf(w))
                continue;
            const double mid = (v + w) / 2;
            QCOMPARE(enc(mid), (b & 1) ? next : b);
        }
    }
};

QTEST_GUILESS_MAIN(TestFloatEncode)
#include "tst_floatencode.moc"

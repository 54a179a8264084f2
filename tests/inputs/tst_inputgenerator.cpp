// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/inputs/inputgenerator.h"
#include "core/inputs/philox.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <vector>

using namespace kwb;

namespace {
InitSpec dist(const char* name)
{
    InitSpec s;
    s.dist = QString::fromLatin1(name);
    return s;
}
} // namespace

class TestInputGenerator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Known-answer test from Random123's kat_vectors: philox4x32_10, counter 0, key 0.
    void philoxKnownAnswer()
    {
        const auto w = Philox4x32(0)(0);
        QCOMPARE(w[0], 0x6627e8d5u);
        QCOMPARE(w[1], 0xe169c58du);
        QCOMPARE(w[2], 0xbc57ac4cu);
        QCOMPARE(w[3], 0x9b00dbd8u);
    }

    void keysSeparateCasesAndInputs()
    {
        const auto k = inputKey(42, u"tail", u"a");
        QCOMPARE(inputKey(42, u"tail", u"a"), k);
        QVERIFY(inputKey(43, u"tail", u"a") != k);
        QVERIFY(inputKey(42, u"tail", u"b") != k);
        QVERIFY(inputKey(42, u"large", u"a") != k);
        QVERIFY(inputKey(42, u"ab", u"c") != inputKey(42, u"a", u"bc"));
    }

    // Filling in one call (threaded) and in two offset calls gives the same bytes.
    void independentOfSplitting()
    {
        const int64_t n = 1 << 20;
        std::vector<float> whole(n), parts(n);
        const auto init = dist("normal");
        QVERIFY(fillInput(init, DType::Float32, 7, whole.data(), n).ok());
        QVERIFY(fillInput(init, DType::Float32, 7, parts.data(), 1000, 0).ok());
        QVERIFY(fillInput(init, DType::Float32, 7, parts.data() + 1000, n - 1000, 1000).ok());
        QVERIFY(std::memcmp(whole.data(), parts.data(), n * sizeof(float)) == 0);
        std::vector<float> other(n);
        QVERIFY(fillInput(init, DType::Float32, 8, other.data(), n).ok());
        QVERIFY(std::memcmp(whole.data(), other.data(), n * sizeof(float)) != 0);
    }

    void normalMoments()
    {
        const int64_t n = 1 << 20;
        std::vector<double> v(n);
        InitSpec init = dist("normal");
        init.mean = 3.0;
        init.std = 2.0;
        QVERIFY(fillInput(init, DType::Float64, 1, v.data(), n).ok());
        double sum = 0, sq = 0;
        for (double x : v) {
            sum += x;
            sq += x * x;
        }
        const double mean = sum / n, var = sq / n - mean * mean;
        QVERIFY2(std::fabs(mean - 3.0) < 0.01, qPrintable(QString::number(mean)));
        QVERIFY2(std::fabs(std::sqrt(var) - 2.0) < 0.01, qPrintable(QString::number(std::sqrt(var))));
    }

    void uniformAndRandintRanges()
    {
        const int64_t n = 100000;
        std::vector<float> u(n);
        InitSpec init = dist("uniform");
        init.low = -1;
        init.high = 1;
        QVERIFY(fillInput(init, DType::Float32, 3, u.data(), n).ok());
        QVERIFY(*std::min_element(u.begin(), u.end()) >= -1.0f);
        QVERIFY(*std::max_element(u.begin(), u.end()) < 1.0f);
        QVERIFY(*std::min_element(u.begin(), u.end()) < -0.99f);

        std::vector<int32_t> r(n);
        InitSpec ri = dist("randint");
        ri.low = -3;
        ri.high = 4;
        QVERIFY(fillInput(ri, DType::Int32, 3, r.data(), n).ok());
        QCOMPARE(*std::min_element(r.begin(), r.end()), -3);
        QCOMPARE(*std::max_element(r.begin(), r.end()), 3);
    }

    void arangeConstantAndSaturation()
    {
        std::vector<int8_t> a(300);
        QVERIFY(fillInput(dist("arange"), DType::Int8, 0, a.data(), 300).ok());
        QCOMPARE(a[5], int8_t(5));
        QCOMPARE(a[200], int8_t(127)); // saturated, not wrapped
        std::vector<uint16_t> c(4);
        InitSpec k = dist("constant");
        k.value = 1.0;
        QVERIFY(fillInput(k, DType::Float16, 0, c.data(), 4).ok());
        QCOMPARE(c[3], uint16_t(0x3C00));
    }

    void badRequestsAreErrors()
    {
        float x = 0;
        QVERIFY(!fillInput(dist("file"), DType::Float32, 0, &x, 1).ok());
        InitSpec ri = dist("randint");
        ri.low = 5;
        ri.high = 5;
        const auto r = fillInput(ri, DType::Int32, 0, &x, 1);
        QVERIFY(!r.ok());
        QVERIFY(r.error().what.contains(u"high > low"));
    }
};

QTEST_GUILESS_MAIN(TestInputGenerator)
#include "tst_inputgenerator.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The vectorised kernels against the exact element-by-element path, on data built to reach their rare paths:
// errors over the whole float range (outside any histogram window), pairs across zero, ±0, subnormals, NaN and ±Inf
// on either side, for every dtype with a kernel. The exact path is taken by comparing with the expected values held
// exactly as float64 (differing dtypes have no kernel); ULPs are still counted on the actual's grid.
#include "core/compare/comparison.h"
#include "core/tensor/floatconv.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <random>

using namespace kwb;

namespace {
Tensor owned(DType t, std::vector<std::int64_t> shape, std::vector<std::byte> bytes)
{
    auto buffer = std::make_shared<std::vector<std::byte>>(std::move(bytes));
    Tensor x;
    x.dtype = t;
    x.shape = std::move(shape);
    x.data = buffer->data();
    x.storage = buffer;
    return x;
}

// Values rounded to `t`, stored as `t`.
std::vector<std::byte> encode(const std::vector<double>& v, DType t)
{
    std::vector<std::byte> b(v.size() * dtypeSize(t));
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (t == DType::Float32) {
            const float f = float(v[i]);
            std::memcpy(b.data() + 4 * i, &f, 4);
        } else {
            const std::uint16_t h = encodeSmallFloat(v[i], t);
            std::memcpy(b.data() + 2 * i, &h, 2);
        }
    }
    return b;
}

// The values a tensor holds, exactly, as float64.
std::vector<std::byte> widened(const Tensor& x)
{
    std::vector<std::byte> b(std::size_t(x.elementCount()) * 8);
    for (std::size_t i = 0; i < std::size_t(x.elementCount()); ++i) {
        const double d = elementToDouble(x.data, x.dtype, i);
        std::memcpy(b.data() + 8 * i, &d, 8);
    }
    return b;
}

bool close(double got, double want)
{
    return got == want || std::fabs(got - want) <= 1e-12 * std::fabs(want);
}

// 300 × 701 elements: several blocks, so the kernels' per-block state (histogram window) changes on the way.
constexpr std::int64_t kRows = 300, kCols = 701;

std::pair<std::vector<double>, std::vector<double>> makePair(const QString& kind, double scale)
{
    std::mt19937_64 rng(11);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> uniform;
    const std::size_t n = std::size_t(kRows * kCols);
    std::vector<double> a(n), e(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (kind == u"close") {
            e[i] = normal(rng);
            a[i] = e[i] * (1.0 + scale * normal(rng));
        } else if (kind == u"absolute") { // errors far above tiny values of the same sign, inside atol: the max
            // relative error is large and float32 differences are inexact (the kernel must find that out)
            e[i] = (std::fabs(normal(rng)) + 1.0) * 1e-9;
            a[i] = e[i] + std::fabs(normal(rng)) * 1e-6;
        } else if (kind == u"wide") { // errors from far below to far above the values
            e[i] = normal(rng) * std::pow(10.0, 30.0 * uniform(rng) - 15.0);
            a[i] = e[i] + std::fabs(e[i]) * std::pow(10.0, 12.0 * uniform(rng) - 10.0) * normal(rng);
        } else { // "signs": independent values around zero, tiny and subnormal ones, ±0
            e[i] = normal(rng) * 1e-3;
            a[i] = normal(rng) * 1e-3;
            if (i % 7 == 0)
                a[i] = -e[i];
            if (i % 11 == 0)
                e[i] = 1e-42 * double(i % 5);
            if (i % 13 == 0)
                a[i] = i % 2 ? -0.0 : 0.0;
        }
    }
    for (std::size_t i = 0; i + 9 < n; i += 9973) {
        a[i] = NAN;
        e[i + 1] = NAN;
        a[i + 2] = e[i + 2] = INFINITY;
        e[i + 3] = -INFINITY;
        a[i + 4] = e[i + 4] = 0.0;
        a[i + 5] = -0.0;
        e[i + 5] = 0.0;
    }
    return { a, e };
}

void expectSame(const Comparison& got, const Comparison& want)
{
    QCOMPARE(got.mismatches, want.mismatches);
    QCOMPARE(got.finitePairs, want.finitePairs);
    QCOMPARE(got.maxAbs, want.maxAbs);
    QCOMPARE(got.maxRel, want.maxRel);
    QCOMPARE(got.maxUlp, want.maxUlp);
    QVERIFY2(close(got.meanAbs, want.meanAbs), qPrintable(QString::number(got.meanAbs - want.meanAbs)));
    QVERIFY2(close(got.rms, want.rms), qPrintable(QString::number(got.rms - want.rms)));
    QCOMPARE(got.histogram.counts, want.histogram.counts);
    for (const auto& [g, w] : { std::pair { got.nan, want.nan }, std::pair { got.posinf, want.posinf },
             std::pair { got.neginf, want.neginf } }) {
        QCOMPARE(g.actual, w.actual);
        QCOMPARE(g.expected, w.expected);
        QCOMPARE(g.positionMismatches, w.positionMismatches);
    }
    QCOMPARE(got.worst.size(), want.worst.size());
    for (std::size_t i = 0; i < got.worst.size(); ++i) {
        QCOMPARE(got.worst[i].flatIndex, want.worst[i].flatIndex);
        QCOMPARE(got.worst[i].score, want.worst[i].score);
    }
    QVERIFY(got.density && want.density);
    QCOMPARE(got.density->mismatches, want.density->mismatches);
    QCOMPARE(got.pass, want.pass);
}
} // namespace

class TestCompareKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchExactPath_data()
    {
        QTest::addColumn<DType>("dtype");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("tolerance");
        for (const DType t : { DType::Float32, DType::Float16, DType::BFloat16 })
            for (const auto* kind : { "close", "absolute", "wide", "signs" })
                for (const auto* tol : { "default", "max_ulp", "zero" })
                    QTest::addRow("%s/%s/%s", qPrintable(dtypeName(t)), kind, tol)
                        << t << QString::fromLatin1(kind) << QString::fromLatin1(tol);
    }
    void matchExactPath()
    {
        QFETCH(DType, dtype);
        QFETCH(QString, kind);
        QFETCH(QString, tolerance);
        Tolerance tol = defaultTolerance(dtype);
        if (tolerance == u"max_ulp")
            tol.maxUlp = 3;
        if (tolerance == u"zero")
            tol.rtol = tol.atol = 0;
        const auto [a, e] = makePair(kind, tol.rtol);
        const Tensor ta = owned(dtype, { kRows, kCols }, encode(a, dtype));
        const Tensor te = owned(dtype, { kRows, kCols }, encode(e, dtype));
        const Tensor te64 = owned(DType::Float64, { kRows, kCols }, widened(te));
        CompareOptions opt;
        opt.worstK = 25;
        const auto exact = compareTensors(ta, te64, tol, opt);
        QVERIFY(exact.ok());
        QVERIFY(exact->mismatches > 0 || kind == u"close");
        // Every kernel this CPU can run: the default one, then step by step down to the SSE2 build.
        for (const auto* off : { "", "KWB_NO_SINGLE_KERNEL", "KWB_NO_AVX512" }) {
            if (*off)
                qputenv(off, "1");
            for (const int threads : { 1, 2 }) {
                opt.threads = threads;
                const auto fast = compareTensors(ta, te, tol, opt);
                QVERIFY(fast.ok());
                expectSame(*fast, *exact);
            }
        }
        qunsetenv("KWB_NO_SINGLE_KERNEL");
        qunsetenv("KWB_NO_AVX512");
    }
};

QTEST_GUILESS_MAIN(TestCompareKernels)
#include "tst_comparekernels.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compare/comparison.h"
#include "core/tensor/floatconv.h"
#include "core/tensor/tensor.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <random>

using namespace kwb;

namespace {
QString fixture(const QString& name)
{
    return (KWB_SOURCE_DIR + QStringLiteral("/tests/fixtures/compare/")) + name;
}

QJsonObject expectedDoc()
{
    QFile f(fixture(QStringLiteral("expected.json")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Numbers in expected.json: plain, or "nan"/"inf"/"-inf".
double num(const QJsonValue& v)
{
    if (v.isString())
        return v.toString() == u"nan" ? std::nan("") : (v.toString() == u"inf" ? INFINITY : -INFINITY);
    return v.toDouble();
}

bool close(double got, double want, double rel)
{
    if (std::isnan(want) || std::isinf(want))
        return (std::isnan(got) && std::isnan(want)) || got == want;
    return std::fabs(got - want) <= rel * std::fabs(want);
}

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

template <typename T> std::vector<std::byte> bytesOf(const std::vector<T>& v)
{
    std::vector<std::byte> b(v.size() * sizeof(T));
    std::memcpy(b.data(), v.data(), b.size());
    return b;
}

// A big float32 pair (several blocks, so the vectorised pass and threads matter) with NaN, Inf, zeros,
// subnormals and a few large errors.
std::pair<std::vector<float>, std::vector<float>> bigPair(std::size_t n)
{
    std::mt19937_64 rng(7);
    std::normal_distribution<float> normal;
    std::vector<float> a(n), e(n);
    for (std::size_t i = 0; i < n; ++i) {
        e[i] = normal(rng);
        a[i] = e[i] * (1.0f + 1e-6f * normal(rng));
    }
    for (std::size_t i = 0; i < n; i += 99991) {
        a[i] = NAN;
        e[i + 3] = INFINITY;
        a[i + 5] = e[i + 5] + 0.5f;
        e[i + 7] = 0.0f;
        a[i + 9] = 1e-44f;
    }
    return { a, e };
}
} // namespace

class TestComparison : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every fixture case against the metrics numpy computed (tests/fixtures/compare/gen_fixtures.py).
    void fixtures_data()
    {
        QTest::addColumn<QJsonObject>("c");
        const auto cases = expectedDoc().value(u"cases").toArray();
        QVERIFY(cases.size() >= 30);
        for (const auto& c : cases)
            QTest::newRow(qPrintable(c.toObject().value(u"name").toString())) << c.toObject();
    }
    void fixtures()
    {
        QFETCH(QJsonObject, c);
        const auto a = loadTensor(fixture(c.value(u"actual").toString()));
        const auto e = loadTensor(fixture(c.value(u"expected").toString()));
        QVERIFY(a.ok() && e.ok());
        Tolerance tol;
        tol.rtol = c.value(u"rtol").toDouble();
        tol.atol = c.value(u"atol").toDouble();
        if (!c.value(u"max_ulp").isNull())
            tol.maxUlp = c.value(u"max_ulp").toDouble();
        if (!c.value(u"mismatch_fraction").isNull())
            tol.mismatchFraction = c.value(u"mismatch_fraction").toDouble();
        tol.nan = *nanPolicyFromName(c.value(u"nan").toString());
        CompareOptions opt;
        opt.worstK = c.value(u"worst").toInt();
        const auto r = compareTensors(*a, *e, tol, opt);
        QVERIFY(r.ok());
        const auto want = c.value(u"result").toObject();
        QCOMPARE(r->pass, want.value(u"pass").toBool());
        QCOMPARE(r->count, std::int64_t(want.value(u"count").toInteger()));
        QCOMPARE(r->finitePairs, std::int64_t(want.value(u"finite_pairs").toInteger()));
        QCOMPARE(r->mismatches, std::int64_t(want.value(u"mismatches").toInteger()));
        QCOMPARE(r->maxAbs, num(want.value(u"max_abs")));
        QCOMPARE(r->maxRel, num(want.value(u"max_rel")));
        QVERIFY2(close(r->meanAbs, num(want.value(u"mean_abs")), 1e-12), qPrintable(QString::number(r->meanAbs)));
        QVERIFY2(close(r->rms, num(want.value(u"rms")), 1e-12), qPrintable(QString::number(r->rms)));
        if (want.value(u"max_ulp").isNull())
            QVERIFY(!r->maxUlp);
        else
            QCOMPARE(r->maxUlp.value_or(-1), want.value(u"max_ulp").toDouble());
        for (const auto& [key, got] :
            { std::pair { u"nan", r->nan }, std::pair { u"posinf", r->posinf }, std::pair { u"neginf", r->neginf } }) {
            const auto w = want.value(key).toObject();
            QCOMPARE(got.actual, std::int64_t(w.value(u"actual").toInteger()));
            QCOMPARE(got.expected, std::int64_t(w.value(u"expected").toInteger()));
            QCOMPARE(got.positionMismatches, std::int64_t(w.value(u"position_mismatches").toInteger()));
        }
        const auto hist = want.value(u"histogram").toArray();
        QCOMPARE(qsizetype(r->histogram.counts.size()), hist.size());
        for (qsizetype i = 0; i < hist.size(); ++i)
            QCOMPARE(r->histogram.counts[std::size_t(i)], std::int64_t(hist[i].toInteger()));
        const auto worst = want.value(u"worst").toArray();
        QCOMPARE(qsizetype(r->worst.size()), worst.size());
        for (qsizetype i = 0; i < worst.size(); ++i) {
            std::vector<std::int64_t> idx;
            for (const auto& x : worst[i].toArray())
                idx.push_back(x.toInteger());
            QCOMPARE(r->worst[std::size_t(i)].index, idx);
        }
        QVERIFY(!r->reason.isEmpty());
    }

    void shapeMismatch()
    {
        const auto a = loadTensor(fixture(QStringLiteral("shape_a.npy")));
        const auto e = loadTensor(fixture(QStringLiteral("shape_e.npy")));
        const auto r = compareTensors(*a, *e, defaultTolerance(DType::Float32));
        QVERIFY(r.ok());
        QVERIFY(!r->pass);
        QCOMPARE(r->reason, QStringLiteral("shape mismatch: actual [2, 3], expected [3, 2]"));
        QVERIFY(r->toJson().contains("\"expected_shape\""));
    }

    // Same results whatever the thread count, down to the last bit of the sums.
    void threadCountIndependent()
    {
        auto [a, e] = bigPair(1000003);
        const Tensor ta = owned(DType::Float32, { 1000003 }, bytesOf(a));
        const Tensor te = owned(DType::Float32, { 1000003 }, bytesOf(e));
        QByteArray first;
        for (const int threads : { 1, 2, 3, 8 }) {
            CompareOptions opt;
            opt.threads = threads;
            const auto r = compareTensors(ta, te, defaultTolerance(DType::Float32), opt);
            QVERIFY(r.ok());
            if (first.isEmpty())
                first = r->toJson();
            QCOMPARE(r->toJson(), first);
        }
    }

    // The vectorised same-dtype pass agrees with the exact element-wise path (taken for mixed dtypes): float32
    // against float32, and float32 against the same values held as float64.
    void vectorisedMatchesExact()
    {
        auto [a, e] = bigPair(400000);
        std::vector<double> e64(e.begin(), e.end());
        const Tensor ta = owned(DType::Float32, { 400, 1000 }, bytesOf(a));
        const Tensor te = owned(DType::Float32, { 400, 1000 }, bytesOf(e));
        const Tensor te64 = owned(DType::Float64, { 400, 1000 }, bytesOf(e64));
        Tolerance tol = defaultTolerance(DType::Float32);
        tol.maxUlp = 40;
        const auto fast = compareTensors(ta, te, tol);
        const auto exact = compareTensors(ta, te64, tol);
        QVERIFY(fast.ok() && exact.ok());
        QCOMPARE(fast->mismatches, exact->mismatches);
        QVERIFY(fast->mismatches > 0);
        QCOMPARE(fast->maxAbs, exact->maxAbs);
        QCOMPARE(fast->maxRel, exact->maxRel);
        QCOMPARE(fast->maxUlp, exact->maxUlp);
        QCOMPARE(fast->finitePairs, exact->finitePairs);
        QVERIFY(close(fast->meanAbs, exact->meanAbs, 1e-12));
        QVERIFY(close(fast->rms, exact->rms, 1e-12));
        QCOMPARE(fast->histogram.counts, exact->histogram.counts);
        QCOMPARE(fast->nan.positionMismatches, exact->nan.positionMismatches);
        QCOMPARE(fast->worst.size(), exact->worst.size());
        for (std::size_t i = 0; i < fast->worst.size(); ++i)
            QCOMPARE(fast->worst[i].flatIndex, exact->worst[i].flatIndex);
        QVERIFY(fast->density.has_value());
        QCOMPARE(fast->density->mismatches, exact->density->mismatches);
        std::int64_t total = 0, cells = 0;
        for (std::size_t i = 0; i < fast->density->mismatches.size(); ++i) {
            total += fast->density->mismatches[i];
            cells += fast->density->elements[i];
        }
        QCOMPARE(total, fast->mismatches);
        QCOMPARE(cells, fast->count);
    }

    void jsonDocument()
    {
        const auto a = loadTensor(fixture(QStringLiteral("nonfinite_match_float32_a.npy")));
        const auto e = loadTensor(fixture(QStringLiteral("nonfinite_match_float32_e.npy")));
        const auto r = compareTensors(*a, *e, defaultTolerance(DType::Float32));
        const auto doc = QJsonDocument::fromJson(r->toJson()).object();
        QCOMPARE(doc.value(u"format").toString(), QStringLiteral("kwb.compare/1"));
        for (const auto key : { u"pass", u"reason", u"dtype", u"expected_dtype", u"shape", u"count", u"max_abs",
                 u"mean_abs", u"rms", u"max_rel", u"max_ulp", u"mismatches", u"nan", u"posinf", u"neginf", u"worst",
                 u"histogram", u"tolerance" })
            QVERIFY2(doc.contains(key), qPrintable(QString::fromUtf16(key)));
        QCOMPARE(doc.value(u"nan").toObject().value(u"position_mismatches").toInt(), 2);
        QCOMPARE(doc.value(u"worst").toArray().first().toObject().value(u"actual").toString(), QStringLiteral("nan"));
        QCOMPARE(doc.value(u"histogram").toObject().value(u"edges").toArray().size(), 33);
        QCOMPARE(doc.value(u"tolerance").toObject().value(u"nan").toString(), QStringLiteral("match"));
    }
};

QTEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"

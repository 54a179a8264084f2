// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The stress patterns of kwb run (docs/running.md): what each does to the declared distribution, deterministic.
#include "core/inputs/inputgenerator.h"
#include "core/inputs/stress.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace kwb;

namespace {
InitSpec normal(double mean, double std)
{
    InitSpec s;
    s.dist = QStringLiteral("normal");
    s.mean = mean;
    s.std = std;
    return s;
}

std::vector<float> stressed(const QString& pattern, const InitSpec& init, int64_t n, uint64_t key = 7)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    const auto s = fillStressInput(pattern, init, DType::Float32, key, v.data(), n);
    if (!s)
        qFatal("%s", qPrintable(s.error().what));
    return v;
}

double mean(const std::vector<float>& v)
{
    return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}
} // namespace

class TestStress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void patterns_data()
    {
        QTest::addColumn<QString>("pattern");
        for (const QString& p : stressPatternNames())
            QTest::newRow(qPrintable(p)) << p;
    }
    // Every pattern is a function of (key, index): the same key gives the same bits, another key others.
    void patterns()
    {
        QFETCH(QString, pattern);
        const InitSpec init = normal(0, 1);
        const auto a = stressed(pattern, init, 4096), b = stressed(pattern, init, 4096);
        QVERIFY(a == b);
        QVERIFY(std::all_of(a.begin(), a.end(), [](float x) { return std::isfinite(x); }));
        if (pattern != u"ramp")
            QVERIFY(stressed(pattern, init, 4096, 8) != a);
    }

    void whatEachPatternDoes()
    {
        const InitSpec init = normal(1, 2);
        const int64_t n = 1 << 16;
        std::vector<float> plain(static_cast<std::size_t>(n));
        QVERIFY(fillInput(init, DType::Float32, 7, plain.data(), n).ok());
        QVERIFY(std::abs(mean(stressed(QStringLiteral("shift"), init, n)) - (mean(plain) + 12)) < 1e-3);
        QVERIFY(std::abs(mean(stressed(QStringLiteral("scale"), init, n)) - 10 * mean(plain)) < 1e-2);
        const auto impulse = stressed(QStringLiteral("impulse"), init, n);
        const auto spikes = std::count_if(impulse.begin(), impulse.end(), [](float x) { return x != 0; });
        QVERIFY2(spikes > 200 && spikes <= n / 256, qPrintable(QString::number(spikes)));
        const float height = *std::max_element(
            impulse.begin(), impulse.end(), [](float x, float y) { return std::abs(x) < std::abs(y); });
        QVERIFY(std::abs(height) > 1e12f); // ∛(float32 max) / 4: a missed spike moves any mean
        const auto ramp = stressed(QStringLiteral("ramp"), init, n);
        QVERIFY(std::is_sorted(ramp.begin(), ramp.end()));
        QCOMPARE(ramp.front(), -5.0f);
        QCOMPARE(ramp.back(), 7.0f);
        const auto sorted = stressed(QStringLiteral("sorted"), init, n);
        QVERIFY(std::is_sorted(sorted.begin(), sorted.end()));
        auto plainSorted = plain;
        std::sort(plainSorted.begin(), plainSorted.end());
        QVERIFY(sorted == plainSorted); // the same values, in order
        const auto large = stressed(QStringLiteral("large"), init, n);
        const float biggest = *std::max_element(large.begin(), large.end());
        QVERIFY(biggest > 1e12f && std::isfinite(biggest * biggest)); // near the limit, squares still finite
    }

    void narrowDtypesStayFinite()
    {
        std::vector<std::uint16_t> half(1024);
        QVERIFY(fillStressInput(QStringLiteral("large"), normal(0, 1), DType::Float16, 3, half.data(), 1024).ok());
        QVERIFY(std::none_of(half.begin(), half.end(), [](std::uint16_t h) { return (h & 0x7C00) == 0x7C00; }));
    }

    // Values another generator drew (torch.rand: all in [0, 1)) reshaped with their own moments: ramp and mixture
    // reach negative values, impulse spikes keep the sign, sorted keeps the values; integers are refused.
    void existingValuesReshaped()
    {
        std::vector<float> x(4096);
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] = float((i * 2654435761u) % 1000) / 1000.0f;
        const auto negatives = [](const std::vector<float>& v) {
            return std::count_if(v.begin(), v.end(), [](float f) { return f < 0; });
        };
        for (const QString& p : { QStringLiteral("ramp"), QStringLiteral("mixture") }) {
            std::vector<float> v = x;
            QVERIFY(stressArray(p, DType::Float32, 5, v.data(), qint64(v.size()), 64).ok());
            QVERIFY2(negatives(v) > 0, qPrintable(p));
        }
        std::vector<float> v = x;
        QVERIFY(stressArray(QStringLiteral("impulse"), DType::Float32, 5, v.data(), qint64(v.size())).ok());
        QCOMPARE(negatives(v), 0);
        QVERIFY(*std::max_element(v.begin(), v.end()) > 5.0f);
        v = x;
        QVERIFY(stressArray(QStringLiteral("sorted"), DType::Float32, 5, v.data(), qint64(v.size())).ok());
        QVERIFY(std::is_sorted(v.begin(), v.end()));
        std::vector<float> want = x;
        std::sort(want.begin(), want.end());
        QVERIFY(v == want);
        std::vector<std::int32_t> labels(16, 3);
        QVERIFY(!stressArray(QStringLiteral("shift"), DType::Int32, 5, labels.data(), 16).ok());
    }

    void unknownPatternIsAnError()
    {
        float x = 0;
        const auto s = fillStressInput(QStringLiteral("noise"), normal(0, 1), DType::Float32, 1, &x, 1);
        QVERIFY(!s.ok());
        QVERIFY(s.error().what.contains(QStringLiteral("noise")));
    }
};

QTEST_GUILESS_MAIN(TestStress)
#include "tst_stress.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Which held-out sizes and stress cases kwb run generates (docs/running.md "Generated cases").
#include "core/compare/comparison.h"
#include "core/run/generatedcases.h"
#include "core/run/generatedjudge.h"

#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace kwb;

namespace {
Case makeCase(const QString& name, const QMap<QString, qint64>& dims)
{
    Case c;
    c.name = name;
    c.dims = dims;
    return c;
}

TensorSpec tensor(const QString& name, const QStringList& shape, DType dtype = DType::Float32)
{
    TensorSpec t;
    t.name = name;
    t.shape = shape;
    t.dtype = dtype;
    return t;
}

Task vectorTask()
{
    Task t;
    t.id = QStringLiteral("v");
    t.dims = { { QStringLiteral("N"), QStringLiteral("n") } };
    t.dimBounds[QStringLiteral("N")] = DimBounds { 1, 16777216, 1 };
    t.inputs << tensor(QStringLiteral("x"), { QStringLiteral("N") });
    t.outputs << tensor(QStringLiteral("y"), { QStringLiteral("N") });
    t.cases << makeCase(QStringLiteral("a"), { { QStringLiteral("N"), 1024 } })
            << makeCase(QStringLiteral("b"), { { QStringLiteral("N"), 1027 } });
    t.reference.convention = QStringLiteral("function");
    return t;
}

/// A float32 tensor over `values` (which must outlive it).
Tensor float32Tensor(const std::vector<float>& values)
{
    Tensor t;
    t.dtype = DType::Float32;
    t.shape = { std::int64_t(values.size()) };
    t.data = reinterpret_cast<const std::byte*>(values.data());
    return t;
}

double maxMagnitude(const std::vector<float>& v)
{
    double m = 0;
    for (float x : v)
        m = std::max(m, double(std::fabs(x)));
    return m;
}

QList<qint64> heldOutValues(const GeneratedCases& g, const QString& dim)
{
    QList<qint64> out;
    for (const Case& c : g.cases) {
        if (c.origin == CaseOrigin::HeldOut)
            out << c.dims.value(dim);
    }
    return out;
}
} // namespace

class TestGeneratedCases : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void heldOutSizesAreNewInBoundsAndCoverNewRemainders()
    {
        const Task t = vectorTask();
        const GeneratedCases g = generateCases(t, t.cases, CaseGeneration { 3, false, 99 });
        const auto sizes = heldOutValues(g, QStringLiteral("N"));
        QCOMPARE(sizes.size(), 3);
        QSet<qint64> rem8 { 1024 % 8, 1027 % 8 };
        for (qint64 n : sizes) {
            QVERIFY(n >= 1 && n <= 16777216 && n != 1024 && n != 1027);
            QVERIFY2(!rem8.contains(n % 8), qPrintable(QString::number(n))); // greedy: a new remainder each time
            rem8.insert(n % 8);
        }
        // Seeded: the same seed gives the same sizes.
        QCOMPARE(heldOutValues(generateCases(t, t.cases, CaseGeneration { 3, false, 99 }), QStringLiteral("N")), sizes);
    }

    void boundsAndMultiplesAreKept()
    {
        Task t = vectorTask();
        t.dimBounds[QStringLiteral("N")] = DimBounds { 1000, 1030, 1 };
        for (qint64 n : heldOutValues(generateCases(t, t.cases, CaseGeneration { 8, false, 1 }), QStringLiteral("N")))
            QVERIFY(n >= 1000 && n <= 1030);
        t.dimBounds[QStringLiteral("N")] = DimBounds { 8, std::nullopt, 8 };
        t.cases = { makeCase(QStringLiteral("a"), { { QStringLiteral("N"), 1024 } }) };
        const auto sizes
            = heldOutValues(generateCases(t, t.cases, CaseGeneration { 3, false, 1 }), QStringLiteral("N"));
        QVERIFY(!sizes.isEmpty());
        for (qint64 n : sizes)
            QVERIFY2(n % 8 == 0 && n != 1024, qPrintable(QString::number(n)));
    }

    // Without bounds only dims the declared cases vary are varied; dims equal in every case vary together.
    void unboundedConstantAndTiedDims()
    {
        Task t;
        t.dims = { { QStringLiteral("M"), QString() }, { QStringLiteral("N"), QString() },
            { QStringLiteral("D"), QString() } };
        t.inputs << tensor(QStringLiteral("a"), { QStringLiteral("M"), QStringLiteral("N"), QStringLiteral("D") });
        t.outputs << tensor(QStringLiteral("c"), { QStringLiteral("M"), QStringLiteral("N") });
        t.cases << makeCase(QStringLiteral("s"),
            { { QStringLiteral("M"), 64 }, { QStringLiteral("N"), 64 }, { QStringLiteral("D"), 128 } })
                << makeCase(QStringLiteral("l"),
                       { { QStringLiteral("M"), 256 }, { QStringLiteral("N"), 256 }, { QStringLiteral("D"), 128 } });
        const GeneratedCases g = generateCases(t, t.cases, CaseGeneration { 4, false, 5 });
        QVERIFY(!g.cases.isEmpty());
        for (const Case& c : g.cases) {
            QCOMPARE(c.dims.value(QStringLiteral("D")), qint64(128)); // one value everywhere: a constant
            QCOMPARE(c.dims.value(QStringLiteral("M")), c.dims.value(QStringLiteral("N"))); // tied
            QVERIFY(c.varied.contains(QStringLiteral("M=")) && c.varied.contains(QStringLiteral("N=")));
        }
        t.cases.removeLast(); // a single case and no bounds: nothing varies
        const GeneratedCases none = generateCases(t, t.cases, CaseGeneration { 4, false, 5 });
        QVERIFY(none.cases.isEmpty());
        QCOMPARE(none.notes.size(), 1);
    }

    void memoryBudget()
    {
        Task t = vectorTask();
        t.cases = { makeCase(QStringLiteral("a"), { { QStringLiteral("N"), 1024 } }),
            makeCase(QStringLiteral("huge"), { { QStringLiteral("N"), 16777216 } }) };
        CaseGeneration how { 8, false, 3 };
        how.heldOutBudgetBytes = 1 << 20;
        for (const Case& c : generateCases(t, t.cases, how).cases)
            QVERIFY2(c.dims.value(QStringLiteral("N")) * 8 <= (1 << 20), qPrintable(c.varied));
    }

    void stressCasesFollowTheInputs()
    {
        Task t = vectorTask();
        GeneratedCases g = generateCases(t, t.cases, CaseGeneration { 0, true, 1 });
        QCOMPARE(g.cases.size(), stressPatternNames().size());
        for (const Case& c : g.cases) {
            QCOMPARE(c.origin, CaseOrigin::Stress);
            QCOMPARE(c.dims, t.cases.last().dims); // the largest declared case within the budget
        }
        t.inputs.first().stress = QStringList { QStringLiteral("scale"), QStringLiteral("impulse") };
        g = generateCases(t, t.cases, CaseGeneration { 0, true, 1 });
        QCOMPARE(g.cases.size(), 2);
        t.inputs.first().dtype = DType::Int32;
        t.inputs.first().stress.reset(); // integers take none by default
        QVERIFY(generateCases(t, t.cases, CaseGeneration { 0, true, 1 }).cases.isEmpty());
    }

    // A candidate sees sizes: the patterns run again on the largest declared case when it is beyond the budget —
    // not for an implementation that runs interpreted, whose time grows with the size.
    void stressAlsoOnTheLargestCase()
    {
        Task t = vectorTask();
        t.cases << makeCase(QStringLiteral("big"), { { QStringLiteral("N"), 4 << 20 } });
        GeneratedCases g = generateCases(t, t.cases, CaseGeneration { 0, true, 1 });
        QCOMPARE(g.cases.size(), 2 * stressPatternNames().size());
        QStringList onBig;
        for (const Case& c : g.cases) {
            QCOMPARE(c.origin, CaseOrigin::Stress);
            if (c.basedOn == u"big") {
                QCOMPARE(c.dims, t.cases.last().dims);
                onBig << c.stress;
                QCOMPARE(c.name, QStringLiteral("stress-%1-big").arg(c.stress));
            } else {
                QCOMPARE(c.basedOn, QStringLiteral("b")); // the largest within the budget, as before
            }
        }
        QCOMPARE(onBig, stressPatternNames());
        CaseGeneration interpreted { 0, true, 1 };
        interpreted.interpreted = true;
        g = generateCases(t, t.cases, interpreted);
        QCOMPARE(g.cases.size(), stressPatternNames().size());
        for (const Case& c : g.cases)
            QCOMPARE(c.basedOn, QStringLiteral("a")); // the smallest
    }

    // Tasks whose inputs come from their own generator vary its integer params (not seed, not precision).
    // A stress pattern may make an output cancel: the prefix sum of a ramp through zero is ~0 where its partial sums
    // were hundreds, and an honest float32 scan is off there by a few ulps of those sums — a relative error the
    // declared (positive) values never produce. The stress tolerance accepts what the output dtype's arithmetic
    // explains at the output's largest magnitude, and still refuses what a stress pattern is there to catch.
    void stressToleranceCoversCancellationNotShortcuts()
    {
        Task task = vectorTask();
        TensorSpec& y = task.outputs.first();
        y.tolerance = Tolerance { 1e-5, 1e-5 };
        const int n = 1000;
        std::vector<float> declaredX(n), rampX(n);
        for (int i = 0; i < n; ++i) {
            declaredX[size_t(i)] = float((i * 7919 % 1000) / 1000.0); // uniform-ish in [0, 1)
            rampX[size_t(i)] = float(0.5 + 3 * std::sqrt(1.0 / 12) * (2.0 * i / (n - 1) - 1)); // `ramp` of U(0, 1)
        }
        const auto scan = [&](const std::vector<float>& x, bool inFloat32) {
            std::vector<float> out(x.size());
            double exact = 0;
            float sum = 0;
            for (size_t i = 0; i < x.size(); ++i) {
                exact += x[i];
                sum += x[i];
                out[i] = inFloat32 ? sum : float(exact);
            }
            return out;
        };
        const std::vector<float> declaredRef = scan(declaredX, false), rampRef = scan(rampX, false);
        const std::vector<float> rampHonest = scan(rampX, true);
        OutputStats base, now;
        base.magnitude.insert(QStringLiteral("y"), maxMagnitude(declaredRef));
        now.magnitude.insert(QStringLiteral("y"), maxMagnitude(rampRef));
        base.nonFinite.insert(QStringLiteral("y"), 0);
        now.nonFinite.insert(QStringLiteral("y"), 0);

        // Element by element, the declared tolerance fails the honest scan where the ramp's sum crosses zero.
        const Tolerance declared = toleranceScaledTo(task, base, now).outputs.first().tolerance.value();
        auto asDeclared = compareTensors(float32Tensor(rampHonest), float32Tensor(rampRef), declared);
        QVERIFY(asDeclared);
        QVERIFY2(!asDeclared->pass, qPrintable(asDeclared->toText()));
        const Tolerance stress = stressToleranceFor(task, base, now).outputs.first().tolerance.value();
        const double ulps = double(std::numeric_limits<float>::epsilon()) * maxMagnitude(rampRef);
        QCOMPARE(stress.atol, kStressArithmeticUlps * ulps);
        QCOMPARE(stress.rtol, declared.rtol);
        auto honest = compareTensors(float32Tensor(rampHonest), float32Tensor(rampRef), stress);
        QVERIFY(honest);
        QVERIFY2(honest->pass, qPrintable(QStringLiteral("max abs %1").arg(honest->maxAbs)));

        // A shortcut off by a thousandth of the sum where it is small, a NaN, an answer a row short: refused.
        std::vector<float> offAtSmall = rampRef, withNaN = rampRef, shifted = rampRef;
        for (size_t i = 0; i < offAtSmall.size(); ++i) {
            if (std::fabs(rampRef[i]) < 20)
                offAtSmall[i] += 1e-3f * float(maxMagnitude(rampRef));
        }
        withNaN[500] = std::numeric_limits<float>::quiet_NaN();
        for (size_t i = 1; i < shifted.size(); ++i)
            shifted[i] = rampRef[i - 1];
        for (const std::vector<float>* wrong : { &offAtSmall, &withNaN, &shifted }) {
            auto c = compareTensors(float32Tensor(*wrong), float32Tensor(rampRef), stress);
            QVERIFY(c);
            QVERIFY(!c->pass);
        }

        // Never looser than the output's rtol at its largest magnitude (a bfloat16 output's 16 ulps are 12.5 %),
        // never tighter than the declared atol scaled, and integers stay exact.
        y.dtype = DType::BFloat16;
        y.tolerance = Tolerance { 1e-2, 1e-5 };
        QCOMPARE(stressToleranceFor(task, base, now).outputs.first().tolerance->atol, 1e-2 * maxMagnitude(rampRef));
        y.tolerance = Tolerance { 0.0, 0.5 };
        QCOMPARE(stressToleranceFor(task, base, now).outputs.first().tolerance->atol,
            toleranceScaledTo(task, base, now).outputs.first().tolerance->atol);
        y.dtype = DType::Int32;
        y.tolerance = Tolerance { 0.0, 0.0 };
        QCOMPARE(stressToleranceFor(task, base, now).outputs.first().tolerance->atol, 0.0);
    }

    void conventionTasksVaryTheGeneratorsSizes()
    {
        Task t;
        t.reference.backend = QStringLiteral("python");
        t.reference.convention = QStringLiteral("gpumode");
        const auto gpuModeCase = [](const QString& name, qint64 size, qint64 seed) {
            Case c;
            c.name = name;
            c.params = QJsonObject { { QStringLiteral("size"), size }, { QStringLiteral("seed"), seed },
                { QStringLiteral("kind"), QStringLiteral("dense") } };
            return c;
        };
        // Sizes 1024 and 4096 are both multiples of 1024: held-out sizes stay so, below the smallest case's.
        t.cases << gpuModeCase(QStringLiteral("big"), 4096, 1) << gpuModeCase(QStringLiteral("small"), 2048, 2)
                << gpuModeCase(QStringLiteral("mid"), 3072, 3);
        GeneratedCases g = generateCases(t, t.cases, CaseGeneration { 3, true, 1 });
        QList<qint64> sizes;
        for (const Case& c : g.cases) {
            if (c.origin != CaseOrigin::HeldOut)
                continue;
            QCOMPARE(c.basedOn, QStringLiteral("small"));
            QCOMPARE(c.params.value(QStringLiteral("seed")).toInteger(), 2); // only the size changes
            sizes << c.params.value(QStringLiteral("size")).toInteger();
        }
        QCOMPARE(sizes, (QList<qint64> { 1024 }));
        QVERIFY(!g.sizesFixed);
        QStringList stressedOn; // every pattern on the smallest case and on the largest
        for (const Case& c : g.cases) {
            if (c.origin == CaseOrigin::Stress)
                stressedOn << c.basedOn;
        }
        QCOMPARE(stressedOn.count(QStringLiteral("small")), stressPatternNames().size());
        QCOMPARE(stressedOn.count(QStringLiteral("big")), stressPatternNames().size());
        QCOMPARE(stressedOn.size(), 2 * stressPatternNames().size());

        // One declared value says nothing about divisibility: one less, about a half and about a third.
        t.reference.convention = QStringLiteral("torch_module");
        Case kb;
        kb.name = QStringLiteral("kernelbench");
        kb.params = QJsonObject { { QStringLiteral("batch_size"), 16 }, { QStringLiteral("dim"), 64 },
            { QStringLiteral("precision"), QStringLiteral("float32") } };
        t.cases = { kb };
        g = generateCases(t, t.cases, CaseGeneration { 4, false, 1 });
        QStringList varied;
        for (const Case& c : g.cases)
            varied << c.varied;
        QCOMPARE(varied,
            (QStringList { QStringLiteral("batch_size=15"), QStringLiteral("dim=63"), QStringLiteral("batch_size=9"),
                QStringLiteral("dim=33") }));

        // No size at all: the task's sizes are fixed, and the report says so.
        t.cases.first().params = QJsonObject { { QStringLiteral("precision"), QStringLiteral("float32") } };
        g = generateCases(t, t.cases, CaseGeneration { 3, false, 1 });
        QVERIFY(g.cases.isEmpty());
        QVERIFY(g.sizesFixed);
        QVERIFY(!g.notes.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestGeneratedCases)
#include "tst_generatedcases.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Which held-out sizes and stress cases kwb run generates (docs/running.md "Generated cases").
#include "core/run/generatedcases.h"

#include <QJsonObject>
#include <QTest>

#include <algorithm>

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

    // Tasks whose inputs come from their own generator vary its integer params (not seed, not precision).
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
        QCOMPARE(
            std::count_if(g.cases.begin(), g.cases.end(), [](const Case& c) { return c.origin == CaseOrigin::Stress; }),
            qsizetype(stressPatternNames().size()));

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

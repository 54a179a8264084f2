// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/lint.h"
#include "core/task/taskloader.h"
#include "testmanifest.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// One row per finding id, firing and not firing, each from one edit of the clean base bundle.
class TestLint : public QObject {
    Q_OBJECT
private:
    struct Edit {
        const char* pointer;
        const char* value; // nullptr: remove
    };

    static void addRow(const char* name, std::initializer_list<Edit> edits, const char* spec, const char* id,
        bool fires, const char* jsonPath = "")
    {
        QStringList pointers;
        QStringList values;
        for (const Edit& e : edits) {
            pointers << QString::fromLatin1(e.pointer);
            values << (e.value ? QString::fromUtf8(e.value) : QString());
        }
        QTest::newRow(name) << pointers << values << (spec ? QString::fromUtf8(spec) : QString())
                            << QString::fromLatin1(id) << fires << QString::fromLatin1(jsonPath);
    }

private Q_SLOTS:
    void baseIsClean()
    {
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), test::baseManifest()));
        const auto loaded = loadTask(dir.path());
        QVERIFY(loaded.ok());
        const Findings f = lintTask(loaded->task);
        QStringList ids;
        for (const Finding& x : f)
            ids << x.id + QStringLiteral(": ") + x.message;
        QCOMPARE(ids, QStringList {});
    }

    void checks_data()
    {
        QTest::addColumn<QStringList>("pointers");
        QTest::addColumn<QStringList>("values");
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("fires");
        QTest::addColumn<QString>("jsonPath");

        const char* mf = "scope.missing-field";
        addRow("missing spec", { { "/spec", nullptr } }, nullptr, mf, true, "/spec");
        addRow("empty spec", {}, "  \n", mf, true, "/spec");
        addRow("missing hardware", { { "/target/hardware", nullptr } }, nullptr, mf, true, "/target/hardware");
        addRow("missing arch with cuda", { { "/target/arch", nullptr } }, nullptr, mf, true, "/target/arch");
        addRow("missing arch without cuda is fine",
            { { "/target/arch", nullptr }, { "/candidates/0/backend", "\"cpp\"" } }, nullptr, mf, false);
        addRow("missing tolerance", { { "/tolerance", nullptr } }, nullptr, mf, true, "/tolerance");
        addRow("per-output tolerance suffices",
            { { "/tolerance", nullptr }, { "/outputs/0/tolerance", R"({"rtol": 1e-5, "atol": 1e-6})" } }, nullptr, mf,
            false);
        addRow("missing cases", { { "/cases", nullptr } }, nullptr, mf, true, "/cases");
        addRow("optimization without benchmark", { { "/kind", "\"optimization\"" }, { "/benchmark", nullptr } },
            nullptr, mf, true, "/benchmark");
        addRow("generation without benchmark", { { "/benchmark", nullptr } }, nullptr, mf, false);
        addRow("complete manifest", {}, nullptr, mf, false);

        const char* edge = "scope.no-edge-cases";
        addRow("all multiples of 32", { { "/cases/0/dims/N", "1024" } }, nullptr, edge, true, "/cases");
        addRow("small powers of two", { { "/cases/0/dims/N", "8" }, { "/cases/1/dims/N", "96" } }, nullptr, edge, true,
            "/cases");
        addRow("a tail case", {}, nullptr, edge, false);

        const char* over = "scope.oversized-case";
        addRow("oversized", { { "/cases/1/dims/N", "10000000000" } }, nullptr, over, true, "/cases/1");
        addRow("oversized on a small card", { { "/target/hardware", "\"L4\"" }, { "/cases/1/dims/N", "2500000000" } },
            nullptr, over, true, "/cases/1");
        addRow("fits", { { "/cases/1/dims/N", "2500000000" } }, nullptr, over, false);

        const char* under = "scope.undersized-case";
        addRow("undersized", { { "/cases/1/dims/N", "4096" } }, nullptr, under, true, "/cases/1");
        addRow("undersized by benchmark.bytes", { { "/benchmark/bytes", "\"12\"" } }, nullptr, under, true, "/cases/0");
        addRow("peak override",
            { { "/target/hardware", "\"my-cpu\"" }, { "/target/peak", R"({"bytes_per_s": 1e15})" } }, nullptr, under,
            true, "/cases/1");
        addRow("large enough", {}, nullptr, under, false);

        const char* unknownHw = "scope.unknown-hardware";
        addRow(
            "unknown hardware", { { "/target/hardware", "\"H300\"" } }, nullptr, unknownHw, true, "/target/hardware");
        addRow("known hardware", {}, nullptr, unknownHw, false);

        const char* gap = "scope.spec-gap";
        addRow("spec omits dtype", {}, "Add the vectors a and b of N elements.", gap, true, "/inputs/0/dtype");
        addRow("floating-point is not a dtype", {}, "Add floating-point vectors of N elements.", gap, true,
            "/inputs/0/dtype");
        addRow("spec says fp32", {}, "Add FP32 vectors of N elements.", gap, false);
        addRow("spec says C float", {}, "Inputs are `const float*` arrays of N elements.", gap, false);
        addRow("spec omits dim", {}, "Add two float32 vectors.", gap, true, "/dims/N");
        addRow(
            "dim glued to a word is not a mention", {}, "Add two float32 vectors of length Nx.", gap, true, "/dims/N");
        addRow("spec omits fp16 output", { { "/outputs/0/dtype", "\"float16\"" } }, nullptr, gap, true,
            "/outputs/0/dtype");
        addRow("spec names both", { { "/outputs/0/dtype", "\"float16\"" } },
            "float32 a, b of N elements; c is half-precision.", gap, false);

        const char* loose = "scope.tolerance-too-loose";
        addRow("rtol far above fp32", { { "/tolerance/rtol", "1e-2" } }, nullptr, loose, true, "/tolerance");
        addRow("rtol one passes zeros", { { "/outputs/0/dtype", "\"bfloat16\"" }, { "/tolerance/rtol", "1" } },
            "float32 in, bfloat16 out, N elements", loose, true, "/tolerance");
        addRow("atol far above fp32", { { "/tolerance/atol", "0.1" } }, nullptr, loose, true, "/tolerance");
        addRow("mismatch fraction", { { "/tolerance/mismatch_fraction", "0.05" } }, nullptr, loose, true, "/tolerance");
        addRow("per-output override", { { "/outputs/0/tolerance", R"({"rtol": 0.5, "atol": 0})" } }, nullptr, loose,
            true, "/outputs/0/tolerance");
        addRow("integer output with rtol", { { "/outputs/0/dtype", "\"int32\"" } }, "int32 and float32, N elements",
            loose, true, "/tolerance");
        addRow("integer output exact", { { "/outputs/0/dtype", "\"int32\"" }, { "/tolerance/rtol", "0" } },
            "int32 and float32, N elements", loose, false);
        addRow("fp16 at 1e-2 is fine", { { "/outputs/0/dtype", "\"float16\"" }, { "/tolerance/rtol", "1e-2" } },
            "float32 in, fp16 out, N elements", loose, false);
        addRow("kernelbench fp32 1e-4 is fine", { { "/tolerance/rtol", "1e-4" }, { "/tolerance/atol", "1e-4" } },
            nullptr, loose, false);
        addRow("defaults are not loose", { { "/tolerance", nullptr } }, nullptr, loose, false);

        const char* launch = "launch.invalid-config";
        addRow("block too large", { { "/candidates/0/launch", R"j({"grid": ["cdiv(N, 2048)"], "block": [2048]})j" } },
            nullptr, launch, true, "/candidates/0/launch");
        addRow("block z too large", { { "/candidates/0/launch", R"({"grid": [1], "block": [1, 1, 128]})" } }, nullptr,
            launch, true, "/candidates/0/launch");
        addRow("smem above the arch",
            { { "/candidates/0/launch", R"({"grid": [1], "block": [256], "smem": "240*1024"})" } }, nullptr, launch,
            true, "/candidates/0/launch");
        addRow("grid y too large", { { "/candidates/0/launch", R"({"grid": [1, "N"], "block": [32]})" } }, nullptr,
            launch, true, "/candidates/0/launch");
        addRow("legal launch",
            { { "/candidates/0/launch", R"j({"grid": ["cdiv(N, 256)"], "block": [256], "smem": "100*1024"})j" } },
            nullptr, launch, false);
        const char* unbounded = "scope.unbounded-dims";
        addRow("any length, no bounds", {}, "Add float32 vectors of any length N.\n", unbounded, true, "/dims");
        addRow("a range, no bounds", {}, "Add float32 vectors, 1 <= N <= 2^24.\n", unbounded, true, "/dims");
        addRow("any length, bounds given", { { "/dims/N", R"({"description": "n", "min": 1, "max": 16777216})" } },
            "Add float32 vectors of any length N.\n", unbounded, false);
        addRow("no range promised", {}, "Add two float32 vectors of length N.\n", unbounded, false);
        const char* flags = "scope.flags-undeclared";
        addRow("spec names -O3, no build carries it", {},
            "Add two float32 vectors a and b of length N into c; compile with -O3 -march=native.\n", flags, true,
            "/target");
        addRow("spec names --use_fast_math, the candidate carries it",
            { { "/candidates/0/flags", R"(["--use_fast_math"])" } },
            "Add two float32 vectors a and b of length N into c, built with --use_fast_math.\n", flags, false);
        addRow("spec names a flag, target.flags carries it", { { "/target/flags", R"({"cpp": ["-O3"]})" } },
            "Add two float32 vectors a and b of length N into c (-O3).\n", flags, false);
        addRow("an option-like word that is no flag", {}, "Add float32 vectors a-b of length N into c; -1 is fine.\n",
            flags, false);
    }

    void checks()
    {
        QFETCH(QStringList, pointers);
        QFETCH(QStringList, values);
        QFETCH(QString, spec);
        QFETCH(QString, id);
        QFETCH(bool, fires);
        QFETCH(QString, jsonPath);
        auto m = test::baseManifest();
        for (qsizetype i = 0; i < pointers.size(); ++i)
            test::edit(m, pointers[i], values[i], values[i].isNull());
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), m, spec));
        const auto loaded = loadTask(dir.path());
        QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().oneLine()));
        const Findings all = lintTask(loaded->task);
        Findings matching;
        for (const Finding& f : all) {
            if (f.id == id)
                matching << f;
        }
        if (!fires) {
            QVERIFY2(matching.isEmpty(), qPrintable(matching.isEmpty() ? QString() : matching.first().message));
            return;
        }
        QVERIFY2(!matching.isEmpty(), "the check did not fire");
        const Finding& f = matching.first();
        QCOMPARE(f.jsonPath, jsonPath);
        QCOMPARE(f.file, QStringLiteral("task.json"));
        QVERIFY(f.line >= 1);
        QVERIFY(!f.message.isEmpty());
        const Severity expected = id == u"launch.invalid-config"               ? Severity::Error
            : id == u"scope.unknown-hardware" || id == u"scope.unbounded-dims" ? Severity::Info
                                                                               : Severity::Warning;
        QCOMPARE(f.severity, expected);
    }

    void messages()
    {
        // A few messages in full: they are what a reviewer reads.
        auto m = test::baseManifest();
        test::edit(m, QStringLiteral("/tolerance"), {}, true);
        test::edit(m, QStringLiteral("/cases/0/dims/N"), QStringLiteral("1024"));
        test::edit(m, QStringLiteral("/cases/1/dims/N"), QStringLiteral("10000000000"));
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), m, QStringLiteral("Add vectors of N elements.")));
        const auto loaded = loadTask(dir.path());
        QVERIFY(loaded.ok());
        QStringList texts;
        for (const Finding& f : lintTask(loaded->task))
            texts << QStringLiteral("%1 %2:%3 %4").arg(f.id, f.jsonPath).arg(f.line).arg(f.message);
        QCOMPARE(texts,
            (QStringList {
                QStringLiteral(
                    "scope.missing-field /tolerance:1 no tolerance: torch dtype defaults apply (float32 rtol "
                    "1.3e-06 atol 1e-05); state one justified for this computation"),
                QStringLiteral(
                    "scope.no-edge-cases /cases:20 every case size is a multiple of 32 or a power of two: no case "
                    "exercises a tail (add one such as N = 1025)"),
                QStringLiteral(
                    "scope.oversized-case /cases/1:27 case 'large' needs 120.0 GB for its tensors; H100 SXM has "
                    "80.0 GB"),
                QStringLiteral(
                    "scope.spec-gap /inputs/0/dtype:41 spec.md never mentions dtype float32 (looked for float32, "
                    "fp32, f32, float, single precision, binary32)"),
            }));
    }
};

QTEST_GUILESS_MAIN(TestLint)
#include "tst_lint.moc"

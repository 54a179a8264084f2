// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/buildflags.h"
#include "core/task/taskloader.h"
#include "testmanifest.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// One mutation of the valid base bundle per row; every error message is checked exactly.
class TestTaskLoader : public QObject {
    Q_OBJECT
private:
    // Writes the base bundle with one edit (or raw task.json text) into `dir`.
    static void prepare(
        const QString& dir, const QString& pointer, const QString& value, bool remove, const QByteArray& raw)
    {
        auto m = test::baseManifest();
        if (!pointer.isNull())
            test::edit(m, pointer, value, remove);
        QVERIFY(test::writeBundle(dir, m));
        if (!raw.isNull())
            QVERIFY(test::writeFile(dir, QStringLiteral("task.json"), raw));
    }

    // The 1-based line of the first occurrence of `needle` in the bundle's task.json.
    static int lineOf(const QString& dir, const QByteArray& needle)
    {
        QFile f(QDir(dir).filePath(QStringLiteral("task.json")));
        if (!f.open(QIODevice::ReadOnly))
            return -1;
        const QByteArray text = f.readAll();
        const qsizetype at = text.indexOf(needle);
        return at < 0 ? -1 : int(text.left(at).count('\n')) + 1;
    }

private Q_SLOTS:
    void invalid_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("remove");
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("findingId");
        QTest::addColumn<QByteArray>("lineNeedle"); // the error's line is the line holding this text

        const QString invalid = QStringLiteral("scope.invalid-manifest");
        const QString missing = QStringLiteral("scope.missing-file");
        const auto row = [&](const char* name, const char* pointer, const char* value, const char* expected,
                             const QString& id = QString(), const char* needle = "") {
            QTest::newRow(name) << QString::fromUtf8(pointer) << QString::fromUtf8(value) << false << QByteArray()
                                << QString::fromUtf8(expected) << (id.isNull() ? invalid : id) << QByteArray(needle);
        };
        const auto removed = [&](const char* name, const char* pointer, const char* expected) {
            QTest::newRow(name) << QString::fromUtf8(pointer) << QString() << true << QByteArray()
                                << QString::fromUtf8(expected) << invalid << QByteArray();
        };
        const auto raw = [&](const char* name, const char* text, const char* expected, const char* needle) {
            QTest::newRow(name) << QString() << QString() << false << QByteArray(text) << QString::fromUtf8(expected)
                                << invalid << QByteArray(needle);
        };

        raw("bad json", "{\n  \"format\": \"kwb.task/1\",\n  \"id\": }\n",
            "task.json: line 3, column 9: invalid JSON: syntax error while parsing value - unexpected '}'; expected "
            "'[', "
            "'{', or a literal",
            "\"id\"");
        raw("truncated json", "{\"format\": \"kwb.task/1\"",
            "task.json: line 1, column 24: invalid JSON: syntax error while parsing object - unexpected end of input; "
            "expected '}'",
            "format");
        raw("invalid utf-8", "{\n  \"id\": \"a\xff\"\n}\n",
            "task.json: line 2, column 11: invalid JSON: syntax error while parsing value - invalid string: ill-formed "
            "UTF-8 byte",
            "\"id\"");
        // nlohmann reports no offset for a number no C++ type holds (found by fuzz_task): the number's place.
        raw("number overflow", "{\n  \"format\": \"kwb.task/1\",\n  \"peak\": 6e66666666\n}\n",
            "task.json: line 3, column 11: invalid JSON: number out of range: 6e66666666", "6e666");
        raw("top level array", "[]", "task.json: /: expected an object at the top level", "[]");
        row("wrong format", "/format", R"("kwb.task/2")", "task.json: /format: expected 'kwb.task/1', got 'kwb.task/2'",
            {}, "kwb.task/2");
        row("wrong type shape", "/inputs/0/shape", R"("N")",
            "task.json: /inputs/0/shape: expected an array, got the string 'N'");
        row("wrong type rtol", "/tolerance/rtol", R"("1e-5")",
            "task.json: /tolerance/rtol: expected a number, got the string '1e-5'", {}, "\"1e-5\"");
        row("wrong type inputs", "/inputs", "{}", "task.json: /inputs: expected an array, got an object");
        row("unknown dtype", "/inputs/1/dtype", R"("float33")",
            "task.json: /inputs/1/dtype: expected one of float64, float32, float16, bfloat16, float8_e4m3fn, "
            "float8_e5m2, "
            "int64, int32, int16, int8, uint8, bool, got 'float33'",
            {}, "float33");
        removed("missing dtype", "/outputs/0/dtype", "task.json: /outputs/0/dtype: required field is missing");
        removed("missing reference", "/reference", "task.json: /reference: required field is missing");
        row("unknown kind", "/kind", R"("golf")",
            "task.json: /kind: expected one of generation, translation, migration, debugging, optimization, fusion, "
            "got "
            "'golf'");
        row("undeclared dim in shape", "/inputs/0/shape/0", R"("M")",
            "task.json: /inputs/0/shape/0: dim 'M' is not declared in /dims", {}, "\"M\"");
        row("zero literal in shape", "/inputs/0/shape/0", "0",
            "task.json: /inputs/0/shape/0: expected a dim name or a positive integer, got 0");
        row("undeclared dim in case", "/cases/0/dims/M", "3",
            "task.json: /cases/0/dims/M: dim 'M' is not declared in /dims");
        removed("case without dim", "/cases/0/dims/N", "task.json: /cases/0/dims: no value for dim 'N'");
        row("missing file", "/candidates/0/source", R"("x.cu")",
            "task.json: /candidates/0/source: file 'x.cu' not found", missing, "x.cu");
        row("missing spec", "/spec", R"("nope.md")", "task.json: /spec: file 'nope.md' not found", missing);
        row("dotdot", "/reference/source", R"("../reference.cpp")",
            "task.json: /reference/source: path '../reference.cpp' leaves the bundle ('..' is not allowed)");
        row("inner dotdot", "/reference/source", R"("src/../../x.cpp")",
            "task.json: /reference/source: path 'src/../../x.cpp' leaves the bundle ('..' is not allowed)");
        row("absolute path", "/spec", R"("/etc/passwd")",
            "task.json: /spec: absolute path '/etc/passwd' (expected a path relative to the bundle)");
        row("folder as source", "/reference/source", R"(".")",
            "task.json: /reference/source: '.' is not a regular file");
        row("args naming nothing", "/reference/args/3", R"("K")",
            "task.json: /reference/args/3: 'K' names no input, output, dim or scalar", {}, "\"K\"");
        row("args not a string", "/candidates/0/args/0", "1",
            "task.json: /candidates/0/args/0: expected a name (a string), got 1");
        row("output not passed", "/reference/args", R"(["a", "b", "N"])",
            "task.json: /reference/args: output 'c' is not passed (cpp entries write outputs through pointer "
            "arguments)");
        row("python without framework", "/candidates/0/backend", R"("python")",
            "task.json: /candidates/0/framework: required field is missing");
        row("unknown backend", "/candidates/0/backend", R"("rust")",
            "task.json: /candidates/0/backend: expected one of cpp, cuda, python, got 'rust'");
        row("huge dim overflows bytes", "/cases/1/dims/N", "9223372036854775807",
            "task.json: /cases/1: tensor 'a' [N] has more than 2^63-1 bytes (overflows 64-bit sizes)");
        row("dim beyond int64", "/cases/1/dims/N", "18446744073709551615",
            "task.json: /cases/1/dims/N: expected a positive integer below 2^63, got 18446744073709551615");
        row("dim as float", "/cases/1/dims/N", "1e30",
            "task.json: /cases/1/dims/N: expected a positive integer below 2^63, got 1e+30");
        row("negative dim", "/cases/0/dims/N", "-4", "task.json: /cases/0/dims/N: expected a positive integer, got -4");
        row("zero dim", "/cases/0/dims/N", "0", "task.json: /cases/0/dims/N: expected a positive integer, got 0");
        row("duplicate name", "/outputs/0/name", R"("a")",
            "task.json: /outputs/0/name: name 'a' is already declared at /inputs/0/name");
        row("duplicate case", "/cases/1/name", R"("tail")", "task.json: /cases/1/name: case name 'tail' is used twice");
        row("duplicate candidate", "/candidates/1",
            R"({"id": "cand", "backend": "cpp", "source": "reference.cpp", "entry": "g", "args": ["a", "b", "c"]})",
            "task.json: /candidates/1/id: candidate id 'cand' is used twice");
        row("reserved candidate id", "/candidates/0/id", R"("reference")",
            "task.json: /candidates/0/id: 'reference' is reserved, expected another candidate id");
        row("bad expression", "/benchmark/bytes", R"("12*")",
            "task.json: /benchmark/bytes: invalid expression '12*': column 4: unexpected end, expected a number, a "
            "name or "
            "'('");
        row("expression names no dim", "/benchmark/flops", R"("2*K")",
            "task.json: /benchmark/flops: 'K' in '2*K' is not a dim declared in /dims");
        row("expression overflows", "/benchmark/flops", R"("N*N*N*N")",
            "task.json: /benchmark/flops: 'N*N*N*N' for case 'large': column 4: the result overflows 64-bit integers");
        row("launch on cpp", "/reference/launch", R"({"grid": [1], "block": [1]})",
            "task.json: /reference/launch: 'launch' applies to backend cuda only");
        row("launch grid zero", "/candidates/0/launch", R"({"grid": ["N/2048"], "block": [256]})",
            "task.json: /candidates/0/launch/grid/0: 'N/2048' is 0 for case 'tail', expected at least 1");
        row("launch four dims", "/candidates/0/launch", R"({"grid": [1, 1, 1, 1], "block": [256]})",
            "task.json: /candidates/0/launch/grid: expected 1 to 3 expressions (x, y, z), got 4");
        row("negative rtol", "/tolerance/rtol", "-1", "task.json: /tolerance/rtol: expected a number >= 0");
        removed("tolerance without atol", "/tolerance/atol", "task.json: /tolerance/atol: required field is missing");
        row("bad nan policy", "/tolerance/nan", R"("ignore")",
            "task.json: /tolerance/nan: expected 'match' or 'forbid', got 'ignore'");
        row("unknown init", "/inputs/0/init", R"({"dist": "gamma"})",
            "task.json: /inputs/0/init/dist: expected one of normal, uniform, randint, arange, constant, file, got "
            "'gamma'");
        row("uniform low above high", "/inputs/1/init/low", "2", "task.json: /inputs/1/init/high: expected high > low");
        row("init file missing", "/inputs/0/init", R"({"dist": "file", "path": "data/a.npy"})",
            "task.json: /inputs/0/init/path: file 'data/a.npy' not found", missing);
        row("scalar without value", "/scalars", R"({"alpha": {"dtype": "float32"}})",
            "task.json: /scalars/alpha/value: required field is missing");
        row("bad id", "/id", R"("has space")",
            "task.json: /id: expected letters, digits, '.', '_' or '-', got 'has space'");
        row("arch of numbers", "/target/arch", "[90]",
            "task.json: /target/arch/0: expected a non-empty string, got 90");
        row("no outputs", "/outputs", "[]", "task.json: /outputs: expected at least one output");
        row("dim of a number", "/dims/N", "7",
            "task.json: /dims/N: expected a description (a string) or an object {\"description\", \"min\", \"max\", "
            "\"multiple_of\"}, got 7");
        row("dim bound not a positive integer", "/dims/N", R"({"min": 0})",
            "task.json: /dims/N/min: expected a positive integer below 2^63, got 0");
        row("dim bound a string", "/dims/N", R"({"max": "big"})",
            "task.json: /dims/N/max: expected a positive integer below 2^63, got the string 'big'");
        row("dim max below min", "/dims/N", R"({"min": 10, "max": 5})",
            "task.json: /dims/N/max: max 5 is below min 10");
        row("dim bounds without a multiple", "/dims/N", R"({"min": 9, "max": 15, "multiple_of": 16})",
            "task.json: /dims/N/multiple_of: no multiple of 16 lies between min 9 and max 15");
        row("case outside the bounds", "/dims/N", R"({"description": "n", "max": 2048})",
            "task.json: /cases/1/dims/N: 16777216 is outside the bounds of dim 'N' (min 1, max 2048, multiple of 1)");
        row("case not a multiple", "/dims/N", R"({"multiple_of": 2})",
            "task.json: /cases/0/dims/N: 1025 is outside the bounds of dim 'N' (min 1, max none, multiple of 2)");
        row("linker flag", "/candidates/0/flags", R"(["-O3", "-Wl,--wrap=clock_gettime"])",
            "task.json: /candidates/0/flags/1: '-Wl,--wrap=clock_gettime' changes what is built, linked or run, not "
            "how "
            "the code is compiled; the runner sets those itself");
        row("two options in one string", "/target/flags", R"({"cpp": ["-O3 -march=native"]})",
            "task.json: /target/flags/cpp/0: expected one option per string (no spaces), got '-O3 -march=native'");
        row("flag not a string", "/candidates/0/flags", "[3]",
            "task.json: /candidates/0/flags/0: expected a compiler option (a string), got 3");
        row("flags of a python implementation", "/candidates/0",
            R"({"id": "np", "backend": "python", "framework": "numpy", "source": "candidate.cu", "entry": "add",
                "args": ["a", "b", "N"], "flags": ["-O3"]})",
            "task.json: /candidates/0/flags/0: build flags apply to cpp and cuda implementations only");
        row("an unknown option", "/reference/flags", R"(["--frobnicate"])",
            "task.json: /reference/flags/0: '--frobnicate' is not an optimisation, code-generation, math, macro, "
            "warning or standard option the runner knows to be safe");
        row("stress of a number", "/inputs/0/stress", "3",
            "task.json: /inputs/0/stress: expected false, true or a list of patterns (shift, scale, impulse, ramp, "
            "sorted, large, hidden, mixture), got 3");
        row("unknown stress pattern", "/inputs/0/stress", R"(["scale", "noise"])",
            "task.json: /inputs/0/stress/1: expected one of shift, scale, impulse, ramp, sorted, large, hidden, "
            "mixture, got the string "
            "'noise'");
    }

    void invalid()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(bool, remove);
        QFETCH(QByteArray, raw);
        QFETCH(QString, expected);
        QFETCH(QString, findingId);
        QFETCH(QByteArray, lineNeedle);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        prepare(dir.path(), pointer, value, remove, raw);
        const auto loaded = loadTask(dir.path());
        QVERIFY2(!loaded.ok(), "the bundle loaded although it is invalid");
        QCOMPARE(loaded.error().oneLine(), expected);
        QCOMPARE(loaded.error().findingId, findingId);
        QCOMPARE(loaded.error().file, QStringLiteral("task.json"));
        QVERIFY(loaded.error().line >= 1);
        if (!lineNeedle.isEmpty())
            QCOMPARE(loaded.error().line, lineOf(dir.path(), lineNeedle));
    }

    void valid_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("warningPaths"); // json paths of the expected scope.unknown-field warnings

        QTest::newRow("base") << QString() << QString() << QStringList {};
        QTest::newRow("unknown top-level field")
            << QStringLiteral("/notes") << QStringLiteral(R"("x")") << QStringList { QStringLiteral("/notes") };
        QTest::newRow("unknown nested field") << QStringLiteral("/inputs/1/layout") << QStringLiteral(R"("row-major")")
                                              << QStringList { QStringLiteral("/inputs/1/layout") };
        QTest::newRow("param of another dist") << QStringLiteral("/inputs/0/init/low") << QStringLiteral("0")
                                               << QStringList { QStringLiteral("/inputs/0/init/low") };
        QTest::newRow("framework on cuda") << QStringLiteral("/candidates/0/framework") << QStringLiteral(R"("torch")")
                                           << QStringList { QStringLiteral("/candidates/0/framework") };
        QTest::newRow("scalar arg") << QStringLiteral("/scalars")
                                    << QStringLiteral(R"({"alpha": {"dtype": "float32", "value": 2.5}})")
                                    << QStringList {};
        QTest::newRow("launch") << QStringLiteral("/candidates/0/launch")
                                << QStringLiteral(R"j({"grid": ["cdiv(N, 256)"], "block": [256], "smem": "4*256"})j")
                                << QStringList {};
        QTest::newRow("python numpy") << QStringLiteral("/candidates/0")
                                      << QStringLiteral(R"({"id": "np", "backend": "python", "framework": "numpy",
                                            "source": "candidate.cu", "entry": "add", "args": ["a", "b", "N"]})")
                                      << QStringList {};
        QTest::newRow("python writing into an output")
            << QStringLiteral("/candidates/0")
            << QStringLiteral(R"({"id": "tr", "backend": "python", "framework": "triton",
                                            "source": "candidate.cu", "entry": "add", "args": ["a", "b", "c", "N"]})")
            << QStringList {};
        QTest::newRow("literal shape") << QStringLiteral("/outputs/0/shape") << QStringLiteral(R"(["N", 2])")
                                       << QStringList {};
        QTest::newRow("arch list") << QStringLiteral("/target/arch") << QStringLiteral(R"(["sm_80", "sm_90"])")
                                   << QStringList {};
        QTest::newRow("dim bounds") << QStringLiteral("/dims/N")
                                    << QStringLiteral(R"({"description": "n", "min": 1, "max": 16777216})")
                                    << QStringList {};
        QTest::newRow("stress list") << QStringLiteral("/inputs/0/stress") << QStringLiteral(R"(["scale", "impulse"])")
                                     << QStringList {};
        QTest::newRow("unknown dim key") << QStringLiteral("/dims/N") << QStringLiteral(R"({"minimum": 1})")
                                         << QStringList { QStringLiteral("/dims/N/minimum") };
        QTest::newRow("stress off") << QStringLiteral("/inputs/0/stress") << QStringLiteral("false") << QStringList {};
        QTest::newRow("build flags") << QStringLiteral("/candidates/0/flags")
                                     << QStringLiteral(R"(["-O3", "--use_fast_math", "-Xptxas=-v", "-lineinfo"])")
                                     << QStringList {};
        QTest::newRow("target flags of an unknown backend")
            << QStringLiteral("/target/flags") << QStringLiteral(R"({"cpp": ["-march=x86-64-v3"], "python": []})")
            << QStringList { QStringLiteral("/target/flags/python") };
    }

    void dimBoundsAndStressModel()
    {
        QTemporaryDir dir;
        prepare(dir.path(), QStringLiteral("/dims/N"),
            QStringLiteral(R"({"description": "elements", "min": 1, "max": 16777216, "multiple_of": 1})"), false, {});
        const auto loaded = loadTask(dir.path());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->task.dims.value(QStringLiteral("N")), QStringLiteral("elements"));
        const DimBounds b = loaded->task.dimBounds.value(QStringLiteral("N"));
        QCOMPARE(b.min.value_or(0), qint64(1));
        QCOMPARE(b.max.value_or(0), qint64(16777216));
        QVERIFY(b.admits(1031) && !b.admits(16777217) && !b.admits(0));
        // Defaults: every pattern for generated float data; an explicit list narrows it.
        QCOMPARE(stressPatternsFor(loaded->task.inputs.first()), stressPatternNames());
        TensorSpec ints;
        ints.dtype = DType::Int64;
        ints.init.dist = QStringLiteral("randint");
        QVERIFY(stressPatternsFor(ints).isEmpty());
        ints.stress = QStringList { QStringLiteral("scale") };
        QCOMPARE(stressPatternsFor(ints), QStringList { QStringLiteral("scale") });
    }

    void valid()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QStringList, warningPaths);
        QTemporaryDir dir;
        prepare(dir.path(), pointer, value, false, QByteArray());
        const auto loaded = loadTask(dir.path());
        QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().oneLine()));
        QStringList paths;
        for (const Finding& w : loaded->warnings) {
            QCOMPARE(w.id, QStringLiteral("scope.unknown-field"));
            QCOMPARE(w.severity, Severity::Warning);
            QCOMPARE(w.file, QStringLiteral("task.json"));
            QVERIFY(w.line > 1);
            paths << w.jsonPath;
        }
        QCOMPARE(paths, warningPaths);
    }

    void model()
    {
        QTemporaryDir dir;
        auto m = test::baseManifest();
        test::edit(m, QStringLiteral("/scalars"), QStringLiteral(R"({"alpha": {"dtype": "float32", "value": 2.5}})"));
        test::edit(m, QStringLiteral("/reference/args/4"), QStringLiteral(R"("alpha")"));
        QVERIFY(test::writeBundle(dir.path(), m));
        // Loading through task.json itself finds the same bundle.
        const auto loaded = loadTask(QDir(dir.path()).filePath(QStringLiteral("task.json")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().oneLine()));
        const Task& t = loaded->task;
        QCOMPARE(t.dir, QDir(dir.path()).absolutePath());
        QCOMPARE(t.id, QStringLiteral("vector-add-f32"));
        QCOMPARE(t.kind, QStringLiteral("generation"));
        QCOMPARE(t.target.arch, QStringList { QStringLiteral("sm_90") });
        QCOMPARE(t.inputs.size(), 2);
        QCOMPARE(t.inputs[1].init.dist, QStringLiteral("uniform"));
        QCOMPARE(t.inputs[1].init.low, -1.0);
        QCOMPARE(t.outputs[0].shape, QStringList { QStringLiteral("N") });
        QCOMPARE(t.cases.size(), 2);
        QCOMPARE(t.cases[1].dims.value(QStringLiteral("N")), qint64(16777216));
        QVERIFY(t.tolerance.has_value());
        QCOMPARE(t.tolerance->rtol, 1e-5);
        QCOMPARE(t.scalars.size(), 1);
        QCOMPARE(t.scalars[0].value, 2.5);
        QCOMPARE(t.reference.id, QStringLiteral("reference"));
        QCOMPARE(t.reference.args.last(), QStringLiteral("alpha"));
        QCOMPARE(t.candidates[0].jsonPath, QStringLiteral("/candidates/0"));
        QCOMPARE(t.benchmarkBytes, QStringLiteral("12*N"));
        QCOMPARE(t.manifest.value(QStringLiteral("id")).toString(), QStringLiteral("vector-add-f32"));
    }

    // target.flags of the backend, then the implementation's own flags.
    void buildFlagsModel()
    {
        QTemporaryDir dir;
        auto m = test::baseManifest();
        test::edit(m, QStringLiteral("/target/flags"), QStringLiteral(R"({"cpp": ["-O3"], "cuda": ["-lineinfo"]})"));
        test::edit(m, QStringLiteral("/candidates/0/flags"), QStringLiteral(R"(["--use_fast_math"])"));
        QVERIFY(test::writeBundle(dir.path(), m));
        const auto loaded = loadTask(dir.path());
        QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().oneLine()));
        const Task& t = loaded->task;
        QCOMPARE(buildFlags(t, t.reference), QStringList { QStringLiteral("-O3") });
        QCOMPARE(buildFlags(t, t.candidates[0]),
            (QStringList { QStringLiteral("-lineinfo"), QStringLiteral("--use_fast_math") }));
        QCOMPARE(speedFlags(buildFlags(t, t.reference), QStringLiteral("cpp")), QStringList { QStringLiteral("-O3") });
        QCOMPARE(speedFlags(
                     { QStringLiteral("-O3"), QStringLiteral("-Wall"), QStringLiteral("-O1") }, QStringLiteral("cpp")),
            QStringList { QStringLiteral("-O1") }); // the last level wins; warnings do not change speed
    }

    // Every value of the base manifest replaced by each hostile value: the loader answers (loads, or
    // fails with a one-line error that has a JSON path and a line) and never crashes.
    void hostileValues()
    {
        const auto base = test::baseManifest();
        const auto flat = base.flatten();
        QStringList pointers;
        for (auto it = flat.begin(); it != flat.end(); ++it) {
            QString p = QString::fromStdString(it.key());
            while (!p.isEmpty()) { // the leaf and each of its containers
                if (!pointers.contains(p))
                    pointers << p;
                p.truncate(p.lastIndexOf(u'/'));
            }
        }
        const QStringList values { QStringLiteral("null"), QStringLiteral("-1"), QStringLiteral("0"),
            QStringLiteral("\"\""), QStringLiteral("[]"), QStringLiteral("{}"), QStringLiteral("1e308"),
            QStringLiteral("\"../x\""), QStringLiteral("18446744073709551615"), QStringLiteral("-9223372036854775808"),
            QStringLiteral("[[[]]]"), QStringLiteral("\"((((\""), QStringLiteral("true") };
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), base));
        int failures = 0;
        for (const QString& pointer : pointers) {
            for (const QString& value : values) {
                auto m = base;
                test::edit(m, pointer, value);
                QVERIFY(test::writeFile(dir.path(), QStringLiteral("task.json"), QByteArray::fromStdString(m.dump(2))));
                const auto loaded = loadTask(dir.path());
                if (loaded.ok())
                    continue;
                ++failures;
                const Error& e = loaded.error();
                QVERIFY2(e.where.startsWith(u'/') && e.line >= 1 && !e.what.isEmpty() && !e.oneLine().contains(u'\n'),
                    qPrintable(pointer + QStringLiteral(" = ") + value + QStringLiteral(": ") + e.oneLine()));
            }
        }
        QVERIFY(failures > pointers.size()); // most hostile values must be refused
    }

    void symlinkEscape()
    {
        QTemporaryDir dir;
        QTemporaryDir outside;
        QVERIFY(test::writeBundle(dir.path(), test::baseManifest()));
        QVERIFY(test::writeFile(outside.path(), QStringLiteral("secret.cu"), "int x;\n"));
        const QString link = QDir(dir.path()).filePath(QStringLiteral("candidate.cu"));
        QVERIFY(QFile::remove(link));
        QVERIFY(QFile::link(QDir(outside.path()).filePath(QStringLiteral("secret.cu")), link));
        const auto loaded = loadTask(dir.path());
        QVERIFY(!loaded.ok());
        const QString target
            = QFileInfo(QDir(outside.path()).filePath(QStringLiteral("secret.cu"))).canonicalFilePath();
        QCOMPARE(loaded.error().oneLine(),
            QStringLiteral("task.json: /candidates/0/source: path 'candidate.cu' resolves outside the bundle (to '%1')")
                .arg(target));
        QCOMPARE(loaded.error().findingId, QStringLiteral("scope.invalid-manifest"));
    }

    void symlinkInsideIsFine()
    {
        QTemporaryDir dir;
        QVERIFY(test::writeBundle(dir.path(), test::baseManifest()));
        QVERIFY(test::writeFile(dir.path(), QStringLiteral("src/kernel.cu"), "int x;\n"));
        const QString link = QDir(dir.path()).filePath(QStringLiteral("candidate.cu"));
        QVERIFY(QFile::remove(link));
        QVERIFY(QFile::link(QDir(dir.path()).filePath(QStringLiteral("src/kernel.cu")), link));
        QVERIFY(loadTask(dir.path()).ok());
    }

    void noManifest()
    {
        QTemporaryDir dir;
        const auto loaded = loadTask(dir.path());
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.error().oneLine(), QStringLiteral("task.json: not found in '%1'").arg(dir.path()));
        QCOMPARE(loaded.error().findingId, QStringLiteral("scope.missing-file"));
    }

    void findBundles()
    {
        QTemporaryDir dir;
        const QString root = dir.path();
        QVERIFY(test::writeBundle(root + QStringLiteral("/b"), test::baseManifest()));
        QVERIFY(test::writeBundle(root + QStringLiteral("/a/x"), test::baseManifest()));
        QVERIFY(test::writeBundle(root + QStringLiteral("/b-2"), test::baseManifest()));
        // A task.json inside a bundle's own folder belongs to that bundle.
        QVERIFY(test::writeFile(root + QStringLiteral("/b/data"), QStringLiteral("task.json"), "{}"));
        QVERIFY(test::writeFile(root + QStringLiteral("/empty"), QStringLiteral("README"), "no task\n"));
        const QStringList expected { root + QStringLiteral("/a/x"), root + QStringLiteral("/b"),
            root + QStringLiteral("/b-2") };
        QCOMPARE(findTaskBundles(root), expected);
        QCOMPARE(findTaskBundles(root + QStringLiteral("/b")), QStringList { root + QStringLiteral("/b") });
        QCOMPARE(findTaskBundles(root + QStringLiteral("/b/task.json")), QStringList { root + QStringLiteral("/b") });
        QCOMPARE(findTaskBundles(root + QStringLiteral("/empty")), QStringList {});
    }
};

QTEST_GUILESS_MAIN(TestTaskLoader)
#include "tst_taskloader.moc"

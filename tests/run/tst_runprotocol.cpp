// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The correctness protocol end to end on this machine: real g++ builds, real sandboxed runs, one
// candidate per cheat the protocol must catch.
#include "core/env/toolprobe.h"
#include "core/run/implverdict.h"
#include "core/run/runengine.h"
#include "core/run/runnerbuild.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace kwb;

namespace {
const char* kReference = R"(#include <cstdint>
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) { for (int64_t i = 0; i < n; ++i) c[i] = a[i] + b[i]; }
)";

// One candidate per behaviour, each a complete C++ file.
const QList<std::pair<const char*, const char*>> kCandidates {
    { "good", R"(#include <cstdint>
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) { for (int64_t i = 0; i < n; ++i) c[i] = b[i] + a[i]; })" },
    { "tailbug", R"(#include <cstdint>
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) { for (int64_t i = 0; i + 32 <= n; ++i) c[i] = a[i] + b[i]; for (int64_t i = n - n % 32; i < n; ++i) c[i] = a[i]; })" },
    { "unwritten", R"(#include <cstdint>
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) { for (int64_t i = 0; i < n - 1; ++i) c[i] = a[i] + b[i]; })" },
    { "inplace", R"(#include <cstdint>
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) { float* w = const_cast<float*>(a); for (int64_t i = 0; i < n; ++i) { c[i] = a[i] + b[i]; w[i] = 0; } })" },
    { "constant", R"(#include <cstdint>
extern "C" void vadd(const float*, const float*, float* c, int64_t n) { for (int64_t i = 0; i < n; ++i) c[i] = 1.0f; })" },
    { "replay", R"(#include <cstdint>
#include <vector>
static std::vector<float> cache;
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) {
  if (cache.size() != std::size_t(n)) { cache.resize(n); for (int64_t i = 0; i < n; ++i) cache[i] = a[i] + b[i]; }
  for (int64_t i = 0; i < n; ++i) c[i] = cache[i]; })" },
    { "nondet", R"(#include <cmath>
#include <cstdint>
static int calls = 0;
extern "C" void vadd(const float* a, const float* b, float* c, int64_t n) {
  for (int64_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
  if (++calls % 2 == 0) c[0] = std::nextafter(c[0], 1e30f); })" },
    { "hang", R"(#include <cstdint>
extern "C" void vadd(const float*, const float*, float*, int64_t) { volatile int x = 0; for (;;) ++x; })" },
    { "nocompile", R"(extern "C" void vadd( { this is not C++ })" },
};

void write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}
} // namespace

class TestRunProtocol : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::optional<RunResult> m_result;

    QStringList findingIds(const QString& impl) const
    {
        QStringList ids;
        for (const Finding& f : m_result->findings) {
            if (f.impl == impl)
                ids << f.id;
        }
        ids.removeDuplicates();
        ids.sort();
        return ids;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the cpp runner cannot be built");
        const QString bundle = m_dir.filePath(QStringLiteral("vadd"));
        QDir().mkpath(bundle);
        write(bundle + QStringLiteral("/reference.cpp"), kReference);
        write(bundle + QStringLiteral("/spec.md"), "Add two float32 vectors a and b of length N into c.\n");
        QString candidates;
        for (const auto& [id, source] : kCandidates) {
            write(bundle + QStringLiteral("/%1.cpp").arg(QLatin1StringView(id)), source);
            candidates += QStringLiteral(
                "%1{\"id\": \"%2\", \"backend\": \"cpp\", \"source\": \"%2.cpp\", \"entry\": \"vadd\", "
                "\"args\": [\"a\", \"b\", \"c\", \"N\"]}")
                              .arg(candidates.isEmpty() ? QString() : QStringLiteral(", "), QLatin1StringView(id));
        }
        write(bundle + QStringLiteral("/task.json"),
            QStringLiteral(R"({
  "format": "kwb.task/1", "id": "vadd", "title": "Vector add", "kind": "generation", "spec": "spec.md",
  "target": {"framework": "cpp", "hardware": "H100", "arch": "sm_90"},
  "dims": {"N": "number of elements"},
  "inputs": [{"name": "a", "dtype": "float32", "shape": ["N"], "init": {"dist": "normal", "mean": 0, "std": 1}},
             {"name": "b", "dtype": "float32", "shape": ["N"], "init": {"dist": "uniform", "low": -1, "high": 1}}],
  "outputs": [{"name": "c", "dtype": "float32", "shape": ["N"]}],
  "cases": [{"name": "tail", "dims": {"N": 1000}}],
  "tolerance": {"rtol": 1e-5, "atol": 1e-6},
  "reference": {"backend": "cpp", "source": "reference.cpp", "entry": "vadd", "args": ["a", "b", "c", "N"]},
  "candidates": [%1]
})")
                .arg(candidates)
                .toUtf8());

        RunRequest request;
        request.taskDir = bundle;
        request.trials = 3;
        request.seed = 1234;
        request.limits.timeoutMs = 5000;
        // The declared protocol on its own: generated cases (tst_generatedcases, tst_exploits) come in the same
        // process in a shuffled order, and a replay cache could then replay a stress case's answer instead.
        request.heldOut = 0;
        request.stress = false;
        auto result = runCorrectness(request);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        m_result = *result;
    }

    void eachCandidateGetsItsFinding_data()
    {
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("status");
        QTest::newRow("good") << "good"
                              << "correct.pass"
                              << "ok";
        QTest::newRow("tail bug") << "tailbug"
                                  << "correct.mismatch"
                                  << "ok";
        QTest::newRow("unwritten") << "unwritten"
                                   << "correct.unwritten-output"
                                   << "ok";
        QTest::newRow("in place") << "inplace"
                                  << "correct.inputs-modified"
                                  << "ok";
        QTest::newRow("constant") << "constant"
                                  << "correct.input-independent"
                                  << "ok";
        QTest::newRow("replay cache") << "replay"
                                      << "correct.stale-output"
                                      << "ok";
        QTest::newRow("nondeterministic") << "nondet"
                                          << "correct.nondeterministic"
                                          << "ok";
        QTest::newRow("hang") << "hang"
                              << "sandbox.timeout"
                              << "failed";
        QTest::newRow("does not compile") << "nocompile"
                                          << "runtime.compile_error"
                                          << "build-failed";
    }
    void eachCandidateGetsItsFinding()
    {
        QFETCH(QString, impl);
        QFETCH(QString, expected);
        QFETCH(QString, status);
        const QStringList ids = findingIds(impl);
        QVERIFY2(ids.contains(expected), qPrintable(impl + QStringLiteral(": ") + ids.join(QLatin1Char(' '))));
        // An error finding and a pass exclude each other; a warning (nondeterminism) may stand beside a pass.
        if (expected != u"correct.pass" && expected != u"correct.nondeterministic")
            QVERIFY2(!ids.contains(QStringLiteral("correct.pass")), qPrintable(ids.join(QLatin1Char(' '))));
        const auto run = std::find_if(
            m_result->impls.begin(), m_result->impls.end(), [&](const ImplRun& r) { return r.id == impl; });
        QVERIFY(run != m_result->impls.end());
        QCOMPARE(implStatusName(run->status), status);
    }

    void goodCandidateHasNothingElse()
    {
        QCOMPARE(findingIds(QStringLiteral("good")), QStringList { QStringLiteral("correct.pass") });
    }

    void referenceRanAndSeedsAreRecorded()
    {
        const auto& ref = m_result->impls.last();
        QCOMPARE(ref.role, ImplRole::Reference);
        QVERIFY(ref.ok());
        QCOMPARE(m_result->trials.size(), 3);
        QCOMPARE(m_result->trials[1].seed, quint64(1235));
        const QJsonObject report = runReportJson(*m_result);
        QCOMPARE(report.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.report/1"));
        QCOMPARE(
            report.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("input_generator")).toString(),
            QStringLiteral("kwb-philox4x32-10/1"));
    }

    // A task whose outputs do not fit the file-size limit: the reference fails at the limit, so the candidate that
    // failed at it too is "not run" (env.limits) and not failed; one that failed for its own reason keeps its error.
    void taskBeyondTheLimitsIsNotRun()
    {
        const QString bundle = m_dir.filePath(QStringLiteral("vadd-large"));
        QDir().mkpath(bundle);
        for (const char* f : { "reference.cpp", "spec.md", "good.cpp" })
            QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("vadd/") + QLatin1StringView(f)),
                bundle + QLatin1Char('/') + QLatin1StringView(f)));
        write(bundle + QStringLiteral("/abort.cpp"),
            "#include <cstdint>\n#include <cstdlib>\n"
            "extern \"C\" void vadd(const float*, const float*, float*, int64_t) { std::abort(); }\n");
        QFile manifest(m_dir.filePath(QStringLiteral("vadd/task.json")));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        QByteArray json = manifest.readAll();
        json.replace(R"("N": 1000)", R"("N": 400000)"); // 1.6 MB per output file, over the 1 MiB limit below
        const int at = json.indexOf(R"("candidates": [)");
        QVERIFY(at > 0);
        json.truncate(at);
        json
            += R"("candidates": [{"id": "good", "backend": "cpp", "source": "good.cpp", "entry": "vadd", "args": ["a", "b", "c", "N"]},
  {"id": "abort", "backend": "cpp", "source": "abort.cpp", "entry": "vadd", "args": ["a", "b", "c", "N"]}]
})";
        write(bundle + QStringLiteral("/task.json"), json);

        RunRequest request;
        request.taskDir = bundle;
        request.trials = 1;
        request.seed = 7;
        request.stress = false;
        request.limits.timeoutMs = 20000;
        request.limits.fileSizeMiB = 1;
        auto result = runCorrectness(request);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const auto run = [&](const QString& id) {
            return *std::find_if(
                result->impls.begin(), result->impls.end(), [&](const ImplRun& r) { return r.id == id; });
        };
        const auto ids = [&](const QString& impl) {
            QStringList out;
            for (const Finding& f : result->findings)
                if (f.impl == impl)
                    out << f.id;
            return out;
        };
        QCOMPARE(run(QStringLiteral("reference")).status, ImplStatus::NotRun);
        QVERIFY(run(QStringLiteral("reference")).notRunReason.contains(QStringLiteral("file-size limit of 1 MiB")));
        QCOMPARE(ids(QStringLiteral("reference")), QStringList { QStringLiteral("env.limits") });
        QCOMPARE(run(QStringLiteral("good")).status, ImplStatus::NotRun);
        QCOMPARE(ids(QStringLiteral("good")), QStringList { QStringLiteral("env.limits") });
        QCOMPARE(run(QStringLiteral("abort")).status, ImplStatus::Failed);
        QVERIFY2(hasErrors(result->findings), qPrintable(ids(QStringLiteral("abort")).join(QLatin1Char(' '))));
        QVERIFY(!ids(QStringLiteral("abort")).contains(QStringLiteral("env.limits")));
    }

    // The runner's own setup that does not fit the memory limit — loading torch needs more address space than
    // 1 GiB (the loader says "failed to map segment from shared object", not that torch is missing) — is the
    // host's limit: the candidate is "not run" with env.limits, never "torch is missing", never failed.
    void frameworkBeyondTheMemoryLimitIsNotRun()
    {
        if (!runnerPythonHas(QStringLiteral("torch")))
            QSKIP("the runner python has no torch: the Triton runner cannot load it at any limit");
        RunRequest request;
        request.taskDir = KWB_TASKS_DIR + QStringLiteral("/layernorm-triton-spec-gap");
        request.implIds = { QStringLiteral("triton") };
        request.trials = 1;
        request.heldOut = 0;
        request.stress = false;
        request.limits.memoryMiB = 1024;
        QTemporaryDir keep;
        request.keepDir = keep.path();
        auto result = runCorrectness(request);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const auto triton = std::find_if(
            result->impls.begin(), result->impls.end(), [](const ImplRun& r) { return r.id == u"triton"; });
        QVERIFY(triton != result->impls.end());
        QCOMPARE(triton->status, ImplStatus::NotRun);
        QVERIFY2(triton->notRunReason.contains(QStringLiteral("memory limit"))
                && !triton->notRunReason.contains(QStringLiteral("torch is missing")),
            qPrintable(triton->notRunReason));
        QStringList ids;
        for (const Finding& f : result->findings)
            if (f.impl == u"triton")
                ids << f.id;
        QCOMPARE(ids, QStringList { QStringLiteral("env.limits") });
        // The kept work folder holds what the runner printed, which the diagnosis read.
        QFile log(keep.filePath(QStringLiteral("triton/log-0.txt")));
        QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(log.fileName()));
        QVERIFY(log.readAll().contains("libtorch"));
    }

    // The runner's word that the machine lacks something is believed only for what it met before any of the
    // implementation's code ran. A candidate that raises the runner's own EnvironmentProblem — "limits", phase
    // "setup" — from its call, or from its module's top level, has failed; an honest one beside it passes.
    void forgedEnvironmentProblemIsAFailure()
    {
        const QString bundle = m_dir.filePath(QStringLiteral("scan-forged"));
        QDir().mkpath(bundle);
        const QString from = KWB_TASKS_DIR + QStringLiteral("/prefix-scan-f32-skip-work/");
        for (const char* f : { "reference.py", "spec.md", "candidate.py" })
            QVERIFY(QFile::copy(from + QLatin1StringView(f), bundle + QLatin1Char('/') + QLatin1StringView(f)));
        write(bundle + QStringLiteral("/forged_call.py"),
            "import __main__\n"
            "def inclusive_scan(x, N):\n"
            "    raise __main__.EnvironmentProblem('limits', 'memory', 'out of memory at the limit', 'setup')\n");
        // The result file is in the implementation's reach: one written by it, claiming "setup", is not believed.
        write(bundle + QStringLiteral("/forged_file.py"),
            "import json, os\n"
            "def inclusive_scan(x, N):\n"
            "    with open('result.json', 'w') as f:\n"
            "        json.dump({'format': 'kwb.runner-result/2', 'impl': 'forged-file', 'calls': [], 'status': "
            "'error',\n"
            "                   'error': 'EnvironmentProblem: numpy is missing', 'environment': {'kind': "
            "'missing-framework',\n"
            "                   'what': 'numpy', 'phase': 'setup', 'message': 'numpy is missing'}}, f)\n"
            "    os._exit(1)\n");
        // The implementation's own words naming the machine's fault: the diagnosis reads them, the verdict does not
        // believe them (nothing on this machine agrees).
        write(bundle + QStringLiteral("/forged_words.py"),
            "import os, sys\n"
            "def inclusive_scan(x, N):\n"
            "    sys.stderr.write('RuntimeError: CUDA driver version is insufficient for CUDA runtime version\\n')\n"
            "    sys.stderr.flush()\n"
            "    os._exit(1)\n");
        write(bundle + QStringLiteral("/forged_import.py"),
            "import __main__\n"
            "raise __main__.EnvironmentProblem('missing-framework', 'numpy', 'numpy is missing', 'setup')\n");
        QFile manifest(from + QStringLiteral("task.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        QByteArray json = manifest.readAll();
        const int at = json.indexOf(R"("candidates": [)");
        QVERIFY(at > 0);
        const int end = json.indexOf("\n  ]", at) + 3; // the candidates' closing bracket, on a line of its own
        QVERIFY(end > at);
        json.replace(at, end - at + 1,
            R"("candidates": [{"id": "blocked", "backend": "python", "framework": "numpy", "source": "candidate.py", "entry": "inclusive_scan", "args": ["x", "N"]},
  {"id": "forged-call", "backend": "python", "framework": "numpy", "source": "forged_call.py", "entry": "inclusive_scan", "args": ["x", "N"]},
  {"id": "forged-import", "backend": "python", "framework": "numpy", "source": "forged_import.py", "entry": "inclusive_scan", "args": ["x", "N"]},
  {"id": "forged-file", "backend": "python", "framework": "numpy", "source": "forged_file.py", "entry": "inclusive_scan", "args": ["x", "N"]},
  {"id": "forged-words", "backend": "python", "framework": "numpy", "source": "forged_words.py", "entry": "inclusive_scan", "args": ["x", "N"]}])");
        write(bundle + QStringLiteral("/task.json"), json);

        RunRequest request;
        request.taskDir = bundle;
        request.trials = 1;
        request.heldOut = 0;
        request.stress = false;
        auto result = runCorrectness(request);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        for (const char* id : { "forged-call", "forged-import", "forged-file", "forged-words" }) {
            const auto run = std::find_if(result->impls.begin(), result->impls.end(),
                [&](const ImplRun& r) { return r.id == QLatin1StringView(id); });
            QVERIFY(run != result->impls.end());
            QVERIFY2(run->status == ImplStatus::Failed, id);
            const ImplVerdict verdict = implVerdict(*result, *run);
            QVERIFY2(verdict.state == VerdictState::Failed,
                qPrintable(QString::fromLatin1(id) + QStringLiteral(": ") + verdict.text));
            for (const Finding& f : run->findings)
                QVERIFY2(!f.id.startsWith(QStringLiteral("env.")), qPrintable(f.id));
        }
        const auto honest = std::find_if(
            result->impls.begin(), result->impls.end(), [](const ImplRun& r) { return r.id == u"blocked"; });
        QVERIFY(honest != result->impls.end());
        QVERIFY(honest->ok());
    }

    // Stop reaches a runner build in progress: the compiler (here one evaluating constexpr loops for minutes) is
    // killed, and the build answers "stopped" instead of running on or caching anything.
    void runnerBuildStops()
    {
        const QString bundle = m_dir.filePath(QStringLiteral("vadd-slowbuild"));
        QDir().mkpath(bundle);
        for (const char* f : { "reference.cpp", "spec.md" })
            QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("vadd/") + QLatin1StringView(f)),
                bundle + QLatin1Char('/') + QLatin1StringView(f)));
        write(bundle + QStringLiteral("/slow.cpp"),
            "#include <cstdint>\n"
            "constexpr long burn() { long s = 0; for (long i = 0; i < 100000; ++i) for (long j = 0; j < 100000; ++j) "
            "s += (i ^ j) & 1; return s; }\n"
            "static_assert(burn() > 0);\n"
            "extern \"C\" void vadd(const float* a, const float* b, float* c, int64_t n) { for (int64_t i = 0; i < n; "
            "++i) c[i] = a[i] + b[i]; }\n");
        QFile manifest(m_dir.filePath(QStringLiteral("vadd/task.json")));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        QByteArray json = manifest.readAll();
        json.truncate(json.indexOf(R"("candidates": [)"));
        json
            += R"("candidates": [{"id": "slow", "backend": "cpp", "source": "slow.cpp", "entry": "vadd", "args": ["a", "b", "c", "N"]}]
})";
        write(bundle + QStringLiteral("/task.json"), json);
        auto loaded = loadTask(bundle);
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        std::atomic_bool cancel = false;
        BuildOptions options;
        options.cancel = &cancel;
        options.cacheRoot = m_dir.filePath(QStringLiteral("runners"));
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(800));
            cancel = true;
        });
        QElapsedTimer clock;
        clock.start();
        auto build = buildRunner(loaded->task, *loaded->task.implementation(QStringLiteral("slow")), options);
        stopper.join();
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!build.ok());
        QVERIFY(build.error().isStopped());
        QVERIFY(QDir(options.cacheRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty()); // nothing cached
    }

    // The task's own check is fine (tolerance tight, outputs depend on inputs): no task-level findings.
    void taskCheckerIsSound()
    {
        for (const Finding& f : m_result->findings)
            QVERIFY2(!f.id.startsWith(QStringLiteral("scope.")), qPrintable(f.id + QStringLiteral(": ") + f.message));
    }
};

QTEST_GUILESS_MAIN(TestRunProtocol)
#include "tst_runprotocol.moc"

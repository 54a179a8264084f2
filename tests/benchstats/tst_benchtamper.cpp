// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Candidates that forge their timing (tests/benchstats/fixtures/tamper*, each file says how) against the
// triangulation of docs/benchmarking.md: every forging route gets its finding and no FAST verdict; the honest
// copies, and the honest candidates of the bundled tasks that run on a CPU, get none of those findings.
#include "core/bench/benchengine.h"
#include "core/bench/fairness.h"
#include "core/bench/interposition.h"
#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"
#include "core/exec/sandboxprobe.h"
#include "core/run/runengine.h"
#include "core/run/runnerbuild.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
const QStringList kTimingFindings { QStringLiteral("bench.timer-tampered"), QStringLiteral("bench.untimed-work"),
    QStringLiteral("bench.skipped-work"), QStringLiteral("correct.late-write"), QStringLiteral("bench.wrong-result"),
    QStringLiteral("correct.lazy-result") };

BenchRequest request(const QString& taskDir)
{
    BenchRequest r;
    r.taskDir = taskDir;
    r.budgetS = 0.4;
    r.rounds = 2;
    r.maxRounds = 2;
    r.warmupMs = 5;
    r.flushBytes = 1 << 20;
    r.seed = 7;
    r.limits.timeoutMs = 60000;
    r.sandbox = sandboxAvailable().available;
    return r;
}

QStringList timingFindings(const BenchResult& r, const QString& impl)
{
    QStringList out;
    for (const Finding& f : r.findings) {
        if (f.impl == impl && kTimingFindings.contains(f.id))
            out << f.id;
    }
    out.removeDuplicates();
    out.sort();
    return out;
}

const ImplCaseResult* candidate(const BenchResult& r, const QString& id)
{
    for (const auto& c : r.cases.first().candidates) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

QString describe(const BenchResult& r)
{
    QString s;
    for (const Finding& f : r.findings)
        s += f.id + QLatin1Char(' ') + f.impl + QStringLiteral(": ") + f.message + QLatin1Char('\n');
    for (const ImplBench& b : r.impls)
        s += b.id + QStringLiteral(" ") + implStatusName(b.status) + QStringLiteral(" ") + b.error + QLatin1Char('\n');
    // The figures the timing findings are judged on, so that a failure says how far off it was.
    for (const BenchCase& c : r.cases) {
        for (const ImplCaseResult& x : c.candidates)
            s += QStringLiteral("%1/%2: %3, median %4 µs, off the clock %5 µs, drain %6 µs\n")
                     .arg(c.name, x.id, x.verdict ? verdictName(*x.verdict) : QStringLiteral("no verdict"))
                     .arg(x.stats.medianNs / 1e3, 0, 'f', 1)
                     .arg(x.offCpuMedianNs / 1e3, 0, 'f', 1)
                     .arg(x.drainMedianNs / 1e3, 0, 'f', 1);
    }
    return s;
}
} // namespace

class TstBenchTamper : public QObject {
    Q_OBJECT

    void expect(const BenchResult& r, const QString& impl, const QString& finding)
    {
        const QStringList got = timingFindings(r, impl);
        if (finding.isEmpty()) {
            QVERIFY2(got.isEmpty(), qPrintable(impl + QStringLiteral(": ") + got.join(u',') + u'\n' + describe(r)));
            return;
        }
        QVERIFY2(
            got.contains(finding), qPrintable(impl + QStringLiteral(": expected ") + finding + u'\n' + describe(r)));
        const ImplCaseResult* c = candidate(r, impl);
        QVERIFY2(c && c->verdict, qPrintable(impl));
        QCOMPARE(verdictName(*c->verdict), QStringLiteral("INVALID"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the cpp runner cannot be built");
    }

    void reservedSymbols()
    {
        QVERIFY(reservedRunnerSymbols().contains(QStringLiteral("clock_gettime")));
        // What the harness loads inputs with between two calls: a definition would run there with the inputs in hand.
        QVERIFY(reservedRunnerSymbols().contains(QStringLiteral("read")));
        QVERIFY(reservedRunnerSymbols().contains(QStringLiteral("memcpy")));
        QVERIFY(interposedSymbols(QStringLiteral("/nonexistent/runner")).isEmpty());
    }

    void cppForgeries()
    {
        BenchRequest req = request(KWB_FIXTURES_DIR + QStringLiteral("/tamper"));
        req.implIds = QStringList { QStringLiteral("copy"), QStringLiteral("clock-interpose"),
            QStringLiteral("record-rewrite"), QStringLiteral("seccomp-clock"), QStringLiteral("loop-detector"),
            QStringLiteral("background-thread") };
        auto result = runBench(req);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        bool seccomp = true;
        for (const ImplBench& b : result->impls) {
            if (b.id == u"seccomp-clock" && !b.ok()) { // exit 77: this machine refuses seccomp filters
                seccomp = false;
                qWarning(
                    "seccomp-clock did not run (%s): the seccomp route is not exercised here", qPrintable(b.error));
            } else if (b.id != u"background-thread") { // its thread may outlive the runner's buffers: it may crash
                QVERIFY2(b.ok(), qPrintable(b.id + QStringLiteral(": ") + b.error));
            }
        }
        expect(*result, QStringLiteral("reference"), {});
        expect(*result, QStringLiteral("copy"), {});
        expect(*result, QStringLiteral("clock-interpose"), QStringLiteral("bench.timer-tampered"));
        expect(*result, QStringLiteral("record-rewrite"), QStringLiteral("bench.timer-tampered"));
#if defined(__x86_64__)
        if (seccomp)
            expect(*result, QStringLiteral("seccomp-clock"), QStringLiteral("bench.timer-tampered"));
#else
        Q_UNUSED(seccomp);
#endif
        expect(*result, QStringLiteral("loop-detector"), QStringLiteral("bench.skipped-work"));
        for (const QString& id :
            { QStringLiteral("clock-interpose"), QStringLiteral("record-rewrite"), QStringLiteral("seccomp-clock"),
                QStringLiteral("loop-detector"), QStringLiteral("background-thread") }) {
            const ImplCaseResult* c = candidate(*result, id);
            QVERIFY2(!c || !c->verdict || *c->verdict != Verdict::Fast, qPrintable(id + u'\n' + describe(*result)));
        }
        // The report shows both witnesses of the forged clock.
        const QJsonObject doc = benchReportJson(*result);
        QVERIFY(QJsonDocument(doc).toJson().contains("observed_phase_ns"));
    }

    void flagsFromTheSource()
    {
        auto loaded = loadTask(KWB_FIXTURES_DIR + QStringLiteral("/tamper"));
        QVERIFY(loaded);
        QStringList flagged;
        for (const Finding& f : staticFairnessFindings(loaded->task)) {
            if (f.id == u"bench.flags-mismatch")
                flagged << f.impl + QLatin1Char(':') + QString::number(f.line);
        }
        QCOMPARE(flagged, QStringList { QStringLiteral("flags:3") });
    }

    // Flags declared in task.json: the build carries them, and a candidate built with other optimisation or ISA
    // options than its reference is flagged, with both sets; the same options on both are fair.
    void flagsFromTheManifest()
    {
        QTemporaryDir dir;
        for (const char* f : { "reference.cpp", "fast.cpp", "slow.cpp", "spec.md" })
            QVERIFY(QFile::copy((KWB_FIXTURES_DIR + QStringLiteral("/speed/")) + QLatin1StringView(f),
                dir.filePath(QLatin1StringView(f))));
        QFile in(KWB_FIXTURES_DIR + QStringLiteral("/speed/task.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray base = in.readAll();
        const QByteArray fastEntry = R"("id": "fast", "backend": "cpp", "source": "fast.cpp")";
        QVERIFY(base.contains(fastEntry));
        const auto load = [&](const QByteArray& json) {
            QFile out(dir.filePath(QStringLiteral("task.json")));
            out.open(QIODevice::WriteOnly | QIODevice::Truncate);
            out.write(json);
            out.close();
            return loadTask(dir.path());
        };
        const auto mismatched = [](const Task& t) {
            QStringList out;
            for (const Finding& f : staticFairnessFindings(t)) {
                if (f.id == u"bench.flags-mismatch")
                    out << f.impl;
            }
            return out;
        };
        QByteArray json = base;
        json.replace(fastEntry, fastEntry + R"(, "flags": ["-O3", "-march=x86-64-v3"])");
        auto loaded = load(json);
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        QCOMPARE(mismatched(loaded->task), QStringList { QStringLiteral("fast") });
        auto sources = runnerSources(loaded->task, *loaded->task.implementation(QStringLiteral("fast")));
        QVERIFY(sources.ok());
        QVERIFY(sources->compileArgs.contains(QStringLiteral("-O3")));
        QVERIFY(
            sources->compileArgs.indexOf(QStringLiteral("-O3")) > sources->compileArgs.indexOf(QStringLiteral("-O2")));
        // The same options for every cpp build: nothing to flag.
        json = base;
        json.replace(R"("target": {"framework": "cpp",)",
            R"("target": {"flags": {"cpp": ["-O3", "-march=x86-64-v3"]}, "framework": "cpp",)");
        loaded = load(json);
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        QVERIFY(mismatched(loaded->task).isEmpty());
    }

    void pythonForgeries()
    {
        if (runnerPython().isEmpty())
            QSKIP("no runner python");
        auto result = runBench(request(KWB_FIXTURES_DIR + QStringLiteral("/tamper-py")));
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        for (const ImplBench& b : result->impls) {
            if (!b.ok() && b.error.contains(QStringLiteral("numpy")))
                QSKIP("the runner python has no numpy");
            QVERIFY2(b.ok(), qPrintable(b.id + QStringLiteral(": ") + b.error));
        }
        expect(*result, QStringLiteral("reference"), {});
        expect(*result, QStringLiteral("copy"), {});
        expect(*result, QStringLiteral("patch-time"), QStringLiteral("bench.timer-tampered"));
        expect(*result, QStringLiteral("patch-harness"), QStringLiteral("bench.timer-tampered"));
        expect(*result, QStringLiteral("late-thread"), QStringLiteral("correct.late-write"));
        // The thread each timed call leaves running is counted, as a correctness run counts it (a warning: its answers
        // are right; the late writer's thread may end within the harness's second look, and is not asked about).
        expect(*result, QStringLiteral("lingering-thread"), {});
        const auto leftThreads = [&](const QString& impl) {
            return std::any_of(result->findings.begin(), result->findings.end(),
                [&](const Finding& f) { return f.impl == impl && f.id == u"correct.leftover-threads"; });
        };
        QVERIFY2(leftThreads(QStringLiteral("lingering-thread")), qPrintable(describe(*result)));
        QVERIFY2(!leftThreads(QStringLiteral("copy")), qPrintable(describe(*result)));
    }

    // The classes of cheat a verified bench must defeat (tests/benchstats/fixtures/cheats, each file says how it
    // cheats): result caches that write a stored answer, candidates that tell timed calls from checked ones by
    // what they can read (the plan, the command line) or by the calls' cadence, a clock forged from the harness's
    // own frames, a lazy result. None gets FAST; the sniffers and the forger get INVALID with their finding; the
    // honest copies get nothing.
    void verifiedBenchDefeatsCheats()
    {
        if (runnerPython().isEmpty())
            QSKIP("no runner python");
        BenchRequest req = request(KWB_FIXTURES_DIR + QStringLiteral("/cheats"));
        req.budgetS = 0.6;
        auto result = runBench(req);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const bool jax = runnerPythonHas(QStringLiteral("jax"));
        for (const ImplBench& b : result->impls) {
            if (b.id != u"lazy-numpy" && (jax || b.id != u"copy-jax"))
                QVERIFY2(b.ok(), qPrintable(b.id + QStringLiteral(": ") + b.error));
        }
        expect(*result, QStringLiteral("copy-cpp"), {});
        expect(*result, QStringLiteral("copy-numpy"), {});
        // JAX's threads move its inputs in and its outputs out between two calls: the harness's work, set aside.
        if (jax)
            expect(*result, QStringLiteral("copy-jax"), {});
        expect(*result, QStringLiteral("sniff-plan-cpp"), QStringLiteral("bench.wrong-result"));
        expect(*result, QStringLiteral("cadence-cpp"), QStringLiteral("bench.wrong-result"));
        expect(*result, QStringLiteral("frames-numpy"), QStringLiteral("bench.timer-tampered"));
        // The watchers compute each answer as its inputs appear, between two calls: a thread, a process below the
        // runner, a C++ thread started before main. Each set is revealed only when the call before it has ended, so
        // the work is done while no call runs, where the runner counts its other threads' and processes' CPU time.
        for (const QString& id :
            { QStringLiteral("watcher-numpy"), QStringLiteral("watcher-process-numpy"), QStringLiteral("watcher-cpp") })
            expect(*result, id, QStringLiteral("bench.untimed-work"));
        // The same work done on the harness's own thread, in a numpy.load the harness would call between two calls.
        expect(*result, QStringLiteral("hook-load-numpy"), QStringLiteral("bench.timer-tampered"));
        // Every call but the last returns zeros; the last computes every earlier answer and rewrites their files. Each
        // call's outputs were moved out of its reach as it completed: the zeros are judged. Written instead through
        // descriptors a thread opened as each file appeared: the files' ctime says so.
        expect(*result, QStringLiteral("rewrite-outputs-numpy"), QStringLiteral("bench.wrong-result"));
        const QStringList fd = timingFindings(*result, QStringLiteral("rewrite-fd-numpy"));
        QVERIFY2(
            fd.contains(QStringLiteral("bench.timer-tampered")) || fd.contains(QStringLiteral("bench.wrong-result")),
            qPrintable(describe(*result)));
        expect(*result, QStringLiteral("rewrite-fd-numpy"), fd.first());
        QVERIFY2(timingFindings(*result, QStringLiteral("lazy-numpy")).contains(QStringLiteral("correct.lazy-result")),
            qPrintable(describe(*result)));
        // The caches never hit (every call has inputs of its own): their timing is their real work, never FAST.
        // The precomputer finds only its own call's inputs: the others appear when their turn comes.
        for (const QString& id :
            { QStringLiteral("cache-cpp"), QStringLiteral("cache-numpy"), QStringLiteral("sniff-plan-cpp"),
                QStringLiteral("cadence-cpp"), QStringLiteral("frames-numpy"), QStringLiteral("precompute-numpy"),
                QStringLiteral("watcher-numpy"), QStringLiteral("watcher-process-numpy"), QStringLiteral("watcher-cpp"),
                QStringLiteral("hook-load-numpy"), QStringLiteral("rewrite-outputs-numpy"),
                QStringLiteral("rewrite-fd-numpy") }) {
            const ImplCaseResult* c = candidate(*result, id);
            QVERIFY2(c && c->verdict && *c->verdict != Verdict::Fast, qPrintable(id + u'\n' + describe(*result)));
            QVERIFY2(c->compared >= c->stats.samples, qPrintable(id)); // every timed call was compared
        }
        QVERIFY(!candidate(*result, QStringLiteral("lazy-numpy")));
    }

    // How the python runner reads its other threads' CPU time between two calls, and the inputs it hands a framework
    // (tests/benchstats/fixtures/clock/others_cpu.py measures; this judges): a thread running on another CPU is
    // counted up to the reading, not up to its last scheduler event (up to a tick, 1 to 10 ms, before); inputs start
    // on a 64-byte boundary, so JAX on a CPU takes them without a copy on a thread of its own.
    void runnerCountsOtherThreadsUpToTheReading()
    {
        if (runnerPython().isEmpty())
            QSKIP("no runner python");
        QProcess p;
        p.start(runnerPython(),
            { QStringLiteral("-s"), KWB_FIXTURES_DIR + QStringLiteral("/clock/others_cpu.py"), harnessDir() });
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        if (err.contains("No module named 'numpy'"))
            QSKIP("the runner python has no numpy");
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QString figures = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
        QVERIFY2(o.contains(QStringLiteral("behind_median_us")), qPrintable(figures + QString::fromUtf8(err)));
        QVERIFY2(o.value(QStringLiteral("behind_median_us")).toDouble() < 200, qPrintable(figures));
        QVERIFY2(o.value(QStringLiteral("misaligned")).toArray().isEmpty(), qPrintable(figures));
    }

    // A candidate that tells a benchmark from a run by the input folders a benchmark keeps out of its sight, and
    // computes in bfloat16 when timed — inside the task's loose tolerance, so the tolerance check passes every call.
    // The run sees float32 arithmetic only (tests/run's tst_exploits); the benchmark judges its calls by the run's own
    // error-budget and precision rule: correct.precision-lowered, an error (the task requires float32), INVALID.
    void timedCallsJudgedLikeARun()
    {
        if (runnerPython().isEmpty())
            QSKIP("no runner python");
        BenchRequest req = request(KWB_SOURCE_DIR + QStringLiteral("/tests/run/fixtures/rmsnorm-precision"));
        req.implIds = QStringList { QStringLiteral("honest"), QStringLiteral("bf16-when-timed") };
        req.cases = QStringList { QStringLiteral("rows") };
        req.budgetS = 0.8;
        auto result = runBench(req);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const auto precision = [&](const QString& impl) {
            for (const Finding& f : result->findings) {
                if (f.impl == impl && f.id.startsWith(QStringLiteral("correct.")))
                    return f;
            }
            return Finding {};
        };
        QVERIFY2(precision(QStringLiteral("honest")).id.isEmpty(), qPrintable(describe(*result)));
        const Finding f = precision(QStringLiteral("bf16-when-timed"));
        QVERIFY2(f.id == u"correct.precision-lowered" && f.severity == Severity::Error, qPrintable(describe(*result)));
        QVERIFY2(f.message.contains(QStringLiteral("bfloat16")), qPrintable(f.message));
        const ImplCaseResult* c = candidate(*result, QStringLiteral("bf16-when-timed"));
        QVERIFY(c && c->verdict);
        QCOMPARE(verdictName(*c->verdict), QStringLiteral("INVALID"));
        QVERIFY(c->invalidReason.contains(QStringLiteral("correct.precision-lowered")));
    }

    // A candidate that tells a benchmark from a run by the input folders a benchmark keeps out of its sight, and when
    // timed skips the softmax's row maximum: exact on the declared inputs, NaN on large ones. The run's stress cases
    // see the safe version; the benchmark's calls include the run's stress patterns, unannounced.
    void stressAmongTheTimedCalls()
    {
        if (runnerPython().isEmpty())
            QSKIP("no runner python");
        BenchRequest req = request(KWB_FIXTURES_DIR + QStringLiteral("/bench-mode"));
        req.budgetS = 0.8;
        req.cases = { QStringLiteral("rows") };
        req.implIds = { QStringLiteral("honest"), QStringLiteral("unsafe-when-timed") };
        auto result = runBench(req);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        QStringList honest, unsafe;
        for (const Finding& f : result->findings) {
            if (f.impl == u"honest" && f.severity == Severity::Error)
                honest << f.id;
            if (f.impl == u"unsafe-when-timed" && f.id == u"correct.distribution-sensitive")
                unsafe << f.message;
        }
        QVERIFY2(honest.isEmpty(), qPrintable(describe(*result)));
        QVERIFY2(!unsafe.isEmpty() && unsafe.first().contains(QStringLiteral("stress pattern")),
            qPrintable(describe(*result)));
        const ImplCaseResult* c = candidate(*result, QStringLiteral("unsafe-when-timed"));
        QVERIFY(c && c->verdict);
        QCOMPARE(verdictName(*c->verdict), QStringLiteral("INVALID"));
        const ImplCaseResult* h = candidate(*result, QStringLiteral("honest"));
        QVERIFY(h && h->verdict && *h->verdict != Verdict::Invalid);
        // The patterns in turn: the rounds of a case this small run several of them.
        QVERIFY2(h->stressCompared >= 3 && h->stressWrong == 0 && h->stressPatterns.size() >= 3,
            qPrintable(describe(*result)));
        QVERIFY(h->compared >= h->stats.samples); // the stress calls are never samples
    }

    // A shortcut keyed on a size every caller sees: safe below 16 MiB, unsafe above. The patterns meet it on the
    // largest declared case in a run, and on every case, each pattern within the rounds asked for, in a benchmark.
    void sizeAwareShortcutMeetsThePatterns()
    {
        if (runnerPython().isEmpty())
            QSKIP("no runner python");
        const QString dir = KWB_FIXTURES_DIR + QStringLiteral("/bench-mode");
        RunRequest run;
        run.taskDir = dir;
        run.implIds = { QStringLiteral("honest"), QStringLiteral("unsafe-when-large") };
        run.trials = 1;
        run.heldOut = 0;
        run.seed = 7;
        run.limits.timeoutMs = 60000;
        run.sandbox = sandboxAvailable().available;
        auto ran = runCorrectness(run);
        QVERIFY2(ran.ok(), qPrintable(ran ? QString() : ran.error().oneLine()));
        QStringList unsafeRun;
        for (const Finding& f : ran->findings) {
            QVERIFY2(!(f.impl == u"honest" && f.severity == Severity::Error), qPrintable(f.message));
            if (f.impl == u"unsafe-when-large" && f.id == u"correct.distribution-sensitive")
                unsafeRun << f.message;
        }
        QVERIFY2(!unsafeRun.isEmpty() && unsafeRun.join(QLatin1Char(' ')).contains(QStringLiteral("'many-rows'")),
            qPrintable(unsafeRun.join(QLatin1Char('\n'))));

        BenchRequest req = request(dir);
        req.cases = { QStringLiteral("many-rows") };
        req.implIds = run.implIds;
        auto result = runBench(req);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const ImplCaseResult* c = candidate(*result, QStringLiteral("unsafe-when-large"));
        QVERIFY2(c && c->verdict && *c->verdict == Verdict::Invalid, qPrintable(describe(*result)));
        const ImplCaseResult* h = candidate(*result, QStringLiteral("honest"));
        QVERIFY2(
            h && h->verdict && *h->verdict != Verdict::Invalid && h->stressWrong == 0, qPrintable(describe(*result)));
        QCOMPARE(h->stressPatterns.size(), 8); // a case of few calls a round still meets every pattern
    }

    void bundledHonestCandidates_data()
    {
        QTest::addColumn<QString>("task");
        QTest::addColumn<QString>("impl");
        QTest::addColumn<QString>("caseName");
        // Its candidate is wrong on the tail cases (the task's point), right on 'aligned'.
        QTest::newRow("rmsnorm cpp") << "rmsnorm-f32-unrolled"
                                     << ""
                                     << "aligned";
        QTest::newRow("vector-add cpp") << "vector-add-f32"
                                        << "cpu"
                                        << "";
        QTest::newRow("prefix-scan numpy") << "prefix-scan-f32-skip-work"
                                           << ""
                                           << "tail";
    }

    void bundledHonestCandidates()
    {
        QFETCH(QString, task);
        QFETCH(QString, impl);
        QFETCH(QString, caseName);
        BenchRequest r = request((KWB_TASKS_DIR + QStringLiteral("/")) + task);
        if (!impl.isEmpty())
            r.implIds = { impl };
        if (!caseName.isEmpty())
            r.cases = { caseName };
        auto result = runBench(r);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        for (const ImplBench& b : result->impls) {
            if (!b.ok())
                QSKIP(qPrintable(b.id + QStringLiteral(" did not run here: ") + b.error.left(200)));
            expect(*result, b.id, {});
        }
    }
};

QTEST_GUILESS_MAIN(TstBenchTamper)
#include "tst_benchtamper.moc"

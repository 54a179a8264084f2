// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Statistics, verdict rules, floor arithmetic and the static fairness checks against known values.
#include "core/bench/benchengine.h"
#include "core/bench/benchstats.h"
#include "core/bench/fairness.h"
#include "core/bench/roofline.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace kwb;

class TstBenchStats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void summaryKnownValues()
    {
        const SampleStats s = summarize({ 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }, 2);
        QCOMPARE(s.medianNs, 5.5);
        QCOMPARE(s.meanNs, 5.5);
        QCOMPARE(s.minNs, 1.0);
        QCOMPARE(s.iqrNs, 4.5); // numpy: percentile 75 = 7.75, 25 = 3.25
        QVERIFY(std::abs(s.cv - 3.0276503540974917 / 5.5) < 1e-12);
        QCOMPARE(s.samples, 10);
        QCOMPARE(s.discarded, 2);
        QCOMPARE(summarize({}).samples, 0);
        QCOMPARE(summarize({ 4 }).cv, 0.0);
    }

    void bootstrapConstantRatio()
    {
        // Every resample of constant data has the same medians: the CI collapses onto the estimate.
        const Speedup s = bootstrapSpeedup(std::vector<double>(50, 2000.0), std::vector<double>(40, 100.0), 7);
        QCOMPARE(s.estimate, 20.0);
        QCOMPARE(s.ciLow, 20.0);
        QCOMPARE(s.ciHigh, 20.0);
        QCOMPARE(s.resamples, kBootstrapResamples);
    }

    void bootstrapSeeded()
    {
        std::vector<double> ref, cand;
        for (int i = 0; i < 101; ++i) {
            ref.push_back(1000 + (i * 37) % 101);
            cand.push_back(500 + (i * 53) % 61);
        }
        const Speedup a = bootstrapSpeedup(ref, cand, 42);
        const Speedup b = bootstrapSpeedup(ref, cand, 42);
        QCOMPARE(a.ciLow, b.ciLow); // the seed reproduces the interval exactly
        QCOMPARE(a.ciHigh, b.ciHigh);
        QCOMPARE(a.estimate, 1050.0 / 530.0); // medians 1050 and 530
        QVERIFY(a.ciLow < a.estimate && a.estimate < a.ciHigh);
        QVERIFY(a.ciLow > 1.9 && a.ciHigh < 2.07);
        // Pinned: the generator is std::mt19937_64 with a portable index draw, so this holds on any platform.
        QCOMPARE(QString::number(a.ciLow, 'f', 6), QStringLiteral("1.953096"));
        QCOMPARE(QString::number(a.ciHigh, 'f', 6), QStringLiteral("2.007648"));
        const Speedup c = bootstrapSpeedup(ref, cand, 43);
        QVERIFY(c.ciLow != a.ciLow || c.ciHigh != a.ciHigh);
    }

    void medianCi()
    {
        // Constant data: every resample has the same median.
        QCOMPARE(bootstrapMedianCi(std::vector<double>(30, 5.0), 3), std::make_pair(5.0, 5.0));
        QCOMPARE(bootstrapMedianCi({}, 3), std::make_pair(0.0, 0.0));
        std::vector<double> v;
        for (int i = 0; i < 101; ++i)
            v.push_back(1000 + (i * 37) % 101); // a permutation of 1000..1100, median 1050
        const auto a = bootstrapMedianCi(v, 42);
        QCOMPARE(bootstrapMedianCi(v, 42), a); // the seed reproduces the interval
        QVERIFY(a.first < 1050 && 1050 < a.second);
        // The median of n = 101 uniform values: the 95 % interval spans about ±1 standard error (≈ 9 here) × 2.
        QVERIFY(a.first > 1030 && a.second < 1070);
    }

    void verdicts_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<QString>("verdict");
        QTest::newRow("clearly faster") << 1.5 << 2.5 << "FAST";
        QTest::newRow("just above the band") << 1.021 << 1.1 << "FAST";
        QTest::newRow("above 1 but inside the band edge") << 1.01 << 1.1 << "AMBIGUOUS";
        QTest::newRow("clearly slower") << 0.1 << 0.5 << "SLOW";
        QTest::newRow("inside the band") << 0.99 << 1.015 << "SAME";
        QTest::newRow("band exactly") << 0.98 << 1.02 << "SAME";
        QTest::newRow("straddles 1 widely") << 0.8 << 1.3 << "AMBIGUOUS";
    }
    void verdicts()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QString, verdict);
        QCOMPARE(verdictName(verdictFor(Speedup { (low + high) / 2, low, high, 0 })), verdict);
    }

    void floorArithmetic_data()
    {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("peakFlops");
        QTest::addColumn<double>("peakBytes");
        QTest::addColumn<double>("floor");
        QTest::newRow("compute bound") << 2e12 << 1e9 << 1e15 << 1e12 << 2e6;
        QTest::newRow("memory bound") << 1e6 << 12e9 << 1e15 << 3e12 << 4e6;
        QTest::newRow("no flops peak") << 1e12 << 1e9 << 0.0 << 1e12 << 1e6;
        QTest::newRow("nothing declared") << 0.0 << 0.0 << 1e15 << 1e12 << 0.0;
    }
    void floorArithmetic()
    {
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, peakFlops);
        QFETCH(double, peakBytes);
        QFETCH(double, floor);
        QCOMPARE(floorNs(flops, bytes, Peaks { peakBytes, peakFlops, {} }), floor);
    }

    // This host's peaks: the memory bandwidth only when the flush evicted the last-level cache; a 4x margin.
    void hostCpuPeaksFollowTheFlush()
    {
        auto loaded = loadTask(KWB_TASKS_DIR + QStringLiteral("/vector-add-f32"));
        QVERIFY(loaded.ok());
        HostPeaks host;
        host.cpuModel = QStringLiteral("test CPU");
        host.logicalCpus = 4;
        host.clockGhz = 3;
        host.clockIsMaximum = true;
        host.isa = QStringLiteral("avx2+fma");
        host.fp32FlopsPerCycle = 32;
        host.lastLevelCacheBytes = 32 << 20;
        host.dramBytesPerS = 20e9;
        host.cacheBytesPerS = 400e9;
        const Peaks flushed = hostCpuPeaks(loaded->task, host, 64 << 20);
        QCOMPARE(flushed.bytesPerS, 80e9);
        QCOMPARE(flushed.flopsPerS, 4 * 32 * 3e9);
        QVERIFY(flushed.source.contains(QStringLiteral("memory")));
        const Peaks small = hostCpuPeaks(loaded->task, host, 4 << 20);
        QCOMPARE(small.bytesPerS, 1600e9);
        QVERIFY(small.source.contains(QStringLiteral("cache")));
        host.clockIsMaximum = false; // a current clock: 50 % allowed for turbo
        QCOMPARE(hostCpuPeaks(loaded->task, host, 0).flopsPerS, 1.5 * 4 * 32 * 3e9);
    }

    void peaksHonest()
    {
        auto loaded = loadTask(KWB_TASKS_DIR + QStringLiteral("/vector-add-f32"));
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        const Task& t = loaded->task;
        QString note;
        // The cpp candidate runs on the host: no GPU floor for it.
        QVERIFY(!peaksFor(t, *t.implementation(QStringLiteral("cpu")), &note));
        QVERIFY2(note.contains(QStringLiteral("CPU")), qPrintable(note));
        const auto gpu = peaksFor(t, *t.implementation(QStringLiteral("cuda")), &note);
        QVERIFY(gpu);
        QVERIFY(gpu->bytesPerS > 1e12); // H100 HBM
        QVERIFY(gpu->source.contains(QStringLiteral("H100")));
        auto floorTask = loadTask(KWB_FIXTURES_DIR + QStringLiteral("/floor"));
        QVERIFY2(floorTask.ok(), qPrintable(floorTask ? QString() : floorTask.error().oneLine()));
        const auto p = peaksFor(floorTask->task, floorTask->task.reference, &note);
        QVERIFY(p);
        QCOMPARE(p->bytesPerS, 1e9);
        QCOMPARE(p->source, QStringLiteral("target.peak"));
        auto work = caseWork(floorTask->task, floorTask->task.cases.first());
        QVERIFY(work.ok());
        QCOMPARE(work->first, 2000.0);
        QCOMPARE(work->second, 1e9);
    }

    void unfairExample()
    {
        auto loaded = loadTask(KWB_TASKS_DIR + QStringLiteral("/gemm-f32-tf32-unfair-baseline"));
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        QStringList got;
        for (const Finding& f : staticFairnessFindings(loaded->task))
            got << QStringLiteral("%1 %2 %3:%4").arg(f.id, f.impl, f.file).arg(f.line);
        got.sort();
        QCOMPARE(got,
            (QStringList { QStringLiteral("bench.precision-mismatch tf32-wmma candidate.cu:53"),
                QStringLiteral("bench.weak-baseline baseline baseline.cu:11") }));
    }

    void cleanExamplesHaveNoFairnessFindings_data()
    {
        QTest::addColumn<QString>("task");
        for (const char* t :
            { "vector-add-f32", "rmsnorm-f32-unrolled", "prefix-scan-f32-skip-work", "transpose-f32-tail" })
            QTest::newRow(t) << QString::fromLatin1(t);
    }
    void cleanExamplesHaveNoFairnessFindings()
    {
        QFETCH(QString, task);
        auto loaded = loadTask((KWB_TASKS_DIR + QStringLiteral("/")) + task);
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        const Findings f = staticFairnessFindings(loaded->task);
        QVERIFY2(f.isEmpty(), qPrintable(f.isEmpty() ? QString() : f.first().message));
    }

    void studentQuantiles()
    {
        QCOMPARE(studentT975(1), 12.7062);
        QCOMPARE(studentT975(3), 3.1824);
        QVERIFY(std::abs(studentT975(1000) - 1.962) < 0.002);
        QVERIFY(std::isinf(studentT975(0)));
    }

    void pairedRounds_data()
    {
        QTest::addColumn<std::vector<double>>("ref");
        QTest::addColumn<std::vector<double>>("cand");
        QTest::addColumn<double>("estimate");
        QTest::addColumn<double>("low"); // expected CI, to 1e-3
        QTest::addColumn<double>("high");
        QTest::addColumn<QString>("verdict");
        // Every round 2x: no between-round spread, a zero-width interval.
        QTest::newRow("constant 2x") << std::vector<double> { 200, 400, 300 } << std::vector<double> { 100, 200, 150 }
                                     << 2.0 << 2.0 << 2.0 << "FAST";
        // ln ratios 0.1 and -0.1: mean 0, sd 0.1414, t(1) = 12.706: exp(±12.706 * 0.1) = [0.2807, 3.5627].
        QTest::newRow("two noisy rounds")
            << std::vector<double> { 110.517, 100 } << std::vector<double> { 100, 110.517 } << 1.0 << 0.2807 << 3.5627
            << "AMBIGUOUS";
        // One round: no between-round variance, no verdict.
        QTest::newRow("one round") << std::vector<double> { 300 } << std::vector<double> { 100 } << 3.0 << 0.0
                                   << std::numeric_limits<double>::infinity() << "AMBIGUOUS";
        // Identical medians except round noise common to both (cancels in the pairing).
        QTest::newRow("shared drift cancels")
            << std::vector<double> { 100, 150, 90, 300 } << std::vector<double> { 100, 150, 90, 300 } << 1.0 << 1.0
            << 1.0 << "SAME";
    }

    void pairedRounds()
    {
        QFETCH(std::vector<double>, ref);
        QFETCH(std::vector<double>, cand);
        QFETCH(double, estimate);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QString, verdict);
        const Speedup s = pairedRoundSpeedup(ref, cand);
        QVERIFY2(std::abs(s.estimate - estimate) < 1e-3, qPrintable(QString::number(s.estimate)));
        QVERIFY2(std::abs(s.ciLow - low) < 1e-3, qPrintable(QString::number(s.ciLow)));
        QVERIFY2(std::isinf(high) ? std::isinf(s.ciHigh) : std::abs(s.ciHigh - high) < 1e-3,
            qPrintable(QString::number(s.ciHigh)));
        QCOMPARE(verdictName(verdictFor(s)), verdict);
        QCOMPARE(s.resamples, int(ref.size()));
    }

    // The paired rule on simulated clustered data: every round shifts both implementations' medians by a
    // common factor and each by its own per-process factor (sd 3 %); identical code must come out FAST or
    // SLOW in about 5 % of 2000 experiments (the pooled bootstrap, fed the same clusters, is far above that).
    void pairedRuleKeepsItsErrorRate()
    {
        std::mt19937_64 rng(12345);
        std::normal_distribution<double> common(0, 0.10), process(0, 0.03);
        int falsePaired = 0;
        const int experiments = 2000;
        for (int e = 0; e < experiments; ++e) {
            std::vector<double> ref, cand;
            for (int r = 0; r < 4; ++r) {
                const double c = std::exp(common(rng));
                ref.push_back(1000 * c * std::exp(process(rng)));
                cand.push_back(1000 * c * std::exp(process(rng)));
            }
            const Verdict v = verdictFor(pairedRoundSpeedup(ref, cand));
            falsePaired += v == Verdict::Fast || v == Verdict::Slow;
        }
        const double rate = double(falsePaired) / experiments;
        QVERIFY2(rate < 0.06, qPrintable(QString::number(rate))); // <= 5 % nominal (the band makes it lower)
        QVERIFY2(rate > 0.005, qPrintable(QString::number(rate))); // the interval is not vacuous either
    }

    // Each runner process's calls are judged on their own too: a candidate that hands the product to the framework
    // after its first few dozen calls of a process decides the median of a long round, even where the honest starts of
    // every round, pooled, outnumber its switched calls.
    void scopeIsJudgedPerRound()
    {
        auto loaded = loadTask(KWB_TASKS_DIR + QStringLiteral("/gemm-f32-tf32-unfair-baseline"));
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().oneLine()));
        const Task& t = loaded->task;
        const auto dims = t.cases.first().dims;
        const double work
            = 2.0 * dims.value(QStringLiteral("M")) * dims.value(QStringLiteral("N")) * dims.value(QStringLiteral("K"));
        const QString caseName = t.cases.first().name;
        int set = 0;
        const auto add = [&](ImplBench& b, int round, int calls, bool framework) {
            for (int i = 0; i < calls; ++i, ++set) {
                const QString label = QStringLiteral("%1/s%2/r%3").arg(caseName).arg(set).arg(round);
                QJsonObject flops;
                if (framework)
                    flops.insert(QStringLiteral("aten::mm"), work);
                b.dispatchRecords.insert(label,
                    CallRecord { .label = label,
                        .ok = true,
                        .dispatch = QJsonObject { { QStringLiteral("op_flops"), flops } } });
            }
        };
        ImplBench reference;
        reference.id = QStringLiteral("reference");
        const auto scopeErrors = [&](const ImplBench& b) {
            QStringList out;
            for (const Finding& f : detail::benchScopeFindings(t, b, reference)) {
                if (f.id == u"scope.framework-compute" && f.severity == Severity::Error)
                    out << f.message;
            }
            return out;
        };
        // A sizing round of 16 calls and a timed round whose first 16 are honest and next 20 switched: pooled, 32
        // honest calls of 52 (the median honest); the timed round alone, 20 of 36 switched.
        ImplBench switching;
        switching.id = QStringLiteral("switching");
        add(switching, -1, 16, false);
        add(switching, 0, 16, false);
        add(switching, 0, 20, true);
        const QStringList errors = scopeErrors(switching);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("round 1's, 36 recorded")), qPrintable(errors.first()));
        // An honest candidate whose first call of each process does its one-time work in the framework: no round's
        // median, and a sizing round of two calls is not judged alone.
        ImplBench honest;
        honest.id = QStringLiteral("honest");
        add(honest, -1, 1, true);
        add(honest, -1, 1, false);
        for (int round = 0; round < 4; ++round) {
            add(honest, round, 1, true);
            add(honest, round, 6, false);
        }
        QVERIFY2(scopeErrors(honest).isEmpty(), qPrintable(scopeErrors(honest).join(u'\n')));
        // Switched on most calls of every round: the pooled calls already say so, once.
        ImplBench always;
        always.id = QStringLiteral("always");
        for (int round = 0; round < 3; ++round) {
            add(always, round, 2, false);
            add(always, round, 8, true);
        }
        const QStringList pooled = scopeErrors(always);
        QCOMPARE(pooled.size(), 1);
        QVERIFY2(pooled.first().contains(QStringLiteral("(30 recorded)")), qPrintable(pooled.first()));
    }

    void triangulation()
    {
        const auto phase = [](double observed, double runner, double sampleSum, double host, double flush) {
            PhaseTiming t;
            t.watched = true;
            t.calls = 100;
            t.begins = t.ends = 100;
            t.observedNs = observed;
            t.phaseNs = runner;
            t.n = t.recordN = t.iterations = 100;
            t.sampleSumNs = t.recordSumNs = sampleSum;
            t.hostSumNs = host;
            t.flushSumNs = flush;
            t.betweenMedianNs = (runner - host - flush) / 100;
            t.drainMedianNs = 2e3;
            return t;
        };
        const auto ids = [](const Findings& fs) {
            QStringList out;
            for (const Finding& f : fs)
                out << f.id;
            return out;
        };
        CaseSamples ref;
        ref.samplesNs = std::vector<double>(100, 1e6);
        ref.phases << phase(200e6, 199e6, 100e6, 101e6, 95e6);
        QVERIFY(triangulationFindings(QStringLiteral("c"), QStringLiteral("reference"), ref, nullptr, false).isEmpty());

        CaseSamples slowClock = ref; // the runner saw an eighth of the time that passed
        slowClock.phases[0] = phase(200e6, 25e6, 12.5e6, 12.6e6, 11e6);
        QCOMPARE(ids(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), slowClock, &ref, false)),
            QStringList { QStringLiteral("bench.timer-tampered") });

        CaseSamples rewritten = ref; // the record shrank after the marker was written
        rewritten.phases[0].recordSumNs = 12.5e6;
        QCOMPARE(ids(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), rewritten, &ref, false)),
            QStringList { QStringLiteral("bench.timer-tampered") });

        CaseSamples forged = ref; // an end marker more than begin markers
        forged.phases[0].ends = 101;
        QCOMPARE(ids(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), forged, &ref, false)),
            QStringList { QStringLiteral("bench.timer-tampered") });

        CaseSamples hidden = ref; // samples of 0.1 ms, and 1.8 ms a call spent on work left queued past its end
        hidden.samplesNs = std::vector<double>(100, 1e5);
        hidden.phases[0] = phase(200e6, 199e6, 10e6, 10.1e6, 9e6);
        hidden.phases[0].drainMedianNs = 1.8e6;
        QCOMPARE(ids(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), hidden, &ref, false)),
            QStringList { QStringLiteral("bench.untimed-work") });

        // GPU: events say 0.1 ms a sample, the host saw 1 ms pass around each (work on another stream, or events
        // recorded where the work is not) — with the time between samples as the reference's, so only the
        // host-vs-event check can see it; the same figures from a CPU runner (no events) are not evidence.
        CaseSamples offStream = ref;
        offStream.samplesNs = std::vector<double>(100, 1e5);
        offStream.phases[0] = phase(112.5e6, 112e6, 10e6, 100e6, 9e6);
        QCOMPARE(ids(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), offStream, &ref, true)),
            QStringList { QStringLiteral("bench.untimed-work") });
        QVERIFY(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), offStream, &ref, false).isEmpty());

        // Between calls its other threads used 0.4 ms of CPU time, and an undisturbed call takes 0.5 ms; on a busy
        // machine three calls in five were stretched to 3 ms by preemption, lifting the median above what a quarter of
        // it could see. The calls that ran undisturbed stand for the cost, and CPU time does not stretch.
        CaseSamples busy = ref;
        busy.samplesNs.clear();
        for (int i = 0; i < 100; ++i)
            busy.samplesNs.push_back(i % 5 < 2 ? 5e5 : 3e6);
        busy.phases[0].offCpuMedianNs = 4e5;
        QCOMPARE(ids(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), busy, &ref, false)),
            QStringList { QStringLiteral("bench.untimed-work") });
        CaseSamples idle = busy; // the same calls, their other threads idle between them
        idle.phases[0].offCpuMedianNs = 2e4;
        QVERIFY(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), idle, &ref, false).isEmpty());

        CaseSamples ssh = slowClock; // not watched live: nothing to compare
        ssh.phases[0].watched = false;
        QVERIFY(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), ssh, &ref, false).isEmpty());

        // Delivery jitter of the markers within the tolerance is not tampering.
        CaseSamples late = ref;
        late.phases[0].observedNs = 199e6 + 25e6;
        QVERIFY(triangulationFindings(QStringLiteral("c"), QStringLiteral("x"), late, &ref, false).isEmpty());
    }

    void caseFindingRules()
    {
        ImplCaseResult r;
        r.id = QStringLiteral("cand");
        r.stats = summarize({ 400, 410, 900, 405 }, 1);
        r.floorNs = 1000;
        r.speedup = Speedup { 1.0, 0.9, 1.1, 10 };
        r.verdict = verdictFor(*r.speedup);
        r.wrong = 1;
        r.compared = 3;
        CaseSamples s;
        s.firstCallsNs = { 5000, 420 };
        s.wrongExamples = { QStringLiteral("round 1, call 2: output 'c': 7 mismatches") };
        QStringList ids;
        for (const Finding& f : caseFindings(QStringLiteral("c"), r, s, false))
            ids << f.id;
        ids.sort();
        QCOMPARE(ids,
            (QStringList { QStringLiteral("bench.below-floor"), QStringLiteral("bench.noisy"),
                QStringLiteral("bench.not-significant"), QStringLiteral("bench.throttled"),
                QStringLiteral("bench.too-short"), QStringLiteral("bench.warmup-transient"),
                QStringLiteral("bench.wrong-result") }));
        r.stats = summarize({ 20000, 20100, 20050 });
        r.floorNs.reset();
        r.verdict = Verdict::Fast;
        r.wrong = 0;
        s.firstCallsNs = { 21000 };
        QVERIFY(caseFindings(QStringLiteral("c"), r, s, true).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstBenchStats)
#include "tst_benchstats.moc"

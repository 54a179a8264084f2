// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The check report on hand-made results: verdict rules, Markdown and HTML rendering, the SVG plots and the
// roofline data. Nothing runs here.
#include "core/check/checkengine.h"
#include "core/check/rooflinedata.h"
#include "core/check/svgplots.h"
#include "htmlcheck.h"

#include <QJsonArray>
#include <QTest>

using namespace kwb;

namespace {
CheckResult baseResult()
{
    CheckResult r;
    r.taskDir = QStringLiteral("/tasks/t");
    r.lint.loaded = true;
    r.lint.id = QStringLiteral("t");
    r.lint.digest = QStringLiteral("sha256:00");
    for (int i = 0; i < kCheckStageCount; ++i)
        r.stages << StageOutcome { static_cast<CheckStage>(i), StageStatus::Passed, QStringLiteral("ok"), {}, 0.1 };
    return r;
}

Implementation impl(const QString& id, const QString& backend)
{
    Implementation i;
    i.id = id;
    i.backend = backend;
    i.source = id + QStringLiteral(".cu");
    return i;
}

// A bench of a reference and a candidate named with markup, on a task with peaks and work figures.
BenchResult benchResult()
{
    BenchResult b;
    b.task.id = QStringLiteral("t");
    b.task.target.peakBytesPerS = 1e12;
    b.task.target.peakFlopsPerS = 1e14;
    b.task.benchmarkFlops = QStringLiteral("2*N");
    b.task.benchmarkBytes = QStringLiteral("12*N");
    b.task.reference = impl(QStringLiteral("reference"), QStringLiteral("cuda"));
    b.task.candidates << impl(QStringLiteral("<b>|x</b>"), QStringLiteral("cuda"));
    BenchCase c;
    c.name = QStringLiteral("large");
    c.flops = 2e6;
    c.bytes = 12e6;
    for (const QString& id : { b.task.reference.id, b.task.candidates.first().id }) {
        ImplBench ib;
        ib.id = id;
        ib.status = ImplStatus::Ok;
        CaseSamples s;
        const double base = id == u"reference" ? 40000 : 20000;
        for (int k = 0; k < 50; ++k)
            s.samplesNs.push_back(base + 37 * (k % 13));
        ib.cases.insert(c.name, s);
        b.impls << ib;
        ImplCaseResult r;
        r.id = id;
        r.stats = summarize(s.samplesNs);
        r.floorNs = 12000;
        if (id != u"reference") {
            r.speedup = Speedup { 2.0, 1.95, 2.05, 2000 };
            r.verdict = Verdict::Fast;
            c.candidates << r;
        } else {
            c.reference = r;
        }
    }
    b.cases << c;
    b.provenance.insert(QStringLiteral("method"), QStringLiteral("alternating processes"));
    return b;
}
} // namespace

class TstCheckReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void verdict_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("note");
        QTest::addColumn<bool>("errorFinding");
        QTest::addColumn<QString>("verdict");
        QTest::newRow("all passed") << 0 << int(StageStatus::Passed) << QString() << false << QStringLiteral("pass");
        QTest::newRow("error finding") << 2 << int(StageStatus::Failed) << QString() << true << QStringLiteral("fail");
        QTest::newRow("bench skipped") << 3 << int(StageStatus::Skipped) << QStringLiteral("no candidate can run")
                                       << false << QStringLiteral("incomplete");
        QTest::newRow("engine could not run")
            << 2 << int(StageStatus::Failed) << QStringLiteral("no sandbox") << false << QStringLiteral("incomplete");
        QTest::newRow("profile skipped is fine")
            << 4 << int(StageStatus::Skipped) << QStringLiteral("ncu: not found") << false << QStringLiteral("pass");
        QTest::newRow("cancelled") << 3 << int(StageStatus::Cancelled) << QString() << false
                                   << QStringLiteral("incomplete");
        QTest::newRow("errors beat incomplete")
            << 3 << int(StageStatus::Skipped) << QStringLiteral("x") << true << QStringLiteral("fail");
    }
    void verdict()
    {
        QFETCH(int, stage);
        QFETCH(int, status);
        QFETCH(QString, note);
        QFETCH(bool, errorFinding);
        QFETCH(QString, verdict);
        CheckResult r = baseResult();
        r.stages[stage].status = static_cast<StageStatus>(status);
        r.stages[stage].note = note;
        r.cancelled = static_cast<StageStatus>(status) == StageStatus::Cancelled;
        if (errorFinding)
            r.findings << Finding { QStringLiteral("correct.mismatch"), Severity::Error, QStringLiteral("m") };
        QCOMPARE(checkVerdict(r), verdict);
        QCOMPARE(checkReportJson(r).value(QStringLiteral("verdict")).toString(), verdict);
    }

    void jsonNullsForStagesThatDidNotRun()
    {
        CheckResult r = baseResult();
        const QJsonObject o = checkReportJson(r);
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.check/1"));
        QVERIFY(o.value(QStringLiteral("compile")).isNull());
        QVERIFY(o.value(QStringLiteral("run")).isNull());
        QVERIFY(o.value(QStringLiteral("bench")).isNull());
        QVERIFY(o.value(QStringLiteral("profile")).isNull());
        QCOMPARE(o.value(QStringLiteral("lint")).toObject().value(QStringLiteral("tasks")).toArray().size(), 1);
    }

    void reportEscapesAndPlots()
    {
        CheckResult r = baseResult();
        r.bench = benchResult();
        Finding f { QStringLiteral("bench.noisy"), Severity::Warning, QStringLiteral("CV <b>7%</b> | high") };
        f.impl = QStringLiteral("<b>|x</b>");
        f.evidence.insert(QStringLiteral("cv"), 0.07);
        r.findings << f;
        const QString html = checkReportHtml(r);
        QVERIFY(!html.contains(QStringLiteral("<b>")));
        QVERIFY(html.contains(QStringLiteral("&lt;b&gt;|x&lt;/b&gt;")));
        QCOMPARE(html.count(QStringLiteral("<svg")), 2); // samples + roofline
        QVERIFY(html.contains(QStringLiteral("Roofline (peaks: target.peak)")));
        QCOMPARE(htmlBalanceProblem(html), QString());
        QVERIFY(html.contains(QStringLiteral("Evidence for bench.noisy")));

        const QString md = checkReportMarkdown(r);
        QVERIFY(md.contains(QStringLiteral("<b>\\|x</b>"))); // the pipe cannot break the table
        QVERIFY(md.contains(QStringLiteral("2.000x [1.950, 2.050]")));
        QVERIFY(md.contains(QStringLiteral("| FAST |")));
        QVERIFY(md.contains(QStringLiteral("\"cv\": 0.07")));
    }

    void roofline()
    {
        const BenchResult b = benchResult();
        QString note;
        const auto data = rooflineData(b, nullptr, &note);
        QVERIFY2(data, qPrintable(note));
        QCOMPARE(data->points.size(), 2);
        QCOMPARE(data->points.at(1).intensity, 2e6 / 12e6);
        QVERIFY(qFuzzyCompare(data->points.at(1).flopsPerS, 2e6 / r2(b)));
        QCOMPARE(data->peaks.source, QStringLiteral("target.peak"));

        // ncu kernels add measured points.
        ProfileResult p;
        KernelProfile k;
        k.impl = QStringLiteral("cand");
        k.kernel = QStringLiteral("gemm(float*)");
        k.flops = 4e9;
        k.flopsPerS = 4e13;
        k.dramBytesRead = 1e8;
        k.dramBytesWritten = 1e8;
        p.kernels << k;
        const auto withNcu = rooflineData(b, &p, &note);
        QCOMPARE(withNcu->points.size(), 3);
        QCOMPARE(withNcu->points.last().source, QStringLiteral("ncu"));
        QCOMPARE(withNcu->points.last().intensity, 20.0);
        const QString svg = rooflineSvg(*withNcu);
        QCOMPARE(htmlBalanceProblem(svg), QString());
        QVERIFY(svg.contains(QStringLiteral("<polyline")));
        QVERIFY(svg.contains(QStringLiteral("100 TFLOP/s peak")));
    }

    void noRooflineWithoutPeaks()
    {
        BenchResult b = benchResult();
        b.task.target.peakBytesPerS.reset();
        b.task.target.peakFlopsPerS.reset();
        b.task.target.hardware = QStringLiteral("no-such-device");
        QString note;
        QVERIFY(!rooflineData(b, nullptr, &note));
        QVERIFY2(note.contains(QStringLiteral("not in the hardware table")), qPrintable(note));
    }

    void samplesPlot_data()
    {
        QTest::addColumn<double>("spread"); // max / min of the samples
        QTest::addColumn<QString>("scale");
        QTest::newRow("narrow: linear") << 1.5 << QStringLiteral("linear");
        QTest::newRow("wide: log") << 1000.0 << QStringLiteral("log");
    }
    void samplesPlot()
    {
        QFETCH(double, spread);
        QFETCH(QString, scale);
        SampleSeries a { QStringLiteral("ref"), { 1000, 1100, 1200 } };
        SampleSeries b { QStringLiteral("cand"), { 1000 * spread, 900 * spread } };
        const QString svg = samplesSvg(QStringLiteral("case & <x>"), { a, b });
        QVERIFY(svg.contains(QStringLiteral("(%1 scale)").arg(scale)));
        QVERIFY(svg.contains(QStringLiteral("case &amp; &lt;x&gt;")));
        QCOMPARE(svg.count(QStringLiteral("<circle")), 5);
        QCOMPARE(svg.count(QStringLiteral("<rect")), 2);
        QCOMPARE(htmlBalanceProblem(svg), QString());
        QVERIFY(samplesSvg(QStringLiteral("empty"), {}).contains(QStringLiteral("no samples")));
    }

    void formatting_data()
    {
        QTest::addColumn<double>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << 850.0 << QStringLiteral("850 ns");
        QTest::newRow("us") << 12345.0 << QStringLiteral("12.3 µs");
        QTest::newRow("ms") << 4560000.0 << QStringLiteral("4.56 ms");
        QTest::newRow("s") << 1.2e9 << QStringLiteral("1.20 s");
    }
    void formatting()
    {
        QFETCH(double, ns);
        QFETCH(QString, text);
        QCOMPARE(formatNs(ns), text);
        QCOMPARE(formatRate(1.2e12), QStringLiteral("1.20 TFLOP/s"));
        QCOMPARE(formatRate(3.35e12, QStringLiteral("B/s")), QStringLiteral("3.35 TB/s"));
    }

private:
    static double r2(const BenchResult& b) { return b.cases.first().candidates.first().stats.medianNs * 1e-9; }
};

QTEST_GUILESS_MAIN(TstCheckReport)
#include "tst_checkreport.moc"

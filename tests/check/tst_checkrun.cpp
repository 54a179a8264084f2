// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb check` end to end on this machine: lint, real g++/nvcc compiles, sandboxed correctness runs, tiny bench
// budgets, the profile stage (perf where it works; ncu / compute-sanitizer reported missing without a GPU).
#include "core/check/checkengine.h"
#include "core/cli/cli.h"
#include "core/exec/sandboxprobe.h"
#include "core/profile/profiletools.h"
#include "htmlcheck.h"
#include "tests/helpers/taskcopy.h"
#include "tests/helpers/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TstCheckRun : public QObject {
    Q_OBJECT

    static CheckRequest request(const QString& dir)
    {
        CheckRequest r;
        r.taskDir = dir;
        r.trials = 1;
        r.budgetS = 0.3;
        r.rounds = 2;
        r.warmupMs = 5;
        r.flushBytes = 4 << 20;
        r.seed = 99;
        r.limits.timeoutMs = 30000;
        r.sandbox = sandboxAvailable().available;
        return r;
    }

    static const ImplCaseResult* candidate(const CheckResult& r, const QString& id)
    {
        if (!r.bench || r.bench->cases.isEmpty())
            return nullptr;
        for (const auto& c : r.bench->cases.first().candidates) {
            if (c.id == id)
                return &c;
        }
        return nullptr;
    }

    static QStringList ids(const CheckResult& r)
    {
        QStringList out;
        for (const Finding& f : r.findings)
            out << f.id;
        out.removeDuplicates();
        out.sort();
        return out;
    }

    static QString read(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the cpp runners cannot be built");
    }

    // A clearly faster candidate ▸ FAST with its whole CI above 1; one doing five times the work ▸ SLOW; reports
    // written.
    void fastAndSlow()
    {
        QList<JobProgress> progress;
        CheckRequest req = request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed"));
        req.budgetS = 1;
        // At least 4 rounds (up to 8 while imprecise): on a loaded 2-core machine whole rounds run 2x apart (a busy
        // neighbour test on the same core), and from 2-4 rounds the paired interval of even a 5x ratio can reach 1.
        req.rounds = 4;
        JobContext job;
        job.onProgress = [&](const JobProgress& p) { progress << p; };
        auto result = runCheck(req, job);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        QCOMPARE(result->stages.size(), kCheckStageCount);
        for (CheckStage s : { CheckStage::Lint, CheckStage::Compile, CheckStage::Run, CheckStage::Bench })
            QVERIFY2(result->stage(s).status == StageStatus::Passed,
                qPrintable(checkStageName(s) + QStringLiteral(": ") + stageStatusName(result->stage(s).status)
                    + QStringLiteral(" ") + result->stage(s).note));
        QVERIFY(!result->cancelled);
        QCOMPARE(checkVerdict(*result), QStringLiteral("pass"));
        QVERIFY(progress.size() >= 10);
        QCOMPARE(progress.first().phase, checkStageName(CheckStage::Lint));
        QCOMPARE(progress.first().done, 0);
        QCOMPARE(progress.last().phase, checkStageName(CheckStage::Profile));
        QCOMPARE(progress.last().done, int(CheckStage::Profile));
        QCOMPARE(progress.last().total, kCheckStageCount);

        const ImplCaseResult* fast = candidate(*result, QStringLiteral("fast"));
        QVERIFY(fast && fast->speedup && fast->verdict);
        QCOMPARE(verdictName(*fast->verdict), QStringLiteral("FAST"));
        QVERIFY2(fast->speedup->ciLow > 1, qPrintable(QString::number(fast->speedup->ciLow)));
        const ImplCaseResult* slow = candidate(*result, QStringLiteral("slow"));
        QVERIFY(slow && slow->verdict && slow->speedup);
        const auto medians = [](const ImplCaseResult& r) {
            QStringList out;
            for (double m : r.roundMediansNs)
                out << QString::number(m / 1e3, 'f', 1);
            return out.join(u' ');
        };
        const std::optional<ImplCaseResult>& ref = result->bench->cases.first().reference;
        const QString why = QStringLiteral("slow: %1 [%2, %3], round medians (µs) %4; reference %5")
                                .arg(slow->speedup->estimate)
                                .arg(slow->speedup->ciLow)
                                .arg(slow->speedup->ciHigh)
                                .arg(medians(*slow), ref ? medians(*ref) : QStringLiteral("?"));
        QVERIFY2(verdictName(*slow->verdict) == u"SLOW",
            qPrintable(verdictName(*slow->verdict) + QStringLiteral(": ") + why));
        QVERIFY2(slow->speedup->ciHigh < 1, qPrintable(why));

        // The profile stage ran perf where it can, and otherwise says what is missing.
        const StageOutcome& prof = result->stage(CheckStage::Profile);
        QVERIFY(result->profile || !prof.note.isEmpty());
        if (result->profile && !result->profile->perf.isEmpty())
            QCOMPARE(result->profile->perf.size(), 2); // fast and slow
        else
            QVERIFY2(!prof.note.isEmpty(), "a profile stage that recorded nothing must say why");

        QTemporaryDir out;
        QVERIFY(writeCheckReports(*result, out.path()).ok());
        const QJsonObject doc
            = QJsonDocument::fromJson(read(out.filePath(QStringLiteral("report.json"))).toUtf8()).object();
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.check/1"));
        QCOMPARE(doc.value(QStringLiteral("verdict")).toString(), QStringLiteral("pass"));
        QCOMPARE(doc.value(QStringLiteral("lint")).toObject().value(QStringLiteral("format")).toString(),
            QStringLiteral("kwb.lint/1"));
        QCOMPARE(doc.value(QStringLiteral("compile")).toObject().value(QStringLiteral("format")).toString(),
            QStringLiteral("kwb.compile/1"));
        QCOMPARE(doc.value(QStringLiteral("run")).toObject().value(QStringLiteral("format")).toString(),
            QStringLiteral("kwb.report/1"));
        QCOMPARE(doc.value(QStringLiteral("bench")).toObject().value(QStringLiteral("format")).toString(),
            QStringLiteral("kwb.bench/1"));
        QCOMPARE(doc.value(QStringLiteral("stages")).toArray().size(), kCheckStageCount);
        const QJsonObject prov = doc.value(QStringLiteral("provenance")).toObject();
        QCOMPARE(prov.value(QStringLiteral("seeds")).toObject().value(QStringLiteral("seed")).toString(),
            QStringLiteral("99"));
        QVERIFY(
            !prov.value(QStringLiteral("runner_python")).toObject().value(QStringLiteral("path")).toString().isEmpty());
        QVERIFY(prov.value(QStringLiteral("tools")).toObject().contains(QStringLiteral("g++")));

        const QString md = read(out.filePath(QStringLiteral("report.md")));
        for (const char* needle : { "# kwb check: bench-speed", "**Verdict: PASS**", "## Benchmark", "| fast |", "FAST",
                 "SLOW", "## Method", "## Provenance", "bootstrap", "see report.html" })
            QVERIFY2(md.contains(QString::fromUtf8(needle)), needle);

        const QString htmlPath = out.filePath(QStringLiteral("report.html"));
        const QString html = read(htmlPath);
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY2(!html.contains(QStringLiteral("src=\"http")) && !html.contains(QStringLiteral("href=\"http")),
            "the page must be self-contained");
        QVERIFY(html.count(QStringLiteral("<svg")) >= 1); // the samples plot of the one case
        QVERIFY(html.contains(QStringLiteral("slow")));
        QCOMPARE(htmlBalanceProblem(html), QString());
        QCOMPARE(pythonHtmlProblem(htmlPath), QString());
    }

    // A task whose declared bytes make any time impossible ▸ bench.below-floor, and a roofline chart.
    void belowFloor()
    {
        CheckRequest r = request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/floor"));
        r.profile = false;
        auto result = runCheck(r);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        QVERIFY2(ids(*result).contains(QStringLiteral("bench.below-floor")), qPrintable(ids(*result).join(u' ')));
        QCOMPARE(checkVerdict(*result), QStringLiteral("fail"));
        QCOMPARE(result->stage(CheckStage::Bench).status, StageStatus::Failed);
        QCOMPARE(result->stage(CheckStage::Profile).status, StageStatus::Skipped);
        QCOMPARE(result->stage(CheckStage::Profile).note, QStringLiteral("not requested"));
        const QString html = checkReportHtml(*result);
        QVERIFY(html.contains(QStringLiteral("Roofline (peaks: target.peak)")));
        QCOMPARE(htmlBalanceProblem(html), QString());
    }

    // The unfair-baseline example: its static fairness findings, and on a machine without a GPU the cuda
    // candidates are left out of run/bench with the reason (not failed).
    void unfairBaseline()
    {
        CheckRequest r = request(KWB_TASKS_DIR + QStringLiteral("/gemm-f32-tf32-unfair-baseline"));
        auto result = runCheck(r);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        const QStringList found = ids(*result);
        for (const char* id : { "bench.precision-mismatch", "bench.weak-baseline", "scope.tolerance-too-loose" })
            QVERIFY2(found.contains(QString::fromLatin1(id)), qPrintable(found.join(u' ')));
        if (!nvidiaGpuPresent()) {
            QCOMPARE(result->stage(CheckStage::Run).status, StageStatus::Skipped);
            QVERIFY2(result->stage(CheckStage::Run).note.contains(QStringLiteral("no NVIDIA GPU")),
                qPrintable(result->stage(CheckStage::Run).note));
            QCOMPARE(result->stage(CheckStage::Bench).status, StageStatus::Skipped);
            QVERIFY(result->stage(CheckStage::Profile).note.contains(QStringLiteral("ncu")));
        }
        QVERIFY(checkReportMarkdown(*result).contains(QStringLiteral("bench.weak-baseline")));
    }

    // A compile failure of one candidate leaves it out; the other is still run and timed.
    void compileFailureKeepsOthers()
    {
        QTemporaryDir dir;
        for (const char* f : { "task.json", "reference.cpp", "spec.md", "fast.cpp" })
            QVERIFY(QFile::copy((KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed/")) + QString::fromLatin1(f),
                dir.filePath(QString::fromLatin1(f))));
        QFile broken(dir.filePath(QStringLiteral("slow.cpp")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("extern \"C\" void axpb(const float* a, const float* b, float* c, long n) { this is not C++ }\n");
        broken.close();
        CheckRequest r = request(dir.path());
        r.profile = false;
        auto result = runCheck(r);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        QCOMPARE(result->stage(CheckStage::Compile).status, StageStatus::Failed);
        QVERIFY(ids(*result).contains(QStringLiteral("compile.error")));
        QCOMPARE(result->stage(CheckStage::Run).status, StageStatus::Passed);
        QVERIFY(result->run);
        QVERIFY(candidate(*result, QStringLiteral("fast")));
        QVERIFY(!candidate(*result, QStringLiteral("slow")));
        QCOMPARE(checkVerdict(*result), QStringLiteral("fail"));
    }

    // A cpp-only task whose target.arch names a CPU: compiled without GPU archs instead of refused.
    void cpuArchTask()
    {
        QTemporaryDir dir;
        for (const char* f : { "reference.cpp", "spec.md", "fast.cpp", "slow.cpp" })
            QVERIFY(QFile::copy((KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed/")) + QString::fromLatin1(f),
                dir.filePath(QString::fromLatin1(f))));
        QString manifest = read(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed/task.json"));
        manifest.replace(QStringLiteral("\"arch\": \"sm_90\""), QStringLiteral("\"arch\": \"x86-64-v3\""));
        QFile out(dir.filePath(QStringLiteral("task.json")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(manifest.toUtf8());
        out.close();
        CheckRequest r = request(dir.path());
        r.implIds = QStringList { QStringLiteral("fast") };
        r.profile = false;
        auto result = runCheck(r);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().oneLine()));
        QCOMPARE(result->stage(CheckStage::Compile).status, StageStatus::Passed);
        QVERIFY(result->compile);
        for (const QString& arch : result->compile->archs) // the CPU arch may be named (TPU ones are lowered for)
            QVERIFY2(!arch.startsWith(QStringLiteral("sm_")), qPrintable(arch));
        QCOMPARE(result->compile->implementations.size(), 2); // the reference and the one candidate asked for
        QCOMPARE(result->stage(CheckStage::Run).status, StageStatus::Passed);
        QVERIFY(candidate(*result, QStringLiteral("fast")));
    }

    // The CLI writes the three files and maps the verdict to the exit code (incomplete without errors: 3).
    void cliWritesReports()
    {
        QTemporaryDir out;
        QString text, err;
        QTextStream o(&text), e(&err);
        cli::Io io { o, e };
        const int code = cli::run(
            { QStringLiteral("kwb"), QStringLiteral("check"), QStringLiteral("--no-profile"),
                QStringLiteral("--trials"), QStringLiteral("1"), QStringLiteral("--budget"), QStringLiteral("0.2"),
                QStringLiteral("--flush-mib"), QStringLiteral("4"), QStringLiteral("--seed"), QStringLiteral("5"),
                QStringLiteral("--json"), QStringLiteral("--out"), out.path(),
                (KWB_TASKS_DIR + QStringLiteral("/layernorm-triton-spec-gap")) },
            io);
        o.flush();
        const QJsonObject doc = QJsonDocument::fromJson(text.toUtf8()).object();
        const QString verdict = doc.value(QStringLiteral("verdict")).toString();
        QVERIFY2(!verdict.isEmpty(), qPrintable(err));
        const int expected = verdict == u"fail" ? cli::ExitFindings
            : verdict == u"incomplete"          ? cli::ExitEnvironment
                                                : cli::ExitOk;
        QCOMPARE(code, expected);
        for (const char* f : { "report.json", "report.md", "report.html" })
            QVERIFY2(QFile::exists(out.filePath(QString::fromLatin1(f))), f);
        QCOMPARE(QJsonDocument::fromJson(read(out.filePath(QStringLiteral("report.json"))).toUtf8()).object(), doc);
        QVERIFY(read(out.filePath(QStringLiteral("report.md"))).contains(QStringLiteral("scope.spec-gap")));
    }

    // A candidate this machine cannot check (here: a CUDA one whose target, sm_20, no nvcc builds — or no nvcc at all)
    // is the environment's, not the candidate's fault, but no pass either: the others are checked, the verdict is
    // incomplete and says which one and why.
    void aCandidateNotCheckableHereMakesItIncomplete()
    {
        QTemporaryDir dir;
        QVERIFY(test::copyBundledTask(QStringLiteral("vector-add-f32"), dir.path(), [](QJsonObject& task) {
            test::setTargetArch(task, QStringLiteral("sm_20"));
            task.insert(QStringLiteral("cases"),
                QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("tail") },
                    { QStringLiteral("dims"), QJsonObject { { QStringLiteral("N"), 1025 } } } } });
        }));
        auto result = runCheck(request(dir.path()));
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().oneLine()));
        QVERIFY2(!hasErrors(result->findings), qPrintable(ids(*result).join(u' ')));
        QCOMPARE(result->notCheckedHere.size(), 1);
        QVERIFY2(result->notCheckedHere.first().startsWith(u"cuda "), qPrintable(result->notCheckedHere.first()));
        QVERIFY(result->run
            && std::any_of(result->run->impls.cbegin(), result->run->impls.cend(),
                [](const ImplRun& r) { return r.id == u"cpu" && r.ok(); }));
        QCOMPARE(checkVerdict(*result), QStringLiteral("incomplete"));
        QCOMPARE(checkReportJson(*result).value(u"not_checked_here").toArray().size(), 1);
    }

    void cancelBeforeStart()
    {
        std::atomic_bool cancel { true };
        auto result
            = runCheck(request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed")), JobContext { {}, {}, &cancel });
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
        for (const StageOutcome& s : result->stages)
            QCOMPARE(s.status, StageStatus::Cancelled);
        QCOMPARE(checkVerdict(*result), QStringLiteral("incomplete"));
    }

    void cancelDuringBench()
    {
        std::atomic_bool cancel { false };
        CheckRequest r = request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed"));
        r.budgetS = 5;
        JobContext job;
        job.cancel = &cancel;
        job.onProgress = [&](const JobProgress& p) {
            if (p.phase == checkStageName(CheckStage::Bench) && p.text.contains(QStringLiteral("timing")))
                cancel = true;
        };
        auto result = runCheck(r, job);
        QVERIFY(result.ok());
        QVERIFY(result->cancelled);
        QCOMPARE(result->stage(CheckStage::Run).status, StageStatus::Passed);
        QCOMPARE(result->stage(CheckStage::Bench).status, StageStatus::Cancelled);
        QCOMPARE(result->stage(CheckStage::Profile).status, StageStatus::Cancelled);
        QVERIFY(result->stage(CheckStage::Bench).seconds < 5);
    }

    void cliExitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("needle");
        QTest::newRow("no task") << QStringList {} << int(cli::ExitBadInput) << QStringLiteral("expected one TASK");
        QTest::newRow("not a bundle") << QStringList { QStringLiteral("/nonexistent") } << int(cli::ExitBadInput)
                                      << QStringLiteral("not a task bundle");
        QTest::newRow("bad budget") << QStringList { QStringLiteral("--budget"), QStringLiteral("x"),
            QStringLiteral("t") } << int(cli::ExitBadInput)
                                    << QStringLiteral("--budget");
        QTest::newRow("floor") << QStringList { QStringLiteral("--budget"), QStringLiteral("0.2"),
            QStringLiteral("--rounds"), QStringLiteral("2"), QStringLiteral("--trials"), QStringLiteral("1"),
            QStringLiteral("--no-profile"), QStringLiteral("--flush-mib"), QStringLiteral("4"),
            (KWB_BENCH_FIXTURES_DIR + QStringLiteral("/floor")) }
                               << int(cli::ExitFindings) << QStringLiteral("bench.below-floor");
    }
    void cliExitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, needle);
        QString out, err;
        QTextStream o(&out), e(&err);
        cli::Io io { o, e };
        QCOMPARE(cli::run(QStringList { QStringLiteral("kwb"), QStringLiteral("check") } + args, io), exit);
        o.flush();
        e.flush();
        QVERIFY2((out + err).contains(needle), qPrintable(out + err));
    }
};

QTEST_GUILESS_MAIN(TstCheckRun)
#include "tst_checkrun.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The profile engine on this machine: perf stat around the cpp runners (where perf exists), and the exact
// "missing" lines for ncu / compute-sanitizer / the GPU when they are absent.
#include "core/exec/sandboxprobe.h"
#include "core/profile/perfstat.h"
#include "core/profile/profileengine.h"
#include "core/profile/profilerun.h"
#include "core/profile/profiletools.h"
#include "core/run/runengine.h"
#include "core/task/taskloader.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <QJsonArray>
#include <QStandardPaths>
#include <QTest>

using namespace kwb;

class TstProfileRun : public QObject {
    Q_OBJECT

    static ProfileRequest request(const QString& dir)
    {
        ProfileRequest r;
        r.taskDir = dir;
        r.seed = 7;
        r.limits.timeoutMs = 30000;
        r.sandbox = sandboxAvailable().available;
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KWB_CACHE_DIR", KWB_TEST_CACHE_DIR.toLocal8Bit());
        if (QStandardPaths::findExecutable(QStringLiteral("g++")).isEmpty())
            QSKIP("g++ is not installed: the cpp runners cannot be built");
    }

    void perfOnCppRunners()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("perf")).isEmpty())
            QSKIP("perf is not installed here");
        QStringList steps;
        JobContext job;
        job.onProgress = [&](const JobProgress& p) { steps << p.text; };
        QTemporaryDir keep;
        ProfileRequest req = request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed"));
        req.keepDir = keep.path();
        auto r = runProfile(req, job);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        QCOMPARE(r->taskId, QStringLiteral("bench-speed"));
        // Input folders named as a run names them: nothing in the runner's sight says which case a folder holds.
        const QStringList folders
            = QDir(keep.filePath(QStringLiteral("inputs"))).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(folders.size(), 1);
        QVERIFY2(!folders.first().contains(QStringLiteral("mid")), qPrintable(folders.first()));
        QVERIFY(keptInputsDir(keep.path(), QStringLiteral("mid/t0")).endsWith(folders.first()));
        QVERIFY(steps.contains(QStringLiteral("perf stat: fast on case mid")));
        QCOMPARE(r->runs.size(), 2);
        for (const ProfileToolRun& run : r->runs) {
            QCOMPARE(run.tool, QStringLiteral("perf"));
            QVERIFY2(run.status == u"ok", qPrintable(run.impl + QStringLiteral(": ") + run.note));
            QVERIFY(run.command.contains(QStringLiteral("stat -x,")));
        }
        QCOMPARE(r->perf.size(), 2);
        for (const PerfStatResult& p : r->perf) {
            QCOMPARE(p.caseName, QStringLiteral("mid"));
            bool taskClock = false;
            for (const PerfCounter& c : p.counters)
                taskClock = taskClock || (c.event.startsWith(QStringLiteral("task-clock")) && c.value && *c.value > 0);
            QVERIFY2(taskClock, qPrintable(p.impl));
        }
        // The sleeping candidate spends its time asleep: far less CPU time than wall time, but it still ran.
        const QString hw = perfUnavailableReason();
        if (hw.isEmpty()) {
            QVERIFY(r->missing.isEmpty());
            QVERIFY(r->perf.first().instructionsPerCycle.has_value());
        } else {
            QCOMPARE(r->missing.size(), 1);
            QVERIFY2(r->missing.first().startsWith(hw), qPrintable(r->missing.first()));
        }
        const QJsonObject doc = profileReportJson(*r);
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.profile/1"));
        QCOMPARE(doc.value(QStringLiteral("perf")).toArray().size(), 2);
        QCOMPARE(doc.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("seed")).toString(),
            QStringLiteral("7"));
    }

    void missingGpuToolsAreNamed()
    {
        if (nvidiaGpuPresent() && !findNvidiaTool(QStringLiteral("ncu")).isEmpty())
            QSKIP("this machine has a GPU and ncu: nothing is missing");
        ProfileRequest req = request(KWB_TASKS_DIR + QStringLiteral("/row-sum-f32-race"));
        req.perf = false;
        auto r = runProfile(req);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().oneLine()));
        const QString all = r->missing.join(u'\n');
        if (findNvidiaTool(QStringLiteral("ncu")).isEmpty())
            QVERIFY2(all.contains(QStringLiteral("ncu: not found on PATH")), qPrintable(all));
        if (findNvidiaTool(QStringLiteral("compute-sanitizer")).isEmpty())
            QVERIFY2(all.contains(QStringLiteral("compute-sanitizer: not found")), qPrintable(all));
        if (!nvidiaGpuPresent())
            QVERIFY2(all.contains(QStringLiteral("GPU: no NVIDIA device node")), qPrintable(all));
        QVERIFY(!r->runs.isEmpty());
        for (const ProfileToolRun& run : r->runs)
            QCOMPARE(run.status, QStringLiteral("skipped"));
        QVERIFY(r->findings.isEmpty());
    }

    // The ncu and compute-sanitizer wiring, with stand-in tools (no GPU here): a script that records its arguments,
    // writes a recorded-format report to the --log-file it was given, and runs the wrapped runner — sandboxed like
    // the real tools would be.
    void wrappedToolsWiring_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("fixture");
        QTest::newRow("ncu") << QStringLiteral("ncu") << QStringLiteral("ncu-raw.csv");
        QTest::newRow("memcheck") << QStringLiteral("memcheck") << QStringLiteral("memcheck.txt");
    }
    void wrappedToolsWiring()
    {
        QFETCH(QString, tool);
        QFETCH(QString, fixture);
        auto loaded = loadTask(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed"));
        QVERIFY(loaded.ok());
        const Task& task = loaded->task;
        const Implementation& impl = *task.implementation(QStringLiteral("fast"));
        auto build = buildRunner(task, impl);
        QVERIFY(build.ok() && build->compiled);
        QTemporaryDir tmp;
        const TrialInputs trial { task.cases.first().name, 0, 11, tmp.filePath(QStringLiteral("inputs/mid")) };
        QVERIFY(writeTrialInputs(task, task.cases.first(), trial.seed, trial.dir).ok());

        QFile in((KWB_FIXTURES_DIR + QStringLiteral("/")) + fixture);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QString report
            = QString::fromUtf8(in.readAll()).replace(QStringLiteral("candidate.cu"), QStringLiteral("fast.cpp"));
        const QStringList ownArgs = tool == u"ncu" ? ncuArguments() : sanitizerArguments(tool);
        QDir().mkpath(tmp.filePath(QStringLiteral("nv/bin")));
        const QString fake
            = tmp.filePath(QStringLiteral("nv/bin/") + (tool == u"ncu" ? tool : QStringLiteral("compute-sanitizer")));
        QFile script(fake);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(QStringLiteral("#!/bin/bash\nprintf '%s\\n' \"$@\" > args.txt\nlog=; prev=\n"
                                    "for a in \"$@\"; do [ \"$prev\" = --log-file ] && log=\"$a\"; prev=\"$a\"; done\n"
                                    "cat > \"$log\" <<'KWB_REPORT_END'\n%1KWB_REPORT_END\nexec \"${@:%2}\"\n")
                         .arg(report)
                         .arg(ownArgs.size() + 1)
                         .toUtf8());
        script.close();
        QVERIFY(script.setPermissions(script.permissions() | QFileDevice::ExeOwner));

        ProfileRequest req = request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed"));
        const QString work = tmp.filePath(QStringLiteral("work"));
        QList<KernelProfile> kernels;
        Findings findings;
        const ProfileToolRun run = tool == u"ncu" ? detail::ncuRun(task, impl, *build, trial, fake, req, work,
                                       tmp.filePath(QStringLiteral("inputs")), nullptr, kernels)
                                                  : detail::sanitizerRun(task, impl, *build, trial, tool, fake, req,
                                                      work, tmp.filePath(QStringLiteral("inputs")), nullptr, findings);
        QVERIFY2(run.status == u"ok", qPrintable(run.note));
        QCOMPARE(run.impl, QStringLiteral("fast"));
        QCOMPARE(run.caseName, QStringLiteral("mid"));
        QFile args(QDir(work).filePath(QStringLiteral("args.txt")));
        QVERIFY(args.open(QIODevice::ReadOnly));
        const QStringList seen = QString::fromUtf8(args.readAll()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(seen.mid(0, ownArgs.size()), ownArgs);
        QCOMPARE(seen.last(), QStringLiteral("plan.txt"));
        // The runner really ran under the tool: it wrote its result.
        QVERIFY(QFile::exists(QDir(work).filePath(QStringLiteral("result.json"))));
        if (tool == u"ncu") {
            QVERIFY(seen.contains(QStringLiteral("--clock-control")));
            QCOMPARE(seen.at(seen.indexOf(QStringLiteral("--clock-control")) + 1), QStringLiteral("none"));
            QCOMPARE(kernels.size(), 2);
            QCOMPARE(kernels.first().impl, QStringLiteral("fast"));
            QCOMPARE(kernels.first().caseName, QStringLiteral("mid"));
            QCOMPARE(*kernels.first().durationNs, 68672.0);
        } else {
            QCOMPARE(run.note, QStringLiteral("4 error(s)"));
            QCOMPARE(findings.size(), 2);
            QCOMPARE(findings.first().id, QStringLiteral("runtime.memcheck"));
            QCOMPARE(findings.first().file, QStringLiteral("fast.cpp")); // the bundle's source
            QCOMPARE(findings.first().line, 27);
            QCOMPARE(findings.first().impl, QStringLiteral("fast"));
        }
    }

    void badRequests_data()
    {
        QTest::addColumn<QStringList>("impls");
        QTest::addColumn<QStringList>("cases");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown candidate")
            << QStringList { QStringLiteral("nope") } << QStringList {}
            << QStringLiteral("task 'bench-speed' has no candidate 'nope' (its candidates: ");
        QTest::newRow("the reference") << QStringList { QStringLiteral("reference") } << QStringList {}
                                       << QStringLiteral(
                                              "task 'bench-speed' has no candidate 'reference' (its candidates: ");
        QTest::newRow("unknown case") << QStringList {} << QStringList { QStringLiteral("huge") }
                                      << QStringLiteral("task 'bench-speed' has no case 'huge' (its cases: ");
    }
    void badRequests()
    {
        QFETCH(QStringList, impls);
        QFETCH(QStringList, cases);
        QFETCH(QString, message);
        ProfileRequest req = request(KWB_BENCH_FIXTURES_DIR + QStringLiteral("/speed"));
        req.implIds = impls;
        req.cases = cases;
        auto r = runProfile(req);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().oneLine().startsWith(message), qPrintable(r.error().oneLine()));
    }
};

QTEST_GUILESS_MAIN(TstProfileRun)
#include "tst_profilerun.moc"

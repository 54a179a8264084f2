// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// compile, bench, profile and check through `ssh:` against a real sshd on 127.0.0.1: the same report facts as locally,
// a killed connection mid-bench ends with a clear finding and nothing left running, and a fork bomb is stopped by the
// host's process limit (which the report names).
#include "core/bench/benchengine.h"
#include "core/check/checkengine.h"
#include "core/compile/compiler.h"
#include "core/profile/profileengine.h"
#include "core/run/runengine.h"
#include "core/task/taskloader.h"
#include "sshdfixture.h"
#include "tests/helpers/taskcopy.h"
#include "tests/helpers/testpaths.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace kwb;

namespace {
const QString kHost = QStringLiteral("ssh:kwbtest");
const ExecutorSpec kExecutor = *ExecutorSpec::parse(kHost);

QStringList compileFacts(const CompileResult& r)
{
    QStringList facts;
    for (const ImplementationCompile& c : r.implementations) {
        facts << QStringLiteral("impl %1 %2 ok=%3 missing=%4").arg(c.id, c.backend).arg(c.ok).arg(c.toolMissing);
        for (const Diagnostic& d : c.diagnostics)
            facts << QStringLiteral("diag %1 %2:%3 %4 %5")
                         .arg(c.id, d.file)
                         .arg(d.line)
                         .arg(diagnosticSeverityName(d.severity), d.message);
    }
    for (const Finding& f : r.findings)
        facts << QStringLiteral("finding %1 %2 %3:%4").arg(f.id, f.impl, f.file).arg(f.line);
    facts.sort();
    return facts;
}

// The structure of a JSON document: every key path, values left out.
void keyPaths(const QJsonValue& v, const QString& at, QSet<QString>& out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            out.insert(at + QLatin1Char('/') + it.key());
            keyPaths(it.value(), at + QLatin1Char('/') + it.key(), out);
        }
    } else if (v.isArray()) {
        for (const QJsonValue& e : v.toArray())
            keyPaths(e, at + QStringLiteral("[]"), out);
    }
}

QSet<QString> structure(const QJsonObject& doc)
{
    QSet<QString> out;
    keyPaths(doc, {}, out);
    // Provenance says where it ran: the remote one adds the host's isolation and limits.
    for (auto it = out.begin(); it != out.end();)
        it = it->contains(QStringLiteral("provenance")) || it->contains(QStringLiteral("runner/")) ? out.erase(it)
                                                                                                   : std::next(it);
    return out;
}

QStringList benchFacts(const BenchResult& r)
{
    QStringList facts;
    for (const ImplBench& b : r.impls)
        facts << QStringLiteral("impl %1 %2 %3").arg(implRoleName(b.role), b.id, implStatusName(b.status));
    for (const BenchCase& c : r.cases) {
        facts << QStringLiteral("case %1 reference=%2").arg(c.name).arg(c.reference.has_value());
        for (const ImplCaseResult& cand : c.candidates)
            facts << QStringLiteral("case %1 %2 verdict=%3").arg(c.name, cand.id).arg(cand.verdict.has_value());
    }
    facts.sort();
    return facts;
}

// What perf stat measured, without the values: the tool runs, each counter and whether it has a value or why not,
// and the missing-tool notes (the host named where the local ones say "this machine").
QStringList profileFacts(const ProfileResult& r, const QString& host)
{
    QStringList facts;
    for (const ProfileToolRun& run : r.runs)
        facts << QStringLiteral("run %1 %2 %3 %4").arg(run.tool, run.impl, run.caseName, run.status);
    for (const PerfStatResult& p : r.perf)
        for (const PerfCounter& c : p.counters)
            facts << QStringLiteral("perf %1 %2 %3 value=%4 unit=%5 note=%6")
                         .arg(p.impl, p.caseName, c.event)
                         .arg(c.value.has_value())
                         .arg(c.unit, c.note);
    for (QString m : r.missing)
        facts << QStringLiteral("missing ") + m.replace(host, QStringLiteral("this machine"));
    facts.sort();
    return facts;
}

// Processes whose current folder is inside `dir` (what a run left behind on the host).
int processesIn(const QString& dir)
{
    int n = 0;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& pid : pids) {
        const QString cwd = QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
        if (!cwd.isEmpty() && cwd.startsWith(dir))
            ++n;
    }
    return n;
}
} // namespace

class TestSshActions : public QObject {
    Q_OBJECT
    SshdFixture m_sshd;

private Q_SLOTS:
    void initTestCase()
    {
        const QString why = m_sshd.start();
        if (!why.isEmpty())
            QFAIL(qPrintable(QStringLiteral("cannot start the test sshd: ") + why));
    }

    void compileSameAsLocal_data()
    {
        QTest::addColumn<QString>("task");
        QTest::newRow("cpp") << (KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled"));
        QTest::newRow("cpp-build-error") << (KWB_TASKS_DIR + QStringLiteral("/row-scale-f32-build-error"));
        QTest::newRow("python-numpy") << (KWB_TASKS_DIR + QStringLiteral("/prefix-scan-f32-skip-work"));
    }

    void compileSameAsLocal()
    {
        QFETCH(QString, task);
        auto loaded = loadTask(task);
        QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().oneLine()));
        CompileRequest req;
        auto local = compileTask(loaded->task, req);
        QVERIFY(local.ok());
        req.executor = kExecutor;
        auto remote = compileTask(loaded->task, req);
        QVERIFY(remote.ok());
        QCOMPARE(compileFacts(*remote), compileFacts(*local));
        // The x86-64 disassembly of a CPU implementation (objdump of a -g build) is made here only: an ssh host
        // reports the compile, not the listing.
        const auto withoutListing = [](QSet<QString> keys) {
            keys.removeIf([](const QString& k) {
                return k.startsWith(QStringLiteral("/implementations[]/instruction_mix"))
                    || k.startsWith(QStringLiteral("/implementations[]/disassembly"))
                    || k.startsWith(QStringLiteral("/implementations[]/kernels[]/"));
            });
            return keys;
        };
        QCOMPARE(withoutListing(structure(remote->toJson())), withoutListing(structure(local->toJson())));
        for (const ImplementationCompile& c : remote->implementations) {
            QCOMPARE(c.executor, kHost);
            QVERIFY2(c.host.startsWith(kHost + QStringLiteral(" (")), qPrintable(c.host));
            QVERIFY2(!c.compilerVersion.isEmpty(), qPrintable(c.log));
        }
        QCOMPARE(local->implementations.first().executor, QStringLiteral("local"));
        QCOMPARE(m_sshd.leftoversIn(QStringLiteral("tools")), QStringList());
    }

    // The host's own nvcc decides, as here: a task whose target it cannot build for (sm_20: no nvcc since CUDA 9 knows
    // it) leaves every CUDA implementation not run on that host, in kwb run and kwb compile — never "build failed".
    void targetArchTheHostsToolkitLacksIsNotRun()
    {
        QTemporaryDir dir;
        QVERIFY(test::copyBundledTask(QStringLiteral("vector-add-f32"), dir.path(),
            [](QJsonObject& task) { test::setTargetArch(task, QStringLiteral("sm_20")); }));
        RunRequest req;
        req.taskDir = dir.path();
        req.implIds = { QStringLiteral("cuda") };
        req.trials = 1;
        req.seed = 3;
        req.executor = kExecutor;
        auto result = runCorrectness(req);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().oneLine()));
        const ImplRun& cuda = result->impls.first();
        if (cuda.status != ImplStatus::NotRun && cuda.log.contains(u"nvcc") && cuda.log.contains(u"not found"))
            QSKIP("the test host has no nvcc on its PATH");
        QCOMPARE(cuda.status, ImplStatus::NotRun);
        QVERIFY2(cuda.notRunReason.contains(u"host kwbtest") && cuda.notRunReason.contains(u"sm_20"),
            qPrintable(cuda.notRunReason));
        QVERIFY(std::any_of(result->findings.cbegin(), result->findings.cend(),
            [](const Finding& f) { return f.id == u"env.toolkit-arch" && f.impl == u"cuda"; }));
        CompileRequest compile;
        compile.implIds = { QStringLiteral("cuda") };
        compile.executor = kExecutor;
        auto loaded = loadTask(dir.path());
        QVERIFY(loaded.ok());
        auto compiled = compileTask(loaded->task, compile);
        QVERIFY(compiled.ok());
        QVERIFY(compiled->implementations.first().toolMissing);
        QCOMPARE(compiled->implementations.first().archsNotBuilt, QStringList { QStringLiteral("sm_20") });
        QVERIFY(!hasErrors(compiled->findings));
    }

    void benchSameAsLocal()
    {
        BenchRequest req;
        req.taskDir = KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled");
        req.budgetS = 0.2;
        req.rounds = 2;
        req.warmupMs = 5;
        req.seed = 5;
        auto local = runBench(req);
        QVERIFY2(local.ok(), qPrintable(local.ok() ? QString() : local.error().oneLine()));
        req.executor = kExecutor;
        auto remote = runBench(req);
        QVERIFY2(remote.ok(), qPrintable(remote.ok() ? QString() : remote.error().oneLine()));
        QCOMPARE(benchFacts(*remote), benchFacts(*local));
        // The floor is the machine's own: this host's measured peaks here, none for another host's CPU (its peaks
        // are not measured from here) — the one part of the document that differs by where the code ran.
        const auto withoutFloor = [](QSet<QString> keys) {
            keys.removeIf([](const QString& k) { return k.contains(QStringLiteral("floor")); });
            return keys;
        };
        QCOMPARE(withoutFloor(structure(benchReportJson(*remote))), withoutFloor(structure(benchReportJson(*local))));
        QCOMPARE(remote->provenance.value(QStringLiteral("executor")).toString(), kHost);
        QVERIFY(remote->provenance.contains(QStringLiteral("statistics_host")));
        for (const ImplBench& b : remote->impls) {
            QCOMPARE(b.provenance.value(QStringLiteral("executor")).toString(), kHost);
            const QJsonObject limits = b.provenance.value(QStringLiteral("sandbox_limits")).toObject();
            QVERIFY2(limits.value(QStringLiteral("processes")).toInt() > 0, qPrintable(b.id));
            QVERIFY(!b.build.toolVersion.isEmpty());
        }
        QCOMPARE(m_sshd.leftoversIn(QStringLiteral("runs")), QStringList());
    }

    void checkSameAsLocal()
    {
        CheckRequest req;
        req.taskDir = KWB_TASKS_DIR + QStringLiteral("/prefix-scan-f32-skip-work");
        req.trials = 1;
        req.budgetS = 0.1;
        req.rounds = 1;
        req.seed = 7;
        req.profile = false; // the profile stage is compared in profileSameAsLocal
        auto local = runCheck(req);
        QVERIFY2(local.ok(), qPrintable(local.ok() ? QString() : local.error().oneLine()));
        req.executor = kExecutor;
        req.profile = true;
        auto remote = runCheck(req);
        QVERIFY2(remote.ok(), qPrintable(remote.ok() ? QString() : remote.error().oneLine()));
        for (CheckStage s : { CheckStage::Lint, CheckStage::Compile, CheckStage::Run, CheckStage::Bench })
            QCOMPARE(stageStatusName(remote->stage(s).status), stageStatusName(local->stage(s).status));
        QCOMPARE(compileFacts(*remote->compile), compileFacts(*local->compile));
        QStringList localIds, remoteIds;
        for (const Finding& f : local->run->findings)
            localIds << f.id + QLatin1Char(' ') + f.impl;
        for (const Finding& f : remote->run->findings)
            if (f.id != u"sandbox.not-isolated")
                remoteIds << f.id + QLatin1Char(' ') + f.impl;
        localIds.sort();
        remoteIds.sort();
        QCOMPARE(remoteIds, localIds);
        QCOMPARE(remote->provenance.value(QStringLiteral("executor")).toString(), kHost);
        // The profile stage runs perf stat around the runners on the host.
        const StageOutcome& profiled = remote->stage(CheckStage::Profile);
        QVERIFY2(profiled.status != StageStatus::Skipped && profiled.status != StageStatus::Failed,
            qPrintable(profiled.note));
        QVERIFY(remote->profile.has_value());
        QVERIFY2(!remote->profile->perf.isEmpty(), qPrintable(profileFacts(*remote->profile, {}).join(u'\n')));
        QCOMPARE(remote->profile->provenance.value(QStringLiteral("executor")).toString(), kHost);
    }

    void profileSameAsLocal()
    {
        ProfileRequest req;
        req.taskDir = KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled");
        req.seed = 5;
        auto local = runProfile(req);
        QVERIFY2(local.ok(), qPrintable(local.ok() ? QString() : local.error().oneLine()));
        if (local->perf.isEmpty())
            QFAIL(qPrintable(QStringLiteral("perf stat recorded nothing here: ") + local->missing.join(u';')));
        req.executor = kExecutor;
        auto remote = runProfile(req);
        QVERIFY2(remote.ok(), qPrintable(remote.ok() ? QString() : remote.error().oneLine()));
        const QString host = kHost.mid(4);
        const QStringList remoteFacts = profileFacts(*remote, host);
        const QStringList localFacts = profileFacts(*local, host);
        QString notes;
        for (const ProfileToolRun& r : remote->runs)
            notes += r.note + u';';
        QVERIFY2(remoteFacts == localFacts,
            qPrintable(QStringLiteral("notes over ssh: %1\nover ssh:\n%2\nhere:\n%3")
                           .arg(notes, remoteFacts.join(u'\n'), localFacts.join(u'\n'))));
        // The software counters have values over there too (the hardware ones may be "not supported" on both).
        for (const PerfStatResult& p : remote->perf) {
            const auto clock = std::find_if(p.counters.cbegin(), p.counters.cend(),
                [](const PerfCounter& c) { return c.event.startsWith(QStringLiteral("task-clock")); });
            QVERIFY2(clock != p.counters.cend() && clock->value && *clock->value > 0, qPrintable(p.impl));
        }
        for (const ProfileToolRun& run : remote->runs)
            QVERIFY2(run.command.startsWith(kHost + QStringLiteral(": ")), qPrintable(run.command));
        const QJsonObject prov = remote->provenance;
        QCOMPARE(prov.value(QStringLiteral("executor")).toString(), kHost);
        QCOMPARE(prov.value(QStringLiteral("ssh_host")).toString(), host);
        QVERIFY(!prov.value(QStringLiteral("host")).toString().isEmpty());
        const QString perfVersion
            = prov.value(QStringLiteral("tools")).toObject().value(QStringLiteral("perf")).toString();
        QVERIFY2(perfVersion.startsWith(QStringLiteral("perf version")), qPrintable(perfVersion));
        QCOMPARE(perfVersion,
            local->provenance.value(QStringLiteral("tools")).toObject().value(QStringLiteral("perf")).toString());
        QTRY_VERIFY_WITH_TIMEOUT(m_sshd.leftoversIn(QStringLiteral("runs")).isEmpty(), 10000);
    }

    void killedConnectionMidBench()
    {
        QDir(m_sshd.workRoot() + QStringLiteral("/runs")).removeRecursively();
        BenchRequest req;
        req.taskDir = KWB_FIXTURES_DIR + QStringLiteral("/hang-cpp");
        req.budgetS = 1;
        req.rounds = 2;
        req.seed = 3;
        req.limits.timeoutMs = 60000;
        req.executor = kExecutor;
        std::optional<Result<BenchResult>> result;
        QThread* worker = QThread::create([&] { result = runBench(req); });
        worker->start();
        qint64 pgid = 0;
        QElapsedTimer waited;
        waited.start();
        while ((pgid = remoteGroup(m_sshd.workRoot(), QStringLiteral("sleeper-sizing"))) == 0 && !worker->isFinished()
            && waited.elapsed() < 180000)
            QTest::qWait(100);
        if (pgid == 0) { // say why the candidate never started on the host
            worker->wait();
            delete worker;
            QString why = QStringLiteral("no remote process group after %1 ms").arg(waited.elapsed());
            if (result && result->ok()) {
                for (const ImplBench& b : result->value().impls)
                    why += QStringLiteral("; %1 %2: %3").arg(b.id, implStatusName(b.status), b.error);
            } else if (result) {
                why += QStringLiteral("; ") + result->error().oneLine();
            }
            QFAIL(qPrintable(why));
        }
        QTRY_VERIFY_WITH_TIMEOUT(::kill(pid_t(-pgid), 0) == 0, 5000);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(m_sshd.killConnections() > 0);
        QVERIFY(worker->wait(120000));
        delete worker;
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(result->ok(), qPrintable(result->ok() ? QString() : result->error().oneLine()));
        const BenchResult& r = result->value();
        const auto sleeper
            = std::find_if(r.impls.cbegin(), r.impls.cend(), [](const ImplBench& b) { return b.id == u"sleeper"; });
        QVERIFY(sleeper != r.impls.cend());
        QCOMPARE(sleeper->status, ImplStatus::Failed);
        QVERIFY2(sleeper->error.contains(QStringLiteral("connection")), qPrintable(sleeper->error));
        const bool reported = std::any_of(r.findings.cbegin(), r.findings.cend(),
            [](const Finding& f) { return f.id == u"sandbox.connection-lost" && f.impl == u"sleeper"; });
        QVERIFY(reported);
        QTRY_VERIFY_WITH_TIMEOUT(::kill(pid_t(-pgid), 0) != 0, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(processesIn(m_sshd.workRoot() + QStringLiteral("/runs")), 0, 10000);
    }

    void forkBombStoppedByTheProcessLimit()
    {
        RunRequest req;
        req.taskDir = KWB_FIXTURES_DIR + QStringLiteral("/forkbomb-cpp");
        req.trials = 1;
        req.seed = 1;
        req.limits.maxProcesses = 32;
        req.executor = kExecutor;
        auto result = runCorrectness(req);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().oneLine()));
        const auto forker = std::find_if(
            result->impls.cbegin(), result->impls.cend(), [](const ImplRun& r) { return r.id == u"forker"; });
        QVERIFY(forker != result->impls.cend());
        const QJsonObject limits = forker->provenance.value(QStringLiteral("sandbox_limits")).toObject();
        QCOMPARE(limits.value(QStringLiteral("processes")).toInt(), 32);
        const QString by = limits.value(QStringLiteral("processes_by")).toString();
        QVERIFY2(by == u"pids-cgroup" || by.startsWith(QStringLiteral("rlimit-nproc")), qPrintable(by));
        QVERIFY2(forker->log.contains(QStringLiteral("forks before the limit")), qPrintable(forker->log.right(2000)));
        const bool stopped = std::any_of(result->findings.cbegin(), result->findings.cend(),
            [](const Finding& f) { return f.id == u"sandbox.process-limit" && f.impl == u"forker"; });
        QVERIFY2(stopped, qPrintable(forker->log.right(2000)));
        QTRY_COMPARE_WITH_TIMEOUT(processesIn(m_sshd.workRoot() + QStringLiteral("/runs")), 0, 10000);
    }
};

QTEST_GUILESS_MAIN(TestSshActions)
#include "tst_ssh_actions.moc"

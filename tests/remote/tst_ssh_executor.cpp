// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The SSH executor against a real sshd on 127.0.0.1 (started here): the CPU example tasks give the same report as
// locally; Stop and a killed connection end the run with a clear result and leave nothing running on the host.
#include "core/executors/hostcheck.h"
#include "core/executors/hostsettings.h"
#include "core/run/runengine.h"
#include "sshdfixture.h"
#include "tests/helpers/testpaths.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace kwb;

namespace {
// What must agree between two runs of the same task with the same seeds, wherever they ran.
QStringList reportFacts(const RunResult& r)
{
    QStringList facts;
    for (const ImplRun& run : r.impls)
        facts << QStringLiteral("impl %1 %2 %3").arg(implRoleName(run.role), run.id, implStatusName(run.status));
    for (auto it = r.judgements.cbegin(); it != r.judgements.cend(); ++it) {
        for (const auto& c : it->cases) {
            for (const auto& t : c.trials) {
                for (const auto& o : t.outputs)
                    facts << QStringLiteral("%1 %2/t%3 %4 %5 mismatches=%6")
                                 .arg(it.key(), c.name)
                                 .arg(t.trial)
                                 .arg(o.output, o.pass ? QStringLiteral("pass") : QStringLiteral("FAIL"))
                                 .arg(o.mismatches);
            }
        }
    }
    for (const Finding& f : r.findings) {
        if (f.id != u"sandbox.not-isolated")
            facts << QStringLiteral("finding %1 %2 %3").arg(f.id, f.impl, f.caseName);
    }
    facts.sort();
    return facts;
}

bool groupAlive(qint64 pgid)
{
    return ::kill(pid_t(-pgid), 0) == 0;
}

RunRequest hangRequest()
{
    RunRequest req;
    req.taskDir = KWB_FIXTURES_DIR + QStringLiteral("/hang-cpp");
    req.trials = 1;
    req.seed = 3;
    req.limits.timeoutMs = 60000;
    req.executor = *ExecutorSpec::parse(QStringLiteral("ssh:kwbtest"));
    return req;
}
} // namespace

class TestSshExecutor : public QObject {
    Q_OBJECT
    SshdFixture m_sshd;

private Q_SLOTS:
    void initTestCase()
    {
        const QString why = m_sshd.start();
        if (!why.isEmpty())
            QFAIL(qPrintable(QStringLiteral("cannot start the test sshd: ") + why));
    }

    void doctorChecksTheHost()
    {
        auto settings = hostSettings(m_sshd.hostAlias());
        QVERIFY2(settings.ok(), qPrintable(settings.ok() ? QString() : settings.error().oneLine()));
        QCOMPARE(settings->workRoot, m_sshd.workRoot());
        QMap<QString, ToolInfo> tools;
        for (const ToolInfo& t : probeSshHost(*settings))
            tools.insert(t.name, t);
        for (const char* required : { "connection", "work root", "rsync", "setsid", "timeout", "g++", "python" })
            QVERIFY2(tools.value(QLatin1StringView(required)).found,
                qPrintable(QLatin1StringView(required) + QStringLiteral(": ")
                    + tools.value(QLatin1StringView(required)).note));
        QCOMPARE(tools.value(QStringLiteral("work root")).path, m_sshd.workRoot());

        HostSettings broken = *settings;
        broken.host = QStringLiteral("kwbtest-nowhere.invalid");
        broken.connectTimeoutS = 2;
        const QList<ToolInfo> none = probeSshHost(broken);
        QVERIFY(!none.first().found);
        QVERIFY2(none.first().note.contains(QStringLiteral("kwbtest-nowhere.invalid")), qPrintable(none.first().note));
    }

    void sameReportAsLocal_data()
    {
        QTest::addColumn<QString>("task");
        QTest::newRow("cpp") << QStringLiteral("rmsnorm-f32-unrolled");
        QTest::newRow("python-numpy") << QStringLiteral("prefix-scan-f32-skip-work");
    }

    void sameReportAsLocal()
    {
        QFETCH(QString, task);
        RunRequest req;
        req.taskDir = (KWB_TASKS_DIR + QStringLiteral("/")) + task;
        req.trials = 1;
        req.seed = 11;
        // Generated cases (held-out sizes, stress patterns) too: the host runs the same shuffled plan.
        req.heldOut = 2;
        auto local = runCorrectness(req);
        QVERIFY2(local.ok(), qPrintable(local.ok() ? QString() : local.error().oneLine()));
        req.executor = *ExecutorSpec::parse(QStringLiteral("ssh:kwbtest"));
        QStringList streamed;
        JobContext job;
        job.onOutput = [&](const QString& impl, OutputChannel, const QByteArray&) { streamed << impl; };
        auto remote = runCorrectness(req, job);
        QVERIFY2(remote.ok(), qPrintable(remote.ok() ? QString() : remote.error().oneLine()));
        for (const ImplRun& run : remote->impls)
            QVERIFY2(
                run.error.isEmpty() || run.status == local->impls.value(0).status, qPrintable(run.log.right(2000)));
        QCOMPARE(reportFacts(*remote), reportFacts(*local));
        QCOMPARE(remote->provenance.value(QStringLiteral("executor")).toString(), QStringLiteral("ssh:kwbtest"));
        QCOMPARE(local->provenance.value(QStringLiteral("executor")).toString(), QStringLiteral("local"));
        for (const ImplRun& run : remote->impls) {
            QCOMPARE(run.provenance.value(QStringLiteral("executor")).toString(), QStringLiteral("ssh:kwbtest"));
            const QString sandbox = run.provenance.value(QStringLiteral("sandbox")).toString();
            QVERIFY2(sandbox == u"bwrap" || sandbox == u"rlimits+timeout", qPrintable(sandbox));
        }
        QVERIFY2(!streamed.isEmpty(), "no output streamed back from the host");
        QVERIFY2(!remote->generatedTrials.isEmpty(), "no generated case ran on the host");
        QCOMPARE(remote->generatedStatus, local->generatedStatus);
        // The run's folder on the host is gone; the runner cache stays.
        QCOMPARE(m_sshd.leftoversIn(QStringLiteral("runs")), QStringList());
        QVERIFY(!QDir(m_sshd.workRoot() + QStringLiteral("/runners"))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .isEmpty());
    }

    void batchAndDoctorOverSsh()
    {
        // The CLI end to end: kwb doctor and kwb batch, with the host settings of KWB_CONFIG_DIR.
        QProcess doctor;
        doctor.start(KWB_BIN_DIR + QStringLiteral("/kwb"),
            { QStringLiteral("doctor"), QStringLiteral("--executor"), QStringLiteral("ssh:kwbtest") });
        QVERIFY(doctor.waitForFinished(60000));
        const QString doctorOut = QString::fromUtf8(doctor.readAllStandardOutput());
        QVERIFY2(doctor.exitCode() == 0, qPrintable(doctorOut + QString::fromUtf8(doctor.readAllStandardError())));
        QVERIFY2(doctorOut.contains(QStringLiteral("ssh:kwbtest")), qPrintable(doctorOut));

        QTemporaryDir out;
        QProcess batch;
        batch.start(KWB_BIN_DIR + QStringLiteral("/kwb"),
            { QStringLiteral("batch"), KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled"),
                QStringLiteral("--action"), QStringLiteral("run"), QStringLiteral("--executor"),
                QStringLiteral("ssh:kwbtest"), QStringLiteral("--out"), out.path(), QStringLiteral("--"),
                QStringLiteral("--seed"), QStringLiteral("11"), QStringLiteral("--trials"), QStringLiteral("1") });
        QVERIFY(batch.waitForFinished(120000));
        QFile reportFile(out.filePath(QStringLiteral("tasks/rmsnorm-f32-unrolled/report.json")));
        QVERIFY2(reportFile.open(QIODevice::ReadOnly), qPrintable(QString::fromUtf8(batch.readAllStandardError())));
        const QJsonObject report = QJsonDocument::fromJson(reportFile.readAll()).object();
        QCOMPARE(report.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("executor")).toString(),
            QStringLiteral("ssh:kwbtest"));
        QFile summary(out.filePath(QStringLiteral("summary.json")));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(summary.readAll()).object().value(QStringLiteral("executor")).toString(),
            QStringLiteral("ssh:kwbtest"));
    }

    void stopKillsTheRemoteRun()
    {
        QDir(m_sshd.workRoot() + QStringLiteral("/runs")).removeRecursively();
        std::atomic_bool cancel { false };
        std::optional<Result<RunResult>> result;
        QThread* worker = QThread::create([&] {
            result = runCorrectness(hangRequest(), JobContext { {}, {}, &cancel });
        });
        worker->start();
        qint64 pgid = 0;
        QTRY_VERIFY_WITH_TIMEOUT((pgid = remoteGroup(m_sshd.workRoot(), QStringLiteral("sleeper"))) > 0, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(groupAlive(pgid), 5000);
        cancel = true;
        QVERIFY(worker->wait(20000));
        delete worker;
        QVERIFY(result.has_value());
        // A stopped run is not a failure: the engine reports "stopped by the user".
        QVERIFY(!result->ok());
        QVERIFY(result->error().isStopped());
        QTRY_VERIFY_WITH_TIMEOUT(!groupAlive(pgid), 5000);
    }

    void lostConnectionIsReportedAndCleanedUp()
    {
        QDir(m_sshd.workRoot() + QStringLiteral("/runs")).removeRecursively();
        std::optional<Result<RunResult>> result;
        QElapsedTimer clock;
        std::atomic<qint64> candidateEndedMs { -1 };
        // The candidate's end is when the engine moves on to the reference.
        JobContext job;
        job.onProgress = [&](const JobProgress& p) {
            if (p.text.startsWith(QStringLiteral("running reference")) && clock.isValid())
                candidateEndedMs = clock.elapsed();
        };
        QThread* worker = QThread::create([&] { result = runCorrectness(hangRequest(), job); });
        worker->start();
        qint64 pgid = 0;
        QTRY_VERIFY_WITH_TIMEOUT((pgid = remoteGroup(m_sshd.workRoot(), QStringLiteral("sleeper"))) > 0, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(groupAlive(pgid), 5000);
        clock.start();
        QVERIFY(m_sshd.killConnections() > 0);
        QVERIFY(worker->wait(120000));
        delete worker;
        // Detected within the keep-alive window (1 s x 3 here), not at the run's 60 s limit.
        QVERIFY2(candidateEndedMs >= 0 && candidateEndedMs < 15000, qPrintable(QString::number(candidateEndedMs)));
        QVERIFY2(result->ok(), qPrintable(result->ok() ? QString() : result->error().oneLine()));
        const ImplRun& cand = result->value().impls.first();
        QCOMPARE(cand.id, QStringLiteral("sleeper"));
        QCOMPARE(cand.status, ImplStatus::Failed);
        QVERIFY2(cand.error.contains(QStringLiteral("connection")), qPrintable(cand.error));
        const bool reported = std::any_of(result->value().findings.cbegin(), result->value().findings.cend(),
            [](const Finding& f) { return f.id == u"sandbox.connection-lost" && f.impl == u"sleeper"; });
        QVERIFY(reported);
        QTRY_VERIFY_WITH_TIMEOUT(!groupAlive(pgid), 5000);
    }
};

QTEST_GUILESS_MAIN(TestSshExecutor)
#include "tst_ssh_executor.moc"

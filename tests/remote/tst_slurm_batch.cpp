// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb batch --executor slurm` against a one-node Slurm started here: the example tasks complete with the same
// findings as locally, an element past its time limit is reported TIMEOUT, a cancelled one CANCELLED, both with their
// Slurm state and log, nothing is left running, and a second batch retries only what did not complete.
#include "batchtestutil.h"
#include "slurmfixture.h"
#include "tests/helpers/testpaths.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

namespace {
QMap<QString, QJsonObject> elements(const QJsonObject& summary)
{
    QMap<QString, QJsonObject> out;
    for (const auto& v : summary.value(QStringLiteral("elements")).toArray())
        out.insert(v.toObject().value(QStringLiteral("id")).toString(), v.toObject());
    return out;
}

QStringList findingIds(const QJsonObject& report)
{
    QStringList ids;
    for (const auto& v : report.value(QStringLiteral("findings")).toArray())
        ids << v.toObject().value(QStringLiteral("id")).toString();
    ids.sort();
    return ids;
}

// Processes whose command line mentions `marker`.
QStringList processesMentioning(const QString& marker)
{
    QStringList found;
    for (const QString& name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(name));
        if (name.toLongLong() > 0 && f.open(QIODevice::ReadOnly)) {
            const QString cmd = QString::fromLocal8Bit(f.readAll().replace('\0', ' '));
            if (cmd.contains(marker))
                found << name + QLatin1Char(' ') + cmd;
        }
    }
    return found;
}
} // namespace

class TestSlurmBatch : public QObject {
    Q_OBJECT
    SlurmFixture m_slurm;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(KWB_BIN_DIR + QStringLiteral("/kwb")),
            qPrintable(KWB_BIN_DIR + QStringLiteral("/kwb not built")));
        const QString why = m_slurm.start();
        if (!why.isEmpty())
            QFAIL(qPrintable(QStringLiteral("cannot start the test Slurm cluster: ") + why));
    }

    void doctorSeesThePartition()
    {
        const KwbRun r
            = runKwb({ QStringLiteral("doctor"), QStringLiteral("--executor"), QStringLiteral("slurm:kwbtest") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("partition kwbtest")), qPrintable(r.out));
    }

    void arrayWithTimeoutAndCancel()
    {
        const QString ws = m_dir.filePath(QStringLiteral("ws"));
        const QString out = m_dir.filePath(QStringLiteral("out"));
        QVERIFY(copyTask(KWB_TASKS_DIR + QStringLiteral("/rmsnorm-f32-unrolled"), ws + QStringLiteral("/rmsnorm"),
            QStringLiteral("rmsnorm")));
        QVERIFY(copyTask(KWB_TASKS_DIR + QStringLiteral("/prefix-scan-f32-skip-work"), ws + QStringLiteral("/scan"),
            QStringLiteral("scan")));
        QVERIFY(copyTask(KWB_FIXTURES_DIR + QStringLiteral("/hang-cpp"), ws + QStringLiteral("/hang-timeout"),
            QStringLiteral("hang-timeout")));
        QVERIFY(copyTask(KWB_FIXTURES_DIR + QStringLiteral("/hang-cpp"), ws + QStringLiteral("/hang-cancel"),
            QStringLiteral("hang-cancel")));
        // --time 1: Slurm's smallest limit (minutes); kwb run's own limit is set past it, so Slurm ends the element.
        const QStringList args { QStringLiteral("batch"), ws, QStringLiteral("--action"), QStringLiteral("run"),
            QStringLiteral("--executor"), QStringLiteral("slurm:kwbtest"), QStringLiteral("--time"),
            QStringLiteral("1"), QStringLiteral("--out"), out, QStringLiteral("--json"), QStringLiteral("--"),
            QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--trials"), QStringLiteral("1"),
            QStringLiteral("--timeout"), QStringLiteral("600") };
        QProcess batch;
        batch.start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
        QVERIFY(batch.waitForStarted());
        const QString marker = out + QStringLiteral("/tasks/hang-cancel/slurm.txt");
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(marker), 60000);
        QFile m(marker);
        QVERIFY(m.open(QIODevice::ReadOnly));
        const QString jobIndex = QString::fromUtf8(m.readAll()).section(QLatin1Char(' '), 0, 0);
        QVERIFY2(jobIndex.contains(QLatin1Char('_')), qPrintable(jobIndex));
        QProcess::execute(QStringLiteral("scancel"), { jobIndex });

        QVERIFY2(batch.waitForFinished(200000), "the batch did not end");
        QCOMPARE(batch.exitCode(), 1);
        const QJsonObject summary = QJsonDocument::fromJson(batch.readAllStandardOutput()).object();
        const auto e = elements(summary);
        QCOMPARE(e.size(), 4);
        QCOMPARE(summary.value(QStringLiteral("executor")).toString(), QStringLiteral("slurm:kwbtest"));
        QVERIFY(!summary.value(QStringLiteral("slurm_job")).toString().isEmpty());
        QCOMPARE(
            e[QStringLiteral("hang-timeout")].value(QStringLiteral("status")).toString(), QStringLiteral("timeout"));
        QCOMPARE(e[QStringLiteral("hang-timeout")].value(QStringLiteral("slurm_state")).toString(),
            QStringLiteral("TIMEOUT"));
        QVERIFY(e[QStringLiteral("hang-timeout")]
                    .value(QStringLiteral("note"))
                    .toString()
                    .contains(QStringLiteral(".log")));
        QCOMPARE(
            e[QStringLiteral("hang-cancel")].value(QStringLiteral("status")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(e[QStringLiteral("hang-cancel")].value(QStringLiteral("slurm_state")).toString(),
            QStringLiteral("CANCELLED"));
        QCOMPARE(e[QStringLiteral("hang-cancel")].value(QStringLiteral("job_id")).toString(), jobIndex);

        // The completed elements: the same findings as a local run with the same seeds.
        for (const QString& id : { QStringLiteral("rmsnorm"), QStringLiteral("scan") }) {
            const QString status = e[id].value(QStringLiteral("status")).toString();
            QVERIFY2(status == u"passed" || status == u"findings", qPrintable(id + QLatin1Char(' ') + status));
            const KwbRun local = runKwb({ QStringLiteral("run"), ws + QLatin1Char('/') + id, QStringLiteral("--json"),
                QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--trials"), QStringLiteral("1") });
            QCOMPARE(findingIds(readJson(out + QStringLiteral("/tasks/") + id + QStringLiteral("/report.json"))),
                findingIds(QJsonDocument::fromJson(local.out.toUtf8()).object()));
        }
        // Nothing of the batch is left running.
        QTRY_VERIFY_WITH_TIMEOUT(processesMentioning(out).isEmpty(), 10000);

        // Retry: the cancelled element, fixed, runs again; completed ones are not rerun.
        QVERIFY(QDir(ws + QStringLiteral("/hang-timeout")).removeRecursively());
        QFile cand(ws + QStringLiteral("/hang-cancel/candidate.cpp"));
        QFile ref(ws + QStringLiteral("/hang-cancel/reference.cpp"));
        QVERIFY(ref.open(QIODevice::ReadOnly) && cand.open(QIODevice::WriteOnly));
        cand.write(ref.readAll());
        cand.close();
        const KwbRun retry = runKwb(args, 120000);
        const auto r = elements(QJsonDocument::fromJson(retry.out.toUtf8()).object());
        QVERIFY2(r.size() == 3, qPrintable(retry.err));
        QVERIFY(r[QStringLiteral("rmsnorm")].value(QStringLiteral("resumed")).toBool());
        QVERIFY(r[QStringLiteral("scan")].value(QStringLiteral("resumed")).toBool());
        QVERIFY(!r[QStringLiteral("hang-cancel")].value(QStringLiteral("resumed")).toBool());
        QCOMPARE(r[QStringLiteral("hang-cancel")].value(QStringLiteral("slurm_state")).toString(),
            QStringLiteral("COMPLETED"));
        const QString retried = r[QStringLiteral("hang-cancel")].value(QStringLiteral("status")).toString();
        QVERIFY2(retried == u"passed" || retried == u"findings", qPrintable(retried));
    }
};

QTEST_GUILESS_MAIN(TestSlurmBatch)
#include "tst_slurm_batch.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kwb batch` run locally by the real kwb: -j 2 gives what -j 1 gives, a second call resumes, input changes rerun.
#include "batchtestutil.h"
#include "tests/helpers/testpaths.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

namespace {
QMap<QString, QString> statuses(const QJsonObject& summary)
{
    QMap<QString, QString> out;
    for (const auto& v : summary.value(QStringLiteral("elements")).toArray())
        out.insert(v.toObject().value(QStringLiteral("id")).toString(),
            v.toObject().value(QStringLiteral("status")).toString());
    return out;
}

// The finding ids of one element's kwb.report/1, sorted.
QStringList reportFindings(const QString& out, const QString& id)
{
    QStringList ids;
    const QJsonObject r = readJson(out + QStringLiteral("/tasks/") + id + QStringLiteral("/report.json"));
    for (const auto& v : r.value(QStringLiteral("findings")).toArray())
        ids << v.toObject().value(QStringLiteral("id")).toString();
    ids.sort();
    return ids;
}
} // namespace

class TestBatchLocal : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_ws; ///< two example tasks and two small ones
    QString m_small; ///< four small tasks

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(KWB_BIN_DIR + QStringLiteral("/kwb")),
            qPrintable(KWB_BIN_DIR + QStringLiteral("/kwb not built")));
        m_ws = m_dir.filePath(QStringLiteral("ws"));
        m_small = m_dir.filePath(QStringLiteral("small"));
        for (const char* t : { "rmsnorm-f32-unrolled", "prefix-scan-f32-skip-work" })
            QVERIFY(copyTask((KWB_TASKS_DIR + QStringLiteral("/")) + QLatin1StringView(t),
                m_ws + QLatin1Char('/') + QLatin1StringView(t), QLatin1StringView(t)));
        // Small, fast tasks: the hang fixture with a candidate that copies like the reference.
        for (int k = 1; k <= 4; ++k) {
            const QString id = QStringLiteral("copy-%1").arg(k);
            for (const QString& root : { m_ws, m_small }) {
                if (root == m_ws && k > 2)
                    continue;
                const QString dir = root + QLatin1Char('/') + id;
                QVERIFY(copyTask(KWB_FIXTURES_DIR + QStringLiteral("/hang-cpp"), dir, id));
                QFile::remove(dir + QStringLiteral("/candidate.cpp"));
                QVERIFY(QFile::copy(dir + QStringLiteral("/reference.cpp"), dir + QStringLiteral("/candidate.cpp")));
            }
        }
    }

    void badUsageIsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no out") << QStringList { QStringLiteral("ws"), QStringLiteral("--action"),
            QStringLiteral("run") }
                                << QStringLiteral("--out");
        QTest::newRow("bad action") << QStringList { QStringLiteral("ws"), QStringLiteral("--action"),
            QStringLiteral("fly"), QStringLiteral("--out"), QStringLiteral("o") }
                                    << QStringLiteral("fly");
        QTest::newRow("missing path") << QStringList { QStringLiteral("/nonexistent/tasks"), QStringLiteral("--action"),
            QStringLiteral("run"), QStringLiteral("--out"), QStringLiteral("o") }
                                      << QStringLiteral("/nonexistent/tasks");
        QTest::newRow("bad executor") << QStringList { QStringLiteral("ws"), QStringLiteral("--action"),
            QStringLiteral("run"), QStringLiteral("--out"), QStringLiteral("o"), QStringLiteral("--executor"),
            QStringLiteral("pbs") } << QStringLiteral("unknown executor");
        QTest::newRow("bad jobs") << QStringList { QStringLiteral("ws"), QStringLiteral("--action"),
            QStringLiteral("run"), QStringLiteral("--out"), QStringLiteral("o"), QStringLiteral("-j"),
            QStringLiteral("0") } << QStringLiteral("--jobs");
    }

    void badUsageIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        args.replaceInStrings(QRegularExpression(QStringLiteral("^ws$")), m_ws);
        const KwbRun r = runKwb(QStringList { QStringLiteral("batch") } + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void parallelGivesWhatSerialGives()
    {
        const QString serial = m_dir.filePath(QStringLiteral("serial"));
        const QString parallel = m_dir.filePath(QStringLiteral("parallel"));
        const QStringList common { QStringLiteral("batch"), m_ws, QStringLiteral("--action"), QStringLiteral("run"),
            QStringLiteral("--json"), QStringLiteral("--out") };
        const QStringList extra { QStringLiteral("--"), QStringLiteral("--seed"), QStringLiteral("5"),
            QStringLiteral("--trials"), QStringLiteral("1") };
        const KwbRun one = runKwb(common + QStringList { serial, QStringLiteral("-j"), QStringLiteral("1") } + extra);
        const KwbRun two = runKwb(common + QStringList { parallel, QStringLiteral("-j"), QStringLiteral("2") } + extra);
        QVERIFY2(one.exitCode == 0 || one.exitCode == 1, qPrintable(one.err));
        QCOMPARE(two.exitCode, one.exitCode);
        const QJsonObject s1 = QJsonDocument::fromJson(one.out.toUtf8()).object();
        const QJsonObject s2 = readJson(parallel + QStringLiteral("/summary.json"));
        QCOMPARE(s1.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.batch/1"));
        QCOMPARE(s2.value(QStringLiteral("jobs")).toInt(), 2);
        QCOMPARE(statuses(s1).size(), 4);
        QCOMPARE(statuses(s2), statuses(s1));
        for (const QString& id : statuses(s1).keys()) {
            QVERIFY2(statuses(s1).value(id) == u"passed" || statuses(s1).value(id) == u"findings",
                qPrintable(id + QLatin1Char(' ') + statuses(s1).value(id)));
            QCOMPARE(reportFindings(parallel, id), reportFindings(serial, id));
            QVERIFY(QFile::exists(parallel + QStringLiteral("/tasks/") + id + QStringLiteral("/log.txt")));
        }
        // The progress lines name every task.
        for (const QString& id : statuses(s1).keys())
            QVERIFY2(two.err.contains(id), qPrintable(two.err));
    }

    void resumesAfterInterruption()
    {
        const QString out = m_dir.filePath(QStringLiteral("resume"));
        const QStringList args { QStringLiteral("batch"), m_small, QStringLiteral("--action"), QStringLiteral("run"),
            QStringLiteral("--out"), out, QStringLiteral("--json"), QStringLiteral("-j"), QStringLiteral("1"),
            QStringLiteral("--"), QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--trials"),
            QStringLiteral("1") };
        QProcess first;
        first.start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
        QVERIFY(first.waitForStarted());
        const auto completed = [&] {
            int n = 0;
            for (const QString& d : QDir(out + QStringLiteral("/tasks")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                const QString st = readJson(out + QStringLiteral("/tasks/") + d + QStringLiteral("/state.json"))
                                       .value(QStringLiteral("status"))
                                       .toString();
                n += st == u"passed" || st == u"findings";
            }
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(completed() >= 1, 60000);
        ::kill(pid_t(first.processId()), SIGINT);
        QVERIFY(first.waitForFinished(20000));
        const int before = completed();
        QVERIFY2(before >= 1 && before < 4, qPrintable(QString::number(before)));
        const QJsonObject stopped = QJsonDocument::fromJson(first.readAllStandardOutput()).object();
        QVERIFY(stopped.value(QStringLiteral("cancelled")).toBool());

        const KwbRun second = runKwb(args);
        QVERIFY2(second.exitCode == 0 || second.exitCode == 1, qPrintable(second.err));
        const QJsonObject s2 = QJsonDocument::fromJson(second.out.toUtf8()).object();
        QCOMPARE(s2.value(QStringLiteral("counts")).toObject().value(QStringLiteral("resumed")).toInt(), before);
        for (const QString& st : statuses(s2))
            QVERIFY2(st == u"passed" || st == u"findings", qPrintable(st));

        // Nothing changed: nothing runs. One task edited: that one runs again.
        const KwbRun third = runKwb(args);
        QCOMPARE(QJsonDocument::fromJson(third.out.toUtf8())
                     .object()
                     .value(QStringLiteral("counts"))
                     .toObject()
                     .value(QStringLiteral("resumed"))
                     .toInt(),
            4);
        QFile spec(m_small + QStringLiteral("/copy-2/spec.md"));
        QVERIFY(spec.open(QIODevice::Append));
        spec.write("\nEdited.\n");
        spec.close();
        const KwbRun fourth = runKwb(args);
        const QJsonObject s4 = QJsonDocument::fromJson(fourth.out.toUtf8()).object();
        QCOMPARE(s4.value(QStringLiteral("counts")).toObject().value(QStringLiteral("resumed")).toInt(), 3);
        for (const auto& v : s4.value(QStringLiteral("elements")).toArray()) {
            const QJsonObject e = v.toObject();
            QCOMPARE(
                e.value(QStringLiteral("resumed")).toBool(), e.value(QStringLiteral("id")).toString() != u"copy-2");
        }
    }
};

QTEST_GUILESS_MAIN(TestBatchLocal)
#include "tst_batch_local.moc"

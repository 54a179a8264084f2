// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnose/corpus.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

namespace {
QString writeFile(const QTemporaryDir& dir, const QByteArray& content)
{
    const QString path = dir.filePath(QStringLiteral("corpus.jsonl"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(content);
    return path;
}
} // namespace

class TestDiagnoseCorpus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void malformed_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("what");
        const QByteArray good = R"({"id": "a", "class": "device_oom", "log": "CUDA out of memory"})"
                                "\n";
        QTest::newRow("bad-json") << good + "{\"id\": \"b\",\n"
                                  << QStringLiteral("line 2") << QStringLiteral("invalid JSON");
        QTest::newRow("not-object") << good + "[1, 2]\n"
                                    << QStringLiteral("line 2") << QStringLiteral("expected a JSON object");
        QTest::newRow("missing-log") << good + "\n" + R"({"id": "b", "class": "crash"})" << QStringLiteral("line 3")
                                     << QStringLiteral("\"log\": expected a string");
        QTest::newRow("unknown-class") << QByteArray(R"({"id": "a", "class": "oom", "log": ""})")
                                       << QStringLiteral("line 1") << QStringLiteral("unknown class 'oom'");
        QTest::newRow("duplicate-id") << good + good << QStringLiteral("line 2") << QStringLiteral("duplicate id 'a'");
        QTest::newRow("split-not-string") << good + R"({"id": "b", "class": "crash", "split": 1, "log": ""})"
                                          << QStringLiteral("line 2") << QStringLiteral("\"split\": expected a string");
        QTest::newRow("framework-not-string")
            << QByteArray(R"({"id": "a", "class": "crash", "framework": ["cuda"], "log": ""})")
            << QStringLiteral("line 1") << QStringLiteral("\"framework\": expected a string");
        QTest::newRow("tuned-not-bool") << QByteArray(R"({"id": "a", "class": "crash", "tuned": "yes", "log": ""})")
                                        << QStringLiteral("line 1") << QStringLiteral("\"tuned\": expected true");
        QTest::newRow("timed-out-not-bool")
            << QByteArray(R"({"id": "a", "class": "crash", "timed_out": 1, "log": ""})") << QStringLiteral("line 1")
            << QStringLiteral("\"timed_out\": expected true");
        QTest::newRow("states-cause-not-bool")
            << good + R"({"id": "b", "class": "crash", "log_states_cause": "no", "log": ""})"
            << QStringLiteral("line 2") << QStringLiteral("\"log_states_cause\": expected true");
        QTest::newRow("exit-code-fraction")
            << QByteArray(R"({"id": "a", "class": "crash", "exit_code": 1.5, "log": ""})") << QStringLiteral("line 1")
            << QStringLiteral("\"exit_code\": expected an integer from -64 to 255");
        QTest::newRow("exit-code-string")
            << QByteArray(R"({"id": "a", "class": "crash", "exit_code": "139", "log": ""})") << QStringLiteral("line 1")
            << QStringLiteral("\"exit_code\": expected an integer");
        QTest::newRow("signal-zero") << QByteArray(R"({"id": "a", "class": "crash", "signal": 0, "log": ""})")
                                     << QStringLiteral("line 1")
                                     << QStringLiteral("\"signal\": expected an integer from 1 to 255");
    }
    void malformed()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, where);
        QFETCH(QString, what);
        QTemporaryDir dir;
        const QString path = writeFile(dir, content);
        const auto r = loadFailureCorpus(path);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().file, path);
        QCOMPARE(r.error().where, where);
        QVERIFY2(r.error().what.contains(what), qPrintable(r.error().oneLine()));
    }

    void missingFile()
    {
        const auto r = loadFailureCorpus(QStringLiteral("/nonexistent/corpus.jsonl"));
        QVERIFY(!r.ok());
        QVERIFY(r.error().oneLine().startsWith(QStringLiteral("/nonexistent/corpus.jsonl: cannot read")));
    }

    void evaluation()
    {
        QTemporaryDir dir;
        // Three right, one labelled no_device that reads as an OOM, blank lines skipped.
        const QString path = writeFile(dir,
            R"({"id": "oom", "class": "device_oom", "log": "CUDA out of memory. Tried to allocate 1 GiB"})"
            "\n\n"
            R"({"id": "ima", "class": "illegal_memory_access", "log": "x\nan illegal memory access was encountered"})"
            "\n"
            R"({"id": "mislabel", "class": "no_device", "log": "CUDA error: out of memory"})"
            "\n"
            R"({"id": "none", "class": "unknown", "log": "hello", "framework": "cpp"})"
            "\n");
        const auto entries = loadFailureCorpus(path);
        QVERIFY2(entries.ok(), entries.ok() ? "" : qPrintable(entries.error().oneLine()));
        QCOMPARE(entries->size(), 4);
        QCOMPARE(entries->at(1).fileLine, 3);
        QCOMPARE(entries->at(3).framework, QStringLiteral("cpp"));

        const CorpusEvaluation ev = evaluateFailureCorpus(*entries);
        QCOMPARE(ev.total, 4);
        QCOMPARE(ev.correct, 3);
        QCOMPARE(ev.confusions.size(), 1);
        QCOMPARE(ev.confusions.first().id, QStringLiteral("mislabel"));
        QCOMPARE(ev.confusions.first().expected, FailureClass::NoDevice);
        QCOMPARE(ev.confusions.first().got, FailureClass::DeviceOom);
        QCOMPARE(ev.confusions.first().evidence.size(), 1);

        auto scoreOf = [&](FailureClass c) {
            for (const auto& s : ev.classes) {
                if (s.cls == c)
                    return s;
            }
            return ClassScore { FailureClass::Crash, -1, -1, -1 };
        };
        QCOMPARE(ev.classes.size(), 4);
        QCOMPARE(scoreOf(FailureClass::DeviceOom).truePositives, 1);
        QCOMPARE(scoreOf(FailureClass::DeviceOom).falsePositives, 1);
        QCOMPARE(scoreOf(FailureClass::DeviceOom).precision(), 0.5);
        QCOMPARE(scoreOf(FailureClass::DeviceOom).recall(), 1.0);
        QCOMPARE(scoreOf(FailureClass::NoDevice).falseNegatives, 1);
        QCOMPARE(scoreOf(FailureClass::NoDevice).recall(), 0.0);
        QCOMPARE(scoreOf(FailureClass::NoDevice).precision(), 1.0);

        const QJsonObject o = ev.toJson();
        QCOMPARE(o.value(u"total").toInt(), 4);
        QCOMPARE(o.value(u"accuracy").toDouble(), 0.75);
        QCOMPARE(
            o.value(u"confusions").toArray().first().toObject().value(u"got").toString(), QStringLiteral("device_oom"));
    }

    void optionalFields()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir,
            R"({"id": "a", "class": "device_oom", "second": "autotune_failure", "split": "heldout", "framework": "triton", "source": "https://github.com/o/r/issues/3", "reason": "r", "log": "x"})"
            "\n"
            R"({"id": "b", "class": "crash", "repo": "x/y", "tuned": true, "log": "x"})"
            "\n");
        const auto entries = loadFailureCorpus(path);
        QVERIFY2(entries.ok(), entries.ok() ? "" : qPrintable(entries.error().oneLine()));
        QCOMPARE(entries->at(0).second, std::optional<FailureClass>(FailureClass::AutotuneFailure));
        QCOMPARE(entries->at(0).split, QStringLiteral("heldout"));
        QCOMPARE(entries->at(0).repo, QStringLiteral("o/r"));
        QCOMPARE(entries->at(1).repo, QStringLiteral("x/y"));
        QVERIFY(!entries->at(1).second.has_value());
        QVERIFY(!entries->at(0).tuned);
        QVERIFY(entries->at(1).tuned);
        const auto bad
            = loadFailureCorpus(writeFile(dir, R"({"id": "a", "class": "crash", "second": "boom", "log": ""})"));
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().what.contains(QStringLiteral("unknown class 'boom'")));
    }

    // What a runner knows besides its log (how the process ended) decides with the log, and the labeller's
    // "does the log state the cause" splits the figures.
    void processEndAndStatedCause()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir,
            R"({"id": "hung", "class": "timeout_hang", "timed_out": true, "log_states_cause": false, "framework": "cpp", "log": "step 1 of 8"})"
            "\n"
            R"({"id": "segv", "class": "crash", "exit_code": 139, "log_states_cause": false, "framework": "cpp", "log": "running"})"
            "\n"
            R"({"id": "sig", "class": "crash", "signal": 6, "exit_code": null, "framework": "triton", "log": "running"})"
            "\n"
            R"({"id": "oom", "class": "device_oom", "log_states_cause": true, "framework": "triton", "log": "CUDA out of memory. Tried to allocate 2 GiB"})"
            "\n"
            R"({"id": "silent", "class": "illegal_memory_access", "log_states_cause": false, "log": "done"})"
            "\n");
        const auto entries = loadFailureCorpus(path);
        QVERIFY2(entries.ok(), entries.ok() ? "" : qPrintable(entries.error().oneLine()));
        QVERIFY(entries->at(0).context.timedOut);
        QCOMPARE(entries->at(1).context.exitCode, std::optional<int>(139));
        QCOMPARE(entries->at(2).context.signal, std::optional<int>(6));
        QVERIFY(!entries->at(2).context.exitCode.has_value()); // null: not known
        QCOMPARE(entries->at(3).logStatesCause, std::optional<bool>(true));
        QVERIFY(!entries->at(2).logStatesCause.has_value());

        const CorpusEvaluation ev = evaluateFailureCorpus(*entries);
        QCOMPARE(ev.correct, 4); // without the process's end, "hung", "segv" and "sig" would be unknown
        QCOMPARE(ev.causeInLog.total, 1);
        QCOMPARE(ev.causeInLog.correct, 1);
        QCOMPARE(ev.causeNotInLog.total, 3);
        QCOMPARE(ev.causeNotInLog.correct, 2);
        QCOMPARE(ev.byFramework.value(QStringLiteral("cpp")).correct, 2);
        QCOMPARE(ev.byFramework.value(QStringLiteral("triton")).total, 2);
        QCOMPARE(ev.byFramework.value(QString()).total, 1);
        const QJsonObject o = ev.toJson();
        QCOMPARE(o.value(u"log_states_cause").toObject().value(u"no").toObject().value(u"total").toInt(), 3);
        QCOMPARE(o.value(u"frameworks").toObject().value(u"cpp").toObject().value(u"correct").toInt(), 2);
    }

    // Whole repositories go to one fold; the figures are kept per split and per framework.
    void crossValidation()
    {
        QList<CorpusEntry> entries;
        auto add = [&](const char* id, const char* repo, const char* split, const char* framework, FailureClass c,
                       const char* log) {
            CorpusEntry e;
            e.id = QString::fromLatin1(id);
            e.repo = QString::fromLatin1(repo);
            e.split = QString::fromLatin1(split);
            e.framework = QString::fromLatin1(framework);
            e.expected = c;
            e.log = QString::fromLatin1(log);
            entries.append(e);
        };
        add("1", "a/big", "dev", "cuda", FailureClass::DeviceOom, "CUDA out of memory");
        add("2", "a/big", "heldout", "cuda", FailureClass::DeviceOom, "CUDA out of memory");
        add("3", "a/big", "dev", "xla", FailureClass::NoDevice, "CUDA out of memory"); // wrong on purpose
        add("4", "b/one", "heldout", "xla", FailureClass::TimeoutHang, "DEADLINE_EXCEEDED: Barrier timed out");
        add("5", "c/one", "dev", "triton", FailureClass::Crash, "Segmentation fault (core dumped)");
        const CrossValidation cv = crossValidateFailureCorpus(entries, 2);
        QCOMPARE(cv.folds.size(), 2);
        QCOMPARE(cv.folds[0].repos, QStringList { QStringLiteral("a/big") });
        QCOMPARE(cv.folds[1].repos, (QStringList { QStringLiteral("b/one"), QStringLiteral("c/one") }));
        QCOMPARE(cv.folds[0].bySplit.value(QStringLiteral("dev")).correct, 1);
        QCOMPARE(cv.folds[0].bySplit.value(QStringLiteral("dev")).total, 2);
        QCOMPARE(cv.folds[1].all.correct, 2);
        QCOMPARE(cv.bySplit.value(QStringLiteral("heldout")).correct, 2);
        QCOMPARE(cv.byFramework.value(QStringLiteral("xla")).value(QStringLiteral("dev")).total, 1);
        QCOMPARE(cv.byFramework.value(QStringLiteral("xla")).value(QStringLiteral("dev")).correct, 0);
        QCOMPARE(cv.all.correct, 4);
        const QJsonObject o = cv.toJson();
        QCOMPARE(o.value(u"folds").toArray().size(), 2);
        QCOMPARE(
            o.value(u"splits").toObject().keys(), (QStringList { QStringLiteral("dev"), QStringLiteral("heldout") }));
    }
};

QTEST_GUILESS_MAIN(TestDiagnoseCorpus)
#include "tst_diagnosecorpus.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../task/testmanifest.h"
#include "tests/helpers/testpaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

// Runs the built `kwb` binary: exit codes, the kwb.lint/1 document, one-line errors.
class TestCliLint : public QObject {
    Q_OBJECT
private:
    struct Run {
        int exit = -1;
        QByteArray out;
        QByteArray err;
    };

    static Run kwb(const QStringList& args)
    {
        QProcess p;
        p.start(KWB_BIN_DIR + QStringLiteral("/kwb"), args);
        Run r;
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    static QString bundle(
        const QTemporaryDir& root, const QString& name, const char* pointer = nullptr, const char* value = nullptr)
    {
        auto m = test::baseManifest();
        if (pointer)
            test::edit(m, QString::fromLatin1(pointer), QString::fromUtf8(value));
        const QString dir = QDir(root.path()).filePath(name);
        return test::writeBundle(dir, m) ? dir : QString();
    }

    static QSet<QString> keySet(const QJsonObject& o)
    {
        const QStringList keys = o.keys();
        return QSet<QString>(keys.begin(), keys.end());
    }

    static bool oneLine(const QByteArray& err) { return err.endsWith('\n') && err.count('\n') == 1; }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(KWB_BIN_DIR + QStringLiteral("/kwb")),
            qPrintable(KWB_BIN_DIR + QStringLiteral("/kwb not built")));
    }

    void exitCodes_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("exit");
        QTest::newRow("clean") << QString() << QString() << 0;
        QTest::newRow("warnings only") << QStringLiteral("/cases/0/dims/N") << QStringLiteral("1024") << 0;
        QTest::newRow("error finding") << QStringLiteral("/candidates/0/launch")
                                       << QStringLiteral(R"({"grid": [1], "block": [4096]})") << 1;
        QTest::newRow("missing file") << QStringLiteral("/candidates/0/source") << QStringLiteral(R"("x.cu")") << 2;
        QTest::newRow("unknown dtype") << QStringLiteral("/inputs/1/dtype") << QStringLiteral(R"("float33")") << 2;
        QTest::newRow("huge dims") << QStringLiteral("/cases/1/dims/N") << QStringLiteral("9223372036854775807") << 2;
    }
    void exitCodes()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(int, exit);
        QTemporaryDir root;
        auto m = test::baseManifest();
        if (!pointer.isEmpty())
            test::edit(m, pointer, value);
        QVERIFY(test::writeBundle(root.path(), m));
        const Run text = kwb({ QStringLiteral("lint"), root.path() });
        QCOMPARE(text.exit, exit);
        const Run json = kwb({ QStringLiteral("lint"), QStringLiteral("--json"), root.path() });
        QCOMPARE(json.exit, exit);
        QVERIFY(QJsonDocument::fromJson(json.out).isObject());
        if (exit == 2) {
            QVERIFY2(oneLine(text.err), text.err.constData());
            QVERIFY2(text.err.startsWith(QDir(root.path()).filePath(QStringLiteral("task.json: /")).toUtf8()),
                text.err.constData());
            QCOMPARE(json.err, text.err);
        } else {
            QCOMPARE(text.err, QByteArray());
            QVERIFY(text.out.contains("vector-add-f32"));
        }
    }

    void loadErrorLine()
    {
        QTemporaryDir root;
        const QString dir = bundle(root, QStringLiteral("t"), "/candidates/0/source", R"("x.cu")");
        const Run r = kwb({ QStringLiteral("lint"), dir });
        QCOMPARE(r.exit, 2);
        QCOMPARE(QString::fromUtf8(r.err),
            dir + QStringLiteral("/task.json: /candidates/0/source: file 'x.cu' not found\n"));
    }

    void badJsonLine()
    {
        QTemporaryDir root;
        QVERIFY(test::writeFile(root.path(), QStringLiteral("task.json"), "{\n  \"id\": 1,,\n}\n"));
        const Run r = kwb({ QStringLiteral("lint"), root.path() });
        QCOMPARE(r.exit, 2);
        QVERIFY2(oneLine(r.err), r.err.constData());
        QVERIFY2(r.err.contains("/task.json: line 2, column "), r.err.constData());
    }

    void jsonDocument()
    {
        QTemporaryDir root;
        const QString good = bundle(root, QStringLiteral("a-good"), "/notes", R"("unknown field")");
        const QString bad = bundle(root, QStringLiteral("b-bad"), "/candidates/0/source", R"("x.cu")");
        const Run r = kwb({ QStringLiteral("lint"), QStringLiteral("--json"), root.path() });
        QCOMPARE(r.exit, 2);
        QVERIFY(oneLine(r.err));
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        const QJsonObject o = doc.object();
        QCOMPARE(keySet(o), (QSet<QString> { QStringLiteral("format"), QStringLiteral("tasks") }));
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("kwb.lint/1"));
        const QJsonArray tasks = o.value(QStringLiteral("tasks")).toArray();
        QCOMPARE(tasks.size(), 2);
        const QSet<QString> taskKeys { QStringLiteral("path"), QStringLiteral("id"), QStringLiteral("digest"),
            QStringLiteral("findings") };
        const QSet<QString> findingKeys { QStringLiteral("id"), QStringLiteral("severity"), QStringLiteral("message"),
            QStringLiteral("file"), QStringLiteral("line"), QStringLiteral("json_path") };
        for (const QJsonValue& t : tasks) {
            QCOMPARE(keySet(t.toObject()), taskKeys);
            for (const QJsonValue& f : t.toObject().value(QStringLiteral("findings")).toArray()) {
                QVERIFY(keySet(f.toObject()).subtract(findingKeys).isEmpty());
                QVERIFY(
                    f.toObject().contains(QStringLiteral("id")) && f.toObject().contains(QStringLiteral("message")));
            }
        }
        const QJsonObject a = tasks[0].toObject();
        QCOMPARE(a.value(QStringLiteral("path")).toString(), good);
        QCOMPARE(a.value(QStringLiteral("id")).toString(), QStringLiteral("vector-add-f32"));
        QVERIFY(a.value(QStringLiteral("digest")).toString().startsWith(QStringLiteral("sha256:")));
        const QJsonObject warning = a.value(QStringLiteral("findings")).toArray().first().toObject();
        QCOMPARE(warning.value(QStringLiteral("id")).toString(), QStringLiteral("scope.unknown-field"));
        QCOMPARE(warning.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QCOMPARE(warning.value(QStringLiteral("json_path")).toString(), QStringLiteral("/notes"));
        QCOMPARE(warning.value(QStringLiteral("file")).toString(), QStringLiteral("task.json"));
        QVERIFY(warning.value(QStringLiteral("line")).toInt() > 1);

        const QJsonObject b = tasks[1].toObject();
        QCOMPARE(b.value(QStringLiteral("path")).toString(), bad);
        QVERIFY(b.value(QStringLiteral("id")).isNull());
        QVERIFY(b.value(QStringLiteral("digest")).isNull());
        const QJsonArray bf = b.value(QStringLiteral("findings")).toArray();
        QCOMPARE(bf.size(), 1);
        const QJsonObject e = bf[0].toObject();
        QCOMPARE(e.value(QStringLiteral("id")).toString(), QStringLiteral("scope.missing-file"));
        QCOMPARE(e.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
        QCOMPARE(e.value(QStringLiteral("message")).toString(), QStringLiteral("file 'x.cu' not found"));
        QCOMPARE(e.value(QStringLiteral("json_path")).toString(), QStringLiteral("/candidates/0/source"));
        QVERIFY(e.value(QStringLiteral("line")).toInt() > 1);
    }

    void usage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QByteArray>("out"); // expected in stdout
        QTest::addColumn<QByteArray>("err"); // expected in stderr (one line) when not empty
        QTest::newRow("version") << QStringList { QStringLiteral("--version") } << 0 << QByteArray("kwb " KWB_VERSION)
                                 << QByteArray();
        QTest::newRow("help") << QStringList { QStringLiteral("--help") } << 0 << QByteArray("lint") << QByteArray();
        QTest::newRow("lint help") << QStringList { QStringLiteral("lint"), QStringLiteral("--help") } << 0
                                   << QByteArray("Usage: kwb lint [--json] TASK...") << QByteArray();
        QTest::newRow("unknown command") << QStringList { QStringLiteral("frobnicate") } << 2 << QByteArray()
                                         << QByteArray("kwb: unknown command 'frobnicate'");
        QTest::newRow("lint without task")
            << QStringList { QStringLiteral("lint") } << 2 << QByteArray() << QByteArray("kwb lint: no TASK given");
        QTest::newRow("lint unknown option")
            << QStringList { QStringLiteral("lint"), QStringLiteral("--bogus"), QStringLiteral(".") } << 2
            << QByteArray() << QByteArray("kwb lint: Unknown option 'bogus'.");
        QTest::newRow("lint missing path")
            << QStringList { QStringLiteral("lint"), QStringLiteral("/nonexistent/task") } << 2 << QByteArray()
            << QByteArray("kwb lint: /nonexistent/task: no such file or folder");
    }
    void usage()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QByteArray, out);
        QFETCH(QByteArray, err);
        const Run r = kwb(args);
        QCOMPARE(r.exit, exit);
        if (!out.isEmpty())
            QVERIFY2(r.out.contains(out), r.out.constData());
        if (!err.isEmpty()) {
            QVERIFY2(oneLine(r.err), r.err.constData());
            QVERIFY2(r.err.startsWith(err), r.err.constData());
        }
    }

    void folderWithoutBundles()
    {
        QTemporaryDir root;
        const Run r = kwb({ QStringLiteral("lint"), root.path() });
        QCOMPARE(r.exit, 2);
        QCOMPARE(QString::fromUtf8(r.err),
            QStringLiteral("kwb lint: %1: no task bundle (task.json) found\n").arg(root.path()));
    }
};

QTEST_GUILESS_MAIN(TestCliLint)
#include "tst_clilint.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// kernel-workbench's command line, run as a process: --screenshot writes a PNG of the asked size,
// bad input exits 2 with one line naming the problem, --help and --version exit 0.
#include "samplebundle.h"
#include "tests/helpers/testpaths.h"
#include "uitest.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

class TestWorkbenchCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    struct Run {
        int code = -1;
        QString out;
        QString err;
    };

    static Run run(const QStringList& args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (!env.contains(QStringLiteral("QT_QPA_PLATFORM")))
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(KWB_BIN_DIR + QStringLiteral("/kernel-workbench"), args);
        Run r;
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    // Lines of stderr that are ours (Qt may add platform notes such as XDG_RUNTIME_DIR).
    static QStringList ourLines(const QString& err)
    {
        QStringList lines;
        for (const QString& l : err.split(u'\n', Qt::SkipEmptyParts)) {
            if (l.startsWith(u"kernel-workbench:"))
                lines << l;
        }
        return lines;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(kwb::test::writeBundle(m_dir.filePath(QStringLiteral("task")), QStringLiteral("scale")));
        QVERIFY(kwb::test::writeBrokenBundle(m_dir.filePath(QStringLiteral("broken"))));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("empty/sub"))));
    }

    void screenshot_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<QSize>("expected");
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("default") << "" << QSize(1600, 1000) << QStringList {};
        QTest::newRow("small") << "900x600" << QSize(900, 600) << QStringList {};
        QTest::newRow("diff of a candidate")
            << "1200x800" << QSize(1200, 800)
            << QStringList { QStringLiteral("--diff"), QStringLiteral("--candidate"), QStringLiteral("alt") };
    }

    void screenshot()
    {
        QFETCH(QString, size);
        QFETCH(QSize, expected);
        QFETCH(QStringList, extra);
        const QString out
            = m_dir.filePath(QStringLiteral("shot-%1.png").arg(QLatin1StringView(QTest::currentDataTag())));
        QStringList args { QStringLiteral("--screenshot"), out };
        if (!size.isEmpty())
            args << QStringLiteral("--size") << size;
        args << extra << m_dir.filePath(QStringLiteral("task"));
        const Run r = run(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QImage image(out);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), expected);
        // Not a blank image: the window has content in several colours.
        QVERIFY(image.pixelColor(5, 5) != image.pixelColor(image.width() / 2, image.height() / 2)
            || image.pixelColor(image.width() / 3, 60) != image.pixelColor(image.width() - 5, image.height() - 5));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        const QString out = QStringLiteral("/tmp/never-written.png");
        QTest::newRow("missing path") << QStringList { QStringLiteral("--screenshot"), out,
            QStringLiteral("/no/such/task") }
                                      << "/no/such/task";
        QTest::newRow("no task in folder")
            << QStringList { QStringLiteral("--screenshot"), out, QStringLiteral("@empty") } << "no task bundle";
        QTest::newRow("unloadable task") << QStringList { QStringLiteral("--screenshot"), out,
            QStringLiteral("@broken") } << "task.json";
        QTest::newRow("bad size") << QStringList { QStringLiteral("--screenshot"), out, QStringLiteral("--size"),
            QStringLiteral("big"), QStringLiteral("@task") }
                                  << "--size";
        QTest::newRow("screenshot without path") << QStringList { QStringLiteral("--screenshot"), out } << "PATH";
        QTest::newRow("unknown candidate") << QStringList { QStringLiteral("--screenshot"), out,
            QStringLiteral("--candidate"), QStringLiteral("nope"), QStringLiteral("@task") }
                                           << "--candidate: no implementation 'nope'";
        QTest::newRow("unknown task") << QStringList { QStringLiteral("--screenshot"), out, QStringLiteral("--task"),
            QStringLiteral("nope"), QStringLiteral("@task") }
                                      << "--task: no task 'nope'";
        QTest::newRow("unknown option") << QStringList { QStringLiteral("--frobnicate") } << "frobnicate";
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        for (QString& a : args) {
            if (a.startsWith(u'@'))
                a = m_dir.filePath(a.mid(1));
        }
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        const QStringList lines = ourLines(r.err);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().contains(mentions), qPrintable(lines.first()));
    }

    void helpAndVersion()
    {
        const Run help = run({ QStringLiteral("--help") });
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(u"--screenshot"));
        QVERIFY(help.out.contains(u"--size"));
        const Run version = run({ QStringLiteral("--version") });
        QCOMPARE(version.code, 0);
        QCOMPARE(version.out.trimmed(), QStringLiteral("kernel-workbench " KWB_VERSION));
    }
};

KWB_UI_TEST_MAIN(TestWorkbenchCli)
#include "tst_workbenchcli.moc"

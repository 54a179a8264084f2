// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One factory, one interface (exec/executor.h, executors/executorfactory.h): what an engine asks of where it runs.
#include "core/exec/executor.h"
#include "core/exec/sandboxprobe.h"
#include "core/executors/executorfactory.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace kwb;

class TestExecutor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theFactoryMakesOnePerKind_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("remote");
        QTest::newRow("default") << QString() << QStringLiteral("local") << false;
        QTest::newRow("local") << QStringLiteral("local") << QStringLiteral("local") << false;
        QTest::newRow("ssh") << QStringLiteral("ssh:gpu-box") << QStringLiteral("ssh:gpu-box") << true;
        QTest::newRow("slurm") << QStringLiteral("slurm:debug") << QStringLiteral("slurm:debug") << false;
    }
    void theFactoryMakesOnePerKind()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(bool, remote);
        const auto spec = ExecutorSpec::parse(text);
        QVERIFY(spec.ok());
        const auto executor = makeExecutor(*spec);
        QCOMPARE(executor->name(), name);
        QCOMPARE(executor->remote(), remote);
        QCOMPARE(spec->remote(), remote); // the spec and its executor say the same
    }

    void aRemoteHostIsolatesItself()
    {
        // No sandbox check here for an SSH host: kwb_remote.sh isolates its runners there and reports how.
        QVERIFY(makeExecutor(*ExecutorSpec::parse(QStringLiteral("ssh:gpu-box")))->requireSandbox().ok());
        // Here, the answer is bubblewrap's, and a missing one is the environment's fault.
        const Status here = LocalExecutor().requireSandbox();
        QCOMPARE(here.ok(), sandboxAvailable().available);
        if (!here.ok())
            QVERIFY(here.error().isEnvironment());
    }

    void localToolsRunAndStop()
    {
        QTemporaryDir dir;
        const LocalExecutor here;
        ToolRun echo = here.runTool(QStringLiteral("/bin/sh"),
            { QStringLiteral("-c"), QStringLiteral("echo hi; exit 3") }, dir.path(), ToolOptions {});
        QVERIFY(echo.started && echo.finished);
        QCOMPARE(echo.exitCode, 3);
        QVERIFY(echo.output.contains(QStringLiteral("hi")));

        std::atomic_bool cancel { false };
        ToolOptions options;
        options.cancel = &cancel;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel = true;
        });
        QElapsedTimer clock;
        clock.start();
        const ToolRun slept = here.runTool(
            QStringLiteral("/bin/sh"), { QStringLiteral("-c"), QStringLiteral("sleep 30") }, dir.path(), options);
        stopper.join();
        QVERIFY(slept.stopped);
        QVERIFY(!slept.ok());
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    }

    void probesGoThroughTheSameProcesses()
    {
        QVERIFY(probeOutput(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), QStringLiteral("echo 1.2.3") })
                    .contains(QStringLiteral("1.2.3")));
        QVERIFY(probeOutput(QStringLiteral("/nonexistent/tool"), {}).isEmpty());
        QVERIFY(
            probeOutput(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), QStringLiteral("sleep 5") }, 300).isEmpty());
    }

    void errorsHaveAKind()
    {
        QVERIFY(Error::environment(QStringLiteral("f"), {}, QStringLiteral("no bwrap")).isEnvironment());
        QVERIFY(Error::stopped().isStopped());
        const Error input { QStringLiteral("task.json"), QStringLiteral("/inputs"), QStringLiteral("bad") };
        QCOMPARE(input.kind, ErrorKind::Input);
        QVERIFY(!input.isEnvironment() && !input.isStopped());
    }
};

QTEST_GUILESS_MAIN(TestExecutor)
#include "tst_executor.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/runtocompletion.h"
#include "core/exec/toollocator.h"
#include "hostiletest.h"

#include <QTemporaryDir>
#include <QTimer>

#include <csignal>

using namespace kwb;
using namespace kwb::test;
using namespace Qt::StringLiterals;

// Runs under the sandbox and without it: outcomes, limits, stop and output handling.
class TestSandboxedProcess : public QObject {
    Q_OBJECT
private:
    std::optional<QTemporaryDir> m_base;
    QString m_work;

    void addModeRows()
    {
        QTest::addColumn<bool>("sandbox");
        QTest::newRow("sandbox") << true;
        QTest::newRow("no sandbox") << false;
    }
    void skipIfNeeded(bool sandbox)
    {
        if (sandbox)
            KWB_REQUIRE_SANDBOX();
    }

private Q_SLOTS:
    void init()
    {
        m_base.emplace();
        QVERIFY(m_base->isValid());
        QVERIFY(QDir(m_base->path()).mkdir(u"work"_s));
        m_work = m_base->filePath(u"work"_s);
    }
    void cleanup()
    {
        // Nothing this test started may outlive it.
        QTRY_COMPARE_WITH_TIMEOUT(helpersLeft(), 0, 3000);
        m_base.reset();
    }

    void probeFindsBwrap()
    {
        const SandboxStatus s = sandboxAvailable();
        if (ToolLocator::find(u"bwrap"_s).isEmpty())
            QSKIP("bubblewrap is not installed");
        QVERIFY2(s.available, qPrintable(s.reason));
        QVERIFY(QFileInfo(s.bwrapPath).isAbsolute());
        QVERIFY(s.reason.isEmpty());
    }

    void wellBehaved_data() { addModeRows(); }
    void wellBehaved()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        qputenv("KWB_TEST_LEAK", "1");
        ProcessSpec spec = hostileSpec(m_work, { u"ok"_s, u"3"_s }, sandbox);
        spec.environment.insert(u"KWB_TEST_VALUE"_s, u"abc"_s);
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        qunsetenv("KWB_TEST_LEAK");
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.started, 1);
        const RunOutcome& o = *e.outcome;
        QCOMPARE(o.status, RunStatus::Exited);
        QCOMPARE(o.exitCode, 3);
        QCOMPARE(o.sandboxed, sandbox);
        QVERIFY(!o.succeeded());
        QVERIFY(o.findings.isEmpty());
        const QByteArray out = o.stdoutOutput.text();
        QVERIFY(out.startsWith("hello stdout\n"));
        QVERIFY(out.contains("value=abc\n"));
        QVERIFY(out.contains("leaked=no\n")); // the caller's environment does not leak in
        QVERIFY(out.contains("cwd=" + QFileInfo(m_work).canonicalFilePath().toUtf8() + '\n'));
        QCOMPARE(o.stderrOutput.text(), QByteArray("hello stderr\n"));
        QCOMPARE(e.liveStdout, out);
        QVERIFY(QFile::exists(m_work + u"/written.txt"_s)); // the work folder is writable
        QVERIFY(!p.isRunning());
    }

    void systemPythonWithNumpy()
    {
        // The python runners use Debian's interpreter and numpy: both must work inside the sandbox.
        KWB_REQUIRE_SANDBOX();
        const QString python = u"/usr/bin/python3"_s;
        if (!QFileInfo(python).isExecutable())
            QSKIP("no /usr/bin/python3");
        ProcessSpec spec = hostileSpec(m_work, {}, true);
        spec.program = python;
        spec.arguments = { u"-c"_s,
            u"import numpy, multiprocessing, tempfile; multiprocessing.Lock(); tempfile.mkstemp(); "
            "print(int(numpy.arange(4).sum()))"_s };
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        if (e.outcome->stderrOutput.text().contains("No module named 'numpy'"))
            QSKIP("python3-numpy is not installed");
        QVERIFY2(e.outcome->succeeded(), e.outcome->stderrOutput.text().constData());
        QCOMPARE(e.outcome->stdoutOutput.text(), QByteArray("6\n"));
    }

    void timeout_data() { addModeRows(); }
    void timeout()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        ProcessSpec spec = hostileSpec(m_work, { u"sleep"_s }, sandbox);
        spec.limits.timeoutMs = 500;
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->status, RunStatus::TimedOut);
        QVERIFY(e.outcome->hasFinding(u"sandbox.timeout"_s));
        QVERIFY(e.outcome->elapsedMs >= 500);
        QVERIFY(e.outcome->elapsedMs < 30'000); // long before the helper's own end (60 s)
    }

    void timeoutKillsTheGroup_data() { addModeRows(); }
    void timeoutKillsTheGroup()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        ProcessSpec spec = hostileSpec(m_work, { u"family"_s }, sandbox);
        spec.limits.timeoutMs = 800;
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->status, RunStatus::TimedOut);
        QVERIFY(e.outcome->stdoutOutput.text().contains("family started"));
        QTRY_COMPARE_WITH_TIMEOUT(helpersLeft(), 0, 1000); // the children went with the parent
    }

    void cpuLimit_data() { addModeRows(); }
    void cpuLimit()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        // The spinner gives up after 60 s of wall-clock time by itself; a busy machine may need several
        // seconds of it to spend one second of CPU.
        ProcessSpec spec = hostileSpec(m_work, { u"spin"_s, u"60"_s }, sandbox);
        spec.limits.cpuSeconds = 1;
        spec.limits.timeoutMs = 50'000;
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec, 55'000);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->status, RunStatus::TimedOut);
        QCOMPARE(e.outcome->signal, SIGXCPU);
        QVERIFY(e.outcome->detail.contains(u"CPU"_s));
    }

    void stop_data() { addModeRows(); }
    void stop()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        SandboxedProcess p;
        const Emitted e = runAndWait(p, hostileSpec(m_work, { u"sleep"_s }, sandbox), 10'000, [&] { p.stop(); });
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->status, RunStatus::Stopped);
        QVERIFY(e.outcome->findings.isEmpty()); // stopped by the user is not a failure
        QVERIFY(e.outcome->elapsedMs < 30'000); // long before the helper's own end (60 s)
    }

    void memoryLimit_data() { addModeRows(); }
    void memoryLimit()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        ProcessSpec spec = hostileSpec(m_work, { u"memhog"_s, u"4096"_s }, sandbox);
        spec.limits.memoryMiB = 256;
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QVERIFY(!e.outcome->stdoutOutput.text().contains("without hitting a limit"));
        QCOMPARE(e.outcome->status, RunStatus::MemoryLimit);
        QVERIFY(e.outcome->hasFinding(u"sandbox.memory-limit"_s));
    }

    void outputFlood_data() { addModeRows(); }
    void outputFlood()
    {
        QFETCH(bool, sandbox);
        skipIfNeeded(sandbox);
        const qint64 flood = 8 * 1024 * 1024;
        ProcessSpec spec = hostileSpec(m_work, { u"flood"_s, QString::number(flood) }, sandbox);
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
        ticker.start(10);
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        ticker.stop();
        QVERIFY2(e.outcome, qPrintable(e.failure));
        const RunOutcome& o = *e.outcome;
        QCOMPARE(o.status, RunStatus::Exited);
        QCOMPARE(o.exitCode, 0);
        const CapturedOutput& out = o.stdoutOutput;
        QVERIFY(out.totalBytes > flood);
        QCOMPARE(out.head.size(), 32 * 1024);
        QCOMPARE(out.tail.size(), 32 * 1024);
        QCOMPARE(out.droppedBytes, out.totalBytes - 64 * 1024);
        QVERIFY(out.head.startsWith("HEAD-MARKER\n"));
        QVERIFY(out.tail.endsWith("TAIL-MARKER\n"));
        QVERIFY(o.hasFinding(u"sandbox.output-limit"_s));
        // Live output stops at the head; the event loop kept turning while the flood went by.
        QCOMPARE(e.liveStdout, out.head);
        QCOMPARE(e.limitSignals, 1);
        QVERIFY2(ticks > 0, qPrintable(u"timer ticks during the flood: %1"_s.arg(ticks)));
    }

    void badSpec_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("workDir");
        QTest::addColumn<int>("memoryMiB");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing program") << u"/nonexistent/prog"_s << QString() << 1 << u"does not exist"_s;
        QTest::newRow("unknown program") << u"kwb-no-such-tool"_s << QString() << 1 << u"not found on PATH"_s;
        QTest::newRow("not executable") << u"/etc/passwd"_s << QString() << 1 << u"not an executable"_s;
        QTest::newRow("missing work folder") << QString() << u"/nonexistent/work"_s << 1 << u"not an existing folder"_s;
        QTest::newRow("relative work folder") << QString() << u"work"_s << 1 << u"not an absolute path"_s;
        QTest::newRow("negative limit") << QString() << QString() << -1 << u"must not be negative"_s;
    }
    void badSpec()
    {
        QFETCH(QString, program);
        QFETCH(QString, workDir);
        QFETCH(int, memoryMiB);
        QFETCH(QString, expected);
        ProcessSpec spec = hostileSpec(workDir.isEmpty() ? m_work : workDir, { u"ok"_s }, false);
        if (!program.isEmpty())
            spec.program = program;
        spec.limits.memoryMiB = memoryMiB;
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec, 5000);
        QVERIFY(!e.outcome);
        QCOMPARE(e.started, 0);
        QVERIFY2(e.failure.contains(expected), qPrintable(e.failure));
        QVERIFY(!p.isRunning());
    }

    void refusesWithoutBwrap()
    {
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", m_work.toUtf8()); // an empty folder: no bwrap, no prlimit
        ToolLocator::clearCache();
        SandboxedProcess p;
        const Emitted sandboxed = runAndWait(p, hostileSpec(m_work, { u"ok"_s }, true), 5000);
        const Emitted direct = runAndWait(p, hostileSpec(m_work, { u"ok"_s }, false), 10'000);
        qputenv("PATH", path);
        ToolLocator::clearCache();
        QVERIFY(!sandboxed.outcome);
        // Core names the setting, never a CLI flag (the CLI adds its flag: kwb::cli::withFlags).
        QVERIFY2(sandboxed.failure.contains(u"turn the sandbox off"_s), qPrintable(sandboxed.failure));
        QVERIFY(sandboxed.failure.contains(u"bwrap"_s));
        QVERIFY2(direct.outcome, qPrintable(direct.failure)); // --no-sandbox still runs
        QCOMPARE(direct.outcome->exitCode, 0);
    }

    void runToCompletionStreams()
    {
        KWB_REQUIRE_SANDBOX();
        QByteArray live;
        const Result<RunOutcome> r = runToCompletion(
            hostileSpec(m_work, { u"ok"_s }, true), [&](OutputChannel channel, const QByteArray& bytes) {
                if (channel == OutputChannel::Stderr)
                    live += bytes;
            });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().oneLine()));
        QVERIFY(r->succeeded());
        QCOMPARE(live, QByteArray("hello stderr\n"));
        const Result<RunOutcome> bad = runToCompletion(hostileSpec(u"/nonexistent"_s, { u"ok"_s }, true));
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().what.contains(u"/nonexistent"_s));
    }

    void destructorKillsTheTree()
    {
        KWB_REQUIRE_SANDBOX();
        {
            SandboxedProcess p;
            QSignalSpy started(&p, &SandboxedProcess::started);
            QVERIFY(p.start(hostileSpec(m_work, { u"sleep"_s }, true)));
            QVERIFY(started.wait(5000));
            QVERIFY(!p.start(hostileSpec(m_work, { u"ok"_s }, true))); // one run at a time
        }
        QTRY_COMPARE_WITH_TIMEOUT(helpersLeft(), 0, 3000);
    }
};

QTEST_GUILESS_MAIN(TestSandboxedProcess)
#include "tst_sandboxedprocess.moc"

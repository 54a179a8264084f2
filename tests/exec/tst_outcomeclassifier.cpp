// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/outcomeclassifier.h"
#include "core/exec/sandboxsigns.h"

#include <QJsonArray>
#include <QTest>

using namespace kwb;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(kwb::EndRequest)
Q_DECLARE_METATYPE(kwb::RunStatus)

namespace {

CapturedOutput captured(const QByteArray& text)
{
    CapturedOutput c;
    c.head = text;
    c.totalBytes = text.size();
    return c;
}

QStringList findingIds(const RunOutcome& o)
{
    QStringList ids;
    for (const Finding& f : o.findings)
        ids.append(f.id);
    return ids;
}

} // namespace

class TestOutcomeClassifier : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void classify_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("crashed");
        QTest::addColumn<EndRequest>("request");
        QTest::addColumn<bool>("sandboxed");
        QTest::addColumn<QByteArray>("stderrText");
        QTest::addColumn<RunStatus>("status");
        QTest::addColumn<int>("expectedExit");
        QTest::addColumn<int>("expectedSignal");
        QTest::addColumn<QStringList>("findings");
        const auto none = EndRequest::None;
        QTest::newRow("clean exit") << 0 << false << none << true << QByteArray() << RunStatus::Exited << 0 << 0
                                    << QStringList();
        QTest::newRow("exit 3") << 3 << false << none << true << QByteArray("boom") << RunStatus::Exited << 3 << 0
                                << QStringList();
        QTest::newRow("sandbox 128+9 is SIGKILL")
            << 137 << false << none << true << QByteArray() << RunStatus::Signalled << -1 << 9 << QStringList();
        QTest::newRow("no sandbox 137 is an exit code")
            << 137 << false << none << false << QByteArray() << RunStatus::Exited << 137 << 0 << QStringList();
        QTest::newRow("direct child crashed")
            << 11 << true << none << false << QByteArray() << RunStatus::Signalled << -1 << 11 << QStringList();
        QTest::newRow("wall-clock timeout") << 9 << true << EndRequest::Timeout << true << QByteArray()
                                            << RunStatus::TimedOut << -1 << 9 << QStringList { u"sandbox.timeout"_s };
        QTest::newRow("stopped is not a failure")
            << 9 << true << EndRequest::Stop << true << QByteArray("std::bad_alloc") << RunStatus::Stopped << -1 << 9
            << QStringList();
        QTest::newRow("cpu limit SIGXCPU") << 128 + 24 << false << none << true << QByteArray() << RunStatus::TimedOut
                                           << -1 << 24 << QStringList { u"sandbox.timeout"_s };
        QTest::newRow("c++ bad_alloc") << 134 << false << none << true
                                       << QByteArray("terminate called after throwing an instance of 'std::bad_alloc'\n"
                                                     "  what():  std::bad_alloc\n")
                                       << RunStatus::MemoryLimit << -1 << 6
                                       << QStringList { u"sandbox.memory-limit"_s };
        QTest::newRow("python MemoryError")
            << 1 << false << none << true << QByteArray("Traceback (most recent call last):\nMemoryError\n")
            << RunStatus::MemoryLimit << 1 << 0 << QStringList { u"sandbox.memory-limit"_s };
        QTest::newRow("numpy unable to allocate")
            << 1 << false << none << false
            << QByteArray("numpy.core._exceptions._ArrayMemoryError: Unable to allocate 8.00 GiB for an array")
            << RunStatus::MemoryLimit << 1 << 0 << QStringList { u"sandbox.memory-limit"_s };
        QTest::newRow("torch cpu allocator")
            << 1 << false << none << true
            << QByteArray("RuntimeError: [enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't "
                          "allocate memory: you tried to allocate 17179869184 bytes. Error code 12")
            << RunStatus::MemoryLimit << 1 << 0 << QStringList { u"sandbox.memory-limit"_s };
        QTest::newRow("cuda out of memory is not the host limit")
            << 1 << false << none << true << QByteArray("RuntimeError: CUDA error: out of memory") << RunStatus::Exited
            << 1 << 0 << QStringList();
        QTest::newRow("fork failure") << 1 << false << none << true
                                      << QByteArray("fork: Resource temporarily unavailable\n")
                                      << RunStatus::ProcessLimit << 1 << 0
                                      << QStringList { u"sandbox.process-limit"_s };
        QTest::newRow("fork failure, clean exit")
            << 0 << false << none << true << QByteArray("sh: fork: retry: Resource temporarily unavailable")
            << RunStatus::Exited << 0 << 0 << QStringList { u"sandbox.process-limit"_s };
        QTest::newRow("python thread limit")
            << 1 << false << none << true << QByteArray("RuntimeError: can't start new thread")
            << RunStatus::ProcessLimit << 1 << 0 << QStringList { u"sandbox.process-limit"_s };
        QTest::newRow("c++ killed by SIGXFSZ")
            << 128 + 25 << false << none << true << QByteArray() << RunStatus::FileSizeLimit << -1 << 25
            << QStringList { u"sandbox.file-size-limit"_s };
        QTest::newRow("numpy short write at the file-size limit (python ignores SIGXFSZ)")
            << 1 << false << none << true << QByteArray("OSError: 1073741824 requested and 1073741792 written\n")
            << RunStatus::FileSizeLimit << 1 << 0 << QStringList { u"sandbox.file-size-limit"_s };
        QTest::newRow("python EFBIG") << 1 << false << none << true
                                      << QByteArray("OSError: [Errno 27] File too large: 'out/c.npy'\n")
                                      << RunStatus::FileSizeLimit << 1 << 0
                                      << QStringList { u"sandbox.file-size-limit"_s };
        QTest::newRow("a clean exit that mentions a large file is no limit")
            << 0 << false << none << true << QByteArray("File too large? no.") << RunStatus::Exited << 0 << 0
            << QStringList();
        QTest::newRow("read-only file system")
            << 1 << false << none << true << QByteArray("open /usr/x: Read-only file system") << RunStatus::Exited << 1
            << 0 << QStringList { u"sandbox.write-denied"_s };
        QTest::newRow("python EROFS") << 1 << false << none << true
                                      << QByteArray("OSError: [Errno 30] Read-only file system: '/root/x'")
                                      << RunStatus::Exited << 1 << 0 << QStringList { u"sandbox.write-denied"_s };
        QTest::newRow("EROFS without the sandbox is no sandbox finding")
            << 1 << false << none << false << QByteArray("open /usr/x: Read-only file system") << RunStatus::Exited << 1
            << 0 << QStringList();
        QTest::newRow("connection refused")
            << 1 << false << none << true << QByteArray("connect 127.0.0.1:5000: Connection refused")
            << RunStatus::Exited << 1 << 0 << QStringList { u"sandbox.network-denied"_s };
        QTest::newRow("python network unreachable")
            << 1 << false << none << true << QByteArray("OSError: [Errno 101] Network is unreachable")
            << RunStatus::Exited << 1 << 0 << QStringList { u"sandbox.network-denied"_s };
        QTest::newRow("dns") << 1 << false << none << true
                             << QByteArray("socket.gaierror: [Errno -3] Temporary failure in name resolution")
                             << RunStatus::Exited << 1 << 0 << QStringList { u"sandbox.network-denied"_s };
        QTest::newRow("permission denied is not counted")
            << 1 << false << none << true << QByteArray("open /dev/nvidia0: Permission denied") << RunStatus::Exited
            << 1 << 0 << QStringList();
    }
    void classify()
    {
        QFETCH(int, exitCode);
        QFETCH(bool, crashed);
        QFETCH(EndRequest, request);
        QFETCH(bool, sandboxed);
        QFETCH(QByteArray, stderrText);
        QFETCH(RunStatus, status);
        QFETCH(int, expectedExit);
        QFETCH(int, expectedSignal);
        QFETCH(QStringList, findings);
        const ProcessEnd end { exitCode, crashed, request, sandboxed, 42 };
        const RunOutcome o = classifyRun(end, RunLimits(), captured(QByteArray()), captured(stderrText));
        QCOMPARE(runStatusName(o.status), runStatusName(status));
        QCOMPARE(o.exitCode, expectedExit);
        QCOMPARE(o.signal, expectedSignal);
        QCOMPARE(findingIds(o), findings);
        QCOMPARE(o.elapsedMs, qint64(42));
        QVERIFY(!o.detail.isEmpty());
        QCOMPARE(o.succeeded(), status == RunStatus::Exited && expectedExit == 0);
    }
    void evidenceNamesTheLines()
    {
        const QByteArray err = "line one\nconnect 127.0.0.1:9: Connection refused\nline three\n";
        const RunOutcome o = classifyRun(
            ProcessEnd { 1, false, EndRequest::None, true, 0 }, RunLimits(), captured(QByteArray()), captured(err));
        QCOMPARE(o.findings.size(), 1);
        QCOMPARE(o.findings[0].evidence.value(u"lines"_s).toArray().first().toString(),
            u"connect 127.0.0.1:9: Connection refused"_s);
    }
    void truncatedOutputIsAWarning()
    {
        CapturedOutput out = captured("head");
        out.tail = "tail";
        out.totalBytes = 1000;
        out.droppedBytes = 992;
        const RunOutcome o = classifyRun(ProcessEnd(), RunLimits(), out, captured(QByteArray()));
        QCOMPARE(findingIds(o), QStringList { u"sandbox.output-limit"_s });
        QCOMPARE(o.findings[0].severity, Severity::Warning);
        QVERIFY(o.succeeded());
    }
    void memorySignNeedsALimit()
    {
        RunLimits limits;
        limits.memoryMiB = 0;
        const RunOutcome o = classifyRun(ProcessEnd { 1, false, EndRequest::None, true, 0 }, limits,
            captured(QByteArray()), captured("MemoryError"));
        QCOMPARE(o.status, RunStatus::Exited);
    }
    void setupFailure_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("sandboxed");
        QTest::addColumn<QByteArray>("stderrText");
        QTest::addColumn<bool>("isSetupFailure");
        QTest::newRow("no namespaces") << 1 << true << QByteArray("bwrap: No permissions to creating new namespace\n")
                                       << true;
        QTest::newRow("program failed") << 1 << true << QByteArray("error: bad input\n") << false;
        QTest::newRow("other exit code") << 2 << true << QByteArray("bwrap: x\n") << false;
        QTest::newRow("no sandbox") << 1 << false << QByteArray("bwrap: x\n") << false;
    }
    void setupFailure()
    {
        QFETCH(int, exitCode);
        QFETCH(bool, sandboxed);
        QFETCH(QByteArray, stderrText);
        QFETCH(bool, isSetupFailure);
        const QString message
            = sandboxSetupFailure(ProcessEnd { exitCode, false, EndRequest::None, sandboxed, 0 }, captured(stderrText));
        QCOMPARE(!message.isEmpty(), isSetupFailure);
        if (isSetupFailure)
            QVERIFY(message.contains(u"No permissions"_s));
    }
};

QTEST_GUILESS_MAIN(TestOutcomeClassifier)
#include "tst_outcomeclassifier.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostiletest.h"
#include "tests/helpers/testpaths.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QUuid>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace kwb;
using namespace kwb::test;
using namespace Qt::StringLiterals;

namespace {

// A TCP listener on 127.0.0.1 of the host, to see whether a sandboxed process reaches it.
class LoopbackListener {
public:
    LoopbackListener()
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_in addr {};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        if (m_fd >= 0 && ::bind(m_fd, reinterpret_cast<sockaddr*>(&addr), len) == 0 && ::listen(m_fd, 4) == 0
            && ::getsockname(m_fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
            m_port = ntohs(addr.sin_port);
    }
    ~LoopbackListener() { ::close(m_fd); }
    int port() const { return m_port; }
    /// True when a connection is waiting to be accepted.
    bool wasReached()
    {
        const int c = ::accept4(m_fd, nullptr, nullptr, SOCK_CLOEXEC);
        if (c < 0)
            return false;
        ::close(c);
        return true;
    }

private:
    int m_fd = -1;
    int m_port = 0;
};

} // namespace

// Hostile programs under the sandbox: each is caught or contained, the engine survives, nothing is left
// running and nothing is written outside the work folder.
class TestSandboxContainment : public QObject {
    Q_OBJECT
private:
    std::optional<QTemporaryDir> m_base;
    QString m_work;
    QString m_reference;

    // The hostile helper in `mode`, sandboxed, under a process limit of 32.
    Emitted runAtProcessLimit(SandboxedProcess& p, const QString& mode)
    {
        ProcessSpec spec = hostileSpec(m_work, { mode }, true);
        spec.limits.maxProcesses = 32;
        return runAndWait(p, spec);
    }

private Q_SLOTS:
    void initTestCase() { KWB_REQUIRE_SANDBOX(); }
    void init()
    {
        m_base.emplace();
        QVERIFY(m_base->isValid());
        QVERIFY(QDir(m_base->path()).mkdir(u"work"_s));
        QVERIFY(QDir(m_base->path()).mkdir(u"reference"_s));
        m_work = m_base->filePath(u"work"_s);
        m_reference = m_base->filePath(u"reference"_s);
        QFile secret(m_reference + u"/secret.txt"_s);
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("SECRET-42\n");
    }
    void cleanup()
    {
        QTRY_COMPARE_WITH_TIMEOUT(helpersLeft(), 0, 3000);
        // The sibling folder (a reference's outputs) is exactly as it was.
        QCOMPARE(QDir(m_reference).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList { u"secret.txt"_s });
        m_base.reset();
    }

    void forkBombIsContained()
    {
        SandboxedProcess p;
        const Emitted e = runAtProcessLimit(p, u"forkbomb"_s);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        if (!e.outcome->notes.isEmpty())
            QSKIP(qPrintable(e.outcome->notes.join(u"; "_s)));
        const QByteArray out = e.outcome->stdoutOutput.text();
        QVERIFY2(out.contains("forks before the limit: "), out.constData());
        const int forks = out.mid(out.indexOf(": ") + 2).trimmed().toInt();
        QVERIFY2(forks > 0 && forks <= 32, out.constData());
        QCOMPARE(e.outcome->status, RunStatus::ProcessLimit);
        QVERIFY(e.outcome->hasFinding(u"sandbox.process-limit"_s));
    }

    // A program that dies after a thread was refused, saying nothing about it: the pids cgroup's count says it.
    void silentThreadStormIsAProcessLimit()
    {
        SandboxedProcess p;
        const Emitted e = runAtProcessLimit(p, u"threads"_s);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        if (!e.outcome->notes.isEmpty())
            QSKIP(qPrintable(e.outcome->notes.join(u"; "_s)));
        QVERIFY2(!e.outcome->stdoutOutput.text().contains("no limit hit"), e.outcome->stdoutOutput.text().constData());
        QCOMPARE(e.outcome->status, RunStatus::ProcessLimit);
        const auto f = std::find_if(e.outcome->findings.cbegin(), e.outcome->findings.cend(),
            [](const Finding& x) { return x.id == u"sandbox.process-limit"; });
        QVERIFY(f != e.outcome->findings.cend());
        const QByteArray evidence = QJsonDocument(f->evidence).toJson(QJsonDocument::Compact);
        QVERIFY2(evidence.contains("pids.events"), evidence.constData());
    }

    void writesOutsideAreDenied()
    {
        const QString tag = u"kwb-escape-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QStringList targets { QDir::homePath() + u'/' + tag, u"/tmp/"_s + tag, KWB_SOURCE_DIR + u'/' + tag,
            u"/usr/"_s + tag, m_reference + u'/' + tag, m_base->path() + u'/' + tag };
        SandboxedProcess p;
        const Emitted e = runAndWait(p, hostileSpec(m_work, QStringList { u"write"_s } + targets, true));
        QStringList escaped;
        for (const QString& t : targets) {
            if (QFile::exists(t))
                escaped.append(t);
            QFile::remove(t);
        }
        QVERIFY2(escaped.isEmpty(), qPrintable(escaped.join(u", "_s)));
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QVERIFY(e.outcome->hasFinding(u"sandbox.write-denied"_s));
        const QByteArray err = e.outcome->stderrOutput.text();
        QVERIFY2(err.contains("open /usr/" + tag.toUtf8() + ": Read-only file system"), err.constData());
        QVERIFY2(err.contains("Read-only file system"), err.constData());
    }

    void network_data()
    {
        QTest::addColumn<bool>("shareNetwork");
        QTest::newRow("empty network namespace") << false;
        QTest::newRow("host network (control)") << true;
    }
    void network()
    {
        QFETCH(bool, shareNetwork);
        LoopbackListener listener;
        QVERIFY(listener.port() > 0);
        ProcessSpec spec = hostileSpec(m_work, { u"connect"_s, QString::number(listener.port()) }, true);
        spec.network = shareNetwork;
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(listener.wasReached(), shareNetwork);
        QCOMPARE(e.outcome->exitCode, shareNetwork ? 0 : 1);
        QCOMPARE(e.outcome->hasFinding(u"sandbox.network-denied"_s), !shareNetwork);
    }

    void otherFolders_data()
    {
        QTest::addColumn<bool>("bindReference");
        QTest::newRow("not visible") << false;
        QTest::newRow("bound read-only (control)") << true;
    }
    void otherFolders()
    {
        QFETCH(bool, bindReference);
        ProcessSpec spec = hostileSpec(m_work, { u"read"_s, m_reference + u"/secret.txt"_s }, true);
        if (bindReference)
            spec.readOnlyPaths = { m_reference };
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->stdoutOutput.text().contains("SECRET-42"), bindReference);
        QCOMPARE(e.outcome->exitCode, bindReference ? 0 : 1);
        if (!bindReference)
            QVERIFY(e.outcome->stderrOutput.text().contains("No such file or directory"));

        // A visible folder is still read-only.
        spec.arguments = { u"write"_s, m_reference + u"/secret.txt"_s, m_reference + u"/new.txt"_s };
        const Emitted w = runAndWait(p, spec);
        QVERIFY2(w.outcome, qPrintable(w.failure));
        QCOMPARE(w.outcome->exitCode, 0); // the helper's exit code counts the writes that succeeded
        QFile secret(m_reference + u"/secret.txt"_s);
        QVERIFY(secret.open(QIODevice::ReadOnly));
        QCOMPARE(secret.readAll(), QByteArray("SECRET-42\n"));
    }

    void inputsInsideTheWorkFolderStayReadOnly()
    {
        const QString inputs = m_work + u"/inputs"_s;
        QVERIFY(QDir().mkpath(inputs));
        QFile input(inputs + u"/a.npy"_s);
        QVERIFY(input.open(QIODevice::WriteOnly));
        input.write("original");
        input.close();
        ProcessSpec spec = hostileSpec(
            m_work, { u"write"_s, inputs + u"/a.npy"_s, inputs + u"/new.npy"_s, m_work + u"/out.npy"_s }, true);
        spec.readOnlyPaths = { inputs };
        SandboxedProcess p;
        const Emitted e = runAndWait(p, spec);
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->exitCode, 1); // only the output was written
        QVERIFY(QFile::exists(m_work + u"/out.npy"_s));
        QVERIFY(!QFile::exists(inputs + u"/new.npy"_s));
        QVERIFY(input.open(QIODevice::ReadOnly));
        QCOMPARE(input.readAll(), QByteArray("original"));
        QVERIFY(e.outcome->hasFinding(u"sandbox.write-denied"_s));
    }

    void killingItsParentAndGroup()
    {
        SandboxedProcess p;
        const Emitted e = runAndWait(p, hostileSpec(m_work, { u"kill-parent"_s }, true));
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->status, RunStatus::Signalled);
        QCOMPARE(e.outcome->signal, SIGKILL);
        QVERIFY(e.outcome->stdoutOutput.text().startsWith("killing parent 1"));
        // The engine is intact and runs the next process.
        const Emitted next = runAndWait(p, hostileSpec(m_work, { u"ok"_s }, true));
        QVERIFY2(next.outcome, qPrintable(next.failure));
        QCOMPARE(next.outcome->exitCode, 0);
    }

    void detachedDaemon_data()
    {
        QTest::addColumn<bool>("sandbox");
        QTest::newRow("sandbox (PID namespace)") << true;
        QTest::newRow("no sandbox (session sweep)") << false;
    }
    void detachedDaemon()
    {
        QFETCH(bool, sandbox);
        SandboxedProcess p;
        const Emitted e = runAndWait(p, hostileSpec(m_work, { u"daemon"_s }, sandbox));
        QVERIFY2(e.outcome, qPrintable(e.failure));
        QCOMPARE(e.outcome->exitCode, 0);
        QVERIFY(e.outcome->stdoutOutput.text().contains("daemon started"));
        // The daemon (setsid + double fork, alive for 30 s by itself) is gone right after the run.
        QTRY_COMPARE_WITH_TIMEOUT(helpersLeft(), 0, 2000);
    }
};

QTEST_GUILESS_MAIN(TestSandboxContainment)
#include "tst_sandboxcontainment.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sshdfixture.h"

#include "core/env/resourcepaths.h"
#include "core/env/toolprobe.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <unistd.h>

namespace {
bool write(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

QString runTool(const QString& program, const QStringList& args, int* rc)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    p.waitForFinished(20000);
    *rc = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromLocal8Bit(p.readAll()).trimmed();
}
} // namespace

QList<qint64> childProcesses(qint64 parent)
{
    QList<qint64> out;
    for (const QString& name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        if (!ok)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray s = stat.readAll();
        const QList<QByteArray> f = s.mid(s.lastIndexOf(')') + 2).split(' ');
        if (f.size() > 1 && f[1].toLongLong() == parent)
            out << pid;
    }
    return out;
}

SshdFixture::SshdFixture() = default;

SshdFixture::~SshdFixture()
{
    if (m_sshd) {
        for (qint64 c : childProcesses(m_sshd->processId()))
            ::kill(pid_t(c), SIGKILL);
        m_sshd->kill();
        m_sshd->waitForFinished(5000);
    }
}

QString SshdFixture::sshConfig() const
{
    return m_dir.filePath(QStringLiteral("ssh_config"));
}

QString SshdFixture::workRoot() const
{
    // Kept between test runs, like the local runner cache, so a second run does not compile the runners again.
    // One per test program: the suite runs them in parallel, and each empties its runs/ and tools/ folders.
    return kwb::cacheDir() + QStringLiteral("/test-ssh-host/") + QCoreApplication::applicationName();
}

QStringList SshdFixture::leftoversIn(const QString& folder) const
{
    return QDir(workRoot() + QLatin1Char('/') + folder).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
}

int SshdFixture::killConnections() const
{
    int n = 0;
    for (qint64 c : childProcesses(m_sshd->processId()))
        n += ::kill(pid_t(c), SIGKILL) == 0;
    return n;
}

QString SshdFixture::start()
{
    if (!m_dir.isValid())
        return QStringLiteral("cannot create a temporary folder");
    const QString sshd = QFileInfo::exists(QStringLiteral("/usr/sbin/sshd"))
        ? QStringLiteral("/usr/sbin/sshd")
        : QStandardPaths::findExecutable(QStringLiteral("sshd"));
    if (sshd.isEmpty())
        return QStringLiteral("sshd not found (install openssh-server: packaging/install-deps.sh)");
    for (const char* tool : { "ssh", "ssh-keygen", "rsync" }) {
        if (QStandardPaths::findExecutable(QLatin1StringView(tool)).isEmpty())
            return QStringLiteral("%1 not found (packaging/install-deps.sh installs it)").arg(QLatin1StringView(tool));
    }
    int rc = 0;
    for (const char* key : { "host_key", "client_key" }) {
        const QString out = runTool(QStringLiteral("ssh-keygen"),
            { QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                QStringLiteral("-f"), m_dir.filePath(QLatin1StringView(key)) },
            &rc);
        if (rc != 0)
            return QStringLiteral("ssh-keygen failed: ") + out;
    }
    QFile pub(m_dir.filePath(QStringLiteral("client_key.pub")));
    if (!pub.open(QIODevice::ReadOnly) || !write(m_dir.filePath(QStringLiteral("authorized_keys")), pub.readAll()))
        return QStringLiteral("cannot write authorized_keys");
    // As root, sshd insists on its privilege separation folder.
    if (::geteuid() == 0)
        QDir().mkpath(QStringLiteral("/run/sshd"));
    const QString userName = qEnvironmentVariable("USER", ::geteuid() == 0 ? QStringLiteral("root") : QString());
    // Without a user name ssh logs in as the current user anyway.
    const QString userLine = userName.isEmpty() ? QString() : QStringLiteral("  User %1\n").arg(userName);
    QString lastError;
    for (int attempt = 0; attempt < 5; ++attempt) {
        m_port = 20000 + int(QRandomGenerator::global()->bounded(40000));
        const QByteArray config
            = QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\nAuthorizedKeysFile %3\n"
                             "PidFile %4\nStrictModes no\nPasswordAuthentication no\n"
                             "KbdInteractiveAuthentication no\nPubkeyAuthentication yes\n"
                             "PermitRootLogin prohibit-password\nUsePAM no\nLogLevel ERROR\n"
                             "ClientAliveInterval 2\nClientAliveCountMax 3\n")
                  .arg(m_port)
                  .arg(m_dir.filePath(QStringLiteral("host_key")), m_dir.filePath(QStringLiteral("authorized_keys")),
                      m_dir.filePath(QStringLiteral("sshd.pid")))
                  .toUtf8();
        write(m_dir.filePath(QStringLiteral("sshd_config")), config);
        m_sshd = std::make_unique<QProcess>();
        m_sshd->setProcessChannelMode(QProcess::MergedChannels);
        m_sshd->start(sshd,
            { QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"),
                m_dir.filePath(QStringLiteral("sshd_config")) });
        if (!m_sshd->waitForStarted(5000))
            return QStringLiteral("cannot start %1: %2").arg(sshd, m_sshd->errorString());
        const QByteArray clientConfig
            = QStringLiteral("Host kwbtest\n  HostName 127.0.0.1\n  Port %1\n%2  IdentityFile %3\n"
                             "  IdentitiesOnly yes\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n"
                             "  LogLevel ERROR\n")
                  .arg(m_port)
                  .arg(userLine, m_dir.filePath(QStringLiteral("client_key")))
                  .toUtf8();
        write(sshConfig(), clientConfig);
        for (int i = 0; i < 50 && m_sshd->state() == QProcess::Running; ++i) {
            const QString out = runTool(QStringLiteral("ssh"),
                { QStringLiteral("-F"), sshConfig(), QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
                    QStringLiteral("kwbtest"), QStringLiteral("true") },
                &rc);
            if (rc == 0) {
                const QString hosts = QStringLiteral("{\"format\": \"kwb.hosts/1\", \"hosts\": {\"kwbtest\": "
                                                     "{\"ssh_config\": \"%1\", \"work_root\": \"%2\", \"python\": "
                                                     "\"%3\", \"alive_interval_s\": 1}}}\n")
                                          .arg(sshConfig(), workRoot(), kwb::runnerPython());
                QDir().mkpath(m_dir.filePath(QStringLiteral("config")));
                write(m_dir.filePath(QStringLiteral("config/hosts.json")), hosts.toUtf8());
                qputenv("KWB_CONFIG_DIR", m_dir.filePath(QStringLiteral("config")).toUtf8());
                QDir(workRoot() + QStringLiteral("/runs")).removeRecursively();
                return {};
            }
            lastError = out;
            QThread::msleep(100);
        }
        lastError = QStringLiteral("sshd: ") + QString::fromLocal8Bit(m_sshd->readAll()).trimmed()
            + QStringLiteral("; ssh: ") + lastError;
        m_sshd->kill();
        m_sshd->waitForFinished(3000);
        m_sshd.reset();
    }
    return QStringLiteral("sshd on 127.0.0.1 did not accept the test key: ") + lastError;
}

qint64 remoteGroup(const QString& workRoot, const QString& dirName)
{
    QDirIterator it(workRoot + QStringLiteral("/runs"), { QStringLiteral(".pgid") }, QDir::Files | QDir::Hidden,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.contains(QLatin1Char('/') + dirName + QStringLiteral("/.pgid")))
            continue;
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            const qint64 pgid = f.readAll().trimmed().toLongLong();
            if (pgid > 0)
                return pgid;
        }
    }
    return 0;
}

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "slurmfixture.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QSysInfo>
#include <QThread>

#include <csignal>
#include <unistd.h>

namespace {
QString run(const QString& program, const QStringList& args, int* rc)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(30000))
        p.kill();
    *rc = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromLocal8Bit(p.readAll()).trimmed();
}

QString tail(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("(no %1)").arg(file);
    return QString::fromLocal8Bit(f.readAll().trimmed().split('\n').last());
}
} // namespace

SlurmFixture::SlurmFixture() = default;

SlurmFixture::~SlurmFixture()
{
    int rc = 0;
    run(QStringLiteral("scancel"), { QStringLiteral("--partition=kwbtest") }, &rc);
    stopDaemon(m_dir.filePath(QStringLiteral("slurmd.pid")));
    stopDaemon(m_dir.filePath(QStringLiteral("slurmctld.pid")));
    stopDaemon(m_dir.filePath(QStringLiteral("munge/munged.pid")));
}

void SlurmFixture::stopDaemon(const QString& pidFile)
{
    QFile f(pidFile);
    if (!f.open(QIODevice::ReadOnly))
        return;
    const pid_t pid = pid_t(f.readAll().trimmed().toLongLong());
    if (pid <= 1 || ::kill(pid, SIGTERM) != 0)
        return;
    for (int i = 0; i < 50 && ::kill(pid, 0) == 0; ++i)
        QThread::msleep(100);
    ::kill(pid, SIGKILL);
}

QString SlurmFixture::start()
{
    if (::geteuid() != 0)
        return QStringLiteral("slurmd must run as root to start jobs (run this test as root, as CI does)");
    for (const char* tool : { "munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel" }) {
        if (QStandardPaths::findExecutable(
                QLatin1StringView(tool), { QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin") })
                .isEmpty())
            return QStringLiteral("%1 not found (packaging/install-deps.sh installs munge and slurm-wlm)")
                .arg(QLatin1StringView(tool));
    }
    const QString d = m_dir.path();
    for (const char* sub : { "munge", "state", "spool" })
        QDir().mkpath(m_dir.filePath(QLatin1StringView(sub)));
    QFile key(m_dir.filePath(QStringLiteral("munge.key")));
    QByteArray bytes(1024, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32*>(bytes.data()), bytes.size() / 4);
    if (!key.open(QIODevice::WriteOnly) || key.write(bytes) != bytes.size())
        return QStringLiteral("cannot write the munge key");
    key.close();
    key.setPermissions(QFileDevice::ReadOwner);
    int rc = 0;
    const QString socket = d + QStringLiteral("/munge/munge.sock");
    QString out = run(QStringLiteral("munged"),
        { QStringLiteral("--force"), QStringLiteral("--key-file=") + key.fileName(),
            QStringLiteral("--socket=") + socket,
            QStringLiteral("--pid-file=") + d + QStringLiteral("/munge/munged.pid"),
            QStringLiteral("--log-file=") + d + QStringLiteral("/munge/munged.log"),
            QStringLiteral("--seed-file=") + d + QStringLiteral("/munge/seed") },
        &rc);
    if (rc != 0)
        return QStringLiteral("munged failed: ") + out;

    const QString host = QSysInfo::machineHostName().section(QLatin1Char('.'), 0, 0);
    const int port = 20000 + int(QRandomGenerator::global()->bounded(40000));
    const long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
    const QString conf = QStringLiteral(
        "ClusterName=kwbtest\nSlurmctldHost=%1\nSlurmctldPort=%2\nSlurmdPort=%3\nSlurmUser=root\nSlurmdUser=root\n"
        "AuthType=auth/munge\nAuthInfo=socket=%4\nCredType=cred/munge\nStateSaveLocation=%5/state\n"
        "SlurmdSpoolDir=%5/spool\nSlurmctldPidFile=%5/slurmctld.pid\nSlurmdPidFile=%5/slurmd.pid\n"
        "SlurmctldLogFile=%5/slurmctld.log\nSlurmdLogFile=%5/slurmd.log\nProctrackType=proctrack/linuxproc\n"
        "TaskPlugin=task/none\nJobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n"
        "JobCompType=jobcomp/none\nSchedulerType=sched/builtin\nSelectType=select/cons_tres\n"
        "SelectTypeParameters=CR_Core\nReturnToService=2\nMpiDefault=none\nMinJobAge=300\nKillWait=2\n"
        "InactiveLimit=0\nNodeName=%1 CPUs=%6 RealMemory=2000 State=UNKNOWN\n"
        "PartitionName=kwbtest Nodes=%1 Default=YES MaxTime=INFINITE State=UP\n")
                             .arg(host)
                             .arg(port)
                             .arg(port + 1)
                             .arg(socket, d)
                             .arg(cpus);
    QFile cf(m_dir.filePath(QStringLiteral("slurm.conf")));
    if (!cf.open(QIODevice::WriteOnly) || cf.write(conf.toUtf8()) < 0)
        return QStringLiteral("cannot write slurm.conf");
    cf.close();
    qputenv("SLURM_CONF", cf.fileName().toUtf8());
    out = run(QStringLiteral("slurmctld"), { QStringLiteral("-f"), cf.fileName() }, &rc);
    if (rc != 0)
        return QStringLiteral("slurmctld failed: %1 %2").arg(out, tail(d + QStringLiteral("/slurmctld.log")));
    out = run(QStringLiteral("slurmd"), { QStringLiteral("-f"), cf.fileName() }, &rc);
    if (rc != 0)
        return QStringLiteral("slurmd failed: %1 %2").arg(out, tail(d + QStringLiteral("/slurmd.log")));
    for (int i = 0; i < 100; ++i) {
        out = run(QStringLiteral("sinfo"), { QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%t") }, &rc);
        if (rc == 0 && (out == u"idle" || out == u"mix" || out == u"alloc"))
            return {};
        QThread::msleep(200);
    }
    return QStringLiteral("the node did not come up (sinfo: %1; slurmd.log: %2; slurmctld.log: %3)")
        .arg(out, tail(d + QStringLiteral("/slurmd.log")), tail(d + QStringLiteral("/slurmctld.log")));
}

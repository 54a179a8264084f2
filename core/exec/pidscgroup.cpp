// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pidscgroup.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kwb {

namespace {

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size() && f.flush();
}

// The folder of this process's cgroup in the hierarchy that has the pids controller, or "".
QString ownPidsCgroupDir()
{
    const QList<QByteArray> cgroups = readFile(QStringLiteral("/proc/self/cgroup")).split('\n');
    const QList<QByteArray> mounts = readFile(QStringLiteral("/proc/self/mountinfo")).split('\n');
    for (const QByteArray& mount : mounts) {
        const QList<QByteArray> f = mount.split(' ');
        const qsizetype dash = f.indexOf("-");
        if (dash < 5 || dash + 3 >= f.size())
            continue;
        const QByteArray& type = f[dash + 1];
        const bool v1 = type == "cgroup" && f[dash + 3].split(',').contains("pids");
        if (!v1 && type != "cgroup2")
            continue;
        for (const QByteArray& line : cgroups) {
            const QList<QByteArray> c = line.split(':');
            if (c.size() < 3 || (v1 ? !c[1].split(',').contains("pids") : !c[1].isEmpty()))
                continue;
            const QByteArray root = f[3];
            QByteArray rel = c.mid(2).join(':');
            if (root != "/" && !rel.startsWith(root))
                continue;
            if (root != "/")
                rel = rel.mid(root.size());
            const QString dir = QDir::cleanPath(QString::fromUtf8(f[4] + '/' + rel));
            if (v1 || readFile(dir + QStringLiteral("/cgroup.subtree_control")).contains("pids"))
                return dir;
        }
    }
    return QString();
}

// Who owns a run's cgroup is not guessed from a pid in its name (pids are reused, and another pid namespace —
// a container, a second workbench in a sandbox — sees other numbers): the owner holds an exclusive flock on the
// folder for the cgroup's whole life, and a folder counts as left behind only when nobody holds that lock and it
// is older than the moment between an owner's mkdir and its lock. The remote script (kwb_remote.sh) keeps the
// same rule, so runs of both kinds on one host leave each other's cgroups alone.
constexpr int kStaleAfterS = 60;

int lockedDirFd(const QString& path, int lockFlags)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (::flock(fd, lockFlags) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void removeStale(const QString& base)
{
    const QStringList names = QDir(base).entryList({ QStringLiteral("kwb-*") }, QDir::Dirs);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const QString& name : names) {
        const QString path = base + u'/' + name;
        struct stat st { };
        if (::stat(QFile::encodeName(path).constData(), &st) != 0 || now - st.st_ctime < kStaleAfterS)
            continue;
        const int fd = lockedDirFd(path, LOCK_EX | LOCK_NB);
        if (fd < 0)
            continue; // its owner is alive
        ::rmdir(QFile::encodeName(path).constData()); // fails (EBUSY) while processes are still in it
        ::close(fd);
    }
}

} // namespace

PidsCgroup::PidsCgroup(QString path, int procsFd, int lockFd)
    : m_path(std::move(path))
    , m_procsFd(procsFd)
    , m_lockFd(lockFd)
{
}

std::unique_ptr<PidsCgroup> PidsCgroup::create(int maxPids, QString* why)
{
    const QString base = ownPidsCgroupDir();
    if (base.isEmpty()) {
        *why = QStringLiteral("no pids cgroup controller available to this process");
        return nullptr;
    }
    removeStale(base);
    // A name no other run picks, whatever its pid namespace: the pid and a random part.
    const QString path = QStringLiteral("%1/kwb-%2-%3")
                             .arg(base)
                             .arg(::getpid())
                             .arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
    if (::mkdir(QFile::encodeName(path).constData(), 0755) != 0) {
        *why = QStringLiteral("cannot create a cgroup in %1: %2").arg(base, QString::fromLocal8Bit(strerror(errno)));
        return nullptr;
    }
    const int lockFd = lockedDirFd(path, LOCK_EX | LOCK_NB);
    const int fd = ::open(QFile::encodeName(path + QStringLiteral("/cgroup.procs")).constData(), O_WRONLY | O_CLOEXEC);
    if (lockFd < 0 || fd < 0 || !writeFile(path + QStringLiteral("/pids.max"), QByteArray::number(maxPids))) {
        for (const int f : { fd, lockFd }) {
            if (f >= 0)
                ::close(f);
        }
        ::rmdir(QFile::encodeName(path).constData());
        *why = QStringLiteral("cannot lock or set pids.max in %1").arg(path);
        return nullptr;
    }
    return std::unique_ptr<PidsCgroup>(new PidsCgroup(path, fd, lockFd));
}

QList<int> PidsCgroup::pids() const
{
    QList<int> out;
    for (const QByteArray& p : readFile(m_path + QStringLiteral("/cgroup.procs")).split('\n')) {
        bool ok = false;
        const int pid = p.toInt(&ok);
        if (ok && pid > 0)
            out << pid;
    }
    return out;
}

int PidsCgroup::refusedTasks() const
{
    const QByteArray events = readFile(m_path + QStringLiteral("/pids.events"));
    for (const QByteArray& line : events.split('\n')) {
        const QList<QByteArray> kv = line.simplified().split(' ');
        bool ok = false;
        const int n = kv.size() == 2 && kv[0] == "max" ? kv[1].toInt(&ok) : -1;
        if (ok)
            return n;
    }
    return -1;
}

void PidsCgroup::killAll()
{
    // A process forked while we read the list is caught by the next pass; pids.max bounds the passes needed.
    for (int pass = 0; pass < 20; ++pass) {
        const QList<QByteArray> pids = readFile(m_path + QStringLiteral("/cgroup.procs")).split('\n');
        bool any = false;
        for (const QByteArray& p : pids) {
            bool ok = false;
            const int pid = p.toInt(&ok);
            if (ok && pid > 0) {
                ::kill(pid, SIGKILL);
                any = true;
            }
        }
        if (!any)
            return;
        QThread::usleep(500);
    }
}

PidsCgroup::~PidsCgroup()
{
    killAll();
    ::close(m_procsFd);
    // Killed processes leave the cgroup once the kernel has torn them down: retry briefly.
    const QByteArray dir = QFile::encodeName(m_path);
    for (int i = 0; i < 100 && ::rmdir(dir.constData()) != 0 && errno == EBUSY; ++i)
        QThread::usleep(1000);
    ::close(m_lockFd); // after the rmdir: until then the folder is ours
}

} // namespace kwb

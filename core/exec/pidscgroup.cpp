#include "pidscgroup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kwb {

namespace {

std::atomic<int> s_counter { 0 };

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

// Folders left by runs of processes that no longer exist (a crash between create and the destructor).
void removeStale(const QString& base)
{
    const QStringList names = QDir(base).entryList({ QStringLiteral("kwb-*") }, QDir::Dirs);
    for (const QString& name : names) {
        const QString pid = name.section(u'-', 1, 1);
        if (!QFileInfo::exists(QStringLiteral("/proc/") + pid))
            ::rmdir(QFile::encodeName(base + u'/' + name).constData());
    }
}

} // namespace

PidsCgroup::PidsCgroup(QString path, int procsFd)
    : m_path(std::move(path))
    , m_procsFd(procsFd)
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
    const QString path = QStringLiteral("%1/kwb-%2-%3").arg(base).arg(::getpid()).arg(s_counter.fetch_add(1));
    if (::mkdir(QFile::encodeName(path).constData(), 0755) != 0) {
        *why = QStringLiteral("cannot create a cgroup in %1: %2").arg(base, QString::fromLocal8Bit(strerror(errno)));
        return nullptr;
    }
    const int fd = ::open(QFile::encodeName(path + QStringLiteral("/cgroup.procs")).constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0 || !writeFile(path + QStringLiteral("/pids.max"), QByteArray::number(maxPids))) {
        if (fd >= 0)
            ::close(fd);
        ::rmdir(QFile::encodeName(path).constData());
        *why = QStringLiteral("cannot set pids.max in %1").arg(path);
        return nullptr;
    }
    return std::unique_ptr<PidsCgroup>(new PidsCgroup(path, fd));
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
}

} // namespace kwb

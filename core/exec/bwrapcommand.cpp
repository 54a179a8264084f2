// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bwrapcommand.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace kwb {

namespace {

const QStringList& systemDirs()
{
    static const QStringList dirs { QStringLiteral("/usr"), QStringLiteral("/etc"), QStringLiteral("/opt") };
    return dirs;
}

const QStringList& rootLinks()
{
    static const QStringList links { QStringLiteral("/bin"), QStringLiteral("/sbin"), QStringLiteral("/lib"),
        QStringLiteral("/lib32"), QStringLiteral("/lib64"), QStringLiteral("/libx32") };
    return links;
}

QString canonical(const QString& path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(path) : c;
}

bool isUnder(const QString& path, const QString& dir)
{
    return path == dir || path.startsWith(dir.endsWith(u'/') ? dir : dir + u'/');
}

bool isUnderAny(const QString& path, const QStringList& dirs)
{
    return std::any_of(dirs.cbegin(), dirs.cend(), [&](const QString& d) { return isUnder(path, d); });
}

QString megabytes(int mib)
{
    const QString bytes = QString::number(qint64(mib) * 1024 * 1024);
    return bytes + u':' + bytes;
}

} // namespace

QStringList gpuDeviceNodes()
{
    QStringList nodes;
    const QDir dev(QStringLiteral("/dev"));
    for (const QString& name : dev.entryList({ QStringLiteral("nvidia*") }, QDir::System | QDir::Dirs | QDir::Files))
        nodes.append(dev.filePath(name));
    for (const char* extra : { "/dev/dri", "/dev/kfd" }) {
        if (QFileInfo::exists(QLatin1StringView(extra)))
            nodes.append(QLatin1StringView(extra));
    }
    return nodes;
}

QStringList prlimitOptions(const RunLimits& limits, bool gpuBound)
{
    QStringList opts { QStringLiteral("--core=0") };
    if (limits.memoryMiB > 0)
        opts.append((gpuBound ? QStringLiteral("--data=") : QStringLiteral("--as=")) + megabytes(limits.memoryMiB));
    if (limits.cpuSeconds > 0)
        opts.append(QStringLiteral("--cpu=%1:%2").arg(limits.cpuSeconds).arg(limits.cpuSeconds + 1));
    // +1: bwrap's reaper is PID 1 of the namespace and counts too.
    if (limits.maxProcesses > 0)
        opts.append(QStringLiteral("--nproc=%1:%1").arg(limits.maxProcesses + 1));
    if (limits.fileSizeMiB > 0)
        opts.append(QStringLiteral("--fsize=") + megabytes(limits.fileSizeMiB));
    return opts;
}

QStringList bwrapArguments(const ProcessSpec& spec, const QString& programPath, const QString& prlimitPath,
    const QMap<QString, QString>& environment)
{
    QStringList a { QStringLiteral("--unshare-all"), QStringLiteral("--unshare-user"),
        QStringLiteral("--disable-userns"), QStringLiteral("--cap-drop"), QStringLiteral("ALL"),
        QStringLiteral("--die-with-parent"), QStringLiteral("--new-session") };
    if (spec.network)
        a << QStringLiteral("--share-net");

    QStringList visible;
    for (const QString& dir : systemDirs()) {
        a << QStringLiteral("--ro-bind-try") << dir << dir;
        visible << dir;
    }
    for (const QString& link : rootLinks()) {
        const QFileInfo fi(link);
        if (fi.isSymLink())
            a << QStringLiteral("--symlink") << fi.symLinkTarget() << link;
        else if (fi.isDir())
            a << QStringLiteral("--ro-bind") << link << link;
        visible << link;
    }
    a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev");

    const QStringList gpu = spec.bindGpu ? gpuDeviceNodes() : QStringList();
    for (const QString& node : gpu)
        a << QStringLiteral("--dev-bind-try") << node << node;
    if (!gpu.isEmpty())
        a << QStringLiteral("--ro-bind-try") << QStringLiteral("/sys") << QStringLiteral("/sys");

    // /tmp and /dev/shm (Python multiprocessing needs it) are private, size-capped tmpfs; the rest of /dev,
    // itself a tmpfs, becomes read-only so it cannot be used to fill the machine's memory.
    for (const char* dir : { "/tmp", "/dev/shm" }) {
        a << QStringLiteral("--perms") << QStringLiteral("1777");
        if (spec.limits.tmpSizeMiB > 0)
            a << QStringLiteral("--size") << QString::number(qint64(spec.limits.tmpSizeMiB) * 1024 * 1024);
        a << QStringLiteral("--tmpfs") << QLatin1StringView(dir);
    }
    a << QStringLiteral("--remount-ro") << QStringLiteral("/dev");

    // The host's home shows as an empty read-only folder, so a write there fails with EROFS (detectable)
    // rather than ENOENT.
    const QString home = canonical(qEnvironmentVariable("HOME"));
    if (QFileInfo(home).isAbsolute() && home != u"/" && !isUnderAny(home, visible)
        && !isUnder(home, QStringLiteral("/tmp")))
        a << QStringLiteral("--dir") << home;

    // Mounts go parents first, so a read-only folder inside the work folder (its inputs) stays read-only and
    // a read-only parent does not cover the work folder.
    struct Mount {
        QString path;
        bool writable;
    };
    QList<Mount> mounts;
    for (const QString& path : spec.readOnlyPaths)
        mounts.append({ canonical(path), false });
    const QString work = canonical(spec.workDir);
    mounts.append({ work, true });
    QStringList bound = visible;
    for (const Mount& m : mounts)
        bound.append(m.path);
    // Executed by the path given (a venv's python finds its pyvenv.cfg through it), bound alone when the
    // folder around it is not visible.
    const QString program = QDir::cleanPath(programPath);
    if (!isUnderAny(program, bound))
        mounts.append({ program, false });
    std::stable_sort(mounts.begin(), mounts.end(),
        [](const Mount& x, const Mount& y) { return x.path.count(u'/') < y.path.count(u'/'); });
    for (const Mount& m : mounts)
        a << (m.writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << m.path << m.path;
    a << QStringLiteral("--remount-ro") << QStringLiteral("/");
    a << QStringLiteral("--chdir") << work << QStringLiteral("--clearenv");
    for (auto it = environment.cbegin(); it != environment.cend(); ++it)
        a << QStringLiteral("--setenv") << it.key() << it.value();

    a << QStringLiteral("--") << prlimitPath << prlimitOptions(spec.limits, !gpu.isEmpty()) << QStringLiteral("--")
      << program << spec.arguments;
    return a;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The local runs' pids cgroups (exec/pidscgroup.h): ownership by an flock on the folder, never by a pid in its
// name — a run in another pid namespace, or between its mkdir and its first process, keeps its cgroup.
#include "core/exec/pidscgroup.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

using namespace kwb;

class TestPidsCgroup : public QObject {
    Q_OBJECT

    static bool lockable(const QString& dir)
    {
        const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
            return false;
        const bool ok = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        ::close(fd);
        return ok;
    }

    std::unique_ptr<PidsCgroup> make()
    {
        QString why;
        auto cg = PidsCgroup::create(8, &why);
        if (!cg)
            qWarning("no pids cgroup here: %s", qPrintable(why));
        return cg;
    }

private Q_SLOTS:
    void aFreshForeignCgroupIsLeftAlone()
    {
        auto probe = make();
        if (!probe)
            QSKIP("no writable pids cgroup hierarchy here (root on a host with the pids controller)");
        const QString base = QFileInfo(probe->path()).absolutePath();
        probe.reset();
        // Another namespace's run, between its mkdir and its lock: a pid that does not exist here.
        const QString foreign = base + QStringLiteral("/kwb-4000000-fresh");
        QVERIFY(QDir().mkdir(foreign));
        auto mine = make();
        QVERIFY(mine);
        const bool kept = QFileInfo::exists(foreign);
        QDir().rmdir(foreign);
        QVERIFY2(kept, "creating a cgroup removed another run's fresh one");
    }

    void eachRunOwnsItsCgroupByLock()
    {
        auto a = make();
        if (!a)
            QSKIP("no writable pids cgroup hierarchy here");
        auto b = make();
        QVERIFY(b);
        QVERIFY(a->path() != b->path());
        QVERIFY2(!lockable(a->path()), "a live cgroup's folder must be locked by its owner");
        QVERIFY(!lockable(b->path()));
        QFile max(a->path() + QStringLiteral("/pids.max"));
        QVERIFY(max.open(QIODevice::ReadOnly));
        QCOMPARE(max.readAll().trimmed(), QByteArray("8"));
        const QString path = a->path();
        a.reset();
        QVERIFY2(!QFileInfo::exists(path), "the owner removes its cgroup");
        QVERIFY(QFileInfo::exists(b->path()));
    }
};

QTEST_GUILESS_MAIN(TestPidsCgroup)
#include "tst_pidscgroup.moc"

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/exec/bwrapcommand.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;
using namespace Qt::StringLiterals;

namespace {

// The value following `option` at each place it appears, as "SRC DEST" or "VALUE".
QStringList optionValues(const QStringList& args, const QString& option, int arity)
{
    QStringList values;
    const qsizetype end = args.indexOf(u"--"_s);
    for (qsizetype i = 0; i < end; ++i) {
        if (args[i] == option && i + arity < args.size())
            values.append(args.mid(i + 1, arity).join(u' '));
    }
    return values;
}

} // namespace

class TestBwrapCommand : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void isolatesByDefault()
    {
        QTemporaryDir base;
        QVERIFY(base.isValid());
        ProcessSpec spec;
        spec.workDir = base.path();
        spec.arguments = { u"--flag"_s };
        const QStringList a = bwrapArguments(spec, u"/usr/bin/true"_s, u"/usr/bin/prlimit"_s, { { u"A"_s, u"1"_s } });
        for (const char* must : { "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
                 "--new-session", "--clearenv" })
            QVERIFY2(a.contains(QLatin1StringView(must)), must);
        QVERIFY(!a.contains(u"--share-net"_s));
        QCOMPARE(optionValues(a, u"--cap-drop"_s, 1), QStringList { u"ALL"_s });
        // Only the work folder is writable, and nothing of the host root is bound wholesale.
        QCOMPARE(optionValues(a, u"--bind"_s, 2), QStringList { base.path() + u' ' + base.path() });
        QVERIFY(!optionValues(a, u"--ro-bind"_s, 2).contains(u"/ /"_s));
        QVERIFY(!optionValues(a, u"--ro-bind-try"_s, 2).contains(u"/ /"_s));
        QCOMPARE(optionValues(a, u"--remount-ro"_s, 1), (QStringList { u"/dev"_s, u"/"_s }));
        QCOMPARE(optionValues(a, u"--tmpfs"_s, 1), (QStringList { u"/tmp"_s, u"/dev/shm"_s }));
        QCOMPARE(optionValues(a, u"--chdir"_s, 1), QStringList { base.path() });
        QCOMPARE(optionValues(a, u"--setenv"_s, 2), QStringList { u"A 1"_s });
        // The limits are applied by prlimit inside, then the program runs with its arguments.
        const qsizetype sep = a.indexOf(u"--"_s);
        QCOMPARE(a.at(sep + 1), u"/usr/bin/prlimit"_s);
        QCOMPARE(a.mid(a.size() - 3), (QStringList { u"--"_s, u"/usr/bin/true"_s, u"--flag"_s }));
    }
    void readOnlyPathsAndProgram()
    {
        QTemporaryDir base;
        ProcessSpec spec;
        spec.workDir = base.path();
        spec.readOnlyPaths = { u"/usr/share"_s };
        spec.network = true;
        const QStringList a = bwrapArguments(spec, u"/opt/x/../y/prog"_s, u"/usr/bin/prlimit"_s, {});
        QVERIFY(a.contains(u"--share-net"_s));
        QVERIFY(optionValues(a, u"--ro-bind"_s, 2).contains(u"/usr/share /usr/share"_s));
        // A program under a bound folder is not bound again; one elsewhere is bound alone.
        QVERIFY(!optionValues(a, u"--ro-bind"_s, 2).contains(u"/opt/y/prog /opt/y/prog"_s));
        const QStringList b = bwrapArguments(spec, u"/srv/tools/prog"_s, u"/usr/bin/prlimit"_s, {});
        QVERIFY(optionValues(b, u"--ro-bind"_s, 2).contains(u"/srv/tools/prog /srv/tools/prog"_s));
    }
    void mountsGoParentsFirst()
    {
        QTemporaryDir base;
        QVERIFY(QDir(base.path()).mkpath(u"work/inputs"_s));
        ProcessSpec spec;
        spec.workDir = base.path() + u"/work"_s;
        spec.readOnlyPaths = { base.path() + u"/work/inputs"_s, base.path() };
        const QStringList a = bwrapArguments(spec, u"/usr/bin/true"_s, u"/usr/bin/prlimit"_s, {});
        const qsizetype parent = a.indexOf(base.path());
        const qsizetype work = a.indexOf(spec.workDir);
        const qsizetype inputs = a.indexOf(spec.readOnlyPaths.first());
        QVERIFY(parent > 0 && work > parent && inputs > work);
        QCOMPARE(a.at(parent - 1), u"--ro-bind"_s);
        QCOMPARE(a.at(work - 1), u"--bind"_s);
        QCOMPARE(a.at(inputs - 1), u"--ro-bind"_s);
    }
    void limits_data()
    {
        QTest::addColumn<bool>("gpu");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("cpu only") << false
                                  << QStringList { u"--core=0"_s, u"--as=268435456:268435456"_s, u"--cpu=5:6"_s,
                                         u"--nproc=33:33"_s, u"--fsize=1048576:1048576"_s };
        QTest::newRow("gpu bound: data, not address space")
            << true
            << QStringList { u"--core=0"_s, u"--data=268435456:268435456"_s, u"--cpu=5:6"_s, u"--nproc=33:33"_s,
                   u"--fsize=1048576:1048576"_s };
    }
    void limits()
    {
        QFETCH(bool, gpu);
        QFETCH(QStringList, expected);
        RunLimits l;
        l.memoryMiB = 256;
        l.cpuSeconds = 5;
        l.maxProcesses = 32;
        l.fileSizeMiB = 1;
        QCOMPARE(prlimitOptions(l, gpu), expected);
        QCOMPARE(prlimitOptions(RunLimits { 0, 0, 0, 0, 0, 0, 0 }, gpu), QStringList { u"--core=0"_s });
    }
};

QTEST_GUILESS_MAIN(TestBwrapCommand)
#include "tst_bwrapcommand.moc"

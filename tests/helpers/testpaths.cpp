// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <cstdlib>

namespace kwb::test {

namespace {

[[noreturn]] void fail(const QString& what)
{
    std::fprintf(stderr, "testpaths: %s\n", qPrintable(what));
    std::abort();
}

QString exeDir()
{
    return QFileInfo(QFile::symLinkTarget(QStringLiteral("/proc/self/exe"))).absolutePath();
}

struct Paths {
    QString build;
    QString source;
};

Paths find()
{
    QDir dir(exeDir());
    do {
        QFile cache(dir.filePath(QStringLiteral("CMakeCache.txt")));
        if (cache.open(QIODevice::ReadOnly)) {
            while (!cache.atEnd()) {
                const QByteArray line = cache.readLine().trimmed();
                static const QByteArray key = "CMAKE_HOME_DIRECTORY:INTERNAL=";
                if (line.startsWith(key))
                    return { dir.absolutePath(), QString::fromLocal8Bit(line.mid(key.size())) };
            }
            fail(cache.fileName() + QStringLiteral(": no CMAKE_HOME_DIRECTORY line"));
        }
    } while (dir.cdUp());
    fail(QStringLiteral("no CMakeCache.txt above ") + exeDir());
}

const Paths& paths()
{
    static const Paths p = find();
    return p;
}

} // namespace

QString buildDir()
{
    return paths().build;
}

QString sourceDir()
{
    return paths().source;
}

QString fixturesDir()
{
    // The test binary of tests/AREA is built in BUILD/tests/AREA.
    return sourceDir() + u'/' + QDir(buildDir()).relativeFilePath(exeDir()) + QStringLiteral("/fixtures");
}

QString builtFile(const QString& relativeToBuildDir)
{
    return buildDir() + u'/' + relativeToBuildDir;
}

} // namespace kwb::test

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "processspec.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace kwb {

namespace {

Error specError(const QString& where, const QString& what)
{
    return Error { QString(), where, what, QString(), 0 };
}

} // namespace

QMap<QString, QString> defaultEnvironment(const QString& workDir)
{
    return {
        { QStringLiteral("PATH"), QStringLiteral("/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin") },
        { QStringLiteral("HOME"), workDir },
        { QStringLiteral("TMPDIR"), QStringLiteral("/tmp") },
        { QStringLiteral("LANG"), QStringLiteral("C.UTF-8") },
    };
}

QMap<QString, QString> effectiveEnvironment(const ProcessSpec& spec)
{
    QMap<QString, QString> env = defaultEnvironment(spec.workDir);
    for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
        env.insert(it.key(), it.value());
    return env;
}

Result<QString> ProcessSpec::validate() const
{
    if (program.isEmpty())
        return specError(QStringLiteral("program"), QStringLiteral("no program given"));
    QString path = program;
    if (!QFileInfo(program).isAbsolute()) {
        const QString searchPath = effectiveEnvironment(*this).value(QStringLiteral("PATH"));
        path = QStandardPaths::findExecutable(program, searchPath.split(u':', Qt::SkipEmptyParts));
        if (path.isEmpty())
            path = QStandardPaths::findExecutable(program);
        if (path.isEmpty())
            return specError(QStringLiteral("program"), QStringLiteral("'%1' not found on PATH").arg(program));
    }
    const QFileInfo exe(path);
    if (!exe.exists())
        return specError(QStringLiteral("program"), QStringLiteral("'%1' does not exist").arg(path));
    if (!exe.isFile() || !exe.isExecutable())
        return specError(QStringLiteral("program"), QStringLiteral("'%1' is not an executable file").arg(path));

    if (workDir.isEmpty())
        return specError(QStringLiteral("workDir"), QStringLiteral("no work folder given"));
    const QFileInfo work(workDir);
    if (!work.isAbsolute())
        return specError(QStringLiteral("workDir"), QStringLiteral("'%1' is not an absolute path").arg(workDir));
    if (!work.isDir())
        return specError(QStringLiteral("workDir"), QStringLiteral("'%1' is not an existing folder").arg(workDir));
    if (!work.isWritable())
        return specError(QStringLiteral("workDir"), QStringLiteral("'%1' is not writable").arg(workDir));
    if (QDir(work.canonicalFilePath()).isRoot())
        return specError(QStringLiteral("workDir"), QStringLiteral("the work folder cannot be /"));

    for (qsizetype i = 0; i < readOnlyPaths.size(); ++i) {
        const QFileInfo ro(readOnlyPaths[i]);
        if (!ro.isAbsolute() || !ro.exists())
            return specError(QStringLiteral("readOnlyPaths[%1]").arg(i),
                QStringLiteral("'%1' is not an existing absolute path").arg(readOnlyPaths[i]));
    }

    const RunLimits& l = limits;
    if (l.timeoutMs < 0 || l.memoryMiB < 0 || l.cpuSeconds < 0 || l.maxProcesses < 0 || l.fileSizeMiB < 0
        || l.outputCapBytes < 0 || l.tmpSizeMiB < 0)
        return specError(QStringLiteral("limits"), QStringLiteral("limits must not be negative"));
    return exe.absoluteFilePath();
}

} // namespace kwb

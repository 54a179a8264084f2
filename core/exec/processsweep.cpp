// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "processsweep.h"

#include <QDir>
#include <QFile>

#include <csignal>
#include <unistd.h>

namespace kwb {

int killProcessesWithEnvironment(const QByteArray& entry)
{
    int killed = 0;
    const QByteArray needle = entry + '\0';
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& name : pids) {
        bool ok = false;
        const int pid = name.toInt(&ok);
        if (!ok || pid == ::getpid())
            continue;
        QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
        if (!environ.open(QIODevice::ReadOnly))
            continue;
        const QByteArray env = '\0' + environ.readAll();
        if (env.contains('\0' + needle) && ::kill(pid, SIGKILL) == 0)
            ++killed;
    }
    return killed;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "toollocator.h"

#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QStandardPaths>

namespace kwb {

namespace {

QMutex s_mutex;
QHash<QString, QString> s_cache;

} // namespace

QString ToolLocator::find(const QString& name)
{
    const QMutexLocker lock(&s_mutex);
    const auto it = s_cache.constFind(name);
    if (it != s_cache.constEnd())
        return *it;
    QString path = QStandardPaths::findExecutable(name);
    if (!path.isEmpty())
        path = QFileInfo(path).absoluteFilePath();
    s_cache.insert(name, path);
    return path;
}

Result<QString> ToolLocator::require(const QString& name, const QString& package)
{
    const QString path = find(name);
    if (path.isEmpty())
        return Error { QString(), QString(),
            QStringLiteral("'%1' not found on PATH (install the Debian package %2)").arg(name, package), QString(), 0 };
    return path;
}

void ToolLocator::clearCache()
{
    const QMutexLocker lock(&s_mutex);
    s_cache.clear();
}

} // namespace kwb

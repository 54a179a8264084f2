// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/env/resourcepaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace kwb {

QString resourcesDir()
{
    const QString configured = qEnvironmentVariable("KWB_RESOURCES_DIR");
    if (!configured.isEmpty())
        return configured;
    if (QCoreApplication::instance()) {
        const QString installed
            = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/kernel-workbench"));
        if (QFileInfo::exists(installed + QStringLiteral("/harness")))
            return QDir::cleanPath(installed);
    }
    return QStringLiteral(KWB_RESOURCES_DIR);
}

QString harnessDir()
{
    return resourcesDir() + QStringLiteral("/harness");
}

QString rubricsDir()
{
    const QString configured = qEnvironmentVariable("KWB_RUBRICS_DIR");
    if (!configured.isEmpty())
        return configured;
    if (QCoreApplication::instance()) {
        const QString installed = QDir(QCoreApplication::applicationDirPath())
                                      .filePath(QStringLiteral("../share/kernel-workbench/rubrics"));
        if (QFileInfo::exists(installed))
            return QDir::cleanPath(installed);
    }
    const QString resources = resourcesDir();
    // Installed, rubrics sit inside share/kernel-workbench; in the source tree they are resources/'s sibling.
    const QString inside = resources + QStringLiteral("/rubrics");
    if (QFileInfo::exists(inside))
        return inside;
    return QDir::cleanPath(resources + QStringLiteral("/../rubrics"));
}

QString cacheDir()
{
    const QString configured = qEnvironmentVariable("KWB_CACHE_DIR");
    if (!configured.isEmpty())
        return configured;
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return QDir(base.isEmpty() ? QDir::tempPath() : base).filePath(QStringLiteral("kernel-workbench"));
}

} // namespace kwb

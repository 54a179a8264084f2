#include "env/resourcepaths.h"

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
        const QString installed = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/kernel-workbench"));
        if (QFileInfo::exists(installed + QStringLiteral("/harness")))
            return QDir::cleanPath(installed);
    }
    return QStringLiteral(KWB_RESOURCES_DIR);
}

QString harnessDir() { return resourcesDir() + QStringLiteral("/harness"); }

QString cacheDir()
{
    const QString configured = qEnvironmentVariable("KWB_CACHE_DIR");
    if (!configured.isEmpty())
        return configured;
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return QDir(base.isEmpty() ? QDir::tempPath() : base).filePath(QStringLiteral("kernel-workbench"));
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/bundlepath.h"

#include <QDir>
#include <QFileInfo>

namespace kwb {
namespace {
Error refuse(const QString& what, const char* id = "scope.invalid-manifest")
{
    return Error { {}, {}, what, QString::fromLatin1(id) };
}
} // namespace

Result<QString> resolveBundleFile(const QString& bundleDir, const QString& relative)
{
    if (relative.isEmpty())
        return refuse(QStringLiteral("expected a non-empty path relative to the bundle"));
    if (relative.startsWith(u'/') || (relative.size() > 1 && relative.at(1) == u':'))
        return refuse(QStringLiteral("absolute path '%1' (expected a path relative to the bundle)").arg(relative));
    if (relative.contains(u'\\'))
        return refuse(QStringLiteral("path '%1' contains '\\' (expected '/' as separator)").arg(relative));
    if (relative.split(u'/').contains(QStringLiteral("..")))
        return refuse(QStringLiteral("path '%1' leaves the bundle ('..' is not allowed)").arg(relative));

    const QString absolute = QDir(bundleDir).absoluteFilePath(relative);
    const QFileInfo info(absolute);
    if (!info.exists())
        return refuse(QStringLiteral("file '%1' not found").arg(relative), "scope.missing-file");
    if (!info.isFile())
        return refuse(QStringLiteral("'%1' is not a regular file").arg(relative));
    // Canonical paths resolve every symlink on the way, so a link pointing out of the bundle shows here.
    const QString root = QFileInfo(bundleDir).canonicalFilePath();
    const QString canonical = info.canonicalFilePath();
    if (root.isEmpty() || !canonical.startsWith(root + u'/'))
        return refuse(QStringLiteral("path '%1' resolves outside the bundle (to '%2')").arg(relative, canonical));
    if (!info.isReadable())
        return refuse(QStringLiteral("file '%1' is not readable").arg(relative), "scope.missing-file");
    return absolute;
}

} // namespace kwb

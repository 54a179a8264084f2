// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/review/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace kwb {

Status writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir))
        return Error { path, {}, QStringLiteral("cannot create folder %1").arg(dir) };
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error { path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()) };
    if (f.write(bytes) != bytes.size()) {
        const QString why = f.errorString();
        f.cancelWriting();
        return Error { path, {}, QStringLiteral("cannot write: %1").arg(why) };
    }
    if (!f.commit())
        return Error { path, {}, QStringLiteral("cannot replace the file: %1").arg(f.errorString()) };
    return Ok {};
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/digest.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSet>

#include <algorithm>

namespace kwb {

QStringList digestFiles(const Task& task)
{
    QSet<QString> files { QStringLiteral("task.json") };
    if (!task.spec.isEmpty())
        files << task.spec;
    for (const Implementation& impl : task.implementations())
        files << impl.source;
    for (const TensorSpec& in : task.inputs) {
        if (!in.init.path.isEmpty())
            files << in.init.path;
    }
    QStringList sorted;
    for (const QString& f : files)
        sorted << QDir::cleanPath(f);
    sorted.removeDuplicates();
    // Sort by UTF-8 bytes, which does not depend on the locale.
    std::sort(sorted.begin(), sorted.end(), [](const QString& a, const QString& b) { return a.toUtf8() < b.toUtf8(); });
    return sorted;
}

Result<QString> taskDigest(const Task& task)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString& name : digestFiles(task)) {
        QFile file(task.path(name));
        if (!file.open(QIODevice::ReadOnly))
            return Error { name, {}, QStringLiteral("cannot read for the digest: %1").arg(file.errorString()),
                QStringLiteral("scope.missing-file") };
        // path NUL size NUL bytes: the framing makes the digest unambiguous across file boundaries.
        const QByteArray bytes = file.readAll();
        hash.addData(name.toUtf8());
        hash.addData(QByteArrayView("\0", 1));
        hash.addData(QByteArray::number(bytes.size()));
        hash.addData(QByteArrayView("\0", 1));
        hash.addData(bytes);
    }
    return QStringLiteral("sha256:") + QString::fromLatin1(hash.result().toHex());
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scratch/scratchbundle.h"

#include "core/task/task.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kwb::ui {

QString scratchId(const QString& candidateId)
{
    return QStringLiteral("scratch-") + candidateId;
}

bool isScratchId(const QString& implId)
{
    return implId.startsWith(QLatin1StringView("scratch-"));
}

Result<QString> makeScratchBundle(
    const Task& task, const QString& candidateId, const QString& source, const QString& folder)
{
    const Implementation* impl = task.implementation(candidateId);
    if (!impl || impl->id == task.reference.id)
        return Error { task.dir, {}, QStringLiteral("'%1' is not a candidate of %2").arg(candidateId, task.id) };
    QDir out(folder);
    if (out.exists() && !out.removeRecursively())
        return Error { folder, {}, QStringLiteral("cannot empty the scratch folder") };
    if (!QDir().mkpath(folder))
        return Error { folder, {}, QStringLiteral("cannot make the scratch folder") };
    // The bundle as it is, file by file (no links followed out of it).
    const QDir bundle(task.dir);
    QDirIterator it(task.dir, QDir::Files | QDir::NoSymLinks | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        const QString rel = bundle.relativeFilePath(from);
        if (rel.startsWith(QLatin1StringView(".git/")))
            continue;
        const QString to = out.filePath(rel);
        QDir().mkpath(QFileInfo(to).absolutePath());
        if (!QFile::copy(from, to))
            return Error { to, {}, QStringLiteral("cannot copy %1 into the scratch folder").arg(rel) };
    }
    const QFileInfo original(impl->source);
    const QString scratchSource = (original.path() == u"." ? QString() : original.path() + u'/')
        + QStringLiteral("scratch_") + original.fileName();
    QFile file(out.filePath(scratchSource));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(source.toUtf8()) < 0)
        return Error { file.fileName(), {}, QStringLiteral("cannot write the scratch source") };
    file.close();
    QFile manifest(out.filePath(QStringLiteral("task.json")));
    if (!manifest.open(QIODevice::ReadOnly))
        return Error { manifest.fileName(), {}, QStringLiteral("cannot read the copied task.json") };
    QJsonObject doc = QJsonDocument::fromJson(manifest.readAll()).object();
    manifest.close();
    QJsonArray candidates = doc.value(QStringLiteral("candidates")).toArray();
    QJsonObject copy;
    for (const QJsonValue& c : candidates) {
        if (c.toObject().value(QStringLiteral("id")).toString() == candidateId)
            copy = c.toObject();
    }
    if (copy.isEmpty())
        return Error { manifest.fileName(), QStringLiteral("/candidates"),
            QStringLiteral("no candidate '%1' in the copied task.json").arg(candidateId) };
    copy.insert(QStringLiteral("id"), scratchId(candidateId));
    copy.insert(QStringLiteral("source"), scratchSource);
    copy.insert(QStringLiteral("scratch"), true);
    copy.insert(QStringLiteral("scratch_of"), candidateId);
    candidates.append(copy);
    doc.insert(QStringLiteral("candidates"), candidates);
    doc.insert(
        QStringLiteral("title"), doc.value(QStringLiteral("title")).toString() + QStringLiteral(" [scratch copy]"));
    if (!manifest.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || manifest.write(QJsonDocument(doc).toJson(QJsonDocument::Indented)) < 0)
        return Error { manifest.fileName(), {}, QStringLiteral("cannot write the scratch task.json") };
    return out.absolutePath();
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "taskcopy.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>

namespace kwb::test {

bool copyBundledTask(const QString& id, const QString& to, const std::function<void(QJsonObject&)>& edit)
{
    const QDir from(KWB_TASKS_DIR + QLatin1Char('/') + id);
    for (const QString& name : from.entryList(QDir::Files)) {
        if (name == u"task.json")
            continue;
        if (!QFile::copy(from.filePath(name), QDir(to).filePath(name))) {
            std::fprintf(stderr, "copyBundledTask: cannot copy %s\n", qPrintable(from.filePath(name)));
            return false;
        }
    }
    QFile in(from.filePath(QStringLiteral("task.json")));
    if (!in.open(QIODevice::ReadOnly))
        return false;
    QJsonObject task = QJsonDocument::fromJson(in.readAll()).object();
    if (edit)
        edit(task);
    QFile out(QDir(to).filePath(QStringLiteral("task.json")));
    return out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(task).toJson()) > 0;
}

void setTargetArch(QJsonObject& task, const QJsonValue& arch)
{
    QJsonObject target = task[u"target"].toObject();
    target.insert(QStringLiteral("arch"), arch);
    task.insert(QStringLiteral("target"), target);
}

} // namespace kwb::test

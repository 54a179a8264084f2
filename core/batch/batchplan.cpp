// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchplan.h"

#include "core/task/digest.h"
#include "core/task/placement.h"
#include "core/task/taskloader.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QSet>

namespace kwb {

const QStringList& batchActions()
{
    static const QStringList actions { QStringLiteral("check"), QStringLiteral("run"), QStringLiteral("bench"),
        QStringLiteral("compile") };
    return actions;
}

QStringList BatchAction::elementCommand(const QString& kwb, const QString& taskDir) const
{
    QStringList cmd { kwb, action, taskDir, QStringLiteral("--json") };
    if (executor.kind == ExecutorSpec::Kind::Ssh)
        cmd << QStringLiteral("--executor") << executor.name();
    return cmd + extraArgs;
}

QString kwbExecutable()
{
    const QString env = qEnvironmentVariable("KWB_BIN");
    if (!env.isEmpty())
        return env;
    const QString self = QCoreApplication::applicationFilePath();
    const QString sibling = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kwb"));
    if (QFileInfo(self).fileName() == u"kwb")
        return self;
    return QFileInfo::exists(sibling) ? sibling : QStringLiteral("kwb");
}

Result<QList<BatchItem>> collectBatchItems(const QStringList& paths, const BatchAction& action)
{
    QList<BatchItem> items;
    QSet<QString> ids;
    for (const QString& path : paths) {
        if (!QFileInfo::exists(path))
            return Error { path, {}, QStringLiteral("no such file or folder") };
        const QStringList bundles = findTaskBundles(path);
        if (bundles.isEmpty())
            return Error { path, {}, QStringLiteral("holds no task bundle (no task.json below it)") };
        for (const QString& bundle : bundles) {
            auto loaded = loadTask(bundle);
            if (!loaded)
                return Error { QDir(bundle).filePath(loaded.error().file), loaded.error().where, loaded.error().what,
                    loaded.error().findingId, loaded.error().line };
            const Task& task = loaded->task;
            auto digest = taskDigest(task);
            if (!digest)
                return digest.error();
            BatchItem item;
            item.taskDir = QFileInfo(bundle).absoluteFilePath();
            if (item.taskDir.endsWith(QStringLiteral("/task.json")))
                item.taskDir = QFileInfo(item.taskDir).absolutePath();
            item.id = task.id;
            for (int n = 2; ids.contains(item.id); ++n)
                item.id = task.id + QLatin1Char('-') + QString::number(n);
            ids.insert(item.id);
            QCryptographicHash h(QCryptographicHash::Sha256);
            h.addData((*digest + QLatin1Char('\0') + action.action + QLatin1Char('\0')
                + action.extraArgs.join(QLatin1Char('\x1f')) + QLatin1Char('\0') + action.executor.name()
                + QLatin1Char('\0') + QStringLiteral(KWB_VERSION))
                          .toUtf8());
            item.digest = QStringLiteral("sha256:") + QString::fromLatin1(h.result().toHex());
            item.gpu = placementOf(task.reference) == Placement::Gpu
                || std::any_of(task.candidates.cbegin(), task.candidates.cend(),
                    [](const Implementation& i) { return placementOf(i) == Placement::Gpu; });
            items << item;
        }
    }
    return items;
}

} // namespace kwb

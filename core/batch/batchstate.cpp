// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/batch/batchstate.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

namespace kwb {

bool ElementState::complete() const
{
    return status == u"passed" || status == u"findings";
}

QJsonObject ElementState::toJson() const
{
    QJsonObject o { { QStringLiteral("id"), id }, { QStringLiteral("task"), taskDir },
        { QStringLiteral("digest"), digest }, { QStringLiteral("status"), status },
        { QStringLiteral("exit_code"), exitCode }, { QStringLiteral("elapsed_s"), elapsedS },
        { QStringLiteral("executor"), executor }, { QStringLiteral("node"), node },
        { QStringLiteral("resumed"), resumed } };
    if (!slurmState.isEmpty())
        o.insert(QStringLiteral("slurm_state"), slurmState);
    if (!jobId.isEmpty())
        o.insert(QStringLiteral("job_id"), jobId);
    if (!note.isEmpty())
        o.insert(QStringLiteral("note"), note);
    return o;
}

ElementState ElementState::fromJson(const QJsonObject& o)
{
    ElementState s;
    s.id = o.value(QStringLiteral("id")).toString();
    s.taskDir = o.value(QStringLiteral("task")).toString();
    s.digest = o.value(QStringLiteral("digest")).toString();
    s.status = o.value(QStringLiteral("status")).toString();
    s.exitCode = o.value(QStringLiteral("exit_code")).toInt(-1);
    s.elapsedS = o.value(QStringLiteral("elapsed_s")).toDouble();
    s.executor = o.value(QStringLiteral("executor")).toString();
    s.node = o.value(QStringLiteral("node")).toString();
    s.slurmState = o.value(QStringLiteral("slurm_state")).toString();
    s.jobId = o.value(QStringLiteral("job_id")).toString();
    s.note = o.value(QStringLiteral("note")).toString();
    return s;
}

QString elementDir(const QString& outDir, const QString& id)
{
    return QDir(outDir).filePath(QStringLiteral("tasks/") + id);
}

QString statusForExit(int exitCode)
{
    return exitCode == 0 ? QStringLiteral("passed")
                         : (exitCode == 1 ? QStringLiteral("findings") : QStringLiteral("failed"));
}

Status writeElementState(const QString& outDir, const ElementState& state)
{
    const QString dir = elementDir(outDir, state.id);
    QDir().mkpath(dir);
    QSaveFile f(QDir(dir).filePath(QStringLiteral("state.json")));
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(state.toJson()).toJson()) < 0 || !f.commit())
        return Error::environment(f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString()));
    return Ok {};
}

std::optional<ElementState> readElementState(const QString& outDir, const QString& id)
{
    QFile f(QDir(elementDir(outDir, id)).filePath(QStringLiteral("state.json")));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    if (!doc.isObject())
        return std::nullopt;
    return ElementState::fromJson(doc.object());
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/bundlewriter.h"

#include "core/review/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>

namespace kwb {

int ImportSummary::imported() const
{
    return int(std::count_if(bundles.begin(), bundles.end(), [](const ImportedBundle& b) { return b.ok(); }));
}

int ImportSummary::failed() const
{
    return int(bundles.size()) - imported();
}

Status writeBundle(const QString& dir, const QJsonObject& manifest, const QMap<QString, QByteArray>& files)
{
    if (!QDir().mkpath(dir))
        return Error { dir, {}, QStringLiteral("cannot create the bundle folder") };
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (it.key().contains(QStringLiteral("..")) || QDir::isAbsolutePath(it.key()))
            return Error { dir, {}, QStringLiteral("refusing to write '%1' outside the bundle").arg(it.key()) };
        const QString path = QDir(dir).filePath(it.key());
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return Error { path, {}, QStringLiteral("cannot create its folder") };
        if (auto s = writeFileAtomically(path, it.value()); !s)
            return s;
    }
    return writeFileAtomically(
        QDir(dir).filePath(QStringLiteral("task.json")), QJsonDocument(manifest).toJson(QJsonDocument::Indented));
}

QString taskIdFrom(const QString& text)
{
    static const QRegularExpression other(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString id = text.toLower();
    id.replace(other, QStringLiteral("-"));
    while (!id.isEmpty() && !id.front().isLetterOrNumber())
        id.remove(0, 1);
    while (id.endsWith(u'-'))
        id.chop(1);
    return id.isEmpty() ? QStringLiteral("task") : id;
}

QJsonArray findingsJson(const Findings& findings)
{
    QJsonArray out;
    for (const Finding& f : findings)
        out.append(f.toJson());
    return out;
}

Finding importFinding(const QString& id, Severity severity, const QString& file, int line, const QString& message)
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.file = file;
    f.line = line;
    f.message = message;
    return f;
}

} // namespace kwb

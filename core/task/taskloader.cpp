// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/task/taskloader.h"

#include "core/task/jsonlocator.h"
#include "core/task/manifestparse.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>

namespace kwb {
namespace {
const QString kManifest = QStringLiteral("task.json");
constexpr qint64 kMaxManifestBytes = 16 * 1024 * 1024;

Error loadError(const QString& where, const QString& what, int line = 0,
    const QString& id = QStringLiteral("scope.invalid-manifest"))
{
    return Error { kManifest, where, what, id, line };
}

// nlohmann's message is "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error …":
// keep what follows the position, since the position is reported in `where` already.
QString parseMessage(const char* what)
{
    const QString s = QString::fromUtf8(what);
    const qsizetype column = s.indexOf(QStringLiteral("column "));
    const qsizetype colon = column < 0 ? -1 : s.indexOf(QStringLiteral(": "), column);
    const QString message = colon < 0 ? s : s.mid(colon + 2);
    // "; last read: '…'" echoes raw input bytes (possibly invalid UTF-8); the position says enough.
    const qsizetype lastRead = message.indexOf(QStringLiteral("; last read: "));
    return lastRead < 0 ? message : message.left(lastRead);
}

Result<nlohmann::json> parseJson(const QByteArray& text)
{
    try {
        return nlohmann::json::parse(text.constBegin(), text.constEnd());
    } catch (const nlohmann::json::parse_error& e) {
        const qsizetype offset = e.byte > 0 ? qsizetype(e.byte - 1) : 0;
        const auto [line, column] = JsonLocator::lineColumn(text, offset);
        return loadError(QStringLiteral("line %1, column %2").arg(line).arg(column),
            QStringLiteral("invalid JSON: %1").arg(parseMessage(e.what())), line);
    } catch (const nlohmann::json::exception& e) {
        // A number no C++ type holds ("number overflow parsing '1e999'"): nlohmann gives no offset, so point at
        // the first place the number is written.
        const QString what = QString::fromUtf8(e.what());
        const qsizetype open = what.indexOf(QStringLiteral(" '"));
        const qsizetype close = what.lastIndexOf(QLatin1Char('\''));
        const QByteArray token
            = open < 0 || close <= open + 2 ? QByteArray() : what.mid(open + 2, close - open - 2).toUtf8();
        const qsizetype offset = token.isEmpty() ? -1 : text.indexOf(token);
        const auto [line, column] = JsonLocator::lineColumn(text, offset < 0 ? 0 : offset);
        const QString shown
            = token.size() > 40 ? QString::fromUtf8(token.left(37)) + QStringLiteral("…") : QString::fromUtf8(token);
        const QString message = token.isEmpty() ? what.mid(what.indexOf(QLatin1Char(']')) + 1).trimmed()
                                                : QStringLiteral("number out of range: %1").arg(shown);
        return loadError(offset < 0 ? QString() : QStringLiteral("line %1, column %2").arg(line).arg(column),
            QStringLiteral("invalid JSON: %1").arg(message), offset < 0 ? 0 : line);
    }
}
} // namespace

Result<LoadedTask> loadTask(const QString& bundleDir)
{
    QFileInfo given(bundleDir);
    const QString dir = given.isFile() ? given.absolutePath() : given.absoluteFilePath();
    QFile file(QDir(dir).filePath(kManifest));
    if (!QFileInfo(dir).isDir())
        return loadError(
            {}, QStringLiteral("no such folder '%1'").arg(bundleDir), 0, QStringLiteral("scope.missing-file"));
    if (!file.exists())
        return loadError(
            {}, QStringLiteral("not found in '%1'").arg(bundleDir), 0, QStringLiteral("scope.missing-file"));
    if (file.size() > kMaxManifestBytes)
        return loadError({}, QStringLiteral("larger than 16 MiB"));
    if (!file.open(QIODevice::ReadOnly))
        return loadError(
            {}, QStringLiteral("cannot read: %1").arg(file.errorString()), 0, QStringLiteral("scope.missing-file"));
    const QByteArray text = file.readAll();

    auto json = parseJson(text);
    if (!json)
        return json.error();
    if (!json->is_object())
        return loadError(QStringLiteral("/"), QStringLiteral("expected an object at the top level"), 1);

    ManifestReader reader(text, kManifest);
    LoadedTask loaded;
    Task& task = loaded.task;
    task.dir = QDir::cleanPath(dir);
    try {
        manifest::Names names;
        manifest::readHeader(reader, *json, task);
        manifest::readDims(reader, *json, task, names);
        manifest::readTensors(reader, *json, task, names);
        manifest::readCases(reader, *json, task);
        if (const auto* tol = reader.member(*json, {}, "tolerance", "object", false))
            task.tolerance = manifest::readTolerance(reader, *tol, QStringLiteral("/tolerance"));
        manifest::readImplementations(reader, *json, task);
        manifest::readBenchmark(reader, *json, task);
        manifest::readClaim(reader, *json, task);
        manifest::readPrecision(reader, *json, task);
    } catch (const ManifestFailure& f) {
        return f.error;
    } catch (const nlohmann::json::exception& e) {
        // A value of an unexpected type the checks above missed: still an error with a position, never a crash.
        return loadError({}, QStringLiteral("unexpected value: %1").arg(QString::fromUtf8(e.what())));
    }
    task.manifest = QJsonDocument::fromJson(text).object();
    loaded.warnings = reader.warnings();
    return loaded;
}

QStringList findTaskBundles(const QString& path)
{
    const QFileInfo info(path);
    if (info.isFile())
        return info.fileName() == kManifest ? QStringList { QDir::cleanPath(info.path()) } : QStringList {};
    if (QFileInfo::exists(QDir(path).filePath(kManifest)))
        return { QDir::cleanPath(path) };
    QStringList found;
    QDirIterator it(path, { kManifest }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        found << QDir::cleanPath(it.fileInfo().path());
    }
    found.sort();
    // A bundle's own subfolders (e.g. test data) are part of it, not bundles of their own.
    QStringList outer;
    for (const QString& f : found) {
        if (std::none_of(outer.begin(), outer.end(), [&](const QString& o) { return f.startsWith(o + u'/'); }))
            outer << f;
    }
    return outer;
}

} // namespace kwb

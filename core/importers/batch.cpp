// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/importers/batch.h"

#include "core/importers/bundlewriter.h"
#include "core/review/atomicfile.h"
#include "core/task/taskloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace kwb {
namespace {
struct Line {
    int number = 0;
    Assignment assignment;
    QJsonObject manifest;
    QMap<QString, QByteArray> files;
};

const QStringList kImplKeys { QStringLiteral("id"), QStringLiteral("file"), QStringLiteral("source"),
    QStringLiteral("backend"), QStringLiteral("framework"), QStringLiteral("entry"), QStringLiteral("args"),
    QStringLiteral("launch"), QStringLiteral("convention") };

// An implementation of a line: {file, source, backend, …} → the manifest's entry; its source goes into `files`.
Result<QJsonObject> implementation(const QJsonObject& o, const QString& where, Line& line)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!kImplKeys.contains(it.key()))
            return Error { {}, where + QLatin1Char('/') + it.key(), QStringLiteral("unknown field") };
    }
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9_.-]*$"));
    const QString file = o.value(QStringLiteral("file")).toString();
    if (!plain.match(file).hasMatch() || file == u"task.json" || file == u"spec.md")
        return Error { {}, where + QStringLiteral("/file"),
            QStringLiteral("expected a plain file name (letters, digits, '_', '.', '-'), got '%1'").arg(file) };
    if (line.files.contains(file))
        return Error { {}, where + QStringLiteral("/file"), QStringLiteral("'%1' is used twice").arg(file) };
    if (!o.value(QStringLiteral("source")).isString())
        return Error { {}, where + QStringLiteral("/source"), QStringLiteral("expected the source text (a string)") };
    if (!o.value(QStringLiteral("backend")).isString())
        return Error { {}, where + QStringLiteral("/backend"), QStringLiteral("expected cpp, cuda or python") };
    line.files.insert(file, o.value(QStringLiteral("source")).toString().toUtf8());
    QJsonObject impl = o;
    impl.remove(QStringLiteral("file"));
    impl.insert(QStringLiteral("source"), file);
    if (!impl.contains(QStringLiteral("args")))
        impl.insert(QStringLiteral("args"), QJsonArray {});
    return impl;
}

Result<Line> parseLine(const QJsonObject& o, int number, QSet<QString>& ids)
{
    Line line;
    line.number = number;
    static const QStringList keys { QStringLiteral("task_id"), QStringLiteral("title"), QStringLiteral("kind"),
        QStringLiteral("spec"), QStringLiteral("reference"), QStringLiteral("candidates"), QStringLiteral("manifest"),
        QStringLiteral("metadata") };
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!keys.contains(it.key()))
            return Error { {}, QLatin1Char('/') + it.key(),
                QStringLiteral("unknown field (expected one of %1)").arg(keys.join(QStringLiteral(", "))) };
    }
    Assignment& a = line.assignment;
    const QJsonValue tid = o.value(QStringLiteral("task_id"));
    a.taskId = tid.isDouble() ? QString::number(tid.toInteger()) : tid.toString();
    if (a.taskId.isEmpty())
        return Error { {}, QStringLiteral("/task_id"), QStringLiteral("expected a non-empty string or number") };
    a.bundleId = taskIdFrom(a.taskId);
    if (ids.contains(a.bundleId))
        return Error { {}, QStringLiteral("/task_id"),
            QStringLiteral("'%1' gives bundle id '%2', which an earlier line already uses").arg(a.taskId, a.bundleId) };
    ids.insert(a.bundleId);
    a.dir = QStringLiteral("tasks/") + a.bundleId;
    a.title = o.value(QStringLiteral("title")).toString(a.taskId);
    a.metadata = o.value(QStringLiteral("metadata")).toObject();
    if (o.contains(QStringLiteral("metadata")) && !o.value(QStringLiteral("metadata")).isObject())
        return Error { {}, QStringLiteral("/metadata"), QStringLiteral("expected an object") };
    if (o.contains(QStringLiteral("manifest")) && !o.value(QStringLiteral("manifest")).isObject())
        return Error { {}, QStringLiteral("/manifest"), QStringLiteral("expected an object of kwb.task/1 fields") };
    line.manifest = o.value(QStringLiteral("manifest")).toObject();
    for (const char* owned : { "format", "id", "spec", "reference", "candidates" }) {
        if (line.manifest.contains(QLatin1StringView(owned)))
            return Error { {}, QStringLiteral("/manifest/%1").arg(QLatin1StringView(owned)),
                QStringLiteral("set by the line itself, not by 'manifest'") };
    }
    line.manifest.insert(QStringLiteral("format"), QStringLiteral("kwb.task/1"));
    line.manifest.insert(QStringLiteral("id"), a.bundleId);
    line.manifest.insert(QStringLiteral("title"), a.title);
    const QString kind
        = o.value(QStringLiteral("kind")).toString(line.manifest.value(QStringLiteral("kind")).toString());
    if (kind.isEmpty())
        return Error { {}, QStringLiteral("/kind"),
            QStringLiteral("expected the task kind (generation, translation, …)") };
    line.manifest.insert(QStringLiteral("kind"), kind);
    if (o.contains(QStringLiteral("spec"))) {
        if (!o.value(QStringLiteral("spec")).isString())
            return Error { {}, QStringLiteral("/spec"), QStringLiteral("expected the spec text (Markdown)") };
        line.files.insert(QStringLiteral("spec.md"), o.value(QStringLiteral("spec")).toString().toUtf8());
        line.manifest.insert(QStringLiteral("spec"), QStringLiteral("spec.md"));
    }
    if (!o.value(QStringLiteral("reference")).isObject())
        return Error { {}, QStringLiteral("/reference"),
            QStringLiteral("expected an object {file, source, backend, …}") };
    auto ref = implementation(o.value(QStringLiteral("reference")).toObject(), QStringLiteral("/reference"), line);
    if (!ref)
        return ref.error();
    ref->remove(QStringLiteral("id"));
    line.manifest.insert(QStringLiteral("reference"), *ref);
    QJsonArray cands;
    const QJsonArray list = o.value(QStringLiteral("candidates")).toArray();
    if (o.contains(QStringLiteral("candidates")) && !o.value(QStringLiteral("candidates")).isArray())
        return Error { {}, QStringLiteral("/candidates"), QStringLiteral("expected a list") };
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = QStringLiteral("/candidates/%1").arg(i);
        if (!list[i].isObject())
            return Error { {}, where, QStringLiteral("expected an object {id, file, source, backend, …}") };
        auto c = implementation(list[i].toObject(), where, line);
        if (!c)
            return c.error();
        if (!c->contains(QStringLiteral("id")))
            c->insert(QStringLiteral("id"), QStringLiteral("cand%1").arg(i + 1));
        cands.append(*c);
    }
    line.manifest.insert(QStringLiteral("candidates"), cands);
    return line;
}
} // namespace

Result<BatchImportSummary> importBatch(const QString& file, const QString& workspaceDir)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return Error { file, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    if (BatchQueue::isWorkspace(workspaceDir))
        return Error { workspaceDir, {}, QStringLiteral("already holds a workspace: choose a new folder") };
    QList<Line> lines;
    QSet<QString> ids;
    int number = 0;
    while (!f.atEnd()) {
        const QByteArray text = f.readLine();
        ++number;
        if (text.trimmed().isEmpty())
            continue;
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &e);
        if (!doc.isObject())
            return Error { file, QStringLiteral("line %1").arg(number),
                doc.isNull() ? QStringLiteral("not JSON: %1 at column %2").arg(e.errorString()).arg(e.offset + 1)
                             : QStringLiteral("expected a JSON object"),
                {}, number };
        auto line = parseLine(doc.object(), number, ids);
        if (!line) {
            Error err = line.error();
            err.file = file;
            err.line = number;
            err.where = QStringLiteral("line %1: %2").arg(number).arg(err.where);
            return err;
        }
        lines << *line;
    }
    if (lines.isEmpty())
        return Error { file, {}, QStringLiteral("no assignments (one JSON object a line)") };
    BatchImportSummary summary;
    for (Line& line : lines) {
        const QString dir = QDir(workspaceDir).filePath(line.assignment.dir);
        if (auto s = writeBundle(dir, line.manifest, line.files); !s)
            return s.error();
        if (auto loaded = loadTask(dir); !loaded) {
            line.assignment.loadError = loaded.error().oneLine();
            ++summary.loadFailures;
        }
        summary.assignments << line.assignment;
    }
    const QByteArray ws = QJsonDocument(workspaceJson(QFileInfo(file).absoluteFilePath(), summary.assignments))
                              .toJson(QJsonDocument::Indented);
    if (auto s = writeFileAtomically(QDir(workspaceDir).filePath(QStringLiteral("workspace.json")), ws); !s)
        return s.error();
    return summary;
}

} // namespace kwb

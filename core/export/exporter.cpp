// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/export/exporter.h"

#include "core/export/csvexport.h"
#include "core/export/labelstudio.h"
#include "core/review/reviewstore.h"
#include "core/task/taskloader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace kwb {
namespace {
bool isSqlite(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(16) == QByteArray("SQLite format 3\0", 16);
}

Result<QString> readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    return QString::fromUtf8(f.readAll());
}
} // namespace

Result<ExportFormat> exportFormatFromName(const QString& name)
{
    static const QMap<QString, ExportFormat> names { { QStringLiteral("json"), ExportFormat::Json },
        { QStringLiteral("jsonl"), ExportFormat::Jsonl }, { QStringLiteral("csv"), ExportFormat::Csv },
        { QStringLiteral("labelstudio"), ExportFormat::LabelStudio },
        { QStringLiteral("markdown"), ExportFormat::Markdown } };
    if (!names.contains(name))
        return Error { {}, {},
            QStringLiteral("unknown format '%1' (expected json, jsonl, csv, labelstudio or markdown)").arg(name) };
    return names.value(name);
}

QStringList exportCriteria(const QList<Review>& reviews, const Rubric* rubric)
{
    QStringList ids;
    if (rubric) {
        for (const Criterion* c : rubric->criteria())
            ids << c->id;
    }
    QStringList extra;
    for (const Review& r : reviews) {
        for (auto it = r.scores.begin(); it != r.scores.end(); ++it) {
            if (!ids.contains(it.key()) && !extra.contains(it.key()))
                extra << it.key();
        }
    }
    extra.sort();
    return ids + extra;
}

QByteArray exportReviews(const QList<Review>& reviews, const ExportOptions& options)
{
    switch (options.format) {
    case ExportFormat::Json: {
        if (reviews.size() == 1)
            return QJsonDocument(reviewToJson(reviews.first())).toJson(QJsonDocument::Indented);
        QJsonArray a;
        for (const Review& r : reviews)
            a.append(reviewToJson(r));
        return QJsonDocument(a).toJson(QJsonDocument::Indented);
    }
    case ExportFormat::Jsonl: {
        QByteArray out;
        for (const Review& r : reviews)
            out += QJsonDocument(reviewToJson(r)).toJson(QJsonDocument::Compact) + '\n';
        return out;
    }
    case ExportFormat::Csv: {
        const QStringList criteria = exportCriteria(reviews, options.rubric);
        return options.wide ? reviewsWideCsv(reviews, criteria) : reviewsCsv(reviews, criteria);
    }
    case ExportFormat::LabelStudio:
        return labelStudioTasks(reviews, options);
    case ExportFormat::Markdown:
        return reviewsMarkdown(reviews, options.rubric);
    }
    return {};
}

Result<QList<Review>> collectReviews(const QStringList& paths)
{
    QList<Review> out;
    for (const QString& path : paths) {
        if (!QFile::exists(path))
            return Error { path, {}, QStringLiteral("no such file") };
        if (isSqlite(path)) {
            ReviewStore store;
            if (const Status s = store.open(path); !s)
                return s.error();
            const auto stored = store.reviews();
            if (!stored)
                return stored.error();
            for (const StoredReview& s : *stored)
                out.append(s.review);
            continue;
        }
        Result<QList<Review>> rs = importReviewFile(path);
        if (!rs)
            return rs.error();
        out += *rs;
    }
    return out;
}

Result<QList<Review>> importReviewFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error { path, {}, QStringLiteral("cannot read: %1").arg(f.errorString()) };
    const QByteArray text = f.readAll();
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    // A Label Studio task list is an array of objects holding `data`; kwb.review/1 arrays hold `format`.
    if (doc.isArray() && !doc.array().isEmpty() && doc.array().first().toObject().contains(QStringLiteral("data")))
        return reviewsFromLabelStudio(doc.array(), path);
    return loadReviewFile(path);
}

Result<TaskTexts> readTaskTexts(const QString& bundleDir, QString* taskId)
{
    const Result<LoadedTask> loaded = loadTask(bundleDir);
    if (!loaded)
        return loaded.error();
    const Task& t = loaded->task;
    if (taskId)
        *taskId = t.id;
    TaskTexts texts;
    if (!t.spec.isEmpty()) {
        const Result<QString> s = readText(t.path(t.spec));
        if (!s)
            return s.error();
        texts.spec = *s;
    }
    if (const Implementation* ref = t.implementation(QStringLiteral("reference"))) {
        const Result<QString> s = readText(t.path(ref->source));
        if (!s)
            return s.error();
        texts.reference = *s;
    }
    if (!t.candidates.isEmpty()) {
        const Result<QString> s = readText(t.path(t.candidates.first().source));
        if (!s)
            return s.error();
        texts.candidate = *s;
    }
    return texts;
}

} // namespace kwb

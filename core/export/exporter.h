// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/review/review.h"
#include "core/rubric/rubric.h"

#include <QMap>

namespace kwb {

enum class ExportFormat { Json, Jsonl, Csv, LabelStudio, Markdown };

/// `json`, `jsonl`, `csv`, `labelstudio` or `markdown` → the format; an Error naming the choices otherwise.
Result<ExportFormat> exportFormatFromName(const QString& name);

/// The texts a Label Studio task shows, read from the task bundle.
struct TaskTexts {
    QString spec;
    QString reference;
    QString candidate;
};

struct ExportOptions {
    ExportFormat format = ExportFormat::Json;
    bool wide = false; ///< csv: one row per task, a column per reviewer × criterion
    const Rubric* rubric = nullptr; ///< criterion order and titles (csv, labelstudio, markdown); may be null
    QMap<QString, TaskTexts> tasks; ///< task id → texts (labelstudio); missing tasks export empty texts
    /// labelstudio: the numeric Label Studio user id each reviewer's annotations are credited to
    /// (`completed_by`; Label Studio refuses an id that is not a member of the project's organisation).
    QMap<QString, int> labelStudioUsers;
    int labelStudioUser = 1; ///< the id for reviewers not in labelStudioUsers (1: the first account)
    /// labelstudio: reviewer → the e-mail of their Label Studio account (`completed_by: {"email": …}`, which Label
    /// Studio resolves to that account); wins over labelStudioUsers.
    QMap<QString, QString> labelStudioEmails;
};

/// The reviews in `options.format`:
/// - json: one kwb.review/1 object (one review) or an array of them — lossless;
/// - jsonl: one compact kwb.review/1 object a line;
/// - csv: RFC 4180, one row per review (or per task with `wide`);
/// - labelstudio: a Label Studio task list (see labelstudio.h);
/// - markdown: a feedback report per review.
QByteArray exportReviews(const QList<Review>& reviews, const ExportOptions& options);

/// A readable feedback report per review (Markdown), separated by rules; `rubric` adds titles and level texts.
QByteArray reviewsMarkdown(const QList<Review>& reviews, const Rubric* rubric);

/// The criterion ids to export: the rubric's in order, else every id the reviews score, sorted.
QStringList exportCriteria(const QList<Review>& reviews, const Rubric* rubric);

/// Reviews from files and review databases (a SQLite file is read through ReviewStore), in argument order.
Result<QList<Review>> collectReviews(const QStringList& paths);

/// Reviews from an exported file: kwb.review/1 json (object or array), jsonl, or a Label Studio export.
/// Reviews exported to Label Studio come back whole (the annotation keeps the kwb.review/1 document).
Result<QList<Review>> importReviewFile(const QString& path);

/// Reads spec, reference and first candidate source texts of a loaded task bundle folder.
Result<TaskTexts> readTaskTexts(const QString& bundleDir, QString* taskId);

} // namespace kwb

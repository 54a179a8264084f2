#pragma once

#include "export/exporter.h"

#include <QJsonArray>

namespace kwb {

/// The Label Studio control names generated for a rubric: a Rating named `<ID>` and a TextArea named
/// `<ID>_comment` per criterion (Label Studio needs unique control names), `verdict` (Choices), `summary`
/// (TextArea), `confidence` (Rating); all point at the Text `candidate`.
QString labelStudioCommentName(const QString& criterionId);
inline constexpr const char* kLabelStudioTarget = "candidate";

/// A Label Studio task list: one task per task id, whose `data` holds task_id, task_digest, spec, reference
/// and candidate, and whose `annotations` hold one entry per review (result: per criterion a `rating` and a
/// `textarea`, plus verdict/summary/confidence; completed_by (a numeric Label Studio user id, see
/// ExportOptions), lead_time, created_at, updated_at). The reviewer's name is in the annotation's `kwb_reviewer`
/// and the task's `meta.kwb_reviewers` (annotation order); `meta.kwb_reviews` keeps every kwb.review/1
/// document, so an import brings the reviews back whole.
QByteArray labelStudioTasks(const QList<Review>& reviews, const ExportOptions& options);

/// The labeling config (XML) matching labelStudioTasks for `rubric`.
QByteArray labelStudioConfig(const Rubric& rubric);

/// Reviews from a Label Studio task list: from `meta.kwb_reviews` where present (lossless), else rebuilt
/// from the annotations' results. Errors name the file and the JSON path.
Result<QList<Review>> reviewsFromLabelStudio(const QJsonArray& tasks, const QString& file);

} // namespace kwb

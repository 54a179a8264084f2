// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/export/exporter.h"

#include <QJsonArray>

#include <functional>
#include <optional>

namespace kwb {

/// The Label Studio control names generated for a rubric (Label Studio needs unique control names), all pointing
/// at the HyperText `candidate`: per criterion a Rating `<ID>`, a Choices `<ID>_na` (its one choice `N/A`), a
/// TextArea `<ID>_comment` and a TextArea `<ID>_evidence` (one evidence reference an entry); overall `verdict`
/// (Choices), `summary` (TextArea), `confidence` (Rating), `line_comments` (TextArea, one comment an entry, see
/// labelStudioLineComment) and the hidden TextArea `kwb_review` that carries the review's identity.
QString labelStudioCommentName(const QString& criterionId);
QString labelStudioEvidenceName(const QString& criterionId);
QString labelStudioNaName(const QString& criterionId);
inline constexpr const char* kLabelStudioTarget = "candidate";
inline constexpr const char* kLabelStudioIdName = "kwb_review";
inline constexpr const char* kLabelStudioLineComments = "line_comments";
inline constexpr const char* kLabelStudioNa = "N/A";

/// A line comment as a Label Studio text entry: `candidate.cu#L10-L12 [NC4]: text` (`#L10` for one line, no
/// `[…]` without a criterion).
QString labelStudioLineComment(const LineComment& c);

/// The Label Studio `result` list of one review (see labelStudioTasks); `criteria` in rubric order.
QJsonArray labelStudioResult(const Review& r, const QStringList& criteria);

/// A Label Studio task list: one task per task id, whose `data` holds task_id, task_digest, spec, reference and
/// candidate (plain text) and their `*_html` forms (escaped, in `<pre>`, which the HyperText objects show with
/// their indentation), and whose `annotations` hold one entry per review: the result (labelStudioResult, with
/// the identity in `kwb_review`), completed_by (`{"email": …}` for reviewers in ExportOptions::labelStudioEmails,
/// else a numeric user id), lead_time, created_at, updated_at. The task's `meta.kwb_reviews` keeps every
/// kwb.review/1 document as exported, the base an import compares Label Studio's results with.
QByteArray labelStudioTasks(const QList<Review>& reviews, const ExportOptions& options);

/// The labeling config (XML) matching labelStudioTasks for `rubric`.
QByteArray labelStudioConfig(const Rubric& rubric);

/// Where a review read from Label Studio came from.
enum class LabelStudioOrigin {
    AsExported, ///< the annotation's result is what kwb exported: the `meta` copy, unchanged
    Edited, ///< the result was edited in Label Studio after the export: the review with those edits
    Added, ///< an annotation made in Label Studio (no kwb identity): a new review
    MetaNewer, ///< the result differs but the `meta` copy is newer: the meta copy (reported, never silent)
    Legacy, ///< an export made before the identity was carried: the `meta` copy (edits are not detected)
    Deleted, ///< a `meta` copy whose annotation is gone from Label Studio: not imported (the store keeps it)
};

struct LabelStudioReview {
    Review review;
    LabelStudioOrigin origin = LabelStudioOrigin::AsExported;
    QString where; ///< JSON path of the annotation (or meta document) it came from
};

struct LabelStudioImportOptions {
    /// Label Studio user (e-mail, or numeric id as text) → kwb reviewer, for annotations made in Label Studio.
    QMap<QString, QString> reviewers;
    /// The stored review with `key`'s identity, if any: the base Label Studio's results are compared with when
    /// the export has no `meta` copy (another tool rewrote it). May be empty.
    std::function<std::optional<Review>(const Review& key)> stored;
};

/// Reviews from a Label Studio task list, deciding per annotation which side is newer: Label Studio's `result`
/// (edited there: its `updated_at`) or the `meta` copy exported with it. The identity comes from the hidden
/// `kwb_review` result (else the meta copy at the same position, for exports made before it existed); an
/// annotation without one is a review added in Label Studio, its reviewer from `options.reviewers` (by e-mail)
/// or the e-mail itself. Errors name the file and the JSON path.
Result<QList<LabelStudioReview>> readLabelStudio(
    const QJsonArray& tasks, const QString& file, const LabelStudioImportOptions& options = {});

/// The reviews of readLabelStudio, without the Deleted ones.
Result<QList<Review>> reviewsFromLabelStudio(
    const QJsonArray& tasks, const QString& file, const LabelStudioImportOptions& options = {});

/// Reads a reviewer mapping file: one `REVIEWER=EMAIL` a line (blank lines and `#` comments allowed). Errors
/// name the file and line.
Result<QMap<QString, QString>> loadLabelStudioUsers(const QString& path);

/// The reviewer → Label Studio user (e-mail or numeric id) mapping of `--labelstudio-users FILE` (may be empty)
/// and `--labelstudio-user REVIEWER=USER` values (which win). Values without `=` are left out: the caller decides
/// what a bare value means. Errors name the option or the file and line.
Result<QMap<QString, QString>> labelStudioUserMap(const QStringList& values, const QString& file);

} // namespace kwb

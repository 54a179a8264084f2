// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace kwb {

/// One criterion's score: a value on the criterion's scale, N/A, or not scored yet (drafts).
struct Score {
    std::optional<int> value; ///< the level; empty for N/A or not yet scored
    bool notApplicable = false; ///< `"value": null`
    QString comment;
    QStringList evidence; ///< evidence references (evidenceref.h)

    bool scored() const { return value.has_value() || notApplicable; }
    bool operator==(const Score&) const = default;
};

/// A comment anchored to a 1-based, inclusive line range of a bundle file (like Gerrit's inline comments).
struct LineComment {
    QString file; ///< bundle-relative
    int startLine = 1;
    int endLine = 1;
    QString text;
    QString criterion; ///< the criterion it is about, may be empty
    bool operator==(const LineComment&) const = default;
};

/// A report (kwb.report/1) attached to a review, by the digest of its bytes.
struct ReportRef {
    QString digest; ///< `sha256:<hex>`
    QString action; ///< run | compile | bench | …
    QDateTime created;
    bool operator==(const ReportRef&) const = default;
};

/// A review in the kwb.review/1 format (docs/reviews.md).
/// Identity across stores and files: task id + reviewer + created.
struct Review {
    enum class Status { Draft, Submitted };

    QString taskId;
    QString taskDigest; ///< `sha256:…` of the bundle reviewed
    QString rubricId;
    int rubricVersion = 0;
    QString reviewer;
    Status status = Status::Draft;
    QDateTime created; ///< UTC
    QDateTime updated; ///< UTC
    qint64 timeSpentS = 0;
    QMap<QString, Score> scores; ///< criterion id → score
    QList<LineComment> comments;
    QString verdict; ///< accept | minor | major | reject, empty while undecided
    QString summary;
    std::optional<int> confidence; ///< on the rubric's confidence scale
    QList<ReportRef> reports;

    bool operator==(const Review&) const = default;

    /// `task-id/reviewer/created` — the identity as one printable key.
    QString identity() const;
    bool sameIdentity(const Review& other) const;
};

QString statusName(Review::Status s);

/// The kwb.review/1 JSON object (lossless: parseReview(toJson(r)) == r).
QJsonObject reviewToJson(const Review& review);

/// A UTC timestamp as kwb.review/1 writes it: `2026-11-29T20:00:00Z` (milliseconds only when non-zero).
QString reviewTimestamp(const QDateTime& t);

/// Parses one kwb.review/1 object. `text` (may be empty) is the document's text, used to name lines;
/// `path` is the JSON pointer of `o` inside it (`""` for a whole document, `/3` for an array item).
/// Errors name file, JSON path and what was expected.
Result<Review> reviewFromJson(
    const QJsonObject& o, const QString& file, const QByteArray& text = {}, const QString& path = {});

/// Parses a kwb.review/1 document.
Result<Review> parseReview(const QByteArray& text, const QString& file);

/// Reviews from a file: one kwb.review/1 object, a JSON array of them, or JSON Lines (one a line).
/// Errors name the file and the line or JSON path.
Result<QList<Review>> loadReviewFile(const QString& path);

} // namespace kwb

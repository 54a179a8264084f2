// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/export/exporter.h"

namespace kwb {

/// One CSV field, quoted as RFC 4180 says when it holds a comma, a quote, CR or LF.
QString csvField(const QString& value);

/// One row per review: task_id, task_digest, reviewer, status, verdict, created, updated, time_spent_s, then
/// `<ID>` and `<ID>.comment` per criterion (value, `NA` for N/A, empty when unscored). CRLF line ends.
QByteArray reviewsCsv(const QList<Review>& reviews, const QStringList& criteria);

/// One row per task (task_id, task_digest of its latest review), a column `<reviewer>.<ID>` per reviewer and
/// criterion plus `<reviewer>.verdict`; reviewers sorted.
QByteArray reviewsWideCsv(const QList<Review>& reviews, const QStringList& criteria);

} // namespace kwb

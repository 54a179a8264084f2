// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/review/review.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QMap>

namespace kwb {

/// The results by control name (`from_name` → `value`), without the identity: what is compared to tell an
/// annotation edited in Label Studio from one as exported.
QMap<QString, QJsonValue> labelStudioValues(const QJsonArray& results);

/// `base` with everything Label Studio's `results` hold replaced by them (what the results lack is removed);
/// the fields results cannot hold (task, rubric, reviewer, status, created, reports) stay the base's. Checked
/// like any kwb.review/1 document; errors name the file and the JSON path below `path` (the annotation).
Result<Review> applyLabelStudioResults(
    const Review& base, const QJsonArray& results, const QString& file, const QString& path);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/rubric/rubric.h"

namespace kwb {

/// Parses a kwb.rubric/1 document (rubrics/schema.json) from `text`; `file` names it in errors.
/// Errors name the file, the JSON pointer, the line and what was expected, e.g.
/// `r.json: /dimensions/0/criteria/1/scale/levels: expected a level for value 3 (levels must cover 1..5)`.
Result<Rubric> parseRubric(const QByteArray& text, const QString& file);

/// Reads and parses the rubric file at `path`.
Result<Rubric> loadRubric(const QString& path);

/// The rubric `id` at `version` from rubricsDir() (`<id>.v<version>.json`).
Result<Rubric> findRubric(const QString& id, int version);

} // namespace kwb

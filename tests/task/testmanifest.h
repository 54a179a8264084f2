// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A valid kwb.task/1 bundle written into a folder, and single edits of it, for the loader, lint, digest
// and CLI tests. Edits address task.json by JSON pointer, so each test row states one mutation.

#include <nlohmann/json.hpp>

#include <QString>

namespace kwb::test {

/// The base manifest: vector add over float32, a cpp reference and a cuda candidate; it loads and lints clean.
nlohmann::json baseManifest();

/// Sets (or, with `remove`, erases) the value at `pointer`; `valueJson` is JSON text.
void edit(nlohmann::json& manifest, const QString& pointer, const QString& valueJson, bool remove = false);

/// Writes task.json (indented by 2), spec.md (`spec`, or the default when null), reference.cpp and candidate.cu.
bool writeBundle(const QString& dir, const nlohmann::json& manifest, const QString& spec = QString());

/// The default spec text.
QString defaultSpec();

/// Writes `text` to `dir/name` (creating folders); false on failure.
bool writeFile(const QString& dir, const QString& name, const QByteArray& text);

} // namespace kwb::test

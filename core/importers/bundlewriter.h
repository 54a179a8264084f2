// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>

namespace kwb {

/// One bundle an importer wrote (or could not write), for the command's summary.
struct ImportedBundle {
    QString source; ///< the file or folder it came from
    QString dir; ///< the bundle folder written; empty when nothing was written
    QString id; ///< task id
    QString error; ///< one line when the source could not be imported
    Findings findings; ///< what the importer found (static analysis, missing definitions, …)

    bool ok() const { return error.isEmpty(); }
};

struct ImportSummary {
    QList<ImportedBundle> bundles;
    QString provenance; ///< scanner interpreter and version, for the record

    int imported() const;
    int failed() const;
};

/// Writes `manifest` as dir/task.json and every file of `files` (bundle-relative path → bytes) atomically,
/// creating folders as needed. Existing files of the same names are replaced; nothing else is touched.
Status writeBundle(const QString& dir, const QJsonObject& manifest, const QMap<QString, QByteArray>& files);

/// A task id from free text: letters, digits, '.', '_' and '-' kept, runs of anything else become one '-',
/// lowercased; never empty (`task` when nothing is left), always starting with a letter or digit.
QString taskIdFrom(const QString& text);

/// Findings as a JSON array (import.json's `findings`, re-read by lint).
QJsonArray findingsJson(const Findings& findings);

/// A finding of an importer about `file` (line when known).
Finding importFinding(const QString& id, Severity severity, const QString& file, int line, const QString& message);

} // namespace kwb

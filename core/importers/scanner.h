// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/result.h"

#include <QHash>

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace kwb {

/// What the static scanner (resources/importers/kwb_scan.py) found, and with which interpreter.
struct ScanOutput {
    QJsonObject document; ///< {"problems": [...]} (kernelbench) or {"tasks": [...]} (gpumode)
    QString python; ///< absolute path of the interpreter that ran the scanner
    QString pythonVersion;
};

/// Runs the scanner in `mode` (`kernelbench`: problem files; `gpumode`: task folders) over `paths`. It parses
/// the Python with the `ast` module and task.yml with a YAML safe loader: nothing of the task set is imported or
/// executed, so no sandbox is needed. The Error says why the scanner could not run (no python, no PyYAML, …).
Result<ScanOutput> runScanner(const QString& mode, const QStringList& paths);

/// How each of `files` binds `name` at its top level (the scanner's `defines` mode, parsed with `ast`, never
/// imported): by file path, `{"bound": "yes"|"no"|"dynamic"|"error", "line", "how", "message"}`. A `def`, a
/// class, an assignment (`custom_kernel = torch.compile(f)`), an import: any binding Python allows is "yes";
/// "dynamic" where the module may bind it in ways its syntax does not show (a star import, `globals()[…]`).
Result<QHash<QString, QJsonObject>> moduleBindings(const QString& name, const QStringList& files);

/// The import finding for a candidate that does not bind `name` (error), may bind it dynamically (info), or does
/// not parse (error); nothing when it binds it.
std::optional<Finding> bindingFinding(const QJsonObject& binding, const QString& file, const QString& what);

/// resourcesDir()/importers/kwb_scan.py.
QString scannerPath();

} // namespace kwb

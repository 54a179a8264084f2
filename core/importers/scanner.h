#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QStringList>

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

/// resourcesDir()/importers/kwb_scan.py.
QString scannerPath();

} // namespace kwb

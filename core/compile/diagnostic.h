// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace kwb {

/// How serious a compiler message is, the worst first (fatal and catastrophic errors are errors; remarks and
/// infos are notes).
enum class DiagnosticSeverity { Error, Warning, Note };

/// `error`, `warning`, `note`: the word of the JSON documents and the views.
QString diagnosticSeverityName(DiagnosticSeverity severity);
/// The severity a tool printed (`fatal error`, `warning`, `remark`, …).
DiagnosticSeverity diagnosticSeverityFromText(const QString& printed);

/// One compiler message, on the line of the task's own file it is about.
struct Diagnostic {
    QString file; ///< bundle-relative where the file is in the bundle, else as the tool printed it; may be empty
    int line = 0; ///< 1-based, 0 when the tool gave none
    int column = 0; ///< 1-based, 0 when the tool gave none
    DiagnosticSeverity severity = DiagnosticSeverity::Error;
    QString message;
    QString tool; ///< `nvcc`, `gcc`, `ptxas`, `nvlink`, `fatbinary`, `python`
    QString code; ///< the tool's own code where it gives one (`177-D`, `-Wunused-variable`)
    QString arch; ///< ptxas: the arch it was assembling for, where known

    /// `{"file", "line", "column", "severity", "message"}` plus `tool` and `code` when set.
    QJsonObject toJson() const;
};

/// Maps a path as a compiler printed it to the name the reviewer knows (bundle-relative).
using PathMapper = std::function<QString(const QString&)>;

/// A PathMapper for a compiler started in `workDir`: paths inside `bundleDir` become bundle-relative,
/// others stay as printed.
PathMapper bundlePathMapper(const QString& workDir, const QString& bundleDir);

/// Parses nvcc front-end (`f.cu(12): error: …`, `warning #177-D: …`), gcc/clang (`f.cpp:3:7: error: …`, notes,
/// `In file included from …`), ptxas (`ptxas error   : …`, `ptxas f.ptx, line 42; error   : …`), nvlink,
/// fatbinary and `nvcc fatal` lines. Informational ptxas lines and source echo lines are skipped.
QList<Diagnostic> parseCompilerOutput(const QString& text, const PathMapper& mapPath = {});

} // namespace kwb

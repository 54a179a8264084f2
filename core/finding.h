#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace kwb {

enum class Severity { Error, Warning, Info };

/// `error`, `warning` or `info`.
QString severityName(Severity s);

/// One result of a check, with a stable id from CHECKS.md (e.g. `scope.no-edge-cases`).
/// Findings are what rubric scores cite as evidence.
struct Finding {
    QString id;
    Severity severity = Severity::Warning;
    QString message;
    QString file; ///< bundle-relative file the finding is about, may be empty
    int line = 0; ///< 1-based first line in `file`, 0 when not known
    int endLine = 0; ///< 1-based last line, 0 when the same as `line`
    QString jsonPath; ///< JSON pointer into `file` (for task.json findings), may be empty
    QString impl; ///< implementation id, may be empty
    QString caseName; ///< case name, may be empty
    QJsonObject evidence; ///< values, log lines, … that back the finding

    /// `{"id", "severity", "message", …}` with the optional keys present only when set.
    QJsonObject toJson() const;
};

using Findings = QList<Finding>;

bool hasErrors(const Findings& findings);

} // namespace kwb

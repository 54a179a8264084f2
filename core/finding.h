// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace kwb {

enum class Severity { Error, Warning, Info };

/// `error`, `warning` or `info`.
QString severityName(Severity s);

/// One result of a check, with a stable id from the finding catalogue (core/findingcatalogue.h, docs/findings.md;
/// e.g. `scope.no-edge-cases`).
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

/// Whose fault a finding is. Environment findings (a missing framework, GPU, driver or tool, a lost
/// connection) and host noise (a loaded or throttled machine) say nothing about the implementation under
/// review: they are never evidence against a candidate, and an implementation that could not run for an
/// environment reason is "not run", not "failed". Task and Review findings count as Implementation ones do
/// wherever the question is "is this against what is under review?" (isMachineOrigin is false for them).
enum class FindingOrigin {
    Implementation, ///< the implementation it names (a candidate; for the reference, the task's fault)
    Task, ///< the task bundle itself: its manifest, spec, cases, tolerance or imported sources
    Review, ///< a review, or the reviewers' shared record (`review.*`, `audit.*`)
    Environment, ///< this machine lacks something: a framework, device, driver, tool or connection
    Host, ///< a loaded or throttled machine
};

/// `implementation`, `task`, `review`, `environment` or `host`, as docs/findings.md writes them.
QString findingOriginName(FindingOrigin origin);

/// The origin the finding catalogue (core/findingcatalogue.h) gives `id`; Implementation for an id it does not
/// know.
FindingOrigin findingOrigin(const QString& id);

/// True for Environment and Host: the finding is about this machine, not about the task, its implementations or
/// a review.
bool isMachineOrigin(FindingOrigin origin);

/// True when any error-severity finding is not about this machine (isMachineOrigin): about the implementation,
/// its task or a review.
bool hasImplementationErrors(const Findings& findings);

} // namespace kwb

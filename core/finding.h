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

/// Whose fault a finding is. Environment findings (a missing framework, GPU, driver or tool, a lost
/// connection) and host noise (a loaded or throttled machine) say nothing about the implementation under
/// review: they are never evidence against a candidate, and an implementation that could not run for an
/// environment reason is "not run", not "failed".
enum class FindingOrigin { Implementation, Environment, HostNoise };

/// The origin of a finding id: `env.*`, `runtime.no_device`, `runtime.driver_runtime_mismatch` and
/// `sandbox.connection-lost` are Environment; `bench.noisy`, `bench.throttled` and `bench.warmup-transient`
/// are HostNoise; everything else is about the implementation.
FindingOrigin findingOrigin(const QString& id);

/// True when any error-severity finding is about the implementation (not the environment or the host).
bool hasImplementationErrors(const Findings& findings);

} // namespace kwb

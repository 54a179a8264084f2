#pragma once

#include "core/diagnose/failureclass.h"
#include "core/finding.h"

#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace kwb {

/// What is known about how the failed step ended, besides its log. All optional.
struct FailureContext {
    std::optional<int> exitCode; ///< process exit status; a negative value or 129..192 means "killed by signal"
    std::optional<int> signal; ///< signal that terminated the process (11 = SIGSEGV, …)
    bool timedOut = false; ///< killed at the wall-clock limit
};

/// One log line that decided the class.
struct EvidenceLine {
    int line = 0; ///< 1-based line number in the log
    QString text; ///< the line, without colour codes and trailing space (long lines are shortened)
};

/// The classification of one failure log.
struct Diagnosis {
    FailureClass cls = FailureClass::Unknown;
    int score = 0; ///< weight of the strongest rule that matched (0 when nothing did)
    QString title;
    QString explanation; ///< the class's paragraph, plus how the process ended when that was known
    QList<EvidenceLine> evidence; ///< the deciding lines, in log order (at most maxEvidenceLines)
    /// The other classes that some rule voted for, strongest first (for reviewers weighing a close call).
    QList<std::pair<FailureClass, int>> alternatives;
    /// A second failure the log shows with a definite sign (weight 80 or more), e.g. an OOM behind a failed
    /// autotuning run: the strongest alternative when it is that strong.
    std::optional<FailureClass> secondary;

    QString className() const { return failureClassName(cls); }
    QString findingId() const { return failureFindingId(cls); }

    /// `{"class", "finding", "title", "explanation", "evidence_lines": [{"line", "text"}]}`, plus
    /// `"second_class"` when there is a secondary class.
    QJsonObject toJson() const;

    /// A `runtime.*` finding: error severity (warning for `unknown`), the title as its message and the
    /// evidence lines under `evidence.log_lines`.
    Finding toFinding() const;
};

/// `[{"line", "text"}, …]`
QJsonArray evidenceToJson(const QList<EvidenceLine>& evidence);

/// At most this many evidence lines are reported.
inline constexpr int maxEvidenceLines = 6;

/// Classifies a failed step from its log and, when known, how it ended. The whole log is read in one pass:
/// a literal prefilter (prefilter.h) picks the lines and rules worth a regular-expression match, so the
/// time is linear in the log's size. For `unknown`, the evidence is the most informative lines (the last
/// exception, lines that report an error).
/// Never fails: a log with no known signature is `unknown`, or `crash` when the process died on a signal.
Diagnosis diagnose(QStringView log, const FailureContext& context = {});

/// The same for a log in UTF-8 bytes, without converting it first (for large files).
Diagnosis diagnoseUtf8(QByteArrayView log, const FailureContext& context = {});

namespace detail {
/// Every rule on every line, without the prefilter: the reference the prefilter is tested against.
Diagnosis diagnoseUnfiltered(QStringView log, const FailureContext& context = {});
} // namespace detail

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
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

/// A line that played a part in the decision, and the layer of the stack that printed it.
struct MarkedLine {
    EvidenceLine line;
    QString layer; ///< "Neuron compiler", "TorchInductor", … (docs/diagnosis.md, "Layers"); empty when unknown
};

/// Another class some line pointed at, with how strongly.
struct Alternative {
    FailureClass cls;
    int score; ///< weight of its strongest sign
    QString kind; ///< what that sign is: "cause", "wrapper" or "hint" (a consequence or weak hint)
    bool operator==(const Alternative&) const = default;
};

/// The classification of one failure log.
struct Diagnosis {
    FailureClass cls = FailureClass::Unknown;
    int score = 0; ///< weight of the strongest sign of the class (0 when nothing pointed anywhere)
    QString scoreKind; ///< what that sign is: "cause", "wrapper" or "hint"; empty for `unknown`
    /// How sure the diagnosis is, 0 to 1: high for a tool's own message for one cause that nothing else
    /// contradicts, lower when only a wrapper or a weak hint decided or another class came close
    /// (docs/diagnosis.md, "How sure it is").
    double confidence = 0;
    QString title;
    /// The class's paragraph, the cause line and the wrapper line with their layers, and how the process
    /// ended when that was known.
    QString explanation;
    QList<EvidenceLine> evidence; ///< the deciding lines and the wrapper line, in log order (at most maxEvidenceLines)
    /// The line that decided the class: the innermost cause the log states.
    std::optional<MarkedLine> cause;
    /// The line through which the cause was reported when it is another one: the exception raised from the
    /// cause, the compile step that failed because of it.
    std::optional<MarkedLine> wrapper;
    /// When no class fits because the failure lies outside the accelerator stack (a download, a tracker):
    /// that layer, e.g. "network (HTTP)".
    QString outsideStack;
    /// The other classes that some rule voted for, ranked strongest first (causes before wrappers before
    /// hints, then by score): the runner-up is the ranked second class, for reviewers weighing a close call.
    QList<Alternative> alternatives;
    /// A second failure the log shows with a definite sign (a cause of weight 80 or more), e.g. an OOM behind
    /// a failed autotuning run: the strongest alternative when it is that strong.
    std::optional<FailureClass> secondary;

    QString className() const { return failureClassName(cls); }
    QString findingId() const { return failureFindingId(cls); }

    /// `{"class", "finding", "title", "explanation", "confidence", "evidence_lines": [{"line", "text"}],
    /// "alternatives": [{"class", "score", "kind"}]}`, plus `"cause"` and `"wrapper"` (`{"line", "text", "layer"}`),
    /// `"second_class"` and `"outside_stack"` when there are such.
    QJsonObject toJson() const;

    /// A `runtime.*` finding: error severity (warning for `unknown`), the title as its message; the evidence
    /// holds the class, explanation, confidence, ranked alternatives, cause and wrapper lines and the log
    /// lines under `log_lines`.
    Finding toFinding() const;
};

/// `[{"line", "text"}, …]`
QJsonArray evidenceToJson(const QList<EvidenceLine>& evidence);

/// At most this many evidence lines are reported.
inline constexpr int maxEvidenceLines = 6;

/// Classifies a failed step from its log and, when known, how it ended. The whole log is read in one pass:
/// a literal prefilter (prefilter.h) picks the lines and rules worth a regular-expression match, so the
/// time is linear in the log's size. When no rule names a cause, the wording model (wordingmodel.h) may name the
/// class whose labelled logs the log reads like, at a confidence below 0.6 and saying so. For `unknown`, the evidence
/// is the most informative lines (the last exception, lines that report an error). Never fails: a log with no known
/// signature is `unknown`, or `crash` when the process died on a signal.
Diagnosis diagnose(QStringView log, const FailureContext& context = {});

/// The same for a log in UTF-8 bytes, without converting it first (for large files).
Diagnosis diagnoseUtf8(QByteArrayView log, const FailureContext& context = {});

namespace detail {
class WordingModel;

/// A log line as the diagnosis quotes it: without colour codes and trailing blanks, at most 2000 characters.
QString cleanLine(QStringView raw);

/// An evidence line's text as reported: a cleaned line (cleanLine()), cut to 400 characters with an ellipsis.
QString evidenceText(const QString& cleaned);

/// Every rule on every line, without the prefilter: the reference the prefilter is tested against.
Diagnosis diagnoseUnfiltered(QStringView log, const FailureContext& context = {});

/// diagnoseUtf8() with another wording model than the installed one (nullptr: the rules alone), for evaluations
/// that take the evaluated logs out of the model first (corpus.h).
Diagnosis diagnoseWithModel(QByteArrayView log, const FailureContext& context, const WordingModel* model);
} // namespace detail

} // namespace kwb

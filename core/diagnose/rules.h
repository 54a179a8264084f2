#pragma once

#include "core/diagnose/failureclass.h"

#include <QList>

namespace kwb {

/// One line of the diagnosis rule table (rules.cpp): a regular expression matched against each log
/// line, case-insensitively, and the class it votes for with a weight.
///
/// Weights are tiers, not sums: a class's score is the weight of its strongest matching rule.
/// - 100: the tool's own error code or message for exactly this cause (cudaErrorIllegalAddress, …)
/// - 80–90: specific wording that is nearly always this cause
/// - 50–70: indicative, but also seen as a consequence of other causes
/// - 20–40: context only (build-system wrappers, "Aborted", generic words); decides only when nothing
///   stronger matched
/// Equal scores are broken by failureClassesByPrecedence().
struct DiagnosisRule {
    FailureClass cls;
    int weight;
    const char* pattern; ///< PCRE2 syntax, matched case-insensitively against one log line
    const char* source; ///< which tool prints it, for readers of the table and of the docs
};

/// The whole table, in the order written in rules.cpp.
const QList<DiagnosisRule>& diagnosisRules();

/// Lines worth showing when no rule of diagnosisRules() matched (class `unknown`): exception lines,
/// lines that say error or failed. Their class is Unknown; they never decide a class.
const QList<DiagnosisRule>& informativeLineRules();

} // namespace kwb

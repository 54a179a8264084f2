// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diagnose/failureclass.h"

#include <QList>

namespace kwb {

/// What a matching line says about the failure (docs/diagnosis.md, "How it decides").
enum class RuleRole {
    Cause, ///< names why it failed: an error code, a fixed message for one cause
    Wrapper, ///< says that a layer failed, not why ("Compilation failed", "BackendCompilerFailed", "UNIMPLEMENTED:")
    Consequence, ///< how the process ended (a signal, "Aborted"): follows from whatever the cause was
};

/// One line of the diagnosis rule table (rules.cpp): a regular expression matched against each log
/// line, case-insensitively, and the class it votes for with a weight and a role.
///
/// Weights are tiers, not sums: a class's score is the weight of its strongest matching rule.
/// - 100: the tool's own error code or message for exactly this cause (cudaErrorIllegalAddress, …)
/// - 80–90: specific wording that is nearly always this cause
/// - 50–70: indicative, but also seen as a consequence of other causes
/// - 20–40: context only (build-system wrappers, "Aborted", generic words); decides only when nothing
///   stronger matched
/// Weights compare within a role tier only: a cause (weight 50 or more) beats any wrapper, and a wrapper beats
/// any consequence or weak hint, whatever the weights (diagnosis.cpp, `tierOf`). Equal tiers and scores are
/// broken by failureClassesByPrecedence().
struct DiagnosisRule {
    FailureClass cls;
    int weight;
    const char* pattern; ///< PCRE2 syntax, matched case-insensitively against one log line
    const char* source; ///< which tool prints it, for readers of the table and of the docs
    RuleRole role = RuleRole::Cause;
};

/// The whole table, in the order written in rules.cpp.
const QList<DiagnosisRule>& diagnosisRules();

/// Lines worth showing when no rule of diagnosisRules() matched (class `unknown`): exception lines,
/// lines that say error or failed. Their class is Unknown; they never decide a class.
const QList<DiagnosisRule>& informativeLineRules();

} // namespace kwb

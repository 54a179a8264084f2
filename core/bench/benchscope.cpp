// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Whose work the timed calls were: a benchmark's calls judged by the cost rule of a correctness run.
#include "core/bench/benchengine.h"
#include "core/run/kernelcost.h"

namespace kwb::detail {

Findings benchScopeFindings(const Task& task, const ImplBench& candidate, const ImplBench& reference)
{
    if (candidate.dispatchRecords.isEmpty() || task.requiredKernelLanguage().isEmpty())
        return {};
    // The rule reads a candidate's call `case/s<set>/r<round>` against the reference's call on the same input set,
    // `case/s<set>` (any round's: a set is drawn once per benchmark, and the reference's ops depend on it alone).
    ImplRun calls;
    calls.id = candidate.id;
    calls.calls = candidate.dispatchRecords;
    ImplRun answers;
    answers.id = reference.id;
    for (const CallRecord& r : reference.dispatchRecords) {
        CallRecord byInputs = r;
        byInputs.label = r.label.section(u'/', 0, 1);
        answers.calls.insert(byInputs.label, byInputs);
    }
    Findings out = kernelCostFindings(task, calls, &answers);
    for (Finding& f : out) {
        f.message = QStringLiteral("in the benchmark's timed calls (%1 recorded): %2")
                        .arg(candidate.dispatchRecords.size())
                        .arg(f.message);
        f.evidence.insert(QStringLiteral("calls"), QStringLiteral("benchmark"));
    }
    return out;
}

} // namespace kwb::detail

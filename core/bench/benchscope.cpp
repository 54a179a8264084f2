// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Whose work the timed calls were: a benchmark's calls judged by the cost rule of a correctness run.
#include "core/bench/benchengine.h"
#include "core/run/kernelcost.h"

namespace kwb::detail {

namespace {
// A round's calls are judged on their own when there are enough of them that one call's one-time work (a lazy import,
// a table built on first use) cannot be their median.
constexpr qsizetype kRoundCallsJudged = 3;

bool isError(const Finding& f)
{
    return f.severity == Severity::Error;
}
} // namespace

Findings benchScopeFindings(const Task& task, const ImplBench& candidate, const ImplBench& reference)
{
    if (candidate.dispatchRecords.isEmpty() || task.requiredKernelLanguage().isEmpty())
        return {};
    // The rule reads a candidate's call `case/s<set>/r<round>` against the reference's call on the same input set,
    // `case/s<set>` (any round's: a set is drawn once per benchmark, and the reference's ops depend on it alone).
    ImplRun answers;
    answers.id = reference.id;
    for (const CallRecord& r : reference.dispatchRecords) {
        CallRecord byInputs = r;
        byInputs.label = r.label.section(u'/', 0, 1);
        answers.calls.insert(byInputs.label, byInputs);
    }
    const auto judge = [&](const QMap<QString, CallRecord>& records, const QString& where) {
        ImplRun calls;
        calls.id = candidate.id;
        calls.calls = records;
        Findings out = kernelCostFindings(task, calls, &answers);
        for (Finding& f : out) {
            f.message = QStringLiteral("in the benchmark's timed calls (%1%2 recorded): %3")
                            .arg(where)
                            .arg(records.size())
                            .arg(f.message);
            f.evidence.insert(QStringLiteral("calls"), QStringLiteral("benchmark"));
        }
        return out;
    };
    Findings out = judge(candidate.dispatchRecords, QString());
    // Each round is one runner process, and the verdict reads each round's median sample: a candidate that counts
    // its calls and switches to the framework's product after the first few dozen of a process has honest calls at
    // the start of every round, which, pooled over rounds (the sizing round's short one among them), can outnumber
    // the switched calls that decided a round's median. So each round is judged on its own as well; an error of a
    // round stands where the pooled calls gave none.
    QMap<QString, QMap<QString, CallRecord>> byRound;
    for (const CallRecord& r : candidate.dispatchRecords)
        byRound[r.label.section(u'/', 2, 2)].insert(r.label, r);
    if (byRound.size() < 2)
        return out;
    for (auto it = byRound.cbegin(); it != byRound.cend(); ++it) {
        if (it->size() < kRoundCallsJudged)
            continue;
        const int round = it.key().mid(1).toInt();
        const QString where
            = round < 0 ? QStringLiteral("the sizing round's, ") : QStringLiteral("round %1's, ").arg(round + 1);
        for (const Finding& f : judge(*it, where)) {
            if (!isError(f))
                continue;
            const auto same = std::find_if(out.begin(), out.end(), [&](const Finding& g) { return g.id == f.id; });
            if (same == out.end())
                out << f;
            else if (!isError(*same))
                *same = f;
        }
    }
    return out;
}

} // namespace kwb::detail

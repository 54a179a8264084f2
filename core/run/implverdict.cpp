// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/implverdict.h"

#include <QCoreApplication>

#include <algorithm>

namespace kwb {
namespace {
QString tr(const char* text, int n = -1)
{
    return QCoreApplication::translate("kwb::ImplVerdict", text, nullptr, n);
}

Findings errorsOf(const Findings& findings)
{
    Findings errors;
    for (const Finding& f : findings) {
        if (f.severity == Severity::Error)
            errors << f;
    }
    return errors;
}
} // namespace

QString verdictStateName(VerdictState state)
{
    switch (state) {
    case VerdictState::Passed:
        return QStringLiteral("passed");
    case VerdictState::Failed:
        return QStringLiteral("failed");
    case VerdictState::NotRun:
        return QStringLiteral("not-run");
    }
    return {};
}

QString generatedCaseNotCounted(const RunResult& result, const QString& caseName)
{
    const auto made = std::find_if(result.task.cases.cbegin(), result.task.cases.cend(),
        [&](const Case& c) { return c.name == caseName && c.origin != CaseOrigin::Declared; });
    if (made == result.task.cases.cend())
        return {};
    return result.generatedStatus.value(caseName, QStringLiteral("the reference did not run"));
}

ImplVerdict implVerdict(const RunResult& result, const ImplRun& run)
{
    const Findings errors = errorsOf(run.findings);
    const bool machineOnly = !errors.isEmpty() && !hasImplementationErrors(errors);
    const bool environmentOnly = machineOnly && std::all_of(errors.cbegin(), errors.cend(), [&](const Finding& f) {
        return machineFaultConfirmed(result, run, f);
    });
    ImplVerdict v;
    if (run.status == ImplStatus::NotRun || run.status == ImplStatus::Stopped || (!run.ok() && environmentOnly)) {
        QString why = run.notRunReason.isEmpty() ? run.error : run.notRunReason;
        if (environmentOnly)
            why = errors.first().id + QStringLiteral(": ") + errors.first().message;
        if (run.status == ImplStatus::Stopped)
            why = tr("stopped");
        v.state = VerdictState::NotRun;
        v.text = why.isEmpty() ? tr("not run") : tr("not run (%1)").arg(why);
        return v;
    }
    v.state = VerdictState::Failed;
    if (run.status == ImplStatus::BuildFailed) {
        v.text = tr("build failed");
        return v;
    }
    if (!run.ok() && machineOnly) {
        v.text
            = tr("failed: its own output reads as %1, which nothing on this machine confirms").arg(errors.first().id);
        return v;
    }
    if (!run.ok()) {
        v.text = run.error.isEmpty() ? tr("failed") : tr("failed: %1").arg(run.error.section(QLatin1Char('\n'), 0, 0));
        return v;
    }
    const auto j = result.judgements.constFind(run.id);
    const bool candidate = run.role == ImplRole::Candidate;
    if (!candidate || j == result.judgements.cend()) {
        v.state = VerdictState::Passed;
        v.text = candidate ? tr("ran (not judged)") : tr("ran");
        return v;
    }
    for (const CaseVerdict& c : j->cases) {
        if (!generatedCaseNotCounted(result, c.name).isEmpty())
            continue; // a generated case the reference could not handle judges nobody
        for (const TrialVerdict& t : c.trials) {
            ++v.trials;
            v.failingTrials
                += std::any_of(t.outputs.cbegin(), t.outputs.cend(), [](const OutputVerdict& o) { return !o.pass; });
        }
    }
    if (v.failingTrials > 0) {
        v.text = tr("failed %1 of %n trial(s)", v.trials).arg(v.failingTrials);
        return v;
    }
    for (const Finding& f : j->findings) {
        if (f.severity == Severity::Error && !isMachineOrigin(findingOrigin(f.id))) {
            v.text = tr("failed: %1").arg(f.id);
            return v;
        }
    }
    v.state = VerdictState::Passed;
    v.text = tr("passed %n trial(s)", v.trials);
    return v;
}

bool machineFaultConfirmed(const RunResult& result, const ImplRun& run, const Finding& f)
{
    if (!f.id.startsWith(u"runtime.") || run.role != ImplRole::Candidate)
        return true; // the workbench's own findings, or trusted code's own words
    const Implementation* mine = result.task.implementation(run.id);
    return std::any_of(result.impls.cbegin(), result.impls.cend(), [&](const ImplRun& other) {
        const Implementation* theirs = result.task.implementation(other.id);
        if (other.role == ImplRole::Candidate || !mine || !theirs || theirs->backend != mine->backend
            || theirs->framework != mine->framework)
            return false;
        return other.notRunHere() || std::any_of(other.findings.cbegin(), other.findings.cend(), [&](const Finding& g) {
            return g.id == f.id;
        });
    });
}

void markUnconfirmedMachineFault(Finding& f)
{
    f.evidence.insert(QStringLiteral("origin"), QStringLiteral("implementation"));
    f.evidence.insert(QStringLiteral("unconfirmed"),
        QStringLiteral("read in the implementation's own output; nothing on this machine confirms it"));
}

void attributeUnconfirmedMachineFaults(RunResult& result)
{
    for (ImplRun& run : result.impls) {
        for (Finding& f : run.findings) {
            if (f.severity == Severity::Error && isMachineOrigin(findingOrigin(f.id))
                && !machineFaultConfirmed(result, run, f))
                markUnconfirmedMachineFault(f);
        }
    }
}

QMap<QString, QString> failedCandidates(const RunResult& result)
{
    QMap<QString, QString> out;
    for (const ImplRun& run : result.impls) {
        if (run.role != ImplRole::Candidate)
            continue;
        const ImplVerdict v = implVerdict(result, run);
        if (v.state == VerdictState::Failed)
            out.insert(run.id, v.text);
    }
    return out;
}

bool anyNotRunHere(const RunResult& result)
{
    return std::any_of(result.impls.cbegin(), result.impls.cend(), [](const ImplRun& r) { return r.notRunHere(); });
}

} // namespace kwb

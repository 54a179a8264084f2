// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/runengine.h"

#include "core/run/implverdict.h"

#include <QJsonArray>

#include <cmath>

namespace kwb {
namespace {
QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QString::number(v));
}

QString originName(CaseOrigin o)
{
    return o == CaseOrigin::HeldOut ? QStringLiteral("heldout")
        : o == CaseOrigin::Stress   ? QStringLiteral("stress")
                                    : QStringLiteral("declared");
}

const Case* caseNamed(const Task& task, const QString& name)
{
    for (const Case& c : task.cases) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

QJsonObject generatedJson(const RunResult& r)
{
    QJsonArray cases;
    for (const TrialInputs& t : r.generatedTrials) {
        const Case* c = caseNamed(r.task, t.caseName);
        if (!c)
            continue;
        QJsonObject dims;
        for (auto it = c->dims.cbegin(); it != c->dims.cend(); ++it)
            dims.insert(it.key(), it.value());
        QJsonObject o { { QStringLiteral("name"), c->name }, { QStringLiteral("origin"), originName(c->origin) },
            { QStringLiteral("based_on"), c->basedOn }, { QStringLiteral("dims"), dims },
            { QStringLiteral("seed"), QString::number(t.seed) } };
        if (c->origin == CaseOrigin::Stress)
            o.insert(QStringLiteral("pattern"), c->stress);
        else
            o.insert(QStringLiteral("varied"), c->varied);
        const QString why = generatedCaseNotCounted(r, c->name);
        o.insert(QStringLiteral("counts"), why.isEmpty());
        if (!why.isEmpty())
            o.insert(QStringLiteral("not_counted_because"), why);
        cases.append(o);
    }
    return { { QStringLiteral("cases"), cases },
        { QStringLiteral("notes"), QJsonArray::fromStringList(r.generationNotes) } };
}

QJsonArray casesJson(const RunResult& r, const CandidateJudgement& j)
{
    QJsonArray cases;
    for (const auto& c : j.cases) {
        QJsonArray trials;
        for (const auto& t : c.trials) {
            QJsonArray outputs;
            for (const auto& o : t.outputs) {
                QJsonObject oj { { QStringLiteral("name"), o.output }, { QStringLiteral("pass"), o.pass },
                    { QStringLiteral("max_abs"), number(o.maxAbs) }, { QStringLiteral("max_rel"), number(o.maxRel) },
                    { QStringLiteral("max_ulp"), o.maxUlp ? number(*o.maxUlp) : QJsonValue() },
                    { QStringLiteral("mismatches"), o.mismatches } };
                if (!o.comparison)
                    oj.insert(QStringLiteral("error"), QStringLiteral("no output to compare"));
                outputs.append(oj);
            }
            trials.append(QJsonObject {
                { QStringLiteral("seed"), QString::number(t.seed) }, { QStringLiteral("outputs"), outputs } });
        }
        const Case* declared = caseNamed(r.task, c.name);
        cases.append(QJsonObject { { QStringLiteral("name"), c.name },
            { QStringLiteral("origin"), originName(declared ? declared->origin : CaseOrigin::Declared) },
            { QStringLiteral("trials"), trials } });
    }
    return cases;
}
} // namespace

QJsonObject runReportJson(const RunResult& r)
{
    QJsonArray impls;
    for (const ImplRun& run : r.impls) {
        QJsonObject o { { QStringLiteral("id"), run.id }, { QStringLiteral("role"), implRoleName(run.role) },
            { QStringLiteral("status"), implStatusName(run.status) } };
        const ImplVerdict verdict = implVerdict(r, run);
        o.insert(QStringLiteral("verdict"),
            QJsonObject { { QStringLiteral("state"), verdictStateName(verdict.state) },
                { QStringLiteral("text"), verdict.text } });
        if (!run.error.isEmpty())
            o.insert(QStringLiteral("error"), run.error);
        if (!run.notRunReason.isEmpty())
            o.insert(QStringLiteral("not_run_reason"), run.notRunReason);
        o.insert(QStringLiteral("cases"),
            r.judgements.contains(run.id) ? casesJson(r, r.judgements.value(run.id)) : QJsonArray());
        QJsonObject build { { QStringLiteral("tool_version"), run.build.toolVersion },
            { QStringLiteral("cached"), run.build.cached } };
        if (!run.build.compileCommand.isEmpty())
            build.insert(QStringLiteral("command"), run.build.compileCommand);
        o.insert(QStringLiteral("build"), build);
        o.insert(QStringLiteral("runner"), run.provenance);
        QJsonArray dispatch;
        for (const CallRecord& c : run.calls) {
            if (!c.dispatch.isEmpty())
                dispatch.append(
                    QJsonObject { { QStringLiteral("label"), c.label }, { QStringLiteral("dispatch"), c.dispatch } });
        }
        if (!dispatch.isEmpty())
            o.insert(QStringLiteral("calls"), dispatch);
        if (run.peakRssKiB >= 0)
            o.insert(QStringLiteral("peak_rss_kib"), run.peakRssKiB);
        if (run.outcome)
            o.insert(QStringLiteral("process"),
                QJsonObject { { QStringLiteral("detail"), run.outcome->detail },
                    { QStringLiteral("elapsed_ms"), run.outcome->elapsedMs },
                    { QStringLiteral("sandboxed"), run.outcome->sandboxed },
                    { QStringLiteral("notes"), QJsonArray::fromStringList(run.outcome->notes) } });
        if (!run.ok())
            o.insert(QStringLiteral("log_tail"), run.log.right(4000));
        if (run.diagnosis)
            o.insert(QStringLiteral("diagnosis"), run.diagnosis->toJson());
        impls.append(o);
    }
    QJsonArray findings;
    for (const Finding& f : r.findings)
        findings.append(f.toJson());
    return { { QStringLiteral("format"), QStringLiteral("kwb.report/1") },
        { QStringLiteral("action"), QStringLiteral("run") },
        { QStringLiteral("task"),
            QJsonObject { { QStringLiteral("id"), r.task.id }, { QStringLiteral("digest"), r.digest } } },
        { QStringLiteral("implementations"), impls }, { QStringLiteral("generated"), generatedJson(r) },
        { QStringLiteral("findings"), findings }, { QStringLiteral("provenance"), r.provenance },
        { QStringLiteral("timings"), r.timings } };
}

} // namespace kwb

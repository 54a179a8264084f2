// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Re-running what compile, bench and check reports claim (reverifyclaims.h).
#include "core/audit/reverifyclaims.h"

#include "core/bench/benchengine.h"
#include "core/compile/compiler.h"
#include "core/run/runengine.h"
#include "core/task/taskloader.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace kwb {
namespace {
using CS = ClaimCheck::Status;

QList<ClaimCheck> reverifyCompile(
    const Task& task, const QJsonObject& claimed, const QString& label, bool sandbox, const JobContext& job)
{
    CompileRequest request;
    for (const QJsonValue& v : claimed.value(QStringLiteral("implementations")).toArray())
        request.implIds << v[QStringLiteral("id")].toString();
    for (const QJsonValue& v : claimed.value(QStringLiteral("task")).toObject().value(QStringLiteral("arch")).toArray())
        request.archs << v.toString();
    request.sandbox = sandbox;
    request.disassemble = false;
    const Result<CompileResult> compiled = compileTask(task, request, job);
    if (!compiled)
        return { { label, QStringLiteral("compile"), CS::CannotReverify, {}, {},
            QStringLiteral("the re-compile could not start: %1").arg(compiled.error().oneLine()) } };
    QJsonObject now = compiled->toJson();
    QJsonArray impls = now.value(QStringLiteral("implementations")).toArray();
    for (qsizetype i = 0; i < impls.size(); ++i) {
        QJsonObject o = impls.at(i).toObject();
        o.insert(QStringLiteral("tool_missing"), compiled->implementations.value(i).toolMissing);
        impls.replace(i, o);
    }
    now.insert(QStringLiteral("implementations"), impls);
    return compareCompileClaims(claimed, now, label);
}

QList<ClaimCheck> reverifyBench(const QString& taskDir, const Task& task, const QJsonObject& claimed,
    const QString& label, bool sandbox, const JobContext& job)
{
    const QJsonObject prov = claimed.value(QStringLiteral("provenance")).toObject();
    BenchRequest request;
    request.taskDir = taskDir;
    request.sandbox = sandbox;
    request.budgetS = prov.value(QStringLiteral("budget_s")).toDouble(request.budgetS);
    request.rounds = prov.value(QStringLiteral("rounds")).toInt(request.rounds);
    request.warmupMs = prov.value(QStringLiteral("warmup_ms")).toDouble(request.warmupMs);
    if (prov.value(QStringLiteral("flush")).isDouble())
        request.flushBytes = qint64(prov.value(QStringLiteral("flush")).toDouble());
    bool ok = false;
    const quint64 seed = prov.value(QStringLiteral("input_seed")).toString().toULongLong(&ok);
    if (ok)
        request.seed = seed;
    for (const QJsonValue& c : claimed.value(QStringLiteral("cases")).toArray())
        request.cases << c[QStringLiteral("name")].toString();
    QString skipped;
    QStringList gpuOnly;
    for (const QJsonValue& v : claimed.value(QStringLiteral("implementations")).toArray()) {
        const bool cuda = v[QStringLiteral("backend")].toString() == QLatin1StringView("cuda");
        const bool reference = v[QStringLiteral("role")].toString() == QLatin1StringView("reference");
        if (cuda && !gpuPresent() && reference)
            skipped = QStringLiteral("needs a GPU (the reference is a cuda implementation); this machine has none");
        else if (cuda && !gpuPresent())
            gpuOnly << v[QStringLiteral("id")].toString();
        else if (!reference && task.implementation(v[QStringLiteral("id")].toString()))
            request.implIds << v[QStringLiteral("id")].toString();
    }
    if (skipped.isEmpty() && request.implIds.isEmpty() && !gpuOnly.isEmpty())
        skipped = QStringLiteral("needs a GPU (every candidate is a cuda implementation); this machine has none");
    QJsonObject now;
    if (skipped.isEmpty()) {
        const Result<BenchResult> bench = runBench(request, job);
        if (!bench)
            skipped = QStringLiteral("the re-bench could not run: %1").arg(bench.error().oneLine());
        else
            now = benchReportJson(*bench);
    }
    if (!skipped.isEmpty())
        now = QJsonObject { { QStringLiteral("skipped"), skipped } };
    QList<ClaimCheck> out = compareBenchClaims(claimed, now, label);
    const QString seedNote = ok ? QStringLiteral("re-benched with the recorded input seed %1, budget %2 s, %3 rounds")
                                      .arg(seed)
                                      .arg(request.budgetS)
                                      .arg(request.rounds)
                                : QStringLiteral("the report records no input seed: fresh inputs");
    for (ClaimCheck& c : out) {
        if (c.status != CS::CannotReverify)
            c.note = c.note.isEmpty() ? seedNote : c.note + QStringLiteral("; ") + seedNote;
    }
    return out;
}

QList<ClaimCheck> reverifyRunPart(
    const QString& taskDir, const QJsonObject& claimed, const QString& label, bool sandbox, const JobContext& job)
{
    RunRequest request;
    request.taskDir = taskDir;
    request.sandbox = sandbox;
    const QJsonArray seeds
        = claimed.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("trial_seeds")).toArray();
    bool ok = !seeds.isEmpty();
    const quint64 first = ok ? seeds.first().toString().toULongLong(&ok) : 0;
    if (ok) {
        request.seed = first;
        request.trials = int(seeds.size());
    }
    const Result<RunResult> run = runCorrectness(request, job);
    if (!run)
        return { { label, QStringLiteral("run findings"), CS::CannotReverify, {}, {},
            QStringLiteral("the re-run could not start: %1").arg(run.error().oneLine()) } };
    QList<ClaimCheck> out = compareRunClaims(runErrorFindings(claimed), runErrorFindings(runReportJson(*run)), label);
    for (ClaimCheck& c : out)
        c.note = ok ? QStringLiteral("re-run with the recorded seeds from %1").arg(first)
                    : QStringLiteral("the report records no seeds: fresh seeds");
    return out;
}

} // namespace

Result<QList<ClaimCheck>> reverifyReportClaims(
    const Review& review, const QList<ReportDoc>& reports, const QString& taskDir, bool sandbox, const JobContext& job)
{
    const Result<LoadedTask> task = loadTask(taskDir);
    if (!task)
        return task.error();
    QList<ClaimCheck> out;
    for (const ReportRef& ref : review.reports) {
        if (ref.action == QLatin1StringView("run"))
            continue; // reverifyReview() re-runs correctness claims
        const QString label = QStringLiteral("%1 %2…").arg(ref.action, ref.digest.left(19));
        const auto doc
            = std::find_if(reports.begin(), reports.end(), [&](const ReportDoc& d) { return d.digest == ref.digest; });
        if (doc == reports.end()) {
            out.append({ label, QStringLiteral("the attached report"), CS::CannotReverify, {}, {},
                QStringLiteral(
                    "not available here: only its digest is recorded (give the report file to compare with it)") });
            continue;
        }
        if (doc->taskId != review.taskId) {
            out.append({ label, QStringLiteral("the attached report"), CS::CannotReverify, {}, {},
                QStringLiteral("it is a report of task '%1', the review is of '%2'").arg(doc->taskId, review.taskId) });
            continue;
        }
        const QJsonObject o = QJsonDocument::fromJson(doc->bytes).object();
        job.progress(QStringLiteral("reverify"), QStringLiteral("re-verifying %1").arg(label));
        if (doc->action == QLatin1StringView("compile")) {
            out += reverifyCompile(task->task, o, label, sandbox, job);
        } else if (doc->action == QLatin1StringView("bench")) {
            out += reverifyBench(taskDir, task->task, o, label, sandbox, job);
        } else if (doc->action == QLatin1StringView("check")) {
            const std::pair<const char*, int> parts[] = { { "compile", 0 }, { "run", 1 }, { "bench", 2 } };
            for (const auto& [name, kind] : parts) {
                const QString stage = QString::fromLatin1(name);
                if (!o.value(stage).isObject())
                    continue;
                const QString partLabel = label + QStringLiteral(" ") + stage;
                const QJsonObject claimedPart = o.value(stage).toObject();
                out += kind == 0 ? reverifyCompile(task->task, claimedPart, partLabel, sandbox, job)
                    : kind == 1  ? reverifyRunPart(taskDir, claimedPart, partLabel, sandbox, job)
                                 : reverifyBench(taskDir, task->task, claimedPart, partLabel, sandbox, job);
            }
        } else {
            out.append({ label, QStringLiteral("the attached report"), CS::CannotReverify, {}, {},
                QStringLiteral("a %1 report has nothing the workbench re-runs").arg(doc->action) });
        }
    }
    return out;
}

} // namespace kwb

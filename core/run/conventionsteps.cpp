#include "core/run/conventionsteps.h"

#include "core/exec/runtocompletion.h"
#include "core/run/runnerbuild.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace kwb {
namespace {
QString trialLabel(const TrialInputs& t)
{
    return QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial);
}

// Runs the reference's runner with a `kwb-generate 1` / `kwb-check 1` plan in `workDir`; returns the record the
// harness wrote (generate.json / check.json).
Result<QJsonObject> runStep(const Task& task, const QString& step, const QByteArray& plan, const QString& workDir,
    const QStringList& readOnly, const RunRequest& request, const JobContext& job)
{
    BuildOptions buildOptions;
    buildOptions.cancel = job.cancel;
    auto build = buildRunner(task, task.reference, buildOptions);
    if (!build)
        return build.error();
    if (!QDir().mkpath(workDir))
        return Error::environment(workDir, {}, QStringLiteral("cannot create the folder"));
    QFile planFile(QDir(workDir).filePath(step + QStringLiteral("-plan.txt")));
    if (!planFile.open(QIODevice::WriteOnly) || planFile.write(plan) != plan.size())
        return Error::environment(planFile.fileName(), {}, QStringLiteral("cannot write the plan"));
    planFile.close();
    const ProcessSpec spec
        = runnerProcess(*build, planFile.fileName(), workDir, readOnly, request.limits, request.sandbox);
    auto outcome = runToCompletion(spec, job.outputOf(task.reference.id), job.cancel);
    if (!outcome)
        return outcome.error();
    if (outcome->status == RunStatus::Stopped)
        return Error::stopped();
    // The reference's own code cannot finish within the limits: the task does not fit them here (env.limits).
    if (outcome->hitLimit())
        return Error::environment(task.reference.source, {},
            QStringLiteral("the reference's %1 step failed at a sandbox limit (%2): the task does not fit these "
                           "limits here (raise --timeout, --memory or --file-size, or run it on a larger host)")
                .arg(step, outcome->detail));
    QFile f(QDir(workDir).filePath(step + QStringLiteral(".json")));
    if (!f.open(QIODevice::ReadOnly)) {
        const QString log = QString::fromUtf8(outcome->stderrOutput.text()).trimmed();
        return Error { task.reference.source, {},
            QStringLiteral("the %1 step wrote no %1.json (%2)%3")
                .arg(step, outcome->detail, log.isEmpty() ? QString() : QStringLiteral(": ") + log.right(400)) };
    }
    return QJsonDocument::fromJson(f.readAll()).object();
}
// One finding per (id, case): the first trial's, with how many of the case's trials share it.
Findings perCase(const Findings& perCall, const QMap<QString, int>& trialsPerCase)
{
    Findings out;
    QMap<QString, int> counts;
    for (const Finding& f : perCall)
        ++counts[f.id + QLatin1Char('\n') + f.caseName];
    QSet<QString> seen;
    for (const Finding& f : perCall) {
        const QString key = f.id + QLatin1Char('\n') + f.caseName;
        if (seen.contains(key))
            continue;
        seen.insert(key);
        Finding g = f;
        g.message
            += QStringLiteral(" (in %1 of %2 trial(s))").arg(counts.value(key)).arg(trialsPerCase.value(f.caseName));
        out << g;
    }
    return out;
}
} // namespace

bool usesConventionInputs(const Task& task)
{
    return task.reference.convention == u"torch_module" || task.reference.convention == u"gpumode";
}

Status generateConventionInputs(const Task& task, const QList<TrialInputs>& trials, const RunRequest& request,
    const QString& inputsRoot, const JobContext& job)
{
    QByteArray plan = "kwb-generate 1\n";
    for (const TrialInputs& t : trials) {
        plan += QStringLiteral("generate %1 %2 %3\n").arg(trialLabel(t)).arg(t.seed).arg(t.dir).toUtf8();
        const auto c
            = std::find_if(task.cases.begin(), task.cases.end(), [&](const Case& x) { return x.name == t.caseName; });
        if (c == task.cases.end())
            continue;
        for (auto it = c->params.begin(); it != c->params.end(); ++it)
            plan += "param " + it.key().toUtf8() + ' '
                + QJsonDocument(QJsonArray { it.value() }).toJson(QJsonDocument::Compact).mid(1).chopped(1) + '\n';
    }
    auto record = runStep(task, QStringLiteral("generate"), plan, inputsRoot, {}, request, job);
    if (!record)
        return record.error();
    if (record->value(QStringLiteral("status")).toString() != u"ok") {
        // The reference's own generator is trusted code: a framework it lacks is this machine's problem.
        const QJsonObject env = record->value(QStringLiteral("environment")).toObject();
        const QString what
            = QStringLiteral("input generation failed: %1").arg(record->value(QStringLiteral("error")).toString());
        if (!env.isEmpty())
            return Error::environment(task.reference.source, {}, what);
        return Error { task.reference.source, {}, what, QStringLiteral("runtime.unknown") };
    }
    return Ok {};
}

Findings runTaskOwnChecks(const Task& task, const QList<ImplRun>& runs, const QMap<QString, CandidateJudgement>& ours,
    const QList<TrialInputs>& trials, const RunRequest& request, const QString& workRoot, const QString& inputsRoot,
    const JobContext& job)
{
    Findings out;
    if (task.reference.convention != u"gpumode")
        return out;
    for (const ImplRun& run : runs) {
        if (!run.ok() || run.role == u"oracle")
            continue;
        QByteArray plan = "kwb-check 1\n";
        for (const TrialInputs& t : trials) {
            const QString label = trialLabel(t) + (run.role == u"candidate" ? QStringLiteral("/a") : QString());
            plan += QStringLiteral("check %1 %2 %3\n").arg(label, t.dir, run.callDir(label)).toUtf8();
        }
        const QString dir = QDir(workRoot).filePath(QStringLiteral("check-") + run.id);
        auto record = runStep(task, QStringLiteral("check"), plan, dir, { inputsRoot, run.workDir }, request, job);
        Finding f;
        f.impl = run.id;
        if (!record || record->value(QStringLiteral("status")).toString() != u"ok") {
            f.id = QStringLiteral("gpumode.check-failed");
            f.severity = Severity::Warning;
            f.message = QStringLiteral("the task's own check_implementation did not run: %1")
                            .arg(record ? record->value(QStringLiteral("error")).toString() : record.error().oneLine());
            out << f;
            continue;
        }
        // Our verdict per trial label (every output passes), for the agreement check.
        QMap<QString, bool> ourPass;
        if (const auto j = ours.constFind(run.id); j != ours.constEnd()) {
            for (const CaseVerdict& cv : j->cases)
                for (const TrialVerdict& tv : cv.trials)
                    ourPass.insert(QStringLiteral("%1/t%2/a").arg(cv.name).arg(tv.trial),
                        std::all_of(
                            tv.outputs.begin(), tv.outputs.end(), [](const OutputVerdict& o) { return o.pass; }));
        }
        Findings perCall;
        QMap<QString, int> trialsPerCase;
        for (const auto& v : record->value(QStringLiteral("calls")).toArray()) {
            const QJsonObject c = v.toObject();
            ++trialsPerCase[c.value(QStringLiteral("label")).toString().section(QLatin1Char('/'), 0, 0)];
            const QString label = c.value(QStringLiteral("label")).toString();
            const bool passed = c.value(QStringLiteral("passed")).toBool();
            const QString message = c.value(QStringLiteral("message")).toString().left(300);
            f.caseName = label.section(QLatin1Char('/'), 0, 0);
            f.evidence = QJsonObject { { QStringLiteral("label"), label }, { QStringLiteral("passed"), passed },
                { QStringLiteral("message"), message } };
            if (c.value(QStringLiteral("status")).toString() != u"ok") {
                f.id = QStringLiteral("gpumode.check-failed");
                f.severity = Severity::Error;
                f.message = QStringLiteral("%1: the task's check_implementation raised: %2")
                                .arg(label, c.value(QStringLiteral("error")).toString());
                perCall << f;
            } else if (!passed) {
                f.id = QStringLiteral("gpumode.check-failed");
                f.severity = Severity::Error;
                f.message = QStringLiteral("%1: the task's own check_implementation rejects %2's output%3")
                                .arg(label, run.role == u"reference" ? QStringLiteral("the reference") : run.id,
                                    message.isEmpty() ? QString() : QStringLiteral(": ") + message);
                perCall << f;
            }
            if (ourPass.contains(label) && ourPass.value(label) != passed) {
                f.id = QStringLiteral("gpumode.checker-disagrees");
                f.severity = Severity::Warning;
                f.message = passed
                    ? QStringLiteral("%1: the task's own check passes %2, the comparison engine does not "
                                     "(the task's checker is looser than the manifest's tolerance)")
                          .arg(label, run.id)
                    : QStringLiteral("%1: the comparison engine passes %2, the task's own check does "
                                     "not (the manifest's tolerance is looser than the task's checker)")
                          .arg(label, run.id);
                perCall << f;
            }
        }
        out << perCase(perCall, trialsPerCase);
    }
    return out;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/conventionsteps.h"

#include "core/exec/runtocompletion.h"
#include "core/inputs/stress.h"
#include "core/run/runnerbuild.h"
#include "core/tensor/npy.h"

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

} // namespace

// FNV-1a of the label, splitmix64 of it and the trial's seed: generated cases are seeded from the first trial's
// seed, and a runner must not read a set's case from a seed it shares or a sequence it follows.
quint64 generatorSeed(const TrialInputs& t)
{
    quint64 z = 0xcbf29ce484222325ull; // FNV-1a of the label, then splitmix64 of it and the seed
    for (const char c : trialLabel(t).toUtf8())
        z = (z ^ quint8(c)) * 0x100000001b3ull;
    z ^= t.seed;
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (z ^ (z >> 31)) & ((1ull << 53) - 1); // exact in any JSON reader
}

namespace {

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
                           "limits here (raise the time, memory or file-size limit, or run it on a larger host)")
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
        plan += QStringLiteral("generate %1 %2 %3\n").arg(trialLabel(t)).arg(generatorSeed(t)).arg(t.dir).toUtf8();
        const auto c
            = std::find_if(task.cases.begin(), task.cases.end(), [&](const Case& x) { return x.name == t.caseName; });
        if (c == task.cases.end())
            continue;
        for (auto it = c->params.begin(); it != c->params.end(); ++it)
            plan += "param " + it.key().toUtf8() + ' '
                + QJsonDocument(QJsonArray { it.value() }).toJson(QJsonDocument::Compact).mid(1).chopped(1) + '\n';
    }
    auto record = runStep(task, QStringLiteral("generate"), plan, inputsRoot, {}, request, job);
    // The step's plan and record name every set's case (`stress-ramp/t0`): out of the implementations' sight, which
    // the input folders are in, before any of them runs.
    const QString beside = QFileInfo(QDir::cleanPath(inputsRoot)).absolutePath();
    for (const QString& f : { QStringLiteral("generate-plan.txt"), QStringLiteral("generate.json") }) {
        QFile::remove(QDir(beside).filePath(f));
        if (QFileInfo::exists(QDir(inputsRoot).filePath(f))
            && !QFile::rename(QDir(inputsRoot).filePath(f), QDir(beside).filePath(f)))
            QFile::remove(QDir(inputsRoot).filePath(f));
    }
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

namespace {
// The arrays of a generated input tree that a stress pattern reshapes: floating-point, not an output buffer.
void stressTargets(const QJsonValue& node, const QSet<QString>& buffers, QList<QJsonObject>& out)
{
    const QJsonObject o = node.toObject();
    if (o.contains(QStringLiteral("npy"))) {
        if (!buffers.contains(o.value(QStringLiteral("npy")).toString()))
            out << o;
        return;
    }
    for (const QString& key : { QStringLiteral("tuple"), QStringLiteral("list") })
        for (const QJsonValue& v : o.value(key).toArray())
            stressTargets(v, buffers, out);
    const QJsonObject d = o.value(QStringLiteral("dict")).toObject();
    for (auto it = d.begin(); it != d.end(); ++it)
        stressTargets(it.value(), buffers, out);
}

Status applyStress(const Task& task, const Case& c, const TrialInputs& t)
{
    const QString treeFile = QDir(t.dir).filePath(QStringLiteral("data.json"));
    QFile f(treeFile);
    if (!f.open(QIODevice::ReadOnly))
        return Error::environment(treeFile, {}, QStringLiteral("cannot read the generated inputs' structure"));
    const QJsonObject tree = QJsonDocument::fromJson(f.readAll()).object();
    QSet<QString> buffers;
    for (const QJsonValue& b : tree.value(QStringLiteral("buffers")).toArray())
        buffers.insert(b.toString());
    QList<QJsonObject> arrays;
    stressTargets(tree.value(task.reference.convention == u"gpumode" ? QStringLiteral("data") : QStringLiteral("args")),
        buffers, arrays);
    const Tolerance tol = task.outputs.isEmpty() ? Tolerance {} : task.toleranceFor(task.outputs.first());
    quint64 key = t.seed ^ 0x5354524553530000ull;
    for (const QJsonObject& a : arrays) {
        ++key;
        const auto dtype = dtypeFromName(a.value(QStringLiteral("dtype")).toString());
        if (!dtype || !isFloatingPoint(*dtype) || dtypeSize(*dtype) < 2)
            continue; // integers (indices, labels), bools and float8 keep the generator's values
        const QString path = QDir(t.dir).filePath(a.value(QStringLiteral("npy")).toString());
        std::vector<std::byte> bytes;
        std::vector<std::int64_t> shape;
        {
            auto tensor = loadTensor(path, dtype); // mapped until the end of this scope, before the file is replaced
            if (!tensor)
                return tensor.error();
            bytes.assign(tensor->data, tensor->data + tensor->byteSize());
            shape = tensor->shape;
        }
        const auto count = std::int64_t(bytes.size() / dtypeSize(*dtype));
        if (auto s = stressArray(
                c.stress, *dtype, key, bytes.data(), count, shape.empty() ? count : shape.back(), tol.atol + tol.rtol);
            !s)
            return Error { path, {}, s.error().what };
        if (auto w = writeNpy(path, *dtype, shape, bytes.data()); !w)
            return w.error();
    }
    return Ok {};
}
} // namespace

Status generateConventionCases(Task& task, QList<TrialInputs>& trials, const RunRequest& request,
    const QString& inputsRoot, QStringList& notes, const JobContext& job)
{
    if (trials.isEmpty())
        return Ok {};
    const auto drop = [&](const QString& caseName) {
        task.cases.erase(
            std::remove_if(task.cases.begin(), task.cases.end(), [&](const Case& c) { return c.name == caseName; }),
            task.cases.end());
        trials.erase(
            std::remove_if(trials.begin(), trials.end(), [&](const TrialInputs& t) { return t.caseName == caseName; }),
            trials.end());
    };
    if (auto all = generateConventionInputs(task, trials, request, inputsRoot, job); !all) {
        if (all.error().isStopped())
            return all.error();
        for (const TrialInputs& t : QList<TrialInputs>(trials)) { // case by case: keep what the generator takes
            auto one = generateConventionInputs(task, { t }, request, inputsRoot, job);
            if (!one && one.error().isStopped())
                return one.error();
            if (!one) {
                notes << QStringLiteral("%1 dropped: the task's own generator refused it (%2)")
                             .arg(t.caseName, one.error().what.left(300));
                drop(t.caseName);
            }
        }
    }
    for (const TrialInputs& t : QList<TrialInputs>(trials)) {
        const auto c
            = std::find_if(task.cases.begin(), task.cases.end(), [&](const Case& x) { return x.name == t.caseName; });
        if (c == task.cases.end() || c->origin != CaseOrigin::Stress)
            continue;
        if (auto s = applyStress(task, *c, t); !s) {
            notes << QStringLiteral("%1 dropped: %2").arg(t.caseName, s.error().oneLine());
            drop(t.caseName);
        }
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
        if (!run.ok() || run.role == ImplRole::Oracle)
            continue;
        QByteArray plan = "kwb-check 1\n";
        for (const TrialInputs& t : trials) {
            const QString label = trialLabel(t) + (run.role == ImplRole::Candidate ? QStringLiteral("/a") : QString());
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
                                .arg(label, run.role == ImplRole::Reference ? QStringLiteral("the reference") : run.id,
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

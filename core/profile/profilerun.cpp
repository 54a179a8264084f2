// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile/profilerun.h"

#include "core/exec/runtocompletion.h"
#include "core/exec/toolrun.h"
#include "core/profile/profileremote.h"
#include "core/task/tasksizes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace kwb::detail {

Case smallestCase(const Task& task)
{
    Case best = task.cases.value(0);
    qint64 bestBytes = -1;
    for (const Case& c : task.cases) {
        const auto b = caseBytes(task, c);
        if (b && (bestBytes < 0 || *b < bestBytes)) {
            bestBytes = *b;
            best = c;
        }
    }
    return best;
}

WrappedRun runWrapped(const Task& task, const Implementation& impl, const RunnerBuild& build, const TrialInputs& trial,
    const QString& tool, const QString& toolPath, const QStringList& toolArgs, const ProfileRequest& request,
    const QString& workDir, const QString& inputsRoot, const std::atomic_bool* cancel)
{
    if (request.executor.remote())
        return runWrappedOverSsh(task, impl, trial, tool, toolPath, toolArgs, request, workDir, inputsRoot, cancel);
    WrappedRun w;
    w.run.tool = tool;
    w.run.impl = impl.id;
    w.run.caseName = trial.caseName;
    w.run.status = QStringLiteral("failed");
    QDir().mkpath(workDir);
    const QList<PlanCall> calls = trialCalls({ trial }, 1, nullptr);
    auto plan = planText(task, impl, calls, planFlushBytes(impl, false));
    if (!plan) {
        w.run.note = plan.error().oneLine();
        return w;
    }
    QFile planFile(QDir(workDir).filePath(QStringLiteral("plan.txt")));
    if (!planFile.open(QIODevice::WriteOnly) || planFile.write(*plan) != plan->size()) {
        w.run.note = QStringLiteral("%1: cannot write the plan").arg(planFile.fileName());
        return w;
    }
    planFile.close();
    QDir().mkpath(QDir(workDir).filePath(callOutDir(calls.first().label)));

    ProcessSpec spec;
    spec.program = toolPath;
    spec.arguments = toolArgs + build.command << QStringLiteral("plan.txt");
    spec.workDir = workDir;
    spec.readOnlyPaths = { inputsRoot, build.dir };
    // The tool's own installation (an NVIDIA tree under /opt, say) and a runner python outside /usr.
    for (const QString& program : { toolPath, build.command.value(0) }) {
        if (program.isEmpty() || program.startsWith(QStringLiteral("/usr/")))
            continue;
        QDir prefix = QFileInfo(program).absoluteDir();
        prefix.cdUp();
        spec.readOnlyPaths << prefix.absolutePath();
    }
    spec.limits = request.limits;
    // Instrumented runs are 10-100x slower than plain ones.
    if (spec.limits.timeoutMs > 0 && tool != u"perf")
        spec.limits.timeoutMs *= 4;
    spec.sandbox = request.sandbox;
    w.run.command = shellCommand(toolPath, spec.arguments, workDir);
    auto outcome = runToCompletion(spec, {}, cancel);
    if (!outcome) {
        w.run.note = outcome.error().oneLine();
        return w;
    }
    w.outcome = *outcome;
    w.log = QString::fromUtf8(outcome->stdoutOutput.text()) + QString::fromUtf8(outcome->stderrOutput.text());
    if (outcome->status == RunStatus::Stopped) {
        w.run.status = QStringLiteral("skipped");
        w.run.note = QStringLiteral("stopped by the user");
        return w;
    }
    w.run.status = outcome->succeeded() ? QStringLiteral("ok") : QStringLiteral("failed");
    if (!outcome->succeeded())
        w.run.note = outcome->detail;
    return w;
}

} // namespace kwb::detail

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/checkengine.h"
#include "core/executors/executorfactory.h"

#include "core/check/checkstages.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>

namespace kwb {

QString checkStageName(CheckStage s)
{
    switch (s) {
    case CheckStage::Lint:
        return QStringLiteral("lint");
    case CheckStage::Compile:
        return QStringLiteral("compile");
    case CheckStage::Run:
        return QStringLiteral("run");
    case CheckStage::Bench:
        return QStringLiteral("bench");
    case CheckStage::Profile:
        return QStringLiteral("profile");
    }
    return {};
}

QString stageStatusName(StageStatus s)
{
    switch (s) {
    case StageStatus::Passed:
        return QStringLiteral("passed");
    case StageStatus::Failed:
        return QStringLiteral("failed");
    case StageStatus::Skipped:
        return QStringLiteral("skipped");
    case StageStatus::Cancelled:
        return QStringLiteral("cancelled");
    }
    return {};
}

namespace detail {
void CheckContext::say(CheckStage stage, const QString& step) const
{
    job.progress(checkStageName(stage), step, static_cast<int>(stage), kCheckStageCount);
}

JobContext CheckContext::stageJob(CheckStage stage) const
{
    return job.withProgress([this, stage](const JobProgress& p) { say(stage, p.text); });
}

QString CheckContext::workDir(const QString& stage) const
{
    return request.keepDir.isEmpty() ? QString() : QDir(request.keepDir).absoluteFilePath(stage);
}
} // namespace detail

Result<CheckResult> runCheck(const CheckRequest& request, const JobContext& job)
{
    const QFileInfo dir(request.taskDir);
    const QString manifest
        = dir.isDir() ? QDir(request.taskDir).filePath(QStringLiteral("task.json")) : request.taskDir;
    if (!QFileInfo(manifest).isFile())
        return Error { request.taskDir, {}, QStringLiteral("not a task bundle (no task.json)") };
    if (request.trials < 1 || request.budgetS <= 0 || request.rounds < 1)
        return Error { QStringLiteral("check request"), {},
            QStringLiteral("needs at least one trial and round and a positive budget") };

    if (request.sandbox) {
        if (auto s = makeExecutor(request.executor)->requireSandbox(); !s)
            return s.error();
    }

    CheckResult result;
    result.taskDir = request.taskDir;
    for (int i = 0; i < kCheckStageCount; ++i)
        result.stages << StageOutcome { static_cast<CheckStage>(i), StageStatus::Skipped, {}, {}, 0 };
    const QDateTime started = QDateTime::currentDateTimeUtc();
    detail::CheckContext ctx { request, job, result };
    ctx.seed = request.seed ? *request.seed : QRandomGenerator::system()->generate64();

    using StageFn = void (*)(detail::CheckContext&, StageOutcome&);
    const StageFn stages[kCheckStageCount]
        = { detail::lintStage, detail::compileStage, detail::runStage, detail::benchStage, detail::profileStage };
    for (int i = 0; i < kCheckStageCount; ++i) {
        StageOutcome& out = result.stages[i];
        if (ctx.cancelled()) {
            out.status = StageStatus::Cancelled;
            out.note = QStringLiteral("stopped by the user before this stage");
            continue;
        }
        ctx.say(out.stage, QStringLiteral("%1 started").arg(checkStageName(out.stage)));
        QElapsedTimer timer;
        timer.start();
        stages[i](ctx, out);
        out.seconds = timer.elapsed() / 1000.0;
        if (ctx.cancelled() && out.status != StageStatus::Skipped)
            out.status = StageStatus::Cancelled;
        ctx.say(out.stage,
            QStringLiteral("%1 %2%3").arg(checkStageName(out.stage), stageStatusName(out.status),
                out.summary.isEmpty() ? QString() : QStringLiteral(": ") + out.summary));
    }
    result.cancelled = ctx.cancelled();
    result.findings = detail::mergedFindings(result);
    result.provenance = detail::checkProvenance(ctx, started);
    return result;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/performance/benchcontroller.h"

#include "core/check/benchprofile.h"

namespace kwb::ui {

BenchController::BenchController(QObject* parent)
    : QObject(parent)
    , m_jobs(new JobRunner(this))
{
    qRegisterMetaType<std::shared_ptr<const kwb::ui::PerformanceOutcome>>();
    connect(m_jobs, &JobRunner::started, this, &BenchController::started);
    connect(m_jobs, &JobRunner::progressed, this,
        [this](const JobProgress& p) { Q_EMIT progressed(p.text, p.done, p.total); });
}

void BenchController::startProfile(const BenchRequest& bench, bool profile)
{
    launch([bench, profile](const JobContext& job) -> Result<PerformanceOutcome> {
        auto result = benchThenProfile(bench, profile, job); // the engine action `kwb bench --profile` runs too
        if (!result)
            return result.error();
        job.progress(QStringLiteral("bench"), QStringLiteral("median confidence intervals"), 1, 1);
        PerformanceOutcome out;
        out.bench
            = std::make_shared<const BenchView>(makeBenchView(std::move(result->bench), std::move(result->profile)));
        return out;
    });
}

void BenchController::startCheck(const CheckRequest& request)
{
    launch([request](const JobContext& job) -> Result<PerformanceOutcome> {
        // The stage goes in front of each step: "bench: timing fast".
        auto result = runCheck(request, job.withProgress([&job](const JobProgress& p) {
            job.progress(p.phase, QStringLiteral("%1: %2").arg(p.phase, p.text), p.done, p.total);
        }));
        if (!result)
            return result.error();
        PerformanceOutcome out;
        if (result->bench)
            out.bench = std::make_shared<const BenchView>(makeBenchView(*result->bench, result->profile));
        out.check = std::make_shared<const CheckResult>(std::move(result).value());
        return out;
    });
}

void BenchController::launch(std::function<Result<PerformanceOutcome>(const JobContext&)> work)
{
    m_jobs->start<PerformanceOutcome>(std::move(work), [this](Result<PerformanceOutcome> outcome, bool stopped) {
        const bool partialCheck = outcome && outcome->check; // a check stopped midway is a result; a bench is not
        JobRunner::signalsOf<PerformanceOutcome>(this)(std::move(outcome), stopped && !partialCheck);
    });
}

} // namespace kwb::ui

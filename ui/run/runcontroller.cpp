// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/runcontroller.h"

namespace kwb::ui {

RunController::RunController(QObject* parent)
    : QObject(parent)
    , m_jobs(new JobRunner(this))
{
    qRegisterMetaType<std::shared_ptr<const kwb::RunResult>>();
    connect(m_jobs, &JobRunner::started, this, &RunController::started);
    connect(m_jobs, &JobRunner::progressed, this,
        [this](const JobProgress& p) { Q_EMIT progressed(p.text, p.done, p.total); });
    connect(m_jobs, &JobRunner::outputReceived, this, &RunController::outputReceived);
}

void RunController::start(const RunRequest& request)
{
    m_jobs->start<RunResult>([request](const JobContext& job) { return runCorrectness(request, job); },
        JobRunner::signalsOf<RunResult>(this));
}

} // namespace kwb::ui

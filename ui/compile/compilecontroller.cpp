// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compile/compilecontroller.h"

namespace kwb::ui {

CompileController::CompileController(QObject* parent)
    : QObject(parent)
    , m_jobs(new JobRunner(this))
{
    setObjectName(QStringLiteral("compileController"));
    qRegisterMetaType<std::shared_ptr<const kwb::CompileResult>>();
    connect(m_jobs, &JobRunner::started, this, &CompileController::started);
    connect(m_jobs, &JobRunner::progressed, this,
        [this](const JobProgress& p) { Q_EMIT progressed(p.text, p.done, p.total); });
}

void CompileController::start(const Task& task, const CompileRequest& request)
{
    m_jobs->start<CompileResult>([task, request](const JobContext& job) { return compileTask(task, request, job); },
        JobRunner::signalsOf<CompileResult>(this));
}

} // namespace kwb::ui

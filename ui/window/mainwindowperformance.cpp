// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Performance dock and its actions: Profile (Ctrl+P: bench, then the profilers that exist here) and
// Check All (Ctrl+Shift+R: lint, compile, run, bench and profile in one report). Stop (Ctrl+.) stops them.
#include "ui/window/mainwindow.h"

#include "ui/jobs/actionboard.h"

#include "ui/compile/compilepane.h"
#include "ui/panes/consolepane.h"
#include "ui/performance/benchcontroller.h"
#include "ui/performance/performancepane.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/window/session.h"

#include <QAction>
#include <QDockWidget>
#include <QProgressBar>
#include <QStatusBar>

namespace kwb::ui {
namespace {
bool sameFinding(const Finding& a, const Finding& b)
{
    return a.id == b.id && a.impl == b.impl && a.caseName == b.caseName && a.file == b.file && a.line == b.line
        && a.message == b.message;
}

QString outcomeLine(const PerformanceOutcome& o)
{
    if (o.check) {
        QStringList stages;
        for (const StageOutcome& s : o.check->stages)
            stages << QStringLiteral("%1 %2").arg(checkStageName(s.stage), stageStatusName(s.status));
        QString line = QStringLiteral("check: %1 — %2 (%3)")
                           .arg(checkVerdict(*o.check), stages.join(QStringLiteral(", ")),
                               countsText(countFindings(o.check->findings)));
        if (!o.check->notCheckedHere.isEmpty())
            line += QStringLiteral(" — not checked here: ") + o.check->notCheckedHere.join(QStringLiteral("; "));
        return line;
    }
    return QStringLiteral("profile: %1 findings (%2)")
        .arg(o.bench->result->findings.size())
        .arg(countsText(countFindings(o.bench->result->findings)));
}
} // namespace

void MainWindow::setupPerformance()
{
    m_performance = new PerformancePane(this);
    makeDock(this, "performanceDock", tr("Performance"), m_performance);
    m_bench = new BenchController(this);
    m_board->track(QStringLiteral("performance"), m_bench->jobs());

    connect(m_actions.profile, &QAction::triggered, this, &MainWindow::startProfile);
    connect(m_actions.checkAll, &QAction::triggered, this, &MainWindow::startCheckAll);
    connect(m_bench, &BenchController::started, this,
        [this] { m_board->setStep(QStringLiteral("performance"), tr("%1: starting").arg(m_benchFor.id)); });
    connect(m_bench, &BenchController::progressed, this, [this](const QString& step, int done, int total) {
        // A bench may take rounds beyond those asked for ("round 7 of at least 4"): the bar turns indeterminate.
        const QString text = tr("%1: %2").arg(m_benchFor.id, step);
        m_board->setStep(QStringLiteral("performance"), text, done, total);
        if (m_benchFor.key == currentTask().key)
            m_performance->showMessage(tr("Working on %1: %2").arg(m_benchFor.id, step));
        m_console->appendLineTo(m_benchFor.key, tr("performance: %1").arg(step));
    });
    const auto ended = [this] {
        m_board->setStep(QStringLiteral("performance"), {});
        return std::exchange(m_benchFor, {});
    };
    connect(
        m_bench, &BenchController::finished, this, [this, ended](std::shared_ptr<const PerformanceOutcome> outcome) {
            const TaskRef task = ended();
            TaskResults& kept = m_store.of(task.key);
            kept.performance = outcome;
            kept.performanceMessage = outcome->bench
                ? QString()
                : tr("No bench: %1").arg(outcome->check ? outcome->check->stage(CheckStage::Bench).note : QString());
            kept.performanceAt = QDateTime::currentDateTime();
            if (const auto& check = outcome->check) {
                // Check All fills the Correctness and Compile panes too: its run and compile stages are results.
                if (check->run) {
                    kept.run = std::make_shared<const RunResult>(*check->run);
                    kept.runScope = tr("the run stage of Check All");
                    kept.runMessage.clear();
                    kept.runAt = kept.performanceAt;
                }
                if (check->compile) {
                    kept.compile = std::make_shared<const CompileResult>(*check->compile);
                    kept.compileMessage.clear();
                    kept.compileAt = kept.performanceAt;
                }
                Findings own;
                for (const Finding& f : check->findings) {
                    if (std::none_of(check->lint.findings.begin(), check->lint.findings.end(),
                            [&](const Finding& l) { return sameFinding(f, l); }))
                        own << f;
                }
                // The check supersedes what the single actions reported for this task.
                for (const char* action : { "run", "compile", "bench", "profile" })
                    m_session->setActionFindingsFor(task.key, QString::fromLatin1(action), {});
                m_session->setActionFindingsFor(task.key, QStringLiteral("check"), own);
                if (check->cancelled)
                    m_console->appendLineTo(
                        task.key, tr("check: stopped by the user; the stages that finished are shown"));
            } else {
                Findings findings = outcome->bench->result->findings;
                if (outcome->bench->profile)
                    findings << outcome->bench->profile->findings;
                m_session->setActionFindingsFor(task.key, QStringLiteral("bench"), findings);
            }
            m_console->appendLineTo(task.key, outcomeLine(*outcome));
            if (task.key == currentTask().key) {
                showTaskResults();
                if (QDockWidget* d = dock(QStringLiteral("performanceDock")))
                    d->raise();
            } else {
                showPerformanceOf(currentTask());
                statusBar()->showMessage(tr("%1 of %2 ended — its results stay with %2.")
                                             .arg(outcome->check ? tr("Check All") : tr("Profile"), task.id),
                    10000);
            }
        });
    connect(m_bench, &BenchController::failed, this, [this, ended](const QString& message, bool stopped) {
        const TaskRef task = ended();
        m_store.of(task.key).performanceMessage = stopped
            ? tr("Stopped (Stop): the timed processes were killed; nothing was measured to the end, so nothing is "
                 "shown.")
            : message;
        m_console->appendLineTo(
            task.key, stopped ? tr("performance: stopped by the user") : tr("performance: %1").arg(message));
        showPerformanceOf(currentTask());
    });
}

bool MainWindow::performanceCanStart(const QString& action)
{
    if (!m_session->task()) {
        m_console->appendLine(tr("%1: no task is open (or its manifest did not load)").arg(action));
        return false;
    }
    if (m_run && m_run->isBusy()) {
        m_performance->showMessage(tr("%1 waits for the run of %2 in progress: timings taken beside it would be "
                                      "unfair. Let it finish or stop it (Stop, Ctrl+.), then start %1 again.")
                                       .arg(action, m_runFor.id));
        return false;
    }
    if (m_bench->isBusy()
        && !confirm(tr("Stop the Other Timing?"),
            tr("Timing of %1 is still going. Stop it and start %2 of %3 instead?")
                .arg(m_benchFor.id, action, m_session->task()->id)))
        return false;
    if (m_bench->isBusy() && m_benchFor.key != currentTask().key)
        m_store.of(m_benchFor.key).performanceMessage
            = tr("Stopped: %1 of %2 replaced it.").arg(action, m_session->task()->id);
    m_benchFor = currentTask();
    if (QDockWidget* d = dock(QStringLiteral("performanceDock")))
        d->raise();
    return true;
}

void MainWindow::startProfile()
{
    if (!performanceCanStart(tr("Profile")))
        return;
    const Task* task = m_session->task();
    BenchRequest bench;
    bench.taskDir = task->dir;
    bench.budgetS = m_performance->budgetS();
    m_console->appendLine(tr("profile: %1 — reference and %2 candidate(s), %3 s per implementation and case, "
                             "%4 interleaved rounds, then the profilers that exist here")
                              .arg(task->id)
                              .arg(task->candidates.size())
                              .arg(bench.budgetS)
                              .arg(bench.rounds));
    m_performance->showMessage(tr("Timing %1…").arg(task->id));
    m_bench->startProfile(bench, true);
}

void MainWindow::startCheckAll()
{
    if (!performanceCanStart(tr("Check All")))
        return;
    const Task* task = m_session->task();
    CheckRequest request;
    request.taskDir = task->dir;
    request.budgetS = m_performance->budgetS();
    m_console->appendLine(tr("check: %1 — lint, compile, run, bench (%2 s per implementation and case), profile")
                              .arg(task->id)
                              .arg(request.budgetS));
    m_performance->showMessage(tr("Checking %1…").arg(task->id));
    m_results->showMessage(tr("Check All: %1 — its run stage fills this tab.").arg(task->id));
    m_compilePane->showMessage(tr("Check All: %1 — its compile stage fills this tab.").arg(task->id));
    m_bench->startCheck(request);
}

} // namespace kwb::ui

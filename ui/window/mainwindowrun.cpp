// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run (Ctrl+R), one case again (Ctrl+Alt+R), the inputs view (Ctrl+Alt+I), the scratch copy (Ctrl+Alt+E) and
// File ▸ Compare Tensors. A run belongs to the task it was started for: its output goes to that task's log and its
// result to that task's results, whichever task is shown when it ends.
#include "ui/window/mainwindow.h"

#include "core/compare/comparison.h"
#include "ui/correctness/comparisonview.h"
#include "ui/correctness/correctnesspane.h"
#include "ui/jobs/actionboard.h"
#include "ui/panes/consolepane.h"
#include "ui/performance/performancepane.h"
#include "ui/run/inputsdialog.h"
#include "ui/run/rerundialog.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/scratch/scratchwindow.h"
#include "ui/window/session.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>

namespace kwb::ui {

void MainWindow::setupRun()
{
    m_run = new RunController(this);
    m_board->track(QStringLiteral("run"), m_run->jobs());

    connect(m_actions.run, &QAction::triggered, this, &MainWindow::startRun);
    connect(m_actions.rerunCase, &QAction::triggered, this, &MainWindow::rerunOneCase);
    connect(m_actions.showInputs, &QAction::triggered, this, &MainWindow::showInputs);
    connect(m_actions.editScratch, &QAction::triggered, this, &MainWindow::editScratch);
    connect(m_actions.compareTensors, &QAction::triggered, this, &MainWindow::compareTensorFiles);
    connect(m_results, &RunResultsPane::inputsRequested, this, &MainWindow::showInputs);
    connect(m_results, &RunResultsPane::rerunRequested, this, [this](const QString& caseName, quint64 seed) {
        const TaskResults* r = m_store.find(currentTask().key);
        if (!r || !r->run || !m_session->task())
            return;
        RerunDialog dialog(*m_session->task(), *r->run, caseName, seed, this);
        if (dialog.exec() == QDialog::Accepted)
            startRunRequest(dialog.request(), dialog.scope());
    });
    connect(m_run, &RunController::started, this,
        [this] { m_board->setStep(QStringLiteral("run"), tr("run of %1: starting").arg(m_runFor.id)); });
    connect(m_run, &RunController::progressed, this, [this](const QString& step, int done, int total) {
        const QString text = tr("run of %1: %2").arg(m_runFor.id, step);
        m_board->setStep(QStringLiteral("run"),
            total > 0 ? tr("%1 (%2 of %3)").arg(text).arg(std::min(done + 1, total)).arg(total) : text, done, total);
        m_console->appendLineTo(m_runFor.key, tr("run: %1").arg(step));
    });
    connect(m_run, &RunController::outputReceived, this,
        [this](const QString& impl, OutputChannel channel, const QByteArray& bytes) {
            m_console->appendOutputTo(m_runFor.key, impl, QString::fromUtf8(bytes), channel == OutputChannel::Stderr);
        });
    // Whatever ends the run: the task it was for keeps what it produced, and the panes show it if it is current.
    const auto ended = [this](const std::function<void(TaskResults&)>& keep, const QString& line) {
        const TaskRef task = std::exchange(m_runFor, {});
        m_console->flushOutput();
        m_board->setStep(QStringLiteral("run"), {});
        keep(m_store.of(task.key));
        m_console->appendLineTo(task.key, line);
        showRunOf(currentTask()); // this task's result, or (another task's run ended) its message without "in progress"
        if (task.key == currentTask().key) {
            showPerformanceOf(task);
        } else if (!task.isNull()) {
            statusBar()->showMessage(
                tr("The run of %1 ended (%2) — its results stay with %1; open it to see them.").arg(task.id, line),
                10000);
        }
        return task;
    };
    connect(m_run, &RunController::finished, this, [this, ended](std::shared_ptr<const RunResult> result) {
        const QString scope = m_runScope;
        const TaskRef task = ended(
            [&](TaskResults& r) {
                r.run = result;
                r.runScope = scope;
                r.runMessage.clear();
                r.runAt = QDateTime::currentDateTime();
            },
            tr("run: %1 findings (%2)").arg(result->findings.size()).arg(countsText(countFindings(result->findings))));
        m_session->setActionFindingsFor(task.key, QStringLiteral("run"), result->findings);
        if (task.key == currentTask().key) {
            if (QDockWidget* d = dock(QStringLiteral("correctnessDock")))
                d->raise();
        }
    });
    connect(m_run, &RunController::failed, this, [ended](const QString& message, bool stopped) {
        const QString why = stopped ? tr("Run stopped (Stop): its processes were killed; nothing was judged.")
                                    : tr("Run failed: %1").arg(message);
        ended([&](TaskResults& r) { r.runMessage = why; },
            stopped ? tr("run: stopped by the user") : tr("run: %1").arg(message));
    });
}

void MainWindow::startRun()
{
    RunRequest request;
    request.trials = 3;
    startRunRequest(request, {});
}

void MainWindow::startRunRequest(RunRequest request, const QString& scope)
{
    const Task* task = m_session->task();
    if (!task) {
        m_console->appendLine(tr("run: no task is open (or its manifest did not load)"));
        return;
    }
    if (m_bench->isBusy()) {
        statusBar()->showMessage(
            tr("Run waits for %1's timing to end: a run beside timed runners would skew them.").arg(m_benchFor.id),
            8000);
        return;
    }
    if (m_run->isBusy()
        && !confirm(tr("Stop the Other Run?"),
            tr("A run of %1 is still going. Stop it and run %2 instead?\n\nIts results would be lost; %1 keeps "
               "what it had before.")
                .arg(m_runFor.id, task->id))) {
        return;
    }
    if (m_run->isBusy()) {
        m_store.of(m_runFor.key).runMessage = tr("Run stopped: a run of %1 replaced it.").arg(task->id);
        m_console->appendLineTo(m_runFor.key, tr("run: stopped for a run of %1").arg(task->id));
    }
    request.taskDir = task->dir;
    request.keepDir = m_store.newRunFolder(task->id); // the inputs view reads its inputs/<case>/t<k>
    m_runFor = currentTask();
    m_runScope = scope;
    m_console->appendLine(tr("run: %1%2 — reference and %3 candidate(s), %4 trial(s)")
                              .arg(task->id, scope.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(scope))
                              .arg(task->candidates.size())
                              .arg(request.trials));
    if (QDockWidget* d = dock(QStringLiteral("consoleDock")))
        d->raise();
    m_results->showMessage(tr("Running %1%2… (Stop: the toolbar, Task ▸ Stop or Ctrl+.)")
                               .arg(task->id, scope.isEmpty() ? QString() : QStringLiteral(" — ") + scope));
    m_run->start(request);
}

void MainWindow::rerunOneCase()
{
    const Task* task = m_session->task();
    if (!task)
        return;
    const TaskResults* r = m_store.find(currentTask().key);
    RunResult none;
    none.task = *task;
    const QString row = m_results->correctness()->currentLabel().section(QStringLiteral(" · "), 1);
    quint64 seed = 0;
    if (r && r->run) {
        for (const TrialInputs& t : r->run->trials) {
            if (QStringLiteral("%1/t%2").arg(t.caseName).arg(t.trial) == row)
                seed = t.seed;
        }
    }
    RerunDialog dialog(*task, r && r->run ? *r->run : none, row.section(u'/', 0, 0), seed, this);
    if (dialog.exec() == QDialog::Accepted)
        startRunRequest(dialog.request(), dialog.scope());
}

void MainWindow::showInputs()
{
    const TaskResults* r = m_store.find(currentTask().key);
    if (!r || !r->run || r->run->workDir.isEmpty()) {
        statusBar()->showMessage(
            tr("No inputs yet: run %1 first (Ctrl+R); the inputs view shows that run's inputs.").arg(currentTask().id),
            8000);
        return;
    }
    auto* dialog = new InputsDialog(*r->run, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::editScratch()
{
    const Task* task = m_session->task();
    if (!task || task->candidates.isEmpty()) {
        statusBar()->showMessage(tr("A scratch copy needs a task with a candidate."), 6000);
        return;
    }
    if (!m_scratch) {
        m_scratch = new ScratchWindow(this);
        connect(m_scratch, &ScratchWindow::runFinished, this,
            [this](const QString& key, std::shared_ptr<const RunResult> r) {
                m_store.of(key).scratch = r;
                m_console->appendLineTo(key,
                    tr("scratch: %1 findings (%2) — a copy with your edits, never the task's evidence")
                        .arg(r->findings.size())
                        .arg(countsText(countFindings(r->findings))));
            });
        connect(m_scratch, &ScratchWindow::logged, this,
            [this](const QString& key, const QString& line) { m_console->appendLineTo(key, line); });
        m_board->track(QStringLiteral("scratch"), m_scratch->jobs()); // the window's Stop reaches it too
    }
    const QString candidate
        = task->implementation(m_session->candidate()) && m_session->candidate() != task->reference.id
        ? m_session->candidate()
        : task->candidates.first().id;
    m_scratch->openFor(*task, currentTask().key, candidate);
    m_scratch->show();
    m_scratch->raise();
    m_scratch->activateWindow();
}

void MainWindow::compareTensorFiles()
{
    const QString actual = QFileDialog::getOpenFileName(
        this, tr("Actual tensor"), m_session->rootPath(), tr("Tensors (*.npy *.safetensors);;All files (*)"));
    if (actual.isEmpty())
        return;
    const QString expected = QFileDialog::getOpenFileName(this, tr("Expected tensor"), QFileInfo(actual).absolutePath(),
        tr("Tensors (*.npy *.safetensors);;All files (*)"));
    if (expected.isEmpty())
        return;
    auto a = loadTensor(actual);
    auto e = a ? loadTensor(expected) : a;
    if (!a || !e) {
        QMessageBox::warning(this, tr("Compare Tensors"), (!a ? a : e).error().oneLine());
        return;
    }
    auto cmp = compareTensors(*a, *e, defaultTolerance(a->dtype));
    if (!cmp) {
        QMessageBox::warning(this, tr("Compare Tensors"), cmp.error().oneLine());
        return;
    }
    m_results->showMessage(tr("%1 vs %2 (tolerance: %3 defaults)").arg(actual, expected, dtypeName(a->dtype)));
    m_results->correctness()->setComparisons(
        { ComparisonView { QFileInfo(actual).fileName(), {}, std::make_shared<const Comparison>(*cmp) } });
    if (QDockWidget* d = dock(QStringLiteral("correctnessDock")))
        d->raise();
}

} // namespace kwb::ui

// Run (Ctrl+R) and Stop (Esc): the correctness protocol from the window, and File ▸ Compare Tensors.
#include "ui/window/mainwindow.h"

#include "core/compare/comparison.h"
#include "ui/correctness/comparisonview.h"
#include "ui/correctness/correctnesspane.h"
#include "ui/panes/consolepane.h"
#include "ui/performance/performancepane.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
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
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("runProgress"));
    m_progress->setMaximumWidth(320);
    m_progress->setTextVisible(true);
    m_progress->hide();
    statusBar()->addPermanentWidget(m_progress);

    connect(m_actions.run, &QAction::triggered, this, &MainWindow::startRun);
    connect(m_actions.stop, &QAction::triggered, m_run, &RunController::stop);
    connect(m_actions.compareTensors, &QAction::triggered, this, &MainWindow::compareTensorFiles);
    connect(m_run, &RunController::started, this, [this] {
        m_actions.stop->setEnabled(true);
        m_progress->setRange(0, 0);
        m_progress->show();
    });
    connect(m_run, &RunController::progressed, this, [this](const QString& step, int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(step);
        m_console->appendLine(tr("run: %1").arg(step));
    });
    connect(m_run, &RunController::outputReceived, this,
        [this](const QString& impl, OutputChannel channel, const QByteArray& bytes) {
            m_console->appendOutput(impl, QString::fromUtf8(bytes), channel == OutputChannel::Stderr);
        });
    const auto ended = [this] {
        m_actions.stop->setEnabled(false);
        m_progress->hide();
        m_console->flushOutput();
    };
    connect(m_run, &RunController::finished, this, [this, ended](std::shared_ptr<const RunResult> result) {
        ended();
        m_results->showResult(*result);
        m_performance->setIncorrect(incorrectCandidates(*result));
        m_session->setActionFindings(QStringLiteral("run"), result->findings);
        m_console->appendLine(
            tr("run: %1 findings (%2)").arg(result->findings.size()).arg(countsText(countFindings(result->findings))));
        if (QDockWidget* d = dock(QStringLiteral("correctnessDock")))
            d->raise();
    });
    connect(m_run, &RunController::failed, this, [this, ended](const QString& message, bool stopped) {
        ended();
        m_results->showMessage(stopped ? tr("Run stopped: its processes were killed.") : message);
        m_console->appendLine(stopped ? tr("run: stopped by the user") : tr("run: %1").arg(message));
    });
    // A new task makes the last run's results stale: a run still going is stopped and dropped.
    connect(m_session, &Session::taskOpened, this, [this] {
        if (m_run->isRunning())
            m_run->stop();
        m_performance->setIncorrect({});
    });
}

void MainWindow::startRun()
{
    const Task* task = m_session->task();
    if (!task) {
        m_console->appendLine(tr("run: no task is open (or its manifest did not load)"));
        return;
    }
    RunRequest request;
    request.taskDir = task->dir;
    request.trials = 3;
    m_console->appendLine(tr("run: %1 — reference and %2 candidate(s), %3 trials")
                              .arg(task->id)
                              .arg(task->candidates.size())
                              .arg(request.trials));
    if (QDockWidget* d = dock(QStringLiteral("consoleDock")))
        d->raise();
    m_results->showMessage(tr("Running %1…").arg(task->id));
    m_run->start(request);
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

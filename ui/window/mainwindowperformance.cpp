// The Performance dock and its actions: Profile (Ctrl+P: bench, then the profilers that exist here) and
// Check All (Ctrl+Shift+R: lint, compile, run, bench and profile in one report). Esc stops them.
#include "ui/window/mainwindow.h"

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
        return QStringLiteral("check: %1 — %2 (%3)")
            .arg(checkVerdict(*o.check), stages.join(QStringLiteral(", ")),
                countsText(countFindings(o.check->findings)));
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
    m_benchProgress = new QProgressBar(this);
    m_benchProgress->setObjectName(QStringLiteral("benchProgress"));
    m_benchProgress->setMaximumWidth(320);
    m_benchProgress->setTextVisible(true);
    m_benchProgress->hide();
    statusBar()->addPermanentWidget(m_benchProgress);

    connect(m_actions.profile, &QAction::triggered, this, &MainWindow::startProfile);
    connect(m_actions.checkAll, &QAction::triggered, this, &MainWindow::startCheckAll);
    // Esc stops whichever is running; stopping what is not running does nothing.
    connect(m_actions.stop, &QAction::triggered, m_bench, &BenchController::stop);
    // Other actions disable Stop when they end; it stays available while Profile or Check All still runs.
    connect(m_actions.stop, &QAction::changed, this, [this] {
        if (m_bench->isBusy() && !m_actions.stop->isEnabled())
            m_actions.stop->setEnabled(true);
    });
    connect(m_bench, &BenchController::started, this, [this] {
        m_actions.stop->setEnabled(true);
        m_actions.run->setEnabled(false); // a run beside the timed runners would skew their timings
        m_benchProgress->setRange(0, 0);
        m_benchProgress->show();
    });
    connect(m_bench, &BenchController::progressed, this, [this](const QString& step, int done, int total) {
        m_benchProgress->setRange(0, total);
        m_benchProgress->setValue(done);
        m_benchProgress->setFormat(step);
        m_performance->showMessage(tr("Working: %1").arg(step));
        m_console->appendLine(tr("performance: %1").arg(step));
    });
    const auto ended = [this] {
        m_actions.stop->setEnabled(m_run && m_run->isRunning());
        m_actions.run->setEnabled(true);
        m_benchProgress->hide();
    };
    connect(
        m_bench, &BenchController::finished, this, [this, ended](std::shared_ptr<const PerformanceOutcome> outcome) {
            ended();
            if (outcome->bench)
                m_performance->showView(outcome->bench);
            else
                m_performance->showMessage(
                    tr("No bench: %1").arg(outcome->check ? outcome->check->stage(CheckStage::Bench).note : QString()));
            if (const auto& check = outcome->check) {
                if (check->run) {
                    m_results->showResult(*check->run);
                    m_performance->setIncorrect(incorrectCandidates(*check->run));
                }
                Findings own;
                for (const Finding& f : check->findings) {
                    if (std::none_of(check->lint.findings.begin(), check->lint.findings.end(),
                            [&](const Finding& l) { return sameFinding(f, l); }))
                        own << f;
                }
                // The check supersedes what the single actions reported for this task.
                for (const char* action : { "run", "compile", "bench", "profile" })
                    m_session->setActionFindings(QString::fromLatin1(action), {});
                m_session->setActionFindings(QStringLiteral("check"), own);
                if (check->cancelled)
                    m_console->appendLine(tr("check: stopped by the user; the stages that finished are shown"));
            } else {
                Findings findings = outcome->bench->result->findings;
                if (outcome->bench->profile)
                    findings << outcome->bench->profile->findings;
                m_session->setActionFindings(QStringLiteral("bench"), findings);
            }
            m_console->appendLine(outcomeLine(*outcome));
            if (QDockWidget* d = dock(QStringLiteral("performanceDock")))
                d->raise();
        });
    connect(m_bench, &BenchController::failed, this, [this, ended](const QString& message, bool stopped) {
        ended();
        m_performance->showMessage(stopped ? tr("Stopped: the timed processes were killed; nothing was measured to "
                                                "the end, so nothing is shown.")
                                           : message);
        m_console->appendLine(stopped ? tr("performance: stopped by the user") : tr("performance: %1").arg(message));
    });
    // A new task makes the last results stale: a job still going is stopped and dropped.
    connect(m_session, &Session::taskOpened, this, [this] {
        m_bench->stop();
        m_performance->showMessage(tr("Task ▸ Profile (Ctrl+P) or Check All (Ctrl+Shift+R) to time this task."));
    });
}

bool MainWindow::performanceCanStart(const QString& action)
{
    if (!m_session->task()) {
        m_console->appendLine(tr("%1: no task is open (or its manifest did not load)").arg(action));
        return false;
    }
    if (m_run && m_run->isRunning()) {
        m_performance->showMessage(tr("%1 waits for the run in progress: timings taken beside it would be unfair. "
                                      "Let it finish or stop it (Esc), then start %1 again.")
                                       .arg(action));
        return false;
    }
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
    ProfileRequest profile;
    profile.taskDir = task->dir;
    m_console->appendLine(tr("profile: %1 — reference and %2 candidate(s), %3 s per implementation and case, "
                             "%4 interleaved rounds, then the profilers that exist here")
                              .arg(task->id)
                              .arg(task->candidates.size())
                              .arg(bench.budgetS)
                              .arg(bench.rounds));
    m_performance->showMessage(tr("Timing %1…").arg(task->id));
    m_bench->startProfile(bench, profile);
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
    m_results->showMessage(tr("Check All: %1 — the run stage fills this tab.").arg(task->id));
    m_bench->startCheck(request);
}

} // namespace kwb::ui

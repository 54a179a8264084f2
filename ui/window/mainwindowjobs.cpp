// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The jobs of the window: the toolbar (Run, Compile, Check All, Profile, Stop and a line saying what runs for which
// task), Stop's shortcut kept away from text fields, and the results panes following the current task: each shows
// the current task's result, or says there is none and why — never another task's.
#include "ui/window/mainwindow.h"

#include "ui/compile/compilecontroller.h"
#include "ui/compile/compilepane.h"
#include "ui/jobs/actionboard.h"
#include "ui/panes/sourceview.h"
#include "ui/performance/benchcontroller.h"
#include "ui/performance/performancepane.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/scratch/scratchwindow.h"
#include "ui/window/session.h"

#include "ui/editor/qsci.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QToolBar>
#include <QToolButton>

namespace kwb::ui {
namespace {
// True while the keyboard goes into text: an editable line, text or code field, a spin box, an editable combo.
bool typingInto(const QWidget* w)
{
    if (!w)
        return false;
    if (const auto* e = qobject_cast<const QLineEdit*>(w))
        return !e->isReadOnly();
    if (const auto* e = qobject_cast<const QTextEdit*>(w))
        return !e->isReadOnly();
    if (const auto* e = qobject_cast<const QPlainTextEdit*>(w))
        return !e->isReadOnly();
    if (const auto* e = qobject_cast<const QsciScintilla*>(w))
        return !e->isReadOnly();
    if (qobject_cast<const QAbstractSpinBox*>(w))
        return true;
    if (const auto* c = qobject_cast<const QComboBox*>(w))
        return c->isEditable();
    return false;
}

// Stop never fires from a text field: its shortcut is handed to the field instead (a stopped job is never a side
// effect of typing). The toolbar and the menu stop at any time.
class StopGuard : public QObject {
public:
    StopGuard(QAction* stop, QObject* parent)
        : QObject(parent)
        , m_stop(stop)
    {
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::ShortcutOverride && watched->isWidgetType()
            && typingInto(static_cast<QWidget*>(watched))) {
            const auto* key = static_cast<QKeyEvent*>(event);
            const QKeySequence pressed(key->keyCombination());
            for (const QKeySequence& s : m_stop->shortcuts()) {
                if (s.matches(pressed) == QKeySequence::ExactMatch) {
                    event->accept(); // the field gets the key; the shortcut does not fire
                    return true;
                }
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QAction* m_stop;
};
} // namespace

MainWindow::~MainWindow()
{
    // The child objects (panes, controllers, windows) are deleted after this window's members (the results, the job
    // lines): nothing they signal on their way out may reach the handlers that use those members.
    for (QObject* child : findChildren<QObject*>())
        QObject::disconnect(child, nullptr, this, nullptr);
    delete m_scratch;
}

bool MainWindow::confirm(const QString& title, const QString& text)
{
    if (m_confirm)
        return m_confirm(title, text);
    return QMessageBox::question(this, title, text, QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes;
}

TaskRef MainWindow::currentTask() const
{
    const Task* task = m_session->task();
    const LintReport* report = m_session->currentReport();
    return { report ? report->path : QString(), task ? task->id : (report ? report->id : QString()) };
}

void MainWindow::setupJobs()
{
    m_jobBar = new QToolBar(tr("Actions"), this);
    m_jobBar->setObjectName(QStringLiteral("jobBar"));
    m_jobBar->setMovable(false);
    m_jobBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_jobBar->addActions({ m_actions.run, m_actions.compile, m_actions.checkAll, m_actions.profile });
    m_jobBar->addSeparator();
    m_jobBar->addAction(m_actions.stop);
    if (auto* b = qobject_cast<QToolButton*>(m_jobBar->widgetForAction(m_actions.stop))) {
        b->setObjectName(QStringLiteral("stopButton"));
        // Red while something can be stopped; plainly grey when nothing runs.
        b->setStyleSheet(QStringLiteral("QToolButton:enabled { color: #b3261e; font-weight: bold; }"
                                        "QToolButton:disabled { color: #9ca3af; }"));
    }
    m_jobBar->addSeparator();
    m_jobLabel = new QLabel(m_jobBar);
    m_jobLabel->setObjectName(QStringLiteral("jobStatus"));
    // Takes the rest of the bar; a long line is cut, never widening the window (the tooltip has all of it).
    m_jobLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_jobLabel->setMinimumWidth(120);
    m_jobLabel->setContentsMargins(6, 0, 6, 0);
    m_jobLabel->setTextFormat(Qt::PlainText);
    m_jobBar->addWidget(m_jobLabel);
    addToolBar(Qt::TopToolBarArea, m_jobBar);
    qApp->installEventFilter(new StopGuard(m_actions.stop, this));

    connect(m_session, &Session::taskOpened, this, &MainWindow::showTaskResults);
    connect(m_session, &Session::candidateChanged, this, [this] {
        if (const TaskResults* r = m_store.find(currentTask().key); r && r->compile)
            m_compilePane->setFocusImpl(m_session->candidate());
    });
    // One Stop for every action; the job line, Stop and Run follow the action board.
    connect(m_actions.stop, &QAction::triggered, m_board, &ActionBoard::stopAll);
    connect(m_board, &ActionBoard::changed, this, &MainWindow::updateJobStatus);
    updateJobStatus();
}

QString MainWindow::jobStatusText() const
{
    return m_jobLabel ? m_jobLabel->text() : QString();
}

void MainWindow::updateJobStatus()
{
    if (!m_jobLabel)
        return;
    const bool any = m_board->anyBusy();
    const bool timing = m_board->busy(QStringLiteral("performance"));
    m_actions.stop->setEnabled(any);
    // Run waits while something is timed: a run beside the timed runners would skew them. Said beside the button.
    m_actions.run->setEnabled(!timing);
    m_actions.rerunCase->setEnabled(!timing);
    const QString waits = timing
        ? tr("Run is off while %1 is timed (a run beside it would skew the timings)").arg(m_benchFor.id)
        : QString();
    m_actions.run->setToolTip(waits.isEmpty() ? m_actions.run->statusTip() : waits);
    QStringList parts = m_board->steps();
    if (m_board->busy(QStringLiteral("scratch")))
        parts << tr("scratch run");
    if (!waits.isEmpty())
        parts << waits;
    m_jobLabel->setText(
        parts.isEmpty() ? tr("No job running") : tr("Running: %1").arg(parts.join(QStringLiteral(" · "))));
    m_jobLabel->setToolTip(m_jobLabel->text());
    m_jobLabel->setStyleSheet(any ? QStringLiteral("color: #1f2937;") : QStringLiteral("color: #6b7280;"));
}

void MainWindow::showTaskResults()
{
    const TaskRef task = currentTask();
    showRunOf(task);
    showCompileOf(task);
    showPerformanceOf(task);
}

void MainWindow::showRunOf(const TaskRef& task)
{
    if (task.isNull()) {
        m_results->showMessage(tr("No task is open."));
        return;
    }
    const TaskResults* r = m_store.find(task.key);
    if (r && r->run && !(m_run->isBusy() && m_runFor == task)) {
        m_results->showResult(*r->run, r->runScope);
        return;
    }
    QString message;
    if (m_run->isBusy() && m_runFor == task)
        message = tr("Running %1%2… (Stop: the toolbar, Task ▸ Stop or Ctrl+.)")
                      .arg(task.id, m_runScope.isEmpty() ? QString() : QStringLiteral(" — ") + m_runScope);
    else if (r && !r->runMessage.isEmpty())
        message = tr("%1 — %2").arg(task.id, r->runMessage);
    else
        message = tr("No run of %1 yet: Task ▸ Run (Ctrl+R) runs the reference and the candidates, sandboxed.")
                      .arg(task.id);
    if (m_run->isBusy() && !(m_runFor == task))
        message += tr(" (A run of %1 is in progress; its results will stay with %1.)").arg(m_runFor.id);
    m_results->showMessage(message);
}

void MainWindow::showCompileOf(const TaskRef& task)
{
    m_source->setDiagnostics({});
    if (task.isNull()) {
        m_compilePane->showMessage(tr("No task is open."));
        return;
    }
    const TaskResults* r = m_store.find(task.key);
    if (r && r->compile && !(m_compile->isBusy() && m_compileFor == task)) {
        m_compilePane->showResult(*r->compile, m_session->candidate());
        QList<Diagnostic> all;
        for (const ImplementationCompile& c : r->compile->implementations)
            all << c.diagnostics;
        m_source->setDiagnostics(all);
        return;
    }
    QString message;
    if (m_compile->isBusy() && m_compileFor == task)
        message = tr("Compiling %1…").arg(task.id);
    else if (r && !r->compileMessage.isEmpty())
        message = tr("%1 — %2").arg(task.id, r->compileMessage);
    else
        message = tr("%1 is not compiled yet: Compile (Ctrl+B) builds every implementation for the task's target "
                     "archs.")
                      .arg(task.id);
    if (m_compile->isBusy() && !(m_compileFor == task))
        message += tr(" (A compile of %1 is in progress.)").arg(m_compileFor.id);
    m_compilePane->showMessage(message);
}

void MainWindow::showPerformanceOf(const TaskRef& task)
{
    const TaskResults* r = task.isNull() ? nullptr : m_store.find(task.key);
    // A timing says nothing about a wrong answer: candidates this task's last run failed read INVALID.
    m_performance->setIncorrect(r && r->run ? failedCandidates(*r->run) : QMap<QString, QString> {});
    if (task.isNull()) {
        m_performance->showMessage(tr("No task is open."));
        return;
    }
    if (r && r->performance && r->performance->bench && !(m_bench->isBusy() && m_benchFor == task)) {
        m_performance->showView(r->performance->bench);
        return;
    }
    QString message;
    if (m_bench->isBusy() && m_benchFor == task)
        message = tr("Timing %1…").arg(task.id);
    else if (r && !r->performanceMessage.isEmpty())
        message = tr("%1 — %2").arg(task.id, r->performanceMessage);
    else
        message = tr("%1 is not timed yet: Task ▸ Profile (Ctrl+P) or Check All (Ctrl+Shift+R).").arg(task.id);
    if (m_bench->isBusy() && !(m_benchFor == task))
        message += tr(" (%1 is being timed now.)").arg(m_benchFor.id);
    m_performance->showMessage(message);
}

} // namespace kwb::ui

// Compile (Ctrl+B): the task's implementations built for its target archs off the GUI thread, progress in the
// status bar, diagnostics on their lines in the editors, the Compile dock, and the compile findings.
#include "ui/window/mainwindow.h"

#include "ui/compile/compilecontroller.h"
#include "ui/compile/compilepane.h"
#include "ui/compile/disassemblyview.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/consolepane.h"
#include "ui/panes/sourceview.h"
#include "ui/run/runcontroller.h"
#include "ui/window/session.h"

#include <QAction>
#include <QDockWidget>
#include <QProgressBar>
#include <QStatusBar>

namespace kwb::ui {

void MainWindow::setupCompile()
{
    m_compile = new CompileController(this);
    m_compilePane = new CompilePane(this);
    makeDock(this, "compileDock", tr("Compile"), m_compilePane);
    auto* progress = new QProgressBar(this);
    progress->setObjectName(QStringLiteral("compileProgress"));
    progress->setMaximumWidth(320);
    progress->setTextVisible(true);
    progress->hide();
    statusBar()->addPermanentWidget(progress);

    const auto start = [this] {
        const Task* task = m_session->task();
        if (!task) {
            m_console->appendLine(tr("compile: no task is open (or its manifest did not load)"));
            return;
        }
        m_console->appendLine(tr("compile: %1 for %2").arg(task->id, task->target.arch.join(QStringLiteral(", "))));
        m_compilePane->showMessage(tr("Compiling %1…").arg(task->id));
        m_source->setDiagnostics({});
        if (QDockWidget* d = dock(QStringLiteral("compileDock"))) {
            d->show();
            d->raise();
        }
        m_compile->start(*task, CompileRequest {});
    };
    connect(m_actions.compile, &QAction::triggered, this, start);
    connect(m_compilePane, &CompilePane::compileRequested, this, start);
    connect(m_compilePane, &CompilePane::stopRequested, m_compile, &CompileController::stop);
    connect(m_actions.stop, &QAction::triggered, m_compile, &CompileController::stop);
    connect(m_compilePane, &CompilePane::locationActivated, this, [this](const QString& file, int line) {
        if (!m_source->showLocation(file, line))
            statusBar()->showMessage(tr("%1 is not a file of this task").arg(file), 6000);
    });

    connect(m_compile, &CompileController::started, this, [this, progress] {
        m_compilePane->setBusy(true);
        m_actions.stop->setEnabled(true);
        progress->setRange(0, 0);
        progress->setFormat(tr("compiling"));
        progress->show();
    });
    connect(
        m_compile, &CompileController::progressed, this, [this, progress](const QString& impl, int done, int total) {
            progress->setRange(0, total);
            progress->setValue(done);
            progress->setFormat(tr("compiling %1 (%2/%3)").arg(impl).arg(done + 1).arg(total));
            m_console->appendLine(tr("compile: %1").arg(impl));
        });
    const auto ended = [this, progress] {
        m_compilePane->setBusy(false);
        if (!m_run->isRunning())
            m_actions.stop->setEnabled(false);
        progress->hide();
    };
    connect(m_compile, &CompileController::finished, this, [this, ended](std::shared_ptr<const CompileResult> r) {
        ended();
        m_compilePane->showResult(*r, m_session->candidate());
        QList<Diagnostic> all;
        for (const ImplementationCompile& c : r->implementations)
            all << c.diagnostics;
        m_source->setDiagnostics(all);
        m_session->setActionFindings(QStringLiteral("compile"), r->findings);
        m_console->appendLine(tr("compile: %1 diagnostics, %2 findings (%3)")
                                  .arg(all.size())
                                  .arg(r->findings.size())
                                  .arg(countsText(countFindings(r->findings))));
    });
    connect(m_compile, &CompileController::failed, this, [this, ended](const QString& message, bool stopped) {
        ended();
        m_compilePane->showMessage(stopped ? tr("Compile stopped: its compiler processes were killed.") : message);
        m_console->appendLine(stopped ? tr("compile: stopped by the user") : tr("compile: %1").arg(message));
    });
    // Another task makes a compile in progress meaningless: stop it and drop what it would deliver.
    connect(m_session, &Session::taskOpened, this, [this, ended] {
        if (m_compile->isRunning()) {
            m_compile->discard();
            ended();
        }
        m_compilePane->showMessage(tr("Not compiled yet: Compile (Ctrl+B) builds every implementation for the "
                                      "task's target archs."));
    });
    connect(m_session, &Session::candidateChanged, m_compilePane, &CompilePane::setFocusImpl);
    // A click in a source editor highlights the instructions that line made.
    for (CodeEditor* e : { m_source->leftEditor(), m_source->rightEditor() }) {
        connect(e, &CodeEditor::cursorPositionChanged, this, [this, e](int line, int) {
            if (m_compilePane->hasResult() && !e->fileName().isEmpty())
                m_compilePane->disassembly()->highlightSource(e->fileName(), e->sourceLine(line));
        });
    }
}

} // namespace kwb::ui

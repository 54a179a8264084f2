// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compile (Ctrl+B): the task's implementations built for its target archs off the GUI thread, progress in the
// status bar, diagnostics on their lines in the editors, the Compile dock, and the compile findings.
#include "ui/window/mainwindow.h"

#include "ui/jobs/actionboard.h"

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
    m_board->track(QStringLiteral("compile"), m_compile->jobs());

    const auto start = [this] {
        const Task* task = m_session->task();
        if (!task) {
            m_console->appendLine(tr("compile: no task is open (or its manifest did not load)"));
            return;
        }
        if (m_compile->isBusy()
            && !confirm(tr("Stop the Other Compile?"),
                tr("A compile of %1 is still going. Stop it and compile %2 instead?").arg(m_compileFor.id, task->id)))
            return;
        if (m_compile->isBusy() && m_compileFor.key != currentTask().key)
            m_store.of(m_compileFor.key).compileMessage
                = tr("Compile stopped: a compile of %1 replaced it.").arg(task->id);
        m_compileFor = currentTask();
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
    connect(m_compilePane, &CompilePane::locationActivated, this, [this](const QString& file, int line) {
        if (!m_source->showLocation(file, line))
            statusBar()->showMessage(tr("%1 is not a file of this task").arg(file), 6000);
    });

    connect(m_compile, &CompileController::started, this, [this] {
        m_compilePane->setBusy(true);
        m_board->setStep(QStringLiteral("compile"), tr("compile of %1").arg(m_compileFor.id));
    });
    connect(m_compile, &CompileController::progressed, this, [this](const QString& impl, int done, int total) {
        const QString text
            = tr("compile of %1: %2 (%3 of %4)").arg(m_compileFor.id, impl).arg(std::min(done + 1, total)).arg(total);
        m_board->setStep(QStringLiteral("compile"), text, done, total);
        m_console->appendLineTo(m_compileFor.key, tr("compile: %1").arg(impl));
    });
    const auto ended = [this] {
        m_compilePane->setBusy(false);
        m_board->setStep(QStringLiteral("compile"), {});
        return std::exchange(m_compileFor, {});
    };
    connect(m_compile, &CompileController::finished, this, [this, ended](std::shared_ptr<const CompileResult> r) {
        const TaskRef task = ended();
        TaskResults& kept = m_store.of(task.key);
        kept.compile = r;
        kept.compileMessage.clear();
        kept.compileAt = QDateTime::currentDateTime();
        m_session->setActionFindingsFor(task.key, QStringLiteral("compile"), r->findings);
        int diagnostics = 0;
        for (const ImplementationCompile& c : r->implementations)
            diagnostics += int(c.diagnostics.size());
        m_console->appendLineTo(task.key,
            tr("compile: %1 diagnostics, %2 findings (%3)")
                .arg(diagnostics)
                .arg(r->findings.size())
                .arg(countsText(countFindings(r->findings))));
        showCompileOf(currentTask());
        if (task.key != currentTask().key)
            statusBar()->showMessage(tr("The compile of %1 ended — its results stay with %1.").arg(task.id), 10000);
    });
    connect(m_compile, &CompileController::failed, this, [this, ended](const QString& message, bool stopped) {
        const TaskRef task = ended();
        m_store.of(task.key).compileMessage
            = stopped ? tr("Compile stopped (Stop): its compiler processes were killed.") : message;
        m_console->appendLineTo(
            task.key, stopped ? tr("compile: stopped by the user") : tr("compile: %1").arg(message));
        showCompileOf(currentTask());
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

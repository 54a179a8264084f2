// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scratch/scratchwindow.h"

#include "ui/editor/codeeditor.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runresultspane.h"
#include "ui/scratch/scratchbundle.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

namespace kwb::ui {

ScratchWindow::ScratchWindow(QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_dir(QDir::tempPath() + QStringLiteral("/kwb-scratch-XXXXXX"))
    , m_banner(new QLabel(this))
    , m_editor(new CodeEditor(this))
    , m_runButton(new QPushButton(tr("Run Beside the Original"), this))
    , m_stopButton(new QPushButton(tr("Stop"), this))
    , m_resetButton(new QPushButton(tr("Reset to the Candidate"), this))
    , m_results(new RunResultsPane(this))
    , m_run(new RunController(this))
{
    setObjectName(QStringLiteral("scratchWindow"));
    m_banner->setObjectName(QStringLiteral("scratchBanner"));
    m_banner->setWordWrap(true);
    m_banner->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff3cd; color: #5c3b00; border: 1px solid #e6c66a; padding: 4px; }"));
    m_editor->setObjectName(QStringLiteral("scratchEditor"));
    m_runButton->setObjectName(QStringLiteral("runScratch"));
    m_runButton->setToolTip(
        tr("Run the original candidate and this copy side by side, with the reference (Ctrl+Return)"));
    m_stopButton->setObjectName(QStringLiteral("stopScratch"));
    m_stopButton->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_stopButton);
    buttons->addStretch(1);
    buttons->addWidget(m_resetButton);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_editor);
    split->addWidget(m_results);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(buttons);
    layout->addWidget(split, 1);
    m_results->setActionsVisible(false);
    m_results->showMessage(tr("Edit the copy above, then Run Beside the Original (Ctrl+Return)."));

    connect(m_runButton, &QPushButton::clicked, this, &ScratchWindow::run);
    connect(m_stopButton, &QPushButton::clicked, this, &ScratchWindow::stop);
    connect(m_resetButton, &QPushButton::clicked, this, &ScratchWindow::reset);
    auto* runKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(runKey, &QShortcut::activated, this, &ScratchWindow::run);
    connect(m_run, &RunController::started, this, [this] {
        m_runButton->setEnabled(false);
        m_stopButton->setEnabled(true);
        Q_EMIT busyChanged();
    });
    connect(m_run, &RunController::progressed, this, [this](const QString& step, int done, int total) {
        m_results->showMessage(tr("Running the scratch copy: %1 (%2 of %3)").arg(step).arg(done + 1).arg(total));
    });
    const auto ended = [this] {
        m_runButton->setEnabled(true);
        m_stopButton->setEnabled(false);
        Q_EMIT busyChanged();
    };
    connect(m_run, &RunController::finished, this, [this, ended](std::shared_ptr<const RunResult> result) {
        ended();
        m_results->showResult(*result, tr("scratch copy of %1").arg(m_candidate));
        Q_EMIT runFinished(m_taskKey, result);
    });
    connect(m_run, &RunController::failed, this, [this, ended](const QString& message, bool stopped) {
        ended();
        m_results->showMessage(stopped ? tr("Scratch run stopped.") : tr("Scratch run failed: %1").arg(message));
        Q_EMIT logged(m_taskKey, stopped ? tr("scratch: stopped by the user") : tr("scratch: %1").arg(message));
    });
    const QSize wanted(1100, 760);
    resize(screen() ? wanted.boundedTo(screen()->availableGeometry().size() * 9 / 10) : wanted);
}

ScratchWindow::~ScratchWindow() = default;

JobRunner* ScratchWindow::jobs() const
{
    return m_run->jobs();
}

bool ScratchWindow::isBusy() const
{
    return m_run->isBusy();
}

void ScratchWindow::openFor(const Task& task, const QString& taskKey, const QString& candidateId)
{
    const bool same = m_task && m_taskKey == taskKey && m_candidate == candidateId;
    if (!same && m_run->isBusy())
        m_run->stop();
    m_task = std::make_unique<Task>(task);
    m_taskKey = taskKey;
    const Implementation* impl = task.implementation(candidateId);
    setWindowTitle(tr("Scratch copy of %1 — %2").arg(candidateId, task.id));
    m_banner->setText(tr("<b>SCRATCH COPY</b> of candidate <b>%1</b> of %2 (%3). Edits here never change the bundle; "
                         "runs are marked scratch (<code>%4</code>) and are never the task's evidence or export.")
                          .arg(candidateId.toHtmlEscaped(), task.id.toHtmlEscaped(), impl->source.toHtmlEscaped(),
                              scratchId(candidateId)));
    if (same)
        return;
    m_candidate = candidateId;
    QFile f(QDir(task.dir).filePath(impl->source));
    m_originalText = f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    reset();
    m_results->showMessage(tr("Edit the copy above, then Run Beside the Original (Ctrl+Return)."));
}

void ScratchWindow::reset()
{
    if (!m_task)
        return;
    const Implementation* impl = m_task->implementation(m_candidate);
    m_editor->setSource(impl ? impl->source : QString(), m_originalText);
    m_editor->setReadOnly(false);
}

void ScratchWindow::run()
{
    if (!m_task || m_run->isBusy())
        return;
    const Result<QString> folder
        = makeScratchBundle(*m_task, m_candidate, m_editor->text(), m_dir.filePath(QStringLiteral("bundle")));
    if (!folder) {
        m_results->showMessage(folder.error().oneLine());
        return;
    }
    RunRequest request;
    request.taskDir = *folder;
    request.implIds = { m_candidate, scratchId(m_candidate) };
    Q_EMIT logged(m_taskKey,
        tr("scratch: running %1 beside its scratch copy %2 (a copy of the bundle in %3)")
            .arg(m_candidate, scratchId(m_candidate), *folder));
    m_results->showMessage(tr("Running the original and the scratch copy…"));
    m_run->start(request);
}

void ScratchWindow::stop()
{
    m_run->stop();
}

} // namespace kwb::ui

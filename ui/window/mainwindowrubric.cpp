// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Rubric dock and its actions: the review of the current task, Cite Selection, Submit and File ▸ Export.
#include "ui/window/mainwindow.h"

#include "core/bench/benchengine.h"
#include "core/check/checkengine.h"
#include "core/review/evidenceref.h"
#include "core/rubric/rubricloader.h"
#include "core/run/runengine.h"
#include "ui/compile/compilecontroller.h"
#include "ui/editor/codeeditor.h"
#include "ui/panes/consolepane.h"
#include "ui/panes/sourceview.h"
#include "ui/panes/tasklistpane.h"
#include "ui/performance/benchcontroller.h"
#include "ui/performance/benchview.h"
#include "ui/rubric/exportdialog.h"
#include "ui/rubric/preferencesdialog.h"
#include "ui/rubric/reviewsession.h"
#include "ui/rubric/reviewsettings.h"
#include "ui/rubric/rubricpanel.h"
#include "ui/run/runcontroller.h"
#include "ui/window/session.h"

#include <QAction>
#include <QApplication>
#include <QCursor>
#include <QDockWidget>
#include <QJsonDocument>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

namespace kwb::ui {
namespace {
// The editor the reviewer works in: the focused one, else the candidate's.
CodeEditor* activeEditor(SourceView* source)
{
    for (QWidget* w = QApplication::focusWidget(); w; w = w->parentWidget()) {
        if (w == source->leftEditor() || w == source->rightEditor())
            return static_cast<CodeEditor*>(w);
    }
    return source->rightEditor()->hasSelectedText() || !source->leftEditor()->hasSelectedText() ? source->rightEditor()
                                                                                                : source->leftEditor();
}

std::optional<LineSelection> selectionOf(const CodeEditor* e)
{
    const auto [first, last] = e->selectedSourceLines();
    if (e->fileName().isEmpty() || first < 1)
        return std::nullopt;
    return LineSelection { e->fileName(), first, last };
}

void showReport(QWidget* parent, const ReportDoc& r)
{
    QStringList lines;
    for (const ReportFinding& f : r.findings)
        lines << QStringLiteral("%1 [%2] %3%4: %5")
                     .arg(f.id, f.severity, f.impl,
                         f.caseName.isEmpty() ? QString() : QStringLiteral(" / ") + f.caseName, f.message);
    auto* box = new QMessageBox(QMessageBox::Information, QObject::tr("Report"),
        QObject::tr("%1 report of %2\n%3\n%n finding(s)", nullptr, int(r.findings.size()))
            .arg(r.action, r.taskId, r.digest),
        QMessageBox::Close, parent);
    box->setDetailedText(lines.join(u'\n'));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}
} // namespace

void MainWindow::setupRubric()
{
    auto* review = new ReviewSession(this);
    auto* panel = new RubricPanel(review, this);
    auto* dockWidget = makeDock(this, "rubricDock", tr("Rubric"), panel);
    dockWidget->setMinimumWidth(360);
    review->setReviewer(reviewsettings::reviewer());
    if (const Status s = review->openStore(reviewsettings::databasePath()); !s)
        m_console->appendLine(tr("review: %1 — reviews will not be saved").arg(s.error().oneLine()));
    if (const Result<Rubric> rubric = findRubric(QStringLiteral("kernel-task-review"), 1))
        review->setRubric(*rubric);
    else
        m_console->appendLine(tr("review: %1").arg(rubric.error().oneLine()));
    panel->trackActivity();
    // One place asks the reviewer's questions (and tests answer them): the window's.
    panel->setConfirm([this](const QString& title, const QString& text) { return confirm(title, text); });
    connect(m_actions.focusRubric, &QAction::triggered, this, [dockWidget, panel] {
        dockWidget->show();
        dockWidget->raise();
        panel->focusFirstOpen();
    });
    connect(m_actions.preferences, &QAction::triggered, this, [this, review, panel] {
        PreferencesDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted || reviewsettings::reviewer() == review->reviewer())
            return;
        // Another reviewer: keep this one's draft, then continue (or start) the new one's review of the task.
        (void)review->saveNow();
        review->setReviewer(reviewsettings::reviewer());
        if (const Status s = review->openTask(m_session->task()); !s)
            m_console->appendLine(tr("review: %1").arg(s.error().oneLine()));
        panel->setFindings(m_session->findings());
        statusBar()->showMessage(tr("Reviewing as %1").arg(review->reviewer()), 6000);
    });

    connect(m_session, &Session::taskOpened, review, [this, review, panel] {
        if (const Status s = review->openTask(m_session->task()); !s)
            m_console->appendLine(tr("review: %1").arg(s.error().oneLine()));
        panel->setFindings(m_session->findings());
    });
    connect(m_session, &Session::findingsChanged, panel, [this, panel] { panel->setFindings(m_session->findings()); });
    connect(panel, &RubricPanel::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(qApp, &QApplication::aboutToQuit, review, [review] { (void)review->saveNow(); });
    // Batch workspaces: the queue's Review column and counts follow every save and submit.
    const auto noteReview = [this, review] {
        if (review->hasReview())
            m_taskList->noteReview(review->review());
    };
    connect(review, &ReviewSession::draftSaved, m_taskList, noteReview);
    connect(review, &ReviewSession::submitted, m_taskList, noteReview);

    panel->setSelectionProvider([this]() -> std::optional<LineSelection> {
        for (CodeEditor* e : { activeEditor(m_source), m_source->rightEditor(), m_source->leftEditor() }) {
            if (e->hasSelectedText())
                return selectionOf(e);
        }
        return std::nullopt;
    });

    // Inline comments are marked in whichever editor shows their file.
    const auto markComments = [this, review] {
        for (CodeEditor* e : { m_source->leftEditor(), m_source->rightEditor() }) {
            QList<std::pair<int, int>> ranges;
            if (review->hasReview()) {
                for (const LineComment& c : review->review().comments) {
                    if (c.file == e->fileName())
                        ranges.append({ c.startLine, c.endLine });
                }
            }
            e->setCommentRanges(ranges);
        }
    };
    connect(panel, &RubricPanel::lineCommentsChanged, this, markComments);
    for (CodeEditor* e : { m_source->leftEditor(), m_source->rightEditor() })
        connect(
            e, &QsciScintilla::textChanged, this, [this, markComments] { QTimer::singleShot(0, this, markComments); });

    const auto showLines = [this](const QString& file, int first, int last) {
        if (!m_source->showLocation(file, first)) {
            statusBar()->showMessage(tr("%1 is not a file of this task").arg(file), 6000);
            return;
        }
        for (CodeEditor* e : { m_source->leftEditor(), m_source->rightEditor() }) {
            if (e->fileName() == file && first > 0) {
                const int a = e->displayLine(first);
                const int b = e->displayLine(std::max(first, last));
                if (a >= 0 && b >= 0) // the caret on the first line, where showLocation put it
                    e->setSelection(b, e->lineLength(b), a, 0);
            }
        }
    };
    connect(panel, &RubricPanel::locationActivated, this, showLines);
    connect(panel, &RubricPanel::evidenceActivated, this, [this, review, showLines](const QString& text) {
        const Result<EvidenceRef> ref = parseEvidenceRef(text);
        if (!ref) {
            statusBar()->showMessage(ref.error().what, 6000);
            return;
        }
        if (ref->kind == EvidenceRef::Kind::File) {
            showLines(ref->target, ref->startLine, ref->endLine);
        } else if (ref->kind == EvidenceRef::Kind::Report) {
            const auto doc = review->store() ? review->store()->report(ref->target) : Result<ReportDoc>(Error {});
            if (doc)
                showReport(this, *doc);
            else
                statusBar()->showMessage(tr("report %1 is not in the review database").arg(ref->target), 6000);
        } else {
            const QString wantCase = ref->qualifiers.value(QStringLiteral("case"));
            const QString wantImpl = ref->qualifiers.value(QStringLiteral("impl"));
            for (const Finding& f : m_session->findings()) {
                if (f.id == ref->target && (wantCase.isEmpty() || f.caseName == wantCase)
                    && (wantImpl.isEmpty() || f.impl == wantImpl)) {
                    if (QDockWidget* d = dock(QStringLiteral("findingsDock")))
                        d->raise();
                    showFinding(f);
                    statusBar()->showMessage(QStringLiteral("%1: %2").arg(f.id, f.message), 8000);
                    return;
                }
            }
            statusBar()->showMessage(tr("%1: not among the current findings (run the task again?)").arg(text), 6000);
        }
    });

    connect(m_actions.citeSelection, &QAction::triggered, this, [this, panel] {
        CodeEditor* e = activeEditor(m_source);
        const std::optional<LineSelection> lines = selectionOf(e);
        if (!lines || !panel->reviewSession()->hasReview()) {
            statusBar()->showMessage(tr("Cite Selection: select lines of a task file first"), 6000);
            return;
        }
        auto* menu = new QMenu(this);
        menu->setObjectName(QStringLiteral("citeMenu"));
        menu->setAttribute(Qt::WA_DeleteOnClose);
        panel->fillSelectionMenu(menu, *lines);
        const QPoint caret(static_cast<int>(e->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION, 0UL,
                               e->SendScintilla(QsciScintilla::SCI_GETCURRENTPOS))),
            static_cast<int>(e->SendScintilla(
                QsciScintilla::SCI_POINTYFROMPOSITION, 0UL, e->SendScintilla(QsciScintilla::SCI_GETCURRENTPOS))));
        menu->popup(e->viewport()->mapToGlobal(caret + QPoint(0, e->fontMetrics().height())));
    });
    m_actions.submitReview->setEnabled(false);
    connect(panel, &RubricPanel::completenessChanged, m_actions.submitReview, &QAction::setEnabled);
    connect(m_actions.submitReview, &QAction::triggered, panel, &RubricPanel::submit);
    connect(m_actions.exportReviews, &QAction::triggered, this, [this, review] {
        auto* d = new ExportDialog(review->store(), review->rubric(), m_session->rootPath(),
            review->hasReview() ? review->review().taskId : QString(), this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        connect(d, &ExportDialog::exported, this, [this](const QString& what) {
            m_console->appendLine(tr("export: %1").arg(what));
            statusBar()->showMessage(what, 8000);
        });
        d->open();
    });

    // Compile, Profile and Check All reports become citable evidence like run reports.
    const auto attach = [this, review](const QJsonObject& report, const QString& what) {
        const QByteArray bytes = QJsonDocument(report).toJson(QJsonDocument::Indented);
        const Result<QString> digest = review->attachReport(bytes, what);
        m_console->appendLine(
            digest ? tr("review: %1 %2 attached").arg(what, *digest) : tr("review: %1").arg(digest.error().oneLine()));
    };
    connect(m_compile, &CompileController::finished, review,
        [attach](std::shared_ptr<const CompileResult> result) { attach(result->toJson(), tr("compile report")); });
    connect(m_bench, &BenchController::finished, review, [attach](std::shared_ptr<const PerformanceOutcome> outcome) {
        if (outcome->check)
            attach(checkReportJson(*outcome->check), tr("check report"));
        else if (outcome->bench && outcome->bench->result)
            attach(benchReportJson(*outcome->bench->result), tr("bench report"));
    });

    // The run controller is made after the docks (setupRun); connect once the event loop runs, which is
    // before any run can deliver its result (results arrive through queued signals).
    QTimer::singleShot(0, this, [this, review] {
        if (!m_run)
            return;
        connect(m_run, &RunController::finished, review, [this, review](std::shared_ptr<const RunResult> result) {
            const QByteArray bytes = QJsonDocument(runReportJson(*result)).toJson(QJsonDocument::Indented);
            const Result<QString> digest = review->attachReport(bytes, tr("run report"));
            m_console->appendLine(digest ? tr("review: run report %1 attached").arg(*digest)
                                         : tr("review: %1").arg(digest.error().oneLine()));
        });
    });
}

} // namespace kwb::ui

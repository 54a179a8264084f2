// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/actions.h"

#include <QAction>
#include <QKeySequence>

namespace kwb::ui {

namespace {
QAction* make(
    QObject* owner, const char* name, const QString& text, const QList<QKeySequence>& keys, const QString& tip = {})
{
    auto* a = new QAction(text, owner);
    a->setObjectName(QLatin1StringView(name));
    a->setShortcuts(keys);
    a->setStatusTip(tip);
    return a;
}
} // namespace

Actions Actions::create(QObject* owner)
{
    Actions a;
    a.open = make(owner, "actionOpen", QObject::tr("&Open Task Folder…"), { QKeySequence::Open },
        QObject::tr("Open a task bundle or a folder of bundles"));
    a.quit = make(owner, "actionQuit", QObject::tr("&Quit"), { QKeySequence(Qt::CTRL | Qt::Key_Q) });
    a.nextTask = make(owner, "actionNextTask", QObject::tr("&Next Task"),
        { QKeySequence(Qt::ALT | Qt::Key_Down), QKeySequence(Qt::CTRL | Qt::Key_PageDown) });
    a.previousTask = make(owner, "actionPreviousTask", QObject::tr("&Previous Task"),
        { QKeySequence(Qt::ALT | Qt::Key_Up), QKeySequence(Qt::CTRL | Qt::Key_PageUp) });
    a.nextCandidate
        = make(owner, "actionNextCandidate", QObject::tr("Next &Candidate"), { QKeySequence(Qt::ALT | Qt::Key_Right) });
    a.previousCandidate = make(
        owner, "actionPreviousCandidate", QObject::tr("Previous Ca&ndidate"), { QKeySequence(Qt::ALT | Qt::Key_Left) });
    a.toggleDiff = make(owner, "actionToggleDiff", QObject::tr("&Diff Mode"), { QKeySequence(Qt::CTRL | Qt::Key_D) },
        QObject::tr("Align the two sources and mark what differs"));
    a.toggleDiff->setCheckable(true);
    a.nextChange = make(owner, "actionNextChange", QObject::tr("Next C&hange"), { QKeySequence(Qt::Key_F7) });
    a.previousChange = make(
        owner, "actionPreviousChange", QObject::tr("Previous Chan&ge"), { QKeySequence(Qt::SHIFT | Qt::Key_F7) });
    a.nextFinding = make(owner, "actionNextFinding", QObject::tr("Next &Finding"), { QKeySequence(Qt::Key_F8) });
    a.previousFinding = make(
        owner, "actionPreviousFinding", QObject::tr("Previous F&inding"), { QKeySequence(Qt::SHIFT | Qt::Key_F8) });
    a.find = make(owner, "actionFind", QObject::tr("&Find in Source…"), { QKeySequence::Find });
    a.run = make(owner, "actionRun", QObject::tr("&Run"), { QKeySequence(Qt::CTRL | Qt::Key_R) },
        QObject::tr("Run the reference and the candidates on fresh inputs, sandboxed, and judge correctness"));
    // Not Esc: Esc belongs to whatever has the focus (a comment field, a menu, a dialog), and a stop must never be
    // a side effect of typing. The window refuses this shortcut while a text field has the focus.
    a.stop = make(owner, "actionStop", QObject::tr("&Stop"), { QKeySequence(Qt::CTRL | Qt::Key_Period) },
        QObject::tr("Stop the running actions and kill their processes"));
    a.stop->setEnabled(false);
    a.rerunCase = make(owner, "actionRerunCase", QObject::tr("Run &One Case Again…"),
        { QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_R) },
        QObject::tr(
            "Run one case with one seed (a trial of the last run, or any seed) — kwb run --case NAME --seed S"));
    a.showInputs = make(owner, "actionShowInputs", QObject::tr("&Inputs of the Last Run…"),
        { QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_I) },
        QObject::tr("The generated inputs per case and trial: shape, statistics, values; save as .npy"));
    a.editScratch = make(owner, "actionEditScratch", QObject::tr("Edit a Scratch &Copy of the Candidate…"),
        { QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E) },
        QObject::tr("Edit a copy of the candidate and run it beside the original; the bundle never changes"));
    a.compareTensors = make(owner, "actionCompareTensors", QObject::tr("&Compare Tensors…"), {},
        QObject::tr("Compare two .npy or .safetensors files under the dtype's default tolerance"));
    a.compile = make(owner, "actionCompile", QObject::tr("&Compile"), { QKeySequence(Qt::CTRL | Qt::Key_B) },
        QObject::tr("Build every implementation for the task's target and check its resources and launches"));
    a.profile = make(owner, "actionProfile", QObject::tr("&Profile"), { QKeySequence(Qt::CTRL | Qt::Key_P) },
        QObject::tr("Benchmark reference and candidates interleaved, and profile them where a profiler exists"));
    a.checkAll
        = make(owner, "actionCheckAll", QObject::tr("Check &All"), { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R) },
            QObject::tr("Lint, compile, run and benchmark the task in one report"));
    a.exportReviews = make(owner, "actionExportReviews", QObject::tr("&Export Reviews…"),
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E) },
        QObject::tr("Write reviews as JSON, JSONL, CSV, Label Studio or Markdown"));
    a.citeSelection = make(owner, "actionCiteSelection", QObject::tr("C&ite Selection in Review…"),
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C) },
        QObject::tr("Cite the selected lines of the focused editor as evidence for a criterion"));
    a.submitReview = make(owner, "actionSubmitReview", QObject::tr("S&ubmit Review"),
        { QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter) },
        QObject::tr("Submit the review once it is complete"));
    a.preferences = make(owner, "actionPreferences", QObject::tr("&Preferences…"),
        { QKeySequence(Qt::CTRL | Qt::Key_Comma) }, QObject::tr("Your name and e-mail as a reviewer"));
    a.preferences->setMenuRole(QAction::PreferencesRole);
    a.focusRubric = make(owner, "actionFocusRubric", QObject::tr("Focus Rubric"), { QKeySequence(Qt::ALT | Qt::Key_7) },
        QObject::tr("Score by keyboard: digits score, N is N/A, Enter comments, E cites, Tab moves on"));
    a.wordWrap
        = make(owner, "actionWordWrap", QObject::tr("&Word Wrap in Editors"), { QKeySequence(Qt::ALT | Qt::Key_Z) });
    a.wordWrap->setCheckable(true);
    a.zoomIn = make(owner, "actionZoomIn", QObject::tr("Zoom &In"),
        { QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal) });
    a.zoomOut = make(owner, "actionZoomOut", QObject::tr("Zoom &Out"), { QKeySequence(Qt::CTRL | Qt::Key_Minus) });
    a.zoomReset = make(owner, "actionZoomReset", QObject::tr("&Actual Size"), { QKeySequence(Qt::CTRL | Qt::Key_0) });
    a.openAudit = make(owner, "actionOpenAudit", QObject::tr("&Audit Reviews…"),
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A) },
        QObject::tr("Browse reviews, compare reviewers and check agreement"));
    a.resetLayout = make(owner, "actionResetLayout", QObject::tr("&Reset Layout"), {});
    a.shortcuts = make(owner, "actionShortcuts", QObject::tr("&Keyboard Shortcuts"), { QKeySequence(Qt::Key_F1) });
    a.about = make(owner, "actionAbout", QObject::tr("&About Kernel Review Workbench"), {});
    return a;
}

QList<QAction*> Actions::all() const
{
    QList<QAction*> list { open, quit, nextTask, previousTask, nextCandidate, previousCandidate, toggleDiff, nextChange,
        previousChange, nextFinding, previousFinding, find, run, stop, rerunCase, showInputs, editScratch, compile,
        profile, checkAll, compareTensors, exportReviews, citeSelection, submitReview, openAudit, preferences,
        focusRubric, wordWrap, zoomIn, zoomOut, zoomReset, resetLayout, shortcuts, about };
    return list << focus;
}

} // namespace kwb::ui

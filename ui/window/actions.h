// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

class QAction;
class QObject;

namespace kwb::ui {

/// Every command of the main window with its shortcut, made in one place so the menus, the
/// keyboard-shortcut list and the tests agree. The window connects them.
struct Actions {
    QAction* open = nullptr;
    QAction* quit = nullptr;
    QAction* nextTask = nullptr;
    QAction* previousTask = nullptr;
    QAction* nextCandidate = nullptr;
    QAction* previousCandidate = nullptr;
    QAction* toggleDiff = nullptr;
    QAction* nextChange = nullptr;
    QAction* previousChange = nullptr;
    QAction* nextFinding = nullptr;
    QAction* previousFinding = nullptr;
    QAction* find = nullptr;
    QAction* run = nullptr;
    QAction* stop = nullptr; ///< Ctrl+. (never from a text field: mainwindowjobs.cpp), the toolbar, Task ▸ Stop
    QAction* rerunCase = nullptr; ///< one case (and seed) again (mainwindowrun.cpp)
    QAction* showInputs = nullptr; ///< the inputs of the last run, per case and trial (mainwindowrun.cpp)
    QAction* editScratch = nullptr; ///< a scratch copy of the candidate to edit and run (mainwindowrun.cpp)
    QAction* compareTensors = nullptr;
    QAction* compile = nullptr; ///< Ctrl+B, wired in mainwindowcompile.cpp
    QAction* profile = nullptr; ///< Ctrl+P, wired in mainwindowperformance.cpp
    QAction* checkAll = nullptr; ///< Ctrl+Shift+R, wired in mainwindowperformance.cpp
    QAction* exportReviews = nullptr; ///< File ▸ Export, wired in mainwindowrubric.cpp
    QAction* citeSelection = nullptr; ///< editor selection ▸ evidence, wired in mainwindowrubric.cpp
    QAction* submitReview = nullptr; ///< wired in mainwindowrubric.cpp
    QAction* openAudit = nullptr; ///< the audit window, wired in mainwindowaudit.cpp
    QAction* preferences = nullptr; ///< the reviewer's name and e-mail (mainwindowrubric.cpp)
    QAction* focusRubric = nullptr; ///< Alt+7: the first unscored criterion (mainwindowrubric.cpp)
    QAction* wordWrap = nullptr; ///< both editors (checkable)
    QAction* zoomIn = nullptr; ///< both editors
    QAction* zoomOut = nullptr;
    QAction* zoomReset = nullptr;
    QAction* resetLayout = nullptr;
    QAction* shortcuts = nullptr;
    QAction* about = nullptr;
    QList<QAction*> focus; ///< Alt+1…: one per pane, added by the window

    static Actions create(QObject* owner);
    /// The actions above in menu order (focus actions last).
    QList<QAction*> all() const;
};

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the rubric panel test and its child program: open the bundled examples on one task.
#include "tests/helpers/testpaths.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"

#include <QFileInfo>

namespace kwb::test {

inline bool openExample(ui::MainWindow& w, const QString& taskId)
{
    if (!w.openPath(KWB_TASKS_DIR))
        return false;
    for (int i = 0; i < w.session()->bundles().size(); ++i) {
        if (w.session()->bundles()[i].id == taskId)
            return w.session()->selectTask(i) && w.session()->task();
    }
    return false;
}

} // namespace kwb::test

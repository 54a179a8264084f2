// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compile/compileresult.h"
#include "core/run/runengine.h"
#include "ui/performance/benchcontroller.h"

#include <QDateTime>
#include <QMap>
#include <QTemporaryDir>

#include <memory>

namespace kwb::ui {

/// Which task a job or a result belongs to: its bundle folder (the key of logs, findings and results) and its id.
struct TaskRef {
    QString key;
    QString id;
    bool isNull() const { return key.isEmpty(); }
    bool operator==(const TaskRef&) const = default;
};

/// What the workbench holds of one task while it stays open: the last result of each action, or why there is
/// none. Every pane shows the current task's, or says it has none; coming back to a task shows its own again.
struct TaskResults {
    std::shared_ptr<const RunResult> run; ///< the last run (or a Check All's run stage)
    QString runScope; ///< "case tail, seed 17": a run of part of the task; empty for the whole task
    QString runMessage; ///< the last run's failure or stop, when it left no result
    QDateTime runAt;
    std::shared_ptr<const CompileResult> compile;
    QString compileMessage;
    QDateTime compileAt;
    std::shared_ptr<const PerformanceOutcome> performance;
    QString performanceMessage;
    QDateTime performanceAt;
    std::shared_ptr<const RunResult> scratch; ///< the last run of a scratch copy (never the task's evidence)
};

/// The results of every task opened in this window, and the folders their runs keep (inputs, outputs: the inputs
/// view reads them), removed when the window closes.
class TaskResultStore {
public:
    TaskResultStore();

    TaskResults& of(const QString& key) { return m_results[key]; }
    const TaskResults* find(const QString& key) const
    {
        const auto it = m_results.constFind(key);
        return it == m_results.cend() ? nullptr : &*it;
    }
    /// A fresh folder for a run of `taskId` to keep its work in ("" when none can be made).
    QString newRunFolder(const QString& taskId);

private:
    QMap<QString, TaskResults> m_results;
    QTemporaryDir m_runs;
    int m_next = 0;
};

} // namespace kwb::ui

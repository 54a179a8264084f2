// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/importers/batchworkspace.h"
#include "core/result.h"
#include "core/task/lint.h"
#include "core/task/task.h"

#include <QList>
#include <QMap>
#include <QObject>

#include <optional>

namespace kwb::ui {

/// The one place that holds what the window shows: the open folder's bundles with their lint
/// reports, the current task, the candidate under review and the implementation it is compared
/// with, and the findings. Panes never talk to each other; they follow these signals.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);

    /// Opens a task folder or a folder of tasks: finds the bundles, lints each, opens the first.
    /// Fails, changing nothing, when the path does not exist or holds no task bundle.
    Status openPath(const QString& path);
    QString rootPath() const { return m_root; }
    const QList<LintReport>& bundles() const { return m_bundles; }
    /// The assignment queue when the open folder is a batch workspace (docs/batches.md), else nullptr. Its
    /// bundles are linted when first selected, not up front, so large batches open at once.
    BatchQueue* queue() { return m_queue ? &*m_queue : nullptr; }

    /// Makes bundle `index` current; false when out of range. A bundle whose manifest does not load
    /// still becomes current (task() is null, findings() hold the load error).
    bool selectTask(int index);
    bool nextTask() { return selectTask(m_current + 1); }
    bool previousTask() { return selectTask(m_current - 1); }
    int currentIndex() const { return m_current; }
    const LintReport* currentReport() const;
    /// The loaded task, or nullptr (nothing open, or its manifest did not load).
    const Task* task() const { return m_task ? &*m_task : nullptr; }

    /// The implementation under review (right side); by default the first candidate.
    QString candidate() const { return m_candidate; }
    bool setCandidate(const QString& implId);
    /// What it is compared with (left side); by default the reference.
    QString baseline() const { return m_baseline; }
    bool setBaseline(const QString& implId);

    /// Lint findings of the current task, then those its actions added (kept per task while the window is open).
    const Findings& findings() const { return m_findings; }
    void addFindings(const Findings& findings);
    /// Replaces the findings an action (`run`, `compile`, …) added to the current task before.
    void setActionFindings(const QString& action, const Findings& findings);
    /// The same for the task whose bundle folder is `taskKey` (a job that ended after another task was opened).
    /// A finding that is not the candidate's fault is shown as a warning that says so (withBlameSeverity), and one
    /// whose log names a line of a task file points at it.
    void setActionFindingsFor(const QString& taskKey, const QString& action, const Findings& findings);
    /// The bundle folder of the current task ("" when none): the key of its results, logs and findings.
    QString currentKey() const;

Q_SIGNALS:
    void folderOpened(const QString& path);
    void taskOpened();
    void candidateChanged(const QString& implId);
    void baselineChanged(const QString& implId);
    void findingsChanged();
    /// A line for the console (what was opened, lint summaries, load errors).
    void logged(const QString& line);

private:
    Status openWorkspace(const QString& folder);

    QString m_root;
    std::optional<BatchQueue> m_queue;
    QList<LintReport> m_bundles;
    int m_current = -1;
    std::optional<Task> m_task;
    QString m_candidate;
    QString m_baseline;
    void recomputeFindings();

    Findings m_findings;
    QMap<QString, QMap<QString, Findings>> m_actionFindings; ///< task key → action → findings
};

/// Error and warning counts of a report, for status icons and summaries.
struct FindingCounts {
    int errors = 0;
    int warnings = 0;
    int infos = 0;
};
FindingCounts countFindings(const Findings& findings);
/// `1 error, 2 warnings, 1 info`, leaving out zero counts; `no findings` when all are zero.
QString countsText(const FindingCounts& counts);

} // namespace kwb::ui

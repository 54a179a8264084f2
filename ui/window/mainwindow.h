// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/result.h"
#include "core/run/runrequest.h"
#include "ui/window/actions.h"
#include "ui/window/taskresults.h"

#include <QMainWindow>

#include <functional>

class QDockWidget;
class QProgressBar;
class QLabel;
class QSplitter;
class QToolBar;

namespace kwb::ui {

class ActionBoard;

class BenchController;
class CompileController;
class CompilePane;
class ConsolePane;
class FindingsPane;
class PerformancePane;
class RecentMenu;
class RunController;
class RunResultsPane;
class ScratchWindow;
class Session;
class SourceView;
class SpecView;
class TaskListPane;

/// The review window: spec and the two sources in the centre, the task list at the left, the
/// rubric at the right, findings and the results tabs (console, correctness, compile,
/// performance) below. Every dock has an objectName, so layouts are saved and restored.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool persistent = true; ///< restore and save geometry, layout and recent folders (off for screenshots, tests)
    };

    explicit MainWindow(const Options& options, QWidget* parent = nullptr);
    MainWindow()
        : MainWindow(Options {})
    {
    }
    ~MainWindow() override;

    Session* session() const { return m_session; }
    SourceView* sourceView() const { return m_source; }
    TaskListPane* taskList() const { return m_taskList; }
    FindingsPane* findingsPane() const { return m_findings; }
    const Actions& actions() const { return m_actions; }
    /// The dock with that objectName (`consoleDock`, `correctnessDock`, `compileDock`,
    /// `performanceDock`, `rubricDock`, `findingsDock`, `taskListDock`), for later features to fill.
    QDockWidget* dock(const QString& objectName) const;
    RunController* runController() const { return m_run; }
    RunResultsPane* runResults() const { return m_results; }
    BenchController* benchController() const { return m_bench; }
    PerformancePane* performancePane() const { return m_performance; }

    /// Opens a task folder or a folder of tasks; on failure the window keeps what it had.
    Status openPath(const QString& path);

    /// Asks a yes/no question (stopping a job for another, submitting over open findings); tests answer it.
    using Confirm = std::function<bool(const QString& title, const QString& text)>;
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    bool confirm(const QString& title, const QString& text);
    /// The results of every task opened in this window (what the panes show for the current task).
    TaskResultStore& results() { return m_store; }
    /// The current task as the results, logs and jobs name it.
    TaskRef currentTask() const;
    /// The task each kind of job runs for now (null when idle).
    TaskRef runTask() const { return m_runFor; }
    TaskRef compileTask() const { return m_compileFor; }
    TaskRef benchTask() const { return m_benchFor; }
    /// The toolbar's line about the jobs running (which task, which step), for tests.
    QString jobStatusText() const;
    /// Runs the current task with `request`'s cases, seed and trials (its task folder and work folder are set here);
    /// `scope` says what part of the task it is ("case tail, seed 17"). Asks before stopping another run.
    void startRunRequest(RunRequest request, const QString& scope);
    ScratchWindow* scratchWindow() const { return m_scratch; }

public Q_SLOTS:
    void showFinding(const kwb::Finding& finding);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

    /// A dock with that objectName (see dock()) around content, owned by window.
    static QDockWidget* makeDock(QMainWindow* window, const char* name, const QString& title, QWidget* content);

private:
    void createDocks();
    void setupRun();
    // Each feature's dock and actions, in its own file (mainwindow<feature>.cpp).
    void setupCompile(); ///< compileDock, Ctrl+B
    void setupPerformance(); ///< performanceDock, Ctrl+P, Ctrl+Shift+R
    void startProfile(); ///< mainwindowperformance.cpp
    void startCheckAll(); ///< mainwindowperformance.cpp
    bool performanceCanStart(const QString& action); ///< mainwindowperformance.cpp
    void setupRubric(); ///< rubricDock, cite, submit, File ▸ Export
    void setupAudit(); ///< the audit window
    void startRun();
    void rerunOneCase();
    void showInputs();
    void editScratch();
    void compareTensorFiles();
    void setupJobs(); ///< mainwindowjobs.cpp: the toolbar, Stop, the job line, the text-field guard
    /// Fills every results pane with the current task's results, or says it has none (and why).
    void showTaskResults();
    void showRunOf(const TaskRef& task);
    void showCompileOf(const TaskRef& task);
    void showPerformanceOf(const TaskRef& task);
    void updateJobStatus();
    void createMenus();
    void connectActions();
    void addFocusAction(const QString& name, QWidget* target, QDockWidget* dock, int digit);
    /// The Review layout for the window's current size (View ▸ Reset Layout).
    void resetLayout();
    /// `wanted`, no larger than the screen's available area.
    QSize fitScreen(const QSize& wanted) const;
    void restoreLayout();
    void saveLayout();
    void updateStatus();

    Options m_options;
    bool m_layoutPending = true; ///< no saved layout was restored: lay out for the size the window is first shown at
    Session* m_session;
    Actions m_actions;
    QSplitter* m_centre;
    SpecView* m_spec;
    SourceView* m_source;
    TaskListPane* m_taskList = nullptr;
    FindingsPane* m_findings = nullptr;
    ConsolePane* m_console = nullptr;
    RecentMenu* m_recent = nullptr;
    QLabel* m_statusTask;
    RunController* m_run = nullptr;
    CompileController* m_compile = nullptr;
    CompilePane* m_compilePane = nullptr;
    RunResultsPane* m_results = nullptr;
    ActionBoard* m_board = nullptr; ///< what every action is doing: the one Stop, job line and progress bar read it
    QProgressBar* m_jobProgress = nullptr;
    BenchController* m_bench = nullptr; ///< Profile and Check All (mainwindowperformance.cpp)
    PerformancePane* m_performance = nullptr;
    TaskResultStore m_store;
    TaskRef m_runFor; ///< the task the running run is for
    QString m_runScope;
    TaskRef m_compileFor;
    TaskRef m_benchFor;
    Confirm m_confirm;
    QToolBar* m_jobBar = nullptr;
    QLabel* m_jobLabel = nullptr;
    ScratchWindow* m_scratch = nullptr;
};

} // namespace kwb::ui

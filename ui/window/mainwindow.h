#pragma once

#include "finding.h"
#include "result.h"
#include "window/actions.h"

#include <QMainWindow>

class QDockWidget;
class QProgressBar;
class QLabel;
class QSplitter;

namespace kwb::ui {

class ConsolePane;
class FindingsPane;
class RecentMenu;
class RunController;
class RunResultsPane;
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

    Session* session() const { return m_session; }
    SourceView* sourceView() const { return m_source; }
    FindingsPane* findingsPane() const { return m_findings; }
    const Actions& actions() const { return m_actions; }
    /// The dock with that objectName (`consoleDock`, `correctnessDock`, `compileDock`,
    /// `performanceDock`, `rubricDock`, `findingsDock`, `taskListDock`), for later features to fill.
    QDockWidget* dock(const QString& objectName) const;
    RunController* runController() const { return m_run; }
    RunResultsPane* runResults() const { return m_results; }

    /// Opens a task folder or a folder of tasks; on failure the window keeps what it had.
    Status openPath(const QString& path);

public Q_SLOTS:
    void showFinding(const kwb::Finding& finding);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createDocks();
    void setupRun();
    void startRun();
    void compareTensorFiles();
    void createMenus();
    void connectActions();
    void addFocusAction(const QString& name, QWidget* target, QDockWidget* dock, int digit);
    void resetLayout();
    void restoreLayout();
    void saveLayout();
    void updateStatus();

    Options m_options;
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
    RunResultsPane* m_results = nullptr;
    QProgressBar* m_progress = nullptr;
    QByteArray m_defaultState;
};

} // namespace kwb::ui

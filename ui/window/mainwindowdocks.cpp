// The docks of the main window and their default arrangement.
#include "window/mainwindow.h"

#include "editor/codeeditor.h"
#include "panes/consolepane.h"
#include "panes/findingspane.h"
#include "panes/placeholderpane.h"
#include "panes/sourceview.h"
#include "panes/specview.h"
#include "panes/tasklistpane.h"
#include "run/runresultspane.h"

#include <QAction>
#include <QDockWidget>
#include <QTableView>
#include <QTreeView>

namespace kwb::ui {

QDockWidget* MainWindow::makeDock(QMainWindow* window, const char* name, const QString& title, QWidget* content)
{
    auto* d = new QDockWidget(title, window);
    d->setObjectName(QLatin1StringView(name));
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    return d;
}

void MainWindow::createDocks()
{
    m_taskList = new TaskListPane(m_session, this);
    m_findings = new FindingsPane(m_session, this);
    m_console = new ConsolePane(m_session, this);
    auto* tasks = makeDock(this, "taskListDock", tr("Tasks"), m_taskList);
    auto* findings = makeDock(this, "findingsDock", tr("Findings"), m_findings);
    auto* console = makeDock(this, "consoleDock", tr("Console"), m_console);
    m_results = new RunResultsPane(this);
    makeDock(this, "correctnessDock", tr("Correctness"), m_results);
    setupCompile();
    setupPerformance();
    setupRubric();

    addFocusAction(tr("Focus Task List"), m_taskList->view(), tasks, 1);
    addFocusAction(tr("Focus Spec"), m_spec, nullptr, 2);
    addFocusAction(tr("Focus Left Source"), m_source->leftEditor(), nullptr, 3);
    addFocusAction(tr("Focus Right Source"), m_source->rightEditor(), nullptr, 4);
    addFocusAction(tr("Focus Findings"), m_findings->view(), findings, 5);
    addFocusAction(tr("Focus Console"), m_console, console, 6);
}

void MainWindow::addFocusAction(const QString& name, QWidget* target, QDockWidget* dockWidget, int digit)
{
    auto* a = new QAction(name, this);
    a->setObjectName(QStringLiteral("actionFocus%1").arg(digit));
    a->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(digit)));
    connect(a, &QAction::triggered, this, [target, dockWidget] {
        if (dockWidget) {
            dockWidget->show();
            dockWidget->raise();
        }
        target->setFocus(Qt::ShortcutFocusReason);
    });
    addAction(a);
    m_actions.focus << a;
}

void MainWindow::resetLayout()
{
    QDockWidget* tasks = dock(QStringLiteral("taskListDock"));
    QDockWidget* findings = dock(QStringLiteral("findingsDock"));
    QDockWidget* console = dock(QStringLiteral("consoleDock"));
    QDockWidget* rubric = dock(QStringLiteral("rubricDock"));
    addDockWidget(Qt::LeftDockWidgetArea, tasks);
    addDockWidget(Qt::RightDockWidgetArea, rubric);
    addDockWidget(Qt::BottomDockWidgetArea, findings);
    addDockWidget(Qt::BottomDockWidgetArea, console);
    splitDockWidget(findings, console, Qt::Horizontal);
    QDockWidget* previous = console;
    for (const char* name : { "correctnessDock", "compileDock", "performanceDock" }) {
        QDockWidget* d = dock(QLatin1StringView(name));
        tabifyDockWidget(previous, d);
        previous = d;
    }
    console->raise();
    // Code gets the room: narrow side docks, a results area about a quarter of the height.
    resizeDocks({ tasks, rubric }, { 250, 430 }, Qt::Horizontal);
    resizeDocks({ findings, console }, { 620, 480 }, Qt::Horizontal);
    resizeDocks({ findings }, { 200 }, Qt::Vertical);
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The docks of the main window and their default arrangement.
#include "ui/window/mainwindow.h"

#include "ui/editor/codeeditor.h"
#include "ui/panes/consolepane.h"
#include "ui/panes/findingspane.h"
#include "ui/panes/placeholderpane.h"
#include "ui/panes/sourceview.h"
#include "ui/panes/specview.h"
#include "ui/panes/tasklistpane.h"
#include "ui/run/runresultspane.h"

#include <QAction>
#include <QDockWidget>
#include <QLayout>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>

#include <algorithm>

namespace kwb::ui {

QDockWidget* MainWindow::makeDock(QMainWindow* window, const char* name, const QString& title, QWidget* content)
{
    auto* d = new QDockWidget(title, window);
    d->setObjectName(QLatin1StringView(name));
    if (qobject_cast<QAbstractScrollArea*>(content)) {
        d->setWidget(content);
    } else {
        // A pane whose content needs more room than the dock has scrolls instead of growing the dock, and with it
        // the window, past the screen.
        auto* scroll = new QScrollArea(d);
        scroll->setObjectName(QLatin1StringView(name) + QStringLiteral("Scroll"));
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(content);
        d->setWidget(scroll);
    }
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
    const QList<QDockWidget*> all = findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
    for (QDockWidget* d : all) {
        d->setFloating(false);
        removeDockWidget(d);
    }
    // The Review layout, sized from the window (1366×768 up to 2560×1440): the sources get the room; on a narrow
    // window the task list joins the bottom tabs rather than squeezing spec and code.
    if (layout())
        layout()->setGeometry(QRect(QPoint(), size())); // dock sizes below are relative to the current size
    const int w = width();
    const int h = height();
    const bool narrow = w < 1580;
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
    if (narrow)
        tabifyDockWidget(findings, tasks);
    else
        addDockWidget(Qt::LeftDockWidgetArea, tasks);
    for (QDockWidget* d : all)
        d->show();
    findings->raise();
    console->raise();
    const int taskW = std::clamp(w * 13 / 100, 200, 320);
    const int rubricW = std::clamp(w * 25 / 100, 350, 560);
    const int bottomH = std::clamp(h * 36 / 100, 190, 560); // room for the plots of the Correctness pane
    if (narrow)
        resizeDocks({ rubric }, { rubricW }, Qt::Horizontal);
    else
        resizeDocks({ tasks, rubric }, { taskW, rubricW }, Qt::Horizontal);
    const int bottomW = w - (narrow ? 0 : taskW) - rubricW;
    resizeDocks({ findings, console }, { bottomW * 2 / 5, bottomW * 3 / 5 }, Qt::Horizontal);
    resizeDocks({ findings }, { bottomH }, Qt::Vertical);
    const int centreW = std::max(600, bottomW);
    const int specW = std::clamp(centreW * 32 / 100, 280, 600);
    m_centre->setSizes({ specW, centreW - specW });
}

} // namespace kwb::ui

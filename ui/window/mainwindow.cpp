// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/mainwindow.h"

#include "ui/jobs/actionboard.h"

#include "ui/editor/codeeditor.h"
#include "ui/editor/theme.h"
#include "ui/panes/findingspane.h"
#include "ui/panes/sourceview.h"
#include "ui/panes/specview.h"
#include "ui/window/recentmenu.h"
#include "ui/window/session.h"
#include "ui/window/shortcutsdialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace kwb::ui {

namespace {
// Tooltips never take a click: a tooltip window lets mouse input through to what is under it, so a click meant for
// a comment box or a button lands there (a tooltip swallowing a click lost a typed comment before).
class TooltipsPassClicks : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Polish && watched->isWidgetType()) {
            auto* w = static_cast<QWidget*>(watched);
            if (w->windowType() == Qt::ToolTip) {
                w->setAttribute(Qt::WA_TransparentForMouseEvents);
                if (!w->isVisible() && !(w->windowFlags() & Qt::WindowTransparentForInput))
                    w->setWindowFlags(w->windowFlags() | Qt::WindowTransparentForInput);
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

void installTooltipsPassClicks()
{
    if (!qApp || qApp->findChild<QObject*>(QStringLiteral("tooltipsPassClicks"), Qt::FindDirectChildrenOnly))
        return;
    auto* filter = new TooltipsPassClicks(qApp);
    filter->setObjectName(QStringLiteral("tooltipsPassClicks"));
    qApp->installEventFilter(filter);
}

constexpr int kLayoutVersion = 2; // 2: the Review layout sized from the window (1 could squeeze docks)
} // namespace

MainWindow::MainWindow(const Options& options, QWidget* parent)
    : QMainWindow(parent)
    , m_options(options)
    , m_session(new Session(this))
    , m_actions(Actions::create(this))
    , m_centre(new QSplitter(Qt::Horizontal, this))
    , m_spec(new SpecView(m_session, this))
    , m_source(new SourceView(m_session, this))
    , m_statusTask(new QLabel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    installTooltipsPassClicks();
    setWindowTitle(tr("Kernel Review Workbench"));
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    setDocumentMode(true);

    m_centre->setObjectName(QStringLiteral("centralSplitter"));
    m_centre->setChildrenCollapsible(false);
    m_centre->setHandleWidth(1);
    m_centre->addWidget(m_spec);
    m_centre->addWidget(m_source);
    m_centre->setStretchFactor(0, 3);
    m_centre->setStretchFactor(1, 7);
    m_centre->setSizes({ 300, 900 });
    setCentralWidget(m_centre);

    statusBar()->addWidget(m_statusTask, 1);
    statusBar()->setSizeGripEnabled(true);

    // One progress bar for every action (the action board shows the one that started last); the toolbar's job line
    // says which task and which step (a text on the bar was squeezed at 1366 px).
    m_board = new ActionBoard(this);
    m_jobProgress = new QProgressBar(this);
    m_jobProgress->setObjectName(QStringLiteral("jobProgress"));
    m_jobProgress->setFixedWidth(140);
    m_jobProgress->setTextVisible(false);
    m_jobProgress->hide();
    statusBar()->addPermanentWidget(m_jobProgress);
    m_board->drive(m_jobProgress);

    createDocks();
    createMenus();
    connectActions();
    setupRun();
    setupJobs();
    setupAudit();
    for (CodeEditor* e : { m_source->leftEditor(), m_source->rightEditor() }) {
        QList<QKeySequence> keys;
        for (const QAction* a : m_actions.all())
            keys << a->shortcuts();
        e->releaseKeys(keys);
    }

    connect(m_session, &Session::taskOpened, this, &MainWindow::updateStatus);
    connect(m_session, &Session::findingsChanged, this, &MainWindow::updateStatus);
    connect(m_findings, &FindingsPane::findingActivated, this, &MainWindow::showFinding);
    connect(m_source, &SourceView::diffModeChanged, m_actions.toggleDiff, &QAction::setChecked);

    // Tests and screenshots choose their size; a reviewer's window never starts larger than the screen.
    resize(m_options.persistent ? fitScreen(QSize(1500, 940)) : QSize(1500, 940));
    resetLayout();
    if (m_options.persistent)
        restoreLayout();
    updateStatus();
}

QDockWidget* MainWindow::dock(const QString& objectName) const
{
    return findChild<QDockWidget*>(objectName, Qt::FindDirectChildrenOnly);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions.open);
    if (m_options.persistent) {
        m_recent = new RecentMenu(this);
        connect(m_recent, &RecentMenu::pathChosen, this, [this](const QString& p) {
            if (const Status s = openPath(p); !s)
                QMessageBox::warning(this, tr("Open"), s.error().oneLine());
        });
        file->addMenu(m_recent);
    }
    file->addSeparator();
    file->addAction(m_actions.compareTensors);
    file->addAction(m_actions.exportReviews);
    file->addSeparator();
    file->addAction(m_actions.preferences);
    file->addSeparator();
    file->addAction(m_actions.quit);

    QMenu* task = menuBar()->addMenu(tr("&Task"));
    task->addActions({ m_actions.nextTask, m_actions.previousTask });
    task->addSeparator();
    task->addActions({ m_actions.nextCandidate, m_actions.previousCandidate });
    task->addSeparator();
    task->addActions({ m_actions.compile, m_actions.run, m_actions.profile, m_actions.checkAll, m_actions.stop });

    QMenu* review = menuBar()->addMenu(tr("&Review"));
    review->addActions({ m_actions.toggleDiff, m_actions.nextChange, m_actions.previousChange });
    review->addSeparator();
    review->addActions({ m_actions.nextFinding, m_actions.previousFinding });
    review->addSeparator();
    review->addAction(m_actions.find);
    review->addSeparator();
    review->addActions({ m_actions.focusRubric, m_actions.citeSelection, m_actions.submitReview });
    review->addSeparator();
    review->addAction(m_actions.openAudit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QMenu* focus = view->addMenu(tr("&Focus"));
    focus->addActions(m_actions.focus);
    QMenu* panes = view->addMenu(tr("&Panes"));
    for (QDockWidget* d : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly))
        panes->addAction(d->toggleViewAction());
    view->addSeparator();
    view->addActions({ m_actions.wordWrap, m_actions.zoomIn, m_actions.zoomOut, m_actions.zoomReset });
    view->addSeparator();
    view->addAction(m_actions.resetLayout);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addActions({ m_actions.shortcuts, m_actions.about });
}

void MainWindow::connectActions()
{
    connect(m_actions.open, &QAction::triggered, this, [this] {
        const QString start = m_session->rootPath().isEmpty() ? QDir::homePath() : m_session->rootPath();
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Task Folder"), start);
        if (dir.isEmpty())
            return;
        if (const Status s = openPath(dir); !s)
            QMessageBox::warning(this, tr("Open"), s.error().oneLine());
    });
    connect(m_actions.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_actions.nextTask, &QAction::triggered, m_session, &Session::nextTask);
    connect(m_actions.previousTask, &QAction::triggered, m_session, &Session::previousTask);
    connect(m_actions.nextCandidate, &QAction::triggered, this, [this] { m_source->stepCandidate(1); });
    connect(m_actions.previousCandidate, &QAction::triggered, this, [this] { m_source->stepCandidate(-1); });
    connect(m_actions.toggleDiff, &QAction::toggled, m_source, &SourceView::setDiffMode);
    connect(m_actions.nextChange, &QAction::triggered, m_source, &SourceView::nextChange);
    connect(m_actions.previousChange, &QAction::triggered, m_source, &SourceView::previousChange);
    connect(m_actions.nextFinding, &QAction::triggered, m_findings, &FindingsPane::nextFinding);
    connect(m_actions.previousFinding, &QAction::triggered, m_findings, &FindingsPane::previousFinding);
    connect(m_actions.find, &QAction::triggered, m_source, &SourceView::activateFind);
    connect(m_actions.resetLayout, &QAction::triggered, this, &MainWindow::resetLayout);
    // Editor view settings apply to both editors alike, so the two sides stay comparable.
    const auto editors = [this] { return QList<CodeEditor*> { m_source->leftEditor(), m_source->rightEditor() }; };
    connect(m_actions.wordWrap, &QAction::toggled, this, [this, editors](bool on) {
        for (CodeEditor* e : editors())
            e->setWordWrap(on);
        if (m_options.persistent)
            QSettings().setValue(QStringLiteral("editor/wordWrap"), on);
    });
    const auto zoom = [this, editors](int steps) {
        for (CodeEditor* e : editors())
            steps == 0 ? e->zoomTo(0) : e->zoomBy(steps);
        statusBar()->showMessage(tr("Editor zoom %1").arg(m_source->rightEditor()->zoomLevel()), 2000);
        if (m_options.persistent)
            QSettings().setValue(QStringLiteral("editor/zoom"), m_source->rightEditor()->zoomLevel());
    };
    connect(m_actions.zoomIn, &QAction::triggered, this, [zoom] { zoom(1); });
    connect(m_actions.zoomOut, &QAction::triggered, this, [zoom] { zoom(-1); });
    connect(m_actions.zoomReset, &QAction::triggered, this, [zoom] { zoom(0); });
    if (m_options.persistent) {
        const QSettings settings;
        m_actions.wordWrap->setChecked(settings.value(QStringLiteral("editor/wordWrap"), false).toBool());
        for (CodeEditor* e : editors())
            e->zoomTo(std::clamp(
                settings.value(QStringLiteral("editor/zoom"), 0).toInt(), CodeEditor::kMinZoom, CodeEditor::kMaxZoom));
    }
    connect(m_actions.shortcuts, &QAction::triggered, this, [this] {
        ShortcutsDialog dialog(m_actions.all(), this);
        dialog.exec();
    });
    connect(m_actions.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Kernel Review Workbench"),
            tr("<h3>Kernel Review Workbench %1</h3><p>Review GPU-kernel tasks for numerical correctness, "
               "benchmarking fairness, task scoping and compile validity.</p>")
                .arg(QStringLiteral(KWB_VERSION)));
    });
}

Status MainWindow::openPath(const QString& path)
{
    const Status s = m_session->openPath(path);
    if (!s) {
        statusBar()->showMessage(s.error().oneLine(), 8000);
        return s;
    }
    if (m_recent)
        m_recent->addPath(m_session->rootPath());
    return s;
}

void MainWindow::showFinding(const Finding& finding)
{
    if (finding.file.isEmpty()) {
        statusBar()->showMessage(tr("%1: %2").arg(finding.id, finding.message), 6000);
        return;
    }
    if (!m_source->showLocation(finding.file, finding.line))
        statusBar()->showMessage(tr("%1 is not a file of this task").arg(finding.file), 6000);
}

void MainWindow::updateStatus()
{
    const LintReport* report = m_session->currentReport();
    if (!report) {
        m_statusTask->setText(tr("No task open — File ▸ Open (Ctrl+O)"));
        setWindowTitle(tr("Kernel Review Workbench"));
        return;
    }
    const FindingCounts c = countFindings(m_session->findings());
    const Task* task = m_session->task();
    const QString name = task ? task->id : QDir(report->path).dirName();
    m_statusTask->setText(tr("Task %1 of %2 · %3 · %4")
                              .arg(m_session->currentIndex() + 1)
                              .arg(m_session->bundles().size())
                              .arg(name, countsText(c)));
    setWindowTitle(tr("%1 — Kernel Review Workbench").arg(name));
}

QSize MainWindow::fitScreen(const QSize& wanted) const
{
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return wanted;
    return wanted.boundedTo(screen->availableGeometry().size());
}

void MainWindow::restoreLayout()
{
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    // A layout saved on a larger screen never makes the window larger than this one.
    if (const QSize fitted = fitScreen(size()); fitted != size())
        resize(fitted);
    if (restoreState(s.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion)) {
        m_centre->restoreState(s.value(QStringLiteral("window/centre")).toByteArray());
        m_layoutPending = false;
    }
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_layoutPending) {
        m_layoutPending = false;
        QTimer::singleShot(0, this, &MainWindow::resetLayout);
    }
}

void MainWindow::saveLayout()
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    s.setValue(QStringLiteral("window/centre"), m_centre->saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_options.persistent)
        saveLayout();
    event->accept();
}

} // namespace kwb::ui

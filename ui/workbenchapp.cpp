// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workbenchapp.h"

#include "ui/audit/auditscreenshot.h"
#include "ui/panes/tasklistpane.h"

#include "ui/compile/compilecontroller.h"
#include "ui/performance/benchcontroller.h"
#include "ui/performance/performancepane.h"
#include "ui/run/runcontroller.h"
#include "ui/window/actions.h"

#include "ui/editor/theme.h"
#include "ui/panes/sourceview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/session.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTimer>

#include <cstdio>
#include <string_view>

namespace kwb::ui {

namespace {

int fail(const QString& message)
{
    std::fprintf(stderr, "kernel-workbench: %s\n", qPrintable(message));
    return 2;
}

// A screenshot, --help and --version need no screen: without one, use the offscreen platform.
// Decided before QApplication exists, since the platform cannot change afterwards.
void preferOffscreenWhenHeadless(int argc, char* argv[])
{
    bool headless = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        headless = headless || a.starts_with("--screenshot") || a == "--help" || a == "-h" || a == "--help-all"
            || a == "--version" || a == "-v";
    }
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

bool selectTask(Session& session, const QString& name)
{
    for (int i = 0; i < session.bundles().size(); ++i) {
        const LintReport& r = session.bundles()[i];
        if (r.id == name || QFileInfo(r.path).fileName() == name)
            return session.selectTask(i);
    }
    return false;
}

// Renders the window once layout, lexing and scrolling have settled, then quits with the result.
int screenshot(
    MainWindow& window, const QString& out, const QSize& size, bool runFirst, bool compileFirst, bool benchFirst)
{
    window.resize(size);
    window.show();
    QApplication::processEvents();
    window.actions().resetLayout->trigger(); // the Review layout for this size
    int code = 0;
    const auto capture = [&] {
        QApplication::processEvents();
        QImage image = window.grab().toImage();
        if (image.size() != size)
            image = image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        if (!image.save(out, "PNG"))
            code = fail(QStringLiteral("%1: cannot write the PNG").arg(out));
        QApplication::exit(code);
    };
    if (benchFirst) {
        // Capture once the bench (and the profilers) have ended, with the performance pane on screen and given
        // most of the bottom area.
        if (QDockWidget* d = window.dock(QStringLiteral("performanceDock"))) {
            window.resizeDocks({ d }, { size.height() * 11 / 20 }, Qt::Vertical);
            window.resizeDocks({ d }, { size.width() * 3 / 4 }, Qt::Horizontal);
        }
        const auto later = [&] { QTimer::singleShot(400, &window, capture); };
        QObject::connect(window.benchController(), &BenchController::finished, &window, later);
        QObject::connect(window.benchController(), &BenchController::failed, &window, later);
        QTimer::singleShot(0, window.actions().profile, &QAction::trigger);
    } else if (compileFirst) {
        // Capture once the compile has ended, with its diagnostics in the editors and the Compile dock.
        const auto later = [&] { QTimer::singleShot(400, &window, capture); };
        auto* compiler = window.findChild<CompileController*>(QStringLiteral("compileController"));
        QObject::connect(compiler, &CompileController::finished, &window, later);
        QObject::connect(compiler, &CompileController::failed, &window, later);
        QTimer::singleShot(0, window.actions().compile, &QAction::trigger);
    } else if (runFirst) {
        // Capture once the run has ended, with its results on screen.
        const auto later = [&] { QTimer::singleShot(400, &window, capture); };
        QObject::connect(window.runController(), &RunController::finished, &window, later);
        QObject::connect(window.runController(), &RunController::failed, &window, later);
        QTimer::singleShot(0, window.actions().run, &QAction::trigger);
    } else {
        QTimer::singleShot(400, &window, capture);
    }
    return QApplication::exec() == 0 ? code : 2;
}

} // namespace

int runWorkbench(int argc, char* argv[])
{
    preferOffscreenWhenHeadless(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kernel-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("Kernel Review Workbench"));
    QApplication::setOrganizationName(QStringLiteral("kwb"));
    QApplication::setApplicationVersion(QStringLiteral(KWB_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Review GPU-kernel tasks: spec, reference and candidates side by "
                                                    "side, with lint findings and a diff mode."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("PATH"),
        QStringLiteral("A task folder (with task.json) or a folder of tasks."), QStringLiteral("[PATH]"));
    const QCommandLineOption shotOption(QStringLiteral("screenshot"),
        QStringLiteral("Render the window with PATH open to a PNG file off-screen, then exit."),
        QStringLiteral("OUT.png"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
        QStringLiteral("Window size for --screenshot (default 1600x1000)."), QStringLiteral("WxH"),
        QStringLiteral("1600x1000"));
    const QCommandLineOption diffOption(
        QStringLiteral("diff"), QStringLiteral("Start in diff mode (baseline against candidate)."));
    const QCommandLineOption candidateOption(QStringLiteral("candidate"),
        QStringLiteral("Show this candidate (its id in task.json) on the right."), QStringLiteral("ID"));
    parser.addOption(shotOption);
    parser.addOption(sizeOption);
    const QCommandLineOption taskOption(QStringLiteral("task"),
        QStringLiteral("With a folder of tasks: open this one (task id or folder name)."), QStringLiteral("ID"));
    const QCommandLineOption baselineOption(QStringLiteral("baseline"),
        QStringLiteral("Compare with this implementation on the left (default: the reference)."), QStringLiteral("ID"));
    parser.addOption(baselineOption);
    parser.addOption(diffOption);
    const QCommandLineOption runOption(QStringLiteral("run"),
        QStringLiteral("Run the task (as Task ▸ Run) once it is open; with --screenshot, capture after the run."));
    parser.addOption(runOption);
    const QCommandLineOption compileOption(QStringLiteral("compile"),
        QStringLiteral("Compile the task (as Task ▸ Compile) once it is open; with --screenshot, capture after it."));
    parser.addOption(compileOption);
    const QCommandLineOption benchOption(QStringLiteral("bench"),
        QStringLiteral("Benchmark the task (as Task ▸ Profile) once it is open; with --screenshot, capture after it."));
    parser.addOption(benchOption);
    const QCommandLineOption budgetOption(QStringLiteral("budget"),
        QStringLiteral("Bench sampling seconds per implementation and case (default 2)."), QStringLiteral("S"));
    parser.addOption(budgetOption);
    parser.addOption(taskOption);
    parser.addOption(candidateOption);
    const QCommandLineOption auditOption(QStringLiteral("audit"),
        QStringLiteral("Open the audit window on review files or review databases (the PATHs) instead of tasks."));
    parser.addOption(auditOption);
    const QCommandLineOption reviewOption(QStringLiteral("review"),
        QStringLiteral("With --audit: open this review (TASK/REVIEWER/CREATED) read-only beside its task."),
        QStringLiteral("ID"));
    parser.addOption(reviewOption);
    const QCommandLineOption batchOption(QStringLiteral("batch"),
        QStringLiteral("Show the states of a kwb batch output folder in the task list (as its Batch results… button)."),
        QStringLiteral("OUT"));
    parser.addOption(batchOption);
    if (!parser.parse(QApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        QString help = parser.helpText();
        if (!help.endsWith(u'\n'))
            help += u'\n';
        std::fputs(qPrintable(help), stdout);
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("kernel-workbench %s\n", KWB_VERSION);
        return 0;
    }
    const QStringList paths = parser.positionalArguments();
    if (parser.isSet(auditOption)) {
        const auto m = QRegularExpression(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$")).match(parser.value(sizeOption));
        if (!m.hasMatch())
            return fail(
                QStringLiteral("--size: expected WxH such as 1600x1000, got '%1'").arg(parser.value(sizeOption)));
        applyApplicationTheme();
        return runAuditWindow(paths, parser.isSet(shotOption) ? parser.value(shotOption) : QString(),
            QSize(m.captured(1).toInt(), m.captured(2).toInt()), parser.value(taskOption), parser.value(reviewOption));
    }
    if (paths.size() > 1)
        return fail(QStringLiteral("one PATH at most (got %1)").arg(paths.size()));
    const bool shot = parser.isSet(shotOption);
    QSize size;
    if (shot) {
        const auto m = QRegularExpression(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$")).match(parser.value(sizeOption));
        if (!m.hasMatch())
            return fail(
                QStringLiteral("--size: expected WxH such as 1600x1000, got '%1'").arg(parser.value(sizeOption)));
        size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        if (paths.isEmpty())
            return fail(QStringLiteral("--screenshot needs a PATH"));
    }

    applyApplicationTheme();
    MainWindow window(MainWindow::Options { !shot });
    if (!paths.isEmpty()) {
        const Status opened = window.openPath(paths.first());
        if (!opened) {
            if (shot)
                return fail(opened.error().oneLine());
            std::fprintf(stderr, "kernel-workbench: %s\n", qPrintable(opened.error().oneLine()));
        } else if (shot && !window.session()->task()) {
            return fail(window.session()->currentReport()->loadError);
        }
    }
    if (parser.isSet(taskOption) && !selectTask(*window.session(), parser.value(taskOption))) {
        const QString error
            = QStringLiteral("--task: no task '%1' under %2").arg(parser.value(taskOption), paths.value(0));
        if (shot)
            return fail(error);
        std::fprintf(stderr, "kernel-workbench: %s\n", qPrintable(error));
    }
    if (parser.isSet(candidateOption) && !window.session()->setCandidate(parser.value(candidateOption))) {
        const QString error
            = QStringLiteral("--candidate: no implementation '%1' in this task").arg(parser.value(candidateOption));
        if (shot)
            return fail(error);
        std::fprintf(stderr, "kernel-workbench: %s\n", qPrintable(error));
    }
    if (parser.isSet(baselineOption) && !window.session()->setBaseline(parser.value(baselineOption))) {
        const QString error
            = QStringLiteral("--baseline: no implementation '%1' in this task").arg(parser.value(baselineOption));
        if (shot)
            return fail(error);
        std::fprintf(stderr, "kernel-workbench: %s\n", qPrintable(error));
    }
    if (parser.isSet(diffOption))
        window.sourceView()->setDiffMode(true);
    if (QString error; parser.isSet(batchOption) && !window.taskList()->showBatch(parser.value(batchOption), &error)) {
        if (shot)
            return fail(QStringLiteral("--batch: ") + error);
        std::fprintf(stderr, "kernel-workbench: --batch: %s\n", qPrintable(error));
    }
    if (parser.isSet(budgetOption)) {
        bool ok = false;
        const double budget = parser.value(budgetOption).toDouble(&ok);
        if (!ok || budget < 0.05 || budget > 60)
            return fail(QStringLiteral("--budget: expected seconds between 0.05 and 60, got '%1'")
                            .arg(parser.value(budgetOption)));
        window.performancePane()->setBudgetS(budget);
    }
    if (shot)
        return screenshot(window, parser.value(shotOption), size, parser.isSet(runOption), parser.isSet(compileOption),
            parser.isSet(benchOption));
    if (parser.isSet(runOption))
        QTimer::singleShot(0, window.actions().run, &QAction::trigger);
    if (parser.isSet(compileOption))
        QTimer::singleShot(0, window.actions().compile, &QAction::trigger);
    if (parser.isSet(benchOption))
        QTimer::singleShot(0, window.actions().profile, &QAction::trigger);
    window.show();
    return QApplication::exec();
}

} // namespace kwb::ui

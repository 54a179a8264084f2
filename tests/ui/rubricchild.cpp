// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A review window that makes a few edits in the rubric panel, says so on stdout, then waits to be killed
// (tst_rubricpanel's crash-restore test). Reads KWB_DB and KWB_REVIEWER like the workbench.
#include "rubrictestutil.h"
#include "ui/rubric/criterionwidget.h"
#include "ui/rubric/overallwidget.h"
#include "ui/rubric/rubricpanel.h"
#include "ui/rubric/scalebar.h"

#include <QApplication>
#include <QPlainTextEdit>
#include <QTimer>
#include <QToolButton>

#include <cstdio>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kwb-tests"));
    kwb::ui::MainWindow w(kwb::ui::MainWindow::Options { false });
    if (!kwb::test::openExample(w, QStringLiteral("vector-add-f32"))) {
        std::fprintf(stderr, "rubricchild: cannot open the example\n");
        return 2;
    }
    auto* panel = w.findChild<kwb::ui::RubricPanel*>(QStringLiteral("rubricPanel"));
    QTimer::singleShot(50, &w, [panel] {
        kwb::ui::CriterionWidget* nc1 = panel->criterionWidget(QStringLiteral("NC1"));
        nc1->scale()->button(3)->click();
        nc1->commentEdit()->setPlainText(QStringLiteral("typed before the kill"));
        panel->overall()->summaryEdit()->setPlainText(QStringLiteral("summary before the kill"));
        std::printf("edited\n");
        std::fflush(stdout);
    });
    return QApplication::exec();
}

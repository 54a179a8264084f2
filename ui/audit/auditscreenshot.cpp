// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/auditscreenshot.h"

#include "ui/audit/auditwindow.h"

#include <QApplication>
#include <QImage>
#include <QTimer>

#include <cstdio>

namespace kwb::ui {

int runAuditWindow(
    const QStringList& paths, const QString& screenshot, const QSize& size, const QString& task, const QString& review)
{
    AuditWindow window;
    if (!paths.isEmpty()) {
        if (const Status s = window.openReviews(paths); !s) {
            std::fprintf(stderr, "kernel-workbench: %s\n", qPrintable(s.error().oneLine()));
            return 2;
        }
    }
    const QString shared = task.isEmpty() ? window.firstSharedTask() : task;
    if (!shared.isEmpty() && review.isEmpty()) {
        window.selectTask(shared);
        window.compareTask(shared); // also when the table's filters hide the task
    }
    if (!review.isEmpty() && !window.openReview(review)) {
        std::fprintf(stderr, "kernel-workbench: --review: no loaded review is '%s'\n", qPrintable(review));
        return 2;
    }
    if (screenshot.isEmpty()) {
        window.resizeWithinScreen(QSize(1400, 900));
        window.show();
        return QApplication::exec();
    }
    window.resize(size);
    window.show();
    int code = 0;
    QTimer::singleShot(400, &window, [&] {
        QApplication::processEvents();
        QImage image = window.grab().toImage();
        if (image.size() != size)
            image = image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        if (!image.save(screenshot, "PNG")) {
            std::fprintf(stderr, "kernel-workbench: %s: cannot write the PNG\n", qPrintable(screenshot));
            code = 2;
        }
        QApplication::exit(code);
    });
    return QApplication::exec() == 0 ? code : 2;
}

} // namespace kwb::ui

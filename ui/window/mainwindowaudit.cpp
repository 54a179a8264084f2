// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The audit window (Review ▸ Audit Reviews): the reviews of the review database, for leads.
#include "core/review/reviewstore.h"
#include "ui/audit/auditwindow.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QStatusBar>

namespace kwb::ui {

void MainWindow::setupAudit()
{
    m_actions.openAudit->setEnabled(true);
    connect(m_actions.openAudit, &QAction::triggered, this, [this] {
        auto* audit = findChild<AuditWindow*>(QStringLiteral("auditWindow"));
        if (!audit) {
            audit = new AuditWindow(this);
            audit->setWindowFlag(Qt::Window);
            audit->resizeWithinScreen(QSize(1400, 900)); // never larger than a 1366×768 screen
            // The shared review database; other review sets are opened from the window's toolbar.
            const QString db = ReviewStore::defaultPath();
            if (QFile::exists(db)) {
                if (const Status s = audit->openReviews({ db }); !s)
                    audit->statusBar()->showMessage(s.error().oneLine());
            }
        }
        audit->show();
        audit->raise();
        audit->activateWindow();
    });
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/audit/auditflagsview.h"

#include <QHeaderView>
#include <QKeyEvent>

namespace kwb::ui {

AuditFlagsView::AuditFlagsView(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("auditFlags"));
    setHeaderLabels({ tr("Flag"), tr("Message") });
    setWordWrap(true);
    setUniformRowHeights(false);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
    const auto open = [this](QTreeWidgetItem* item) {
        if (item && item->parent())
            Q_EMIT reviewRequested(item->data(0, Qt::UserRole).toString(), item->data(0, Qt::UserRole + 1).toString());
    };
    connect(this, &QTreeWidget::itemDoubleClicked, this, open);
    connect(this, &QTreeWidget::itemActivated, this, open);
}

void AuditFlagsView::setFlags(QList<AuditFlag> flags)
{
    clear();
    sortFlags(flags);
    QTreeWidgetItem* group = nullptr;
    QString groupKey;
    int errors = 0, warnings = 0;
    const auto closeGroup = [&] {
        if (!group)
            return;
        group->setText(1,
            tr("%1 error(s), %2 warning(s)%3")
                .arg(errors)
                .arg(warnings)
                .arg(group->childCount() > errors + warnings
                        ? tr(", %1 other").arg(group->childCount() - errors - warnings)
                        : QString()));
        if (errors > 0)
            group->setForeground(1, QColor(0xb0, 0x20, 0x20));
    };
    for (const AuditFlag& f : flags) {
        const QString key = f.task + u'\n' + f.reviewer;
        if (!group || key != groupKey) {
            closeGroup();
            group = new QTreeWidgetItem(this,
                { f.task.isEmpty() ? tr("All reviews (criterion-wide)")
                                   : QStringLiteral("%1 · %2").arg(f.task, f.reviewer) });
            QFont bold = group->font(0);
            bold.setBold(true);
            group->setFont(0, bold);
            group->setFirstColumnSpanned(false);
            groupKey = key;
            errors = warnings = 0;
        }
        errors += f.severity == Severity::Error ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
        auto* item = new QTreeWidgetItem(group, { f.id, f.message });
        item->setData(0, Qt::UserRole, f.review);
        item->setData(0, Qt::UserRole + 1, f.task);
        item->setToolTip(
            1, f.message + (f.review.isEmpty() ? QString() : tr("\nEnter or double-click: open the review")));
        const QColor colour = f.severity == Severity::Error ? QColor(0xb0, 0x20, 0x20)
            : f.id == u"review.no-evidence"                 ? QColor(0x6b, 0x72, 0x80)
                                                            : QColor(0x8a, 0x5a, 0x00);
        item->setForeground(0, colour);
        if (f.id == u"review.no-evidence")
            item->setForeground(1, colour);
    }
    closeGroup();
    // Groups with errors or disagreements open; the rest (no-evidence only) closed below them.
    for (int i = 0; i < topLevelItemCount(); ++i) {
        QTreeWidgetItem* g = topLevelItem(i);
        bool weighty = false;
        for (int c = 0; c < g->childCount(); ++c)
            weighty = weighty || g->child(c)->text(0) != u"review.no-evidence";
        g->setExpanded(weighty);
    }
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/recentmenu.h"

#include <QDir>
#include <QSettings>

namespace kwb::ui {

namespace {
const QString kKey = QStringLiteral("recent/paths");
constexpr int kMax = 10;
} // namespace

RecentMenu::RecentMenu(QWidget* parent)
    : QMenu(tr("Open &Recent"), parent)
{
    setObjectName(QStringLiteral("recentMenu"));
    rebuild();
}

QStringList RecentMenu::paths() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentMenu::addPath(const QString& path)
{
    const QString clean = QDir::cleanPath(QDir(path).absolutePath());
    QStringList list = paths();
    list.removeAll(clean);
    list.prepend(clean);
    while (list.size() > kMax)
        list.removeLast();
    QSettings().setValue(kKey, list);
    rebuild();
}

void RecentMenu::rebuild()
{
    clear();
    const QStringList list = paths();
    int n = 0;
    for (const QString& p : list) {
        QAction* a = addAction(QStringLiteral("&%1  %2").arg(++n % 10).arg(QDir::toNativeSeparators(p)));
        connect(a, &QAction::triggered, this, [this, p] { Q_EMIT pathChosen(p); });
    }
    if (list.isEmpty())
        addAction(tr("(none yet)"))->setEnabled(false);
    addSeparator();
    connect(addAction(tr("Clear List")), &QAction::triggered, this, [this] {
        QSettings().remove(kKey);
        rebuild();
    });
}

} // namespace kwb::ui

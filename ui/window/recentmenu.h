// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMenu>

namespace kwb::ui {

/// File ▸ Open Recent: the last opened folders, newest first, kept in QSettings.
class RecentMenu : public QMenu {
    Q_OBJECT
public:
    explicit RecentMenu(QWidget* parent = nullptr);

    void addPath(const QString& path);
    QStringList paths() const;

Q_SIGNALS:
    void pathChosen(const QString& path);

private:
    void rebuild();
};

} // namespace kwb::ui

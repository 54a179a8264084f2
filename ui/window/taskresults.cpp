// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/taskresults.h"

#include <QDir>
#include <QRegularExpression>

namespace kwb::ui {

TaskResultStore::TaskResultStore()
    : m_runs(QDir::tempPath() + QStringLiteral("/kwb-workbench-XXXXXX"))
{
}

QString TaskResultStore::newRunFolder(const QString& taskId)
{
    if (!m_runs.isValid())
        return {};
    const QString safe
        = QString(taskId).replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    const QString dir = m_runs.filePath(QStringLiteral("%1-%2").arg(safe).arg(++m_next));
    return QDir().mkpath(dir) ? dir : QString();
}

} // namespace kwb::ui

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <functional>

namespace kwb::test {

/// Copies the bundled task `id` (resources/tasks/<id>, its files, not its subfolders) into the existing folder `to`,
/// its task.json passed through `edit` first; false (with a message on stderr) when a file cannot be copied.
bool copyBundledTask(const QString& id, const QString& to, const std::function<void(QJsonObject&)>& edit = {});

/// Sets a task.json's `target.arch` to `arch` (a string or a list): an arch no toolkit builds (`sm_20`) makes every
/// CUDA implementation of the task one this machine cannot build.
void setTargetArch(QJsonObject& task, const QJsonValue& arch);

} // namespace kwb::test

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QStringList>

namespace kwb::ui {

/// `kernel-workbench --audit PATH...`: the audit window alone on review files or databases. With a screenshot
/// path, renders it off-screen at `size` with the first task that two or more reviewers reviewed side by side
/// (or `task`), writes the PNG and returns 0; 2 when the reviews do not load or the PNG cannot be written.
/// `review` (an identity TASK/REVIEWER/CREATED) opens that review read-only beside its task instead.
int runAuditWindow(const QStringList& paths, const QString& screenshot, const QSize& size, const QString& task,
    const QString& review = {});

} // namespace kwb::ui

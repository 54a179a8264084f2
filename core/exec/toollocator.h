// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QString>

namespace kwb {

/// Finds external tools (bwrap, prlimit, …) on the host PATH, once: the absolute path is cached for
/// the life of the process, so every run uses the same binary. Thread-safe.
class ToolLocator {
public:
    /// Absolute path of `name` on PATH, or an empty string when it is not installed.
    static QString find(const QString& name);

    /// Absolute path of `name`, or an Error saying which tool is missing and which package provides it.
    static Result<QString> require(const QString& name, const QString& package);

    /// Forgets cached look-ups (after the PATH changed, in tests).
    static void clearCache();
};

} // namespace kwb

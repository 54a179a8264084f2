// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to core/task: what the lint checks share — the task, a line locator for its task.json,
// and a way to make a finding that points into it.

#include "core/finding.h"
#include "core/task/jsonlocator.h"
#include "core/task/task.h"

namespace kwb::lint {

class Context {
public:
    explicit Context(const Task& task);

    const Task& task() const { return m_task; }
    /// A finding about task.json at `pointer` (line filled in).
    Finding at(const QString& id, Severity severity, const QString& pointer, const QString& message) const;
    /// The spec's text, empty when there is none or it cannot be read.
    QString specText() const;

private:
    const Task& m_task;
    JsonLocator m_locator;
};

void missingFields(const Context& c, Findings& out); ///< scope.missing-field
void caseSizes(const Context& c, Findings& out); ///< scope.no-edge-cases, scope.oversized-case, scope.undersized-case
void specGaps(const Context& c, Findings& out); ///< scope.spec-gap
void unboundedDims(const Context& c, Findings& out); ///< scope.unbounded-dims
void undeclaredFlags(const Context& c, Findings& out); ///< scope.flags-undeclared
void launchConfigs(const Context& c, Findings& out); ///< launch.invalid-config (limits known before compiling)
void looseTolerances(const Context& c, Findings& out); ///< scope.tolerance-too-loose (static part)
/// From an imported bundle's import.json: import.not-static, and scope.oversized-case, scope.undersized-case,
/// scope.degenerate-output, scope.tolerance-too-loose from the static analysis of the original task.
void importedAnalysis(const Context& c, Findings& out);

/// `1.5 GB`, `12.0 KB`, … (decimal units, as the hardware table states memory).
QString formatBytes(double bytes);

} // namespace kwb::lint

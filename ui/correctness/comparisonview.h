// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compare/comparison.h"

#include <QList>
#include <QString>

#include <memory>

namespace kwb::ui {

/// One comparison as the correctness pane shows it: the engine's result with the output and case it is about
/// (empty labels for a plain two-file comparison).
struct ComparisonView {
    QString output;
    QString caseName;
    std::shared_ptr<const Comparison> result;
    /// Empty for a declared case; for a case `kwb run` generated, what it is ("held-out N=1031",
    /// "stress: impulse") — the pane shows these apart.
    QString generated;
};

} // namespace kwb::ui

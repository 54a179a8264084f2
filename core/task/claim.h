// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/task/task.h"

#include <optional>

namespace kwb {

/// What the task's author claims (`claim` in task.json): the candidates' speedup over the reference on one case.
/// Nothing is judged from it; the Performance pane sets the measured speedup and its CI against it.
struct Claim {
    double speedup = 0; ///< > 0
    QString caseName; ///< a case of the task
};

/// The claim of a loaded task (the loader has checked it: a positive speedup, a case of the task), if it has one.
std::optional<Claim> taskClaim(const Task& task);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/actionrequest.h"

namespace kwb {

/// One request for an action on a task: filled by the GUI or the CLI, handed to the engine.
struct RunRequest : ActionRequest {
    int trials = 3; ///< fresh inputs per trial
    int heldOut = 3; ///< generated held-out sizes (`--heldout N`, one trial each); 0: none
    bool stress = true; ///< stress-pattern cases (`--no-stress` turns them off)
    bool tritonInterpret = false; ///< run Triton code in Triton's interpreter even where a GPU is present
};

} // namespace kwb

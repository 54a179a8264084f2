// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "processspec.h"
#include "runoutcome.h"

#include <atomic>
#include <functional>

namespace kwb {

using OutputCallback = std::function<void(OutputChannel channel, const QByteArray& bytes)>;

/// Runs `spec` with a SandboxedProcess and waits for it in a local event loop. For the CLI and tests,
/// which may wait; never call it on the GUI thread. `onOutput`, when given, receives the live output.
/// When `cancel` becomes true the whole process tree is stopped (the outcome is RunStatus::Stopped).
/// The Error is a run that could not start (its message says why, and how to proceed).
Result<RunOutcome> runToCompletion(
    const ProcessSpec& spec, const OutputCallback& onOutput = {}, const std::atomic_bool* cancel = nullptr);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/bench/benchengine.h"
#include "core/profile/profileengine.h"

#include <optional>

namespace kwb {

/// A bench followed by the profilers: the GUI's Profile action and `kwb bench --profile`, one engine action.
struct BenchProfileResult {
    BenchResult bench;
    /// Unset when no profiling was asked for. When the profilers could not run at all, their error is in
    /// `missing` ("profile: …"): the bench stands and says so beside it.
    std::optional<ProfileResult> profile;
};

/// The profile request that goes with a bench request: the same task, candidates, seed, limits, sandbox and
/// executor; the profilers take the smallest case; kept work goes beside the bench's (`<keep>-profile`).
ProfileRequest profileRequestFor(const BenchRequest& bench);

/// Runs the bench, then (when `profile`) the profilers that exist here. Stop during either stops the action.
/// Progress: the bench's phases, then `profile`.
Result<BenchProfileResult> benchThenProfile(const BenchRequest& bench, bool profile, const JobContext& job = {});

} // namespace kwb

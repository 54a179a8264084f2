// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"
#include "core/jobcontext.h"
#include "core/profile/ncumetrics.h"
#include "core/profile/perfstat.h"
#include "core/result.h"
#include "core/run/actionrequest.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace kwb {

/// One `kwb profile` request (the Profile stage of `kwb check` fills the same value).
/// cases: ncu and perf profile these cases (none named: the smallest); the sanitizers always take the smallest.
/// Over SSH (`ssh:HOST`), the profilers wrap the runner on that host (docs/remote.md).
struct ProfileRequest : ActionRequest {
    bool ncu = true; ///< run Nsight Compute on cuda implementations when it exists
    bool sanitizer = true; ///< run compute-sanitizer (memcheck, racecheck, initcheck, synccheck) when it exists
    bool perf = true; ///< run `perf stat` on cpp implementations when perf works here
};

/// One profiling tool's run on one implementation.
struct ProfileToolRun {
    QString tool; ///< ncu | memcheck | racecheck | initcheck | synccheck | perf
    QString impl;
    QString caseName;
    QString status; ///< ok | failed | skipped
    QString note; ///< why it failed or was skipped (one line)
    QString command; ///< the exact command line, shell-quoted
};

/// Everything the Profile stage found.
struct ProfileResult {
    QString taskId;
    QList<KernelProfile> kernels; ///< ncu: one per profiled kernel launch
    QList<PerfStatResult> perf; ///< perf stat: one per profiled cpp implementation
    QList<ProfileToolRun> runs;
    /// Tools that were wanted and are missing, each one line such as
    /// `ncu: not found on PATH (Nsight Compute; needed for kernel metrics)` or `perf: perf_event_paranoid is 4`.
    QStringList missing;
    Findings findings; ///< runtime.memcheck / runtime.race / runtime.initcheck / runtime.synccheck, profile.*
    QJsonObject provenance; ///< tool paths and versions, host, seed
};

/// Runs the profilers that exist here on the requested implementations: ncu with `--csv --page raw
/// --print-units base --clock-control none` (never locks or changes clocks) and the curated metric set,
/// compute-sanitizer's four tools on the smallest case, `perf stat -x,` on cpp runners. Missing tools are
/// results (ProfileResult::missing), not errors; an Error is a request that cannot run at all (bad task,
/// unknown implementation or case: ErrorKind::Input; the environment: Environment). Progress: phase `profile`, a
/// line per tool run; `job.cancel` kills the wrapped runner going.
Result<ProfileResult> runProfile(const ProfileRequest& request, const JobContext& job = {});

/// The `kwb.profile/1` document.
QJsonObject profileReportJson(const ProfileResult& result);

} // namespace kwb

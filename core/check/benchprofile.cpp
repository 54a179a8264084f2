// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/check/benchprofile.h"

namespace kwb {

ProfileRequest profileRequestFor(const BenchRequest& bench)
{
    ProfileRequest p;
    static_cast<ActionRequest&>(p) = bench;
    p.cases.clear(); // the smallest case
    if (!bench.keepDir.isEmpty())
        p.keepDir = bench.keepDir + QStringLiteral("-profile");
    return p;
}

Result<BenchProfileResult> benchThenProfile(const BenchRequest& bench, bool profile, const JobContext& job)
{
    auto benched = runBench(bench, job);
    if (!benched)
        return benched.error();
    BenchProfileResult out { std::move(benched).value(), std::nullopt };
    if (!profile)
        return out;
    job.progress(QStringLiteral("profile"), QStringLiteral("profiling"));
    ProfileRequest request = profileRequestFor(bench);
    request.loaded = bench.loaded;
    auto profiled = runProfile(request, job);
    if (job.cancelled())
        return Error::stopped();
    if (profiled) {
        out.profile = std::move(profiled).value();
    } else { // the bench stands; the profilers' failure is reported with it
        ProfileResult failed;
        failed.taskId = out.bench.task.id;
        failed.missing << QStringLiteral("profile: %1").arg(profiled.error().oneLine());
        out.profile = failed;
    }
    return out;
}

} // namespace kwb

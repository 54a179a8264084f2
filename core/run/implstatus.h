// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kwb {

/// How one implementation's runner ended up (kwb run, kwb bench, a runner on an SSH host).
enum class ImplStatus {
    Ok, ///< built and ran: its outcome and records say how it did
    BuildFailed, ///< its compiler failed
    Failed, ///< its runner failed (crashed, hit a limit, wrote bad records)
    Stopped, ///< the user stopped it
    NotRun, ///< not attempted, or this machine cannot run it (ImplRun::notRunReason says why)
    Lost, ///< a runner on an SSH host whose connection was lost (an ImplRun records it as Failed)
};

/// Not run for an environment reason (a missing framework, device or tool; limits the task does not fit here): not
/// run, and a reason given. The one rule for kwb run's and kwb bench's "not run here" (exit status 3).
inline bool notRunHere(ImplStatus status, const QString& notRunReason)
{
    return status == ImplStatus::NotRun && !notRunReason.isEmpty();
}

/// `ok`, `build-failed`, `failed`, `stopped`, `not-run`, `lost`: the word of the reports and the views.
inline QString implStatusName(ImplStatus status)
{
    switch (status) {
    case ImplStatus::Ok:
        return QStringLiteral("ok");
    case ImplStatus::BuildFailed:
        return QStringLiteral("build-failed");
    case ImplStatus::Failed:
        return QStringLiteral("failed");
    case ImplStatus::Stopped:
        return QStringLiteral("stopped");
    case ImplStatus::NotRun:
        return QStringLiteral("not-run");
    case ImplStatus::Lost:
        return QStringLiteral("lost");
    }
    return {};
}

/// What an implementation is to the task: the reference (the answers), the oracle (a higher-precision check of
/// the reference) or a candidate (under review).
enum class ImplRole { Reference, Oracle, Candidate };

/// `reference`, `oracle`, `candidate`: the word of the reports and the views.
inline QString implRoleName(ImplRole role)
{
    switch (role) {
    case ImplRole::Reference:
        return QStringLiteral("reference");
    case ImplRole::Oracle:
        return QStringLiteral("oracle");
    case ImplRole::Candidate:
        return QStringLiteral("candidate");
    }
    return {};
}

} // namespace kwb

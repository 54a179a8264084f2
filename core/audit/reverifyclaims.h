// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/jobcontext.h"
#include "core/result.h"
#include "core/review/reportdoc.h"
#include "core/review/review.h"
#include "core/task/task.h"

#include <QJsonObject>
#include <QList>

namespace kwb {

/// One claim of a report a review attaches, checked again on this machine.
struct ClaimCheck {
    enum class Status { Confirmed, Differs, CannotReverify };
    QString report; ///< `compile sha256:1234abcd…`: the action and the short digest of the claiming report
    QString claim; ///< what is claimed, e.g. `unrolled: compiles`, `k sm_90 registers`, `case tail: speedup of fast`
    Status status = Status::Confirmed;
    QString claimed; ///< the claimed value
    QString now; ///< the value here (empty when it cannot be re-verified)
    QString note; ///< the tolerance applied, or why it cannot be re-verified here
};

/// `confirmed`, `differs`, `cannot-reverify`.
QString claimStatusName(ClaimCheck::Status s);

/// Whether this machine has an NVIDIA GPU device node (a `cuda` implementation can run here).
bool gpuPresent();

/// Compile claims of a claimed `kwb.compile/1` document against a fresh one of the same implementations and
/// archs: per implementation whether it compiles, its error and warning diagnostics (file, line, severity), and
/// per kernel and arch its registers, stack, spills and shared memory (exact: the same compiler is
/// deterministic; a different compiler version is named in the note). An implementation whose compiler is
/// missing here cannot be re-verified.
QList<ClaimCheck> compareCompileClaims(const QJsonObject& claimed, const QJsonObject& now, const QString& label);

/// Bench claims of a claimed `kwb.bench/1` document against a re-bench with its recorded seed and budget, within
/// the noise band the bench reports: medians agree when the larger over the smaller is at most 1 + the larger
/// relative spread (IQR / median, of either report) + the same band (2 %); a speedup agrees when its 95 % CIs, each
/// widened by the same band, overlap; verdicts agree when equal or when either is AMBIGUOUS with overlapping CIs.
/// Timings taken on another CPU model, and `cuda` implementations without a GPU here, cannot be re-verified.
QList<ClaimCheck> compareBenchClaims(const QJsonObject& claimed, const QJsonObject& now, const QString& label);

/// The run-finding claims (`id` or `id#case=NAME`, error findings) of a `kwb.report/1` run document against the
/// findings of a re-run: each claimed one confirmed or not reproduced, each new error finding a difference.
QList<ClaimCheck> compareRunClaims(const QStringList& claimed, const QStringList& now, const QString& label);

/// The error run findings of a `kwb.report/1` document (`id#case=NAME` where the finding has a case).
QStringList runErrorFindings(const QJsonObject& runReport);

/// Re-runs what the compile, bench and check reports `review` attaches (found in `reports`) claim: compile
/// (compileTask on the same implementations and archs), bench (runBench with the recorded seed, budget, rounds,
/// warm-up and flush) and, for a check report, its compile, run (seeded correctness) and bench parts. Run reports
/// are handled by reverifyReview(); a report that is attached but not in `reports` cannot be re-verified. An
/// Error is a bundle that does not load.
Result<QList<ClaimCheck>> reverifyReportClaims(const Review& review, const QList<ReportDoc>& reports,
    const QString& taskDir, bool sandbox = true, const JobContext& job = {});

/// The JSON of one claim check (`kwb audit reverify --json`, the audit log).
QJsonObject claimCheckJson(const ClaimCheck& c);

} // namespace kwb

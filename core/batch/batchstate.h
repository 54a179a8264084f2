// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace kwb {

/// Where one element of a batch stands; `<out>/tasks/<id>/state.json` once it finished.
struct ElementState {
    QString id;
    QString taskDir;
    QString digest; ///< BatchItem::digest of the run that produced this state
    /// pending | running | passed (exit 0) | findings (exit 1: done, with error findings) | failed | timeout |
    /// cancelled
    QString status = QStringLiteral("pending");
    int exitCode = -1; ///< the element command's exit code; -1 when it did not exit by itself
    double elapsedS = 0;
    QString executor;
    QString slurmState; ///< Slurm only: COMPLETED, FAILED, TIMEOUT, CANCELLED, …
    QString jobId; ///< Slurm only: `JOB_INDEX`
    QString node; ///< where it ran (Slurm node, or this host)
    QString note; ///< one line: why it failed, was cancelled or timed out
    bool resumed = false; ///< finished by an earlier batch with the same digest; not run again

    /// Finished and produced its report (passed or findings): what resuming skips.
    bool complete() const;
    QJsonObject toJson() const;
    static ElementState fromJson(const QJsonObject& o);
};

/// `<out>/tasks/<id>`.
QString elementDir(const QString& outDir, const QString& id);

/// passed (0), findings (1), failed (anything else).
QString statusForExit(int exitCode);

/// Writes `<out>/tasks/<id>/state.json` atomically.
Status writeElementState(const QString& outDir, const ElementState& state);

/// The state an earlier batch left, if any (unreadable counts as none: the element runs again).
std::optional<ElementState> readElementState(const QString& outDir, const QString& id);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"

#include <QMap>
#include <QString>

namespace kwb {

/// One element of a batch as a viewer sees it.
struct BatchElementView {
    QString id;
    QString status; ///< queued | running | passed | findings | failed | timeout | cancelled
    QString verdict; ///< the finished report's own verdict where it has one (kwb.check/1: pass | fail | incomplete)
    QString note; ///< why it failed, timed out or was cancelled
    double elapsedS = 0;
    QString node;
};

/// What a batch's output folder says now: read from `summary.json` (once the batch ended) and every
/// `tasks/<id>/state.json` (written when an element starts and when it ends), so it follows a running batch.
struct BatchView {
    QString outDir;
    bool finished = false; ///< summary.json exists: the batch ended
    QString action;
    QString executor;
    QMap<QString, BatchElementView> elements; ///< by task id
    int count(const QString& status) const;
};

/// Reads `outDir`. An Error when it is not a batch output folder (no summary.json and no tasks/) or summary.json
/// is malformed (naming the file); unreadable state files count as not started.
Result<BatchView> readBatchView(const QString& outDir);

} // namespace kwb

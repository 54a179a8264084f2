// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/task/task.h"

#include <QString>

namespace kwb {

/// One call of a candidate against the reference's call on the same inputs.
struct CallCheck {
    bool compared = false; ///< both sides' outputs could be read
    bool pass = false; ///< every output within the task's tolerance
    bool unwritten = false; ///< some output still holds the harness's poison: the work was skipped
    QString detail; ///< one line: the first output that failed, and why
    /// Per floating-point output within its tolerance: the call's largest error and the reference's largest
    /// magnitude — what the error-budget and precision rules of a run judge, applied to every call of a benchmark.
    struct OutputError {
        QString output;
        DType dtype = DType::Float32;
        double maxAbs = 0;
        double magnitude = 0;
    };
    QList<OutputError> errors;
};

/// Compares the outputs a candidate wrote to `candidateDir` with the reference's in `referenceDir` (one `<output>.npy`
/// each), under the task's tolerance per output — the same rule as the correctness run's. Used for every call of a
/// benchmark, and for a run's first verdict while the rest still runs.
CallCheck checkCall(const Task& task, const QString& candidateDir, const QString& referenceDir);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/finding.h"

#include <QList>
#include <QString>

#include <optional>

namespace kwb {

/// The failure classes (docs/diagnosis.md): why a step that ran code failed. The finding id of a
/// class is `runtime.` + its name (`runtime.device_oom`, …).
enum class FailureClass {
    DriverRuntimeMismatch, ///< driver, toolkit, library or GPU architecture versions do not fit together
    NoDevice, ///< no usable accelerator (none present, none visible, busy, runtime cannot start)
    DeviceOom, ///< device memory (or an on-chip buffer the framework allocates) exhausted
    LaunchConfig, ///< the launch asks for more than the hardware allows (threads, blocks, resources)
    UnsupportedOnTarget, ///< the code uses an operation, dtype or instruction the target (GPU, TPU, backend) lacks
    IllegalMemoryAccess, ///< the kernel faulted: out-of-bounds, misaligned, device-side assert
    CompileError, ///< the compiler, JIT or lowering failed
    ShapeDtypeMismatch, ///< arguments have the wrong shape, layout, dtype or device
    AutotuneFailure, ///< no tuning configuration could be compiled, fit or run
    TimeoutHang, ///< a kernel, collective or the process hung or ran past a time limit
    NumericalMismatch, ///< it ran, but results differ from the expected ones beyond tolerance
    Crash, ///< the process died on a signal with no more specific cause in the log
    Unknown, ///< no known failure signature
};

/// Every class, in tie-break order: when two classes have equally strong evidence, the one listed
/// first wins, because it is the likelier root cause (see docs/diagnosis.md, "Precedence").
const QList<FailureClass>& failureClassesByPrecedence();

/// `driver_runtime_mismatch`, `no_device`, … (docs/findings.md, "Runtime failures").
QString failureClassName(FailureClass c);

/// The class with that name, or nothing.
std::optional<FailureClass> failureClassFromName(QStringView name);

/// `runtime.` + the class name.
QString failureFindingId(FailureClass c);

/// What a failure of the class is raised at: an error, but a warning for `unknown` (the log named no cause).
Severity failureSeverity(FailureClass c);

/// A short title, e.g. "Device out of memory".
QString failureTitle(FailureClass c);

/// One paragraph: what the class means and the usual fix.
QString failureExplanation(FailureClass c);

} // namespace kwb

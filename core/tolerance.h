// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dtype.h"

#include <optional>

namespace kwb {

/// How NaN and ±Inf are judged: `match` — they must sit at the same positions on both sides;
/// `forbid` — any NaN/Inf in the actual output is a mismatch.
enum class NanPolicy { Match, Forbid };

QString nanPolicyName(NanPolicy p);
std::optional<NanPolicy> nanPolicyFromName(QStringView name);

/// Tolerance rule with torch semantics: an element passes when |a − e| ≤ atol + rtol·|e|
/// (and, when maxUlp is set, when its ULP distance on the actual's grid is ≤ maxUlp).
struct Tolerance {
    double rtol = 0.0;
    double atol = 0.0;
    std::optional<double> maxUlp;
    NanPolicy nan = NanPolicy::Match;
    /// Fraction of elements allowed to mismatch (0 when unset: every element must pass).
    std::optional<double> mismatchFraction;
};

/// torch.testing.assert_close defaults for a dtype: fp16 1e-3/1e-5, bf16 1.6e-2/1e-5,
/// fp32 1.3e-6/1e-5, fp64 1e-7/1e-7; integers and bool exact (0/0). torch has no float8 default:
/// the workbench uses one ULP at 1.0 as rtol (e4m3fn 2^-3, e5m2 2^-2) and half of it as atol.
Tolerance defaultTolerance(DType t);

} // namespace kwb

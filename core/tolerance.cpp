// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tolerance.h"

namespace kwb {

QString nanPolicyName(NanPolicy p)
{
    return p == NanPolicy::Match ? QStringLiteral("match") : QStringLiteral("forbid");
}

std::optional<NanPolicy> nanPolicyFromName(QStringView name)
{
    if (name == QLatin1StringView("match"))
        return NanPolicy::Match;
    if (name == QLatin1StringView("forbid"))
        return NanPolicy::Forbid;
    return std::nullopt;
}

Tolerance defaultTolerance(DType t)
{
    Tolerance tol;
    switch (t) {
    case DType::Float64:
        tol.rtol = 1e-7;
        tol.atol = 1e-7;
        break;
    case DType::Float32:
        tol.rtol = 1.3e-6;
        tol.atol = 1e-5;
        break;
    case DType::Float16:
        tol.rtol = 1e-3;
        tol.atol = 1e-5;
        break;
    case DType::BFloat16:
        tol.rtol = 1.6e-2;
        tol.atol = 1e-5;
        break;
    // No torch default exists for float8: one ULP at 1.0 (2^-mantissa) relative, half of it absolute.
    case DType::Float8E4M3FN:
        tol.rtol = 0.125;
        tol.atol = 0.0625;
        break;
    case DType::Float8E5M2:
        tol.rtol = 0.25;
        tol.atol = 0.125;
        break;
    default:
        break; // integers and bool: exact
    }
    return tol;
}

} // namespace kwb

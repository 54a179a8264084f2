// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/compare/comparison.h"

namespace kwb {

/// Sets `pass` and `reason` from the metrics: the comparison passes when the mismatches are at most
/// floor(mismatch_fraction · count) (zero when no fraction is allowed).
void decideVerdict(Comparison& c);

/// A double for people: `1.5`, `3.2e-07`, `nan`, `inf`.
QString formatNumber(double v);

} // namespace kwb

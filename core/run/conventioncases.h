// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/generatedcases.h"

namespace kwb {

/// Generated cases for a task whose inputs come from its reference's own generator (torch_module: KernelBench's
/// get_inputs; gpumode: generate_input), within what that generator takes — its case `params`:
/// - held-out sizes: the integer params of the declared cases (not `seed`, not `precision`; for torch_module the
///   module's size constants the importer found in get_inputs / get_init_inputs) are the sizes. From the smallest
///   declared case, one param at a time (round robin), values below the declared one that no declared case has:
///   one less than it, about a half and about a third — each a multiple of the greatest common divisor of the
///   param's declared values when there are several (a task whose sizes are all multiples of 64 keeps them so).
///   A task without integer params says its sizes are fixed (a note, and `sizesFixed`: the `scope.fixed-sizes`
///   finding).
/// - stress cases: one per stress pattern, on the smallest declared case; the patterns reshape the generator's
///   floating-point inputs after it ran (applyConventionStress), its output buffers excepted.
GeneratedCases conventionCases(const QList<Case>& declared, const CaseGeneration& how);

/// The params a held-out case of a convention task may vary: integer-valued, not `seed` or `precision`.
QStringList conventionSizeParams(const QList<Case>& declared);

} // namespace kwb

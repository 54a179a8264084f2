// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/task/task.h"

#include <QStringList>

namespace kwb {

/// What `kwb run` adds to the declared cases (docs/running.md "Generated cases").
struct CaseGeneration {
    int heldOut = 3; ///< held-out sizes (`--heldout N`); 0: none
    bool stress = true; ///< stress patterns (`--no-stress` turns them off)
    quint64 seed = 0; ///< breaks ties among equally good sizes; recorded in the report
    qint64 heldOutBudgetBytes = 64ll << 20; ///< no held-out case moves more (unless every declared case does)
    /// Stress patterns use the largest declared case within this: a megabyte of inputs holds every pattern many times
    /// over. They run once more on the largest declared case, which a size-aware shortcut cannot tell from a timed one.
    qint64 stressBudgetBytes = 4ll << 20;
    /// An implementation runs interpreted (Triton's interpreter, Pallas interpret mode, the NKI simulator), where
    /// time grows with every program instance: stress patterns use the smallest declared case instead — what each
    /// pattern tests (values, not sizes) needs no more; held-out sizes are neighbours of the declared ones anyway.
    bool interpreted = false;
};

struct GeneratedCases {
    QList<Case> cases; ///< held-out cases first, then stress cases
    QStringList notes; ///< why a kind of case was not generated (recorded in the report)
    /// The task's own input generator takes no size (a KernelBench problem without size constants, a GPU MODE task
    /// without an integer parameter): candidates are only ever tried at its sizes (`scope.fixed-sizes`).
    bool sizesFixed = false;
};

/// Held-out sizes: per group of dims that vary (dims with bounds, or taking several values in the declared
/// cases; dims equal in every declared case vary together), neighbours of the declared sizes (±1, or
/// ±multiple_of), odd primes near them and sizes chosen for remainders modulo 2, 4, …, 64 that no declared
/// size has — inside the bounds and the memory budget, never a declared size. Stress cases: one per
/// pattern that at least one input takes, on the largest declared case within the stress budget, and again on the
/// largest declared case when that is larger (a candidate can see sizes; not for interpreted implementations).
/// Tasks whose inputs come from the reference's own generator (torch_module, gpumode): conventionCases().
GeneratedCases generateCases(const Task& task, const QList<Case>& declared, const CaseGeneration& how);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kwb {

struct Task;
struct Implementation;

/// Why `flag` may not be given to the `backend` compiler (cpp: g++, cuda: nvcc) from a task manifest, or an empty
/// string when it may. Flags are allowed by kind — optimisation (`-O3`), code generation and ISA (`-march=…`,
/// `-mavx2`, `-f…`), math (`-ffast-math`, `--use_fast_math`, `--ftz=true`, `--fmad=false`), macros (`-D…`),
/// warnings, the language standard and nvcc's device options (`-Xptxas=-v`, `--maxrregcount=64`, `-lineinfo`) —
/// and never ones that change what is linked or run: `-Wl,…`, `-Xlinker`, `-l`, `-L`, `-B`, `-o`, `-x`,
/// `-include`, `-specs`, `-fplugin`, `-wrapper`, `@file` — those could interpose the runner's clock.
QString buildFlagProblem(const QString& flag, const QString& backend);

/// The flags of `impl`'s build beyond the runner's own: `target.flags.<backend>` then the implementation's
/// `flags` (later flags win, as compilers read them).
QStringList buildFlags(const Task& task, const Implementation& impl);

/// The flags that change how fast or how exactly code computes: the effective optimisation level (`-O2` unless
/// a flag says otherwise), and every ISA, tuning and math flag, sorted. Two implementations built with different
/// sets are not compared on equal terms (`bench.flags-mismatch`).
QStringList speedFlags(const QStringList& flags, const QString& backend);

/// Flag-like words a spec text names (`-O3`, `-march=native`, `--use_fast_math`, `-ffast-math`, `-arch=sm_90`).
QStringList flagsNamedIn(const QString& text);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/result.h"
#include "core/task/task.h"

#include <QByteArray>
#include <QString>

namespace kwb {

/// The files that turn one implementation into a runner, next to the harness sources
/// (resources/harness/): for `cpp` a glue.cpp compiled beside the implementation; for `cuda` a glue.cu that
/// #includes the implementation (so a __global__ entry can be launched); for `python` a signature.json
/// read by python_main.py.
struct GlueFiles {
    QString fileName; ///< glue.cpp | glue.cu | signature.json
    QByteArray content;
};

/// Generates the glue for `impl` of `task` from its `entry` and `args`. Launch sizes of a __global__
/// entry are not pasted as code: the engine evaluates them per call and passes them as the plan's
/// `__grid_x`, …, `__smem` dims, so no manifest text ever becomes source code.
Result<GlueFiles> generateGlue(const Task& task, const Implementation& impl);

/// The .npy descr the runners write for a dtype (`<f4`, `<V2` for bfloat16, `|V1` for float8).
QString npyDescr(DType t);

/// The poison element pattern of a dtype: a signalling NaN with payload 0xA5… for floats (arithmetic only
/// ever produces quiet NaNs), 0xFF for float8_e4m3fn (its only NaN pattern besides 0x7F), 0xA5 bytes for
/// integers and bool.
quint64 poisonPattern(DType t);

} // namespace kwb

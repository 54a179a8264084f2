// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tensor/tensor.h"

namespace kwb {

/// Replaces `t.data` by a native-endian C-order copy owned by `t.storage` (for big-endian and Fortran-order
/// `.npy` data, so that everything downstream sees one layout).
void toNativeCOrder(Tensor& t, bool bigEndian, bool fortranOrder);

} // namespace kwb

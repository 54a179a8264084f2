// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tensor/tensor.h"

namespace kwb {

/// Parses a whole `.npy` file held in `bytes` (versions 1.0, 2.0, 3.0; C or Fortran order; little- or
/// big-endian). The returned tensor points into `bytes` unless its data had to be converted (big-endian,
/// Fortran order), in which case it owns a converted copy. Every malformed input is an Error naming `file`
/// and the byte offset. `voidDType`: see loadTensor().
Result<Tensor> parseNpy(
    const std::byte* bytes, std::size_t size, const QString& file, std::optional<DType> voidDType = std::nullopt);

/// The `.npy` (version 1.0, or 2.0 when the header needs it) bytes of a C-order little-endian array.
/// bfloat16 is written with descr `<V2` and float8 with `|V1`, as ml_dtypes does.
std::vector<std::byte> encodeNpy(DType dtype, const std::vector<std::int64_t>& shape, const void* data);

/// Writes encodeNpy() to `path` (atomically: a temporary file renamed over it).
Status writeNpy(const QString& path, DType dtype, const std::vector<std::int64_t>& shape, const void* data);

} // namespace kwb

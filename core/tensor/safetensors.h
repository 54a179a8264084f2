// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tensor/tensor.h"

namespace kwb {

/// Parses a whole `.safetensors` file held in `bytes`: an 8-byte little-endian header length, a JSON header
/// `{"name": {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__": {…}}`, then the data.
/// Offsets, shapes and sizes are checked against each other and against the file; errors name the byte offset.
/// The tensors point into `bytes`, in header order.
Result<std::vector<Tensor>> parseSafetensors(const std::byte* bytes, std::size_t size, const QString& file);

/// The safetensors spelling of a dtype (`F32`, `BF16`, `F8_E4M3`, …).
QString safetensorsDTypeName(DType t);

/// Writes tensors (their `name`, `dtype`, `shape`, `data`) as one `.safetensors` file.
Status writeSafetensors(const QString& path, const std::vector<Tensor>& tensors);

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/dtype.h"
#include "core/result.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace kwb {

/// A read-only view of an n-dimensional array in C order and native (little-endian) byte order, together with
/// whatever keeps its bytes alive: the memory mapping of its file, or a converted copy (big-endian or
/// Fortran-order `.npy` data are converted once at load time so the comparison engine sees one layout).
struct Tensor {
    DType dtype = DType::Float32;
    std::vector<std::int64_t> shape; ///< empty for a 0-d (scalar) tensor
    const std::byte* data = nullptr; ///< elementCount() · dtypeSize(dtype) bytes
    std::shared_ptr<const void> storage; ///< owner of `data` (null when `data` points into caller-owned bytes)
    QString file; ///< the file as the user named it (without a `:name` suffix)
    QString name; ///< the tensor's name inside a .safetensors file; empty for .npy
    std::uint64_t dataOffset = 0; ///< byte offset of the data inside the file

    /// Product of the shape (1 for a scalar); shapes are validated against overflow when read.
    std::int64_t elementCount() const;
    std::size_t byteSize() const { return std::size_t(elementCount()) * dtypeSize(dtype); }
    /// `[2, 3]`
    QString shapeText() const;
};

/// `[2, 3]` for any shape.
QString shapeText(const std::vector<std::int64_t>& shape);

/// Element count of `shape`, or nullopt when a dimension is negative or the product (times `itemSize`)
/// overflows 2^62 — header sizes are never trusted.
std::optional<std::int64_t> checkedElementCount(const std::vector<std::int64_t>& shape, std::size_t itemSize);

/// Opens one tensor: `file.npy`, `file.safetensors` (when it holds one tensor) or `file.safetensors:name`.
/// The file is memory-mapped and populated up front. `voidDType` is the dtype of `.npy` files whose descr is
/// `<V2`/`|V2` (bfloat16) or `|V1` (float8), which numpy cannot name; without it such files are an error.
Result<Tensor> loadTensor(const QString& spec, std::optional<DType> voidDType = std::nullopt);

/// Every tensor of a `.npy` (one) or `.safetensors` file, memory-mapped.
Result<std::vector<Tensor>> loadTensors(const QString& path, std::optional<DType> voidDType = std::nullopt);

} // namespace kwb

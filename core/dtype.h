// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>

namespace kwb {

/// Element types of kwb.task/1 and of the tensor files (docs/task-format.md).
enum class DType {
    Float64,
    Float32,
    Float16,
    BFloat16,
    Float8E4M3FN,
    Float8E5M2,
    Int64,
    Int32,
    Int16,
    Int8,
    UInt8,
    Bool,
};

/// The manifest spelling: `float32`, `bfloat16`, `float8_e4m3fn`, …
QString dtypeName(DType t);
/// Parses a manifest spelling; nullopt for anything else.
std::optional<DType> dtypeFromName(QStringView name);
/// Every manifest spelling, in enum order (for error messages: "expected one of …").
QStringList dtypeNames();
/// Bytes per element.
std::size_t dtypeSize(DType t);
bool isFloatingPoint(DType t);
/// Bits of mantissa (fraction) for floating types, 0 for the others.
int mantissaBits(DType t);

} // namespace kwb

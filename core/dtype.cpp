// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dtype.h"

#include <array>

namespace kwb {
namespace {
struct DTypeInfo {
    DType type;
    const char* name;
    std::size_t size;
    int mantissa; // fraction bits; 0 for non-float
};
constexpr std::array<DTypeInfo, 12> kTypes { {
    { DType::Float64, "float64", 8, 52 },
    { DType::Float32, "float32", 4, 23 },
    { DType::Float16, "float16", 2, 10 },
    { DType::BFloat16, "bfloat16", 2, 7 },
    { DType::Float8E4M3FN, "float8_e4m3fn", 1, 3 },
    { DType::Float8E5M2, "float8_e5m2", 1, 2 },
    { DType::Int64, "int64", 8, 0 },
    { DType::Int32, "int32", 4, 0 },
    { DType::Int16, "int16", 2, 0 },
    { DType::Int8, "int8", 1, 0 },
    { DType::UInt8, "uint8", 1, 0 },
    { DType::Bool, "bool", 1, 0 },
} };

const DTypeInfo& info(DType t)
{
    return kTypes[static_cast<std::size_t>(t)];
}
} // namespace

QString dtypeName(DType t)
{
    return QString::fromLatin1(info(t).name);
}

std::optional<DType> dtypeFromName(QStringView name)
{
    for (const auto& i : kTypes) {
        if (name == QLatin1StringView(i.name))
            return i.type;
    }
    return std::nullopt;
}

QStringList dtypeNames()
{
    QStringList names;
    for (const auto& i : kTypes)
        names << QString::fromLatin1(i.name);
    return names;
}

std::size_t dtypeSize(DType t)
{
    return info(t).size;
}

bool isFloatingPoint(DType t)
{
    return info(t).mantissa > 0;
}

int mantissaBits(DType t)
{
    return info(t).mantissa;
}

} // namespace kwb

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/inputs/floatencode.h"

#include "core/tensor/floatconv.h"

namespace kwb {

// One rounding implementation serves the tensor writers, the ULP grid and the input generator.
uint16_t encodeFloat16(double x)
{
    return encodeSmallFloat(x, DType::Float16);
}
uint16_t encodeBFloat16(double x)
{
    return encodeSmallFloat(x, DType::BFloat16);
}
uint8_t encodeFloat8E4M3FN(double x)
{
    return static_cast<uint8_t>(encodeSmallFloat(x, DType::Float8E4M3FN));
}
uint8_t encodeFloat8E5M2(double x)
{
    return static_cast<uint8_t>(encodeSmallFloat(x, DType::Float8E5M2));
}

} // namespace kwb

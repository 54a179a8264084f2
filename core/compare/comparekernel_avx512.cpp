// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Built with AVX-512 (F, VL, DQ, BW; core/compare/CMakeLists.txt): mask registers, 64-bit min/max and 32 vector
// registers take the compares, blends and spills off the critical path; it runs 8 lanes (512-bit vectors). Only
// called when the CPU reports those extensions.
#include "core/compare/comparekernel.h"

#include <cstring>
#include <immintrin.h>

#define KWB_COMPARE_LANES 8
namespace kwb::detail::avx512 {
#include "core/compare/comparekernel.inc"
} // namespace kwb::detail::avx512

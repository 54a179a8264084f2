// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Built with -mavx2 (core/compare/CMakeLists.txt); only called when the CPU reports AVX2.
#include "core/compare/comparekernel.h"

#include <cstring>
#include <immintrin.h>

namespace kwb::detail::avx2 {
#include "core/compare/comparekernel.inc"
} // namespace kwb::detail::avx2

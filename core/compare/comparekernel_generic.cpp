// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/compare/comparekernel.h"

#include <cstring>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace kwb::detail::generic {
#include "core/compare/comparekernel.inc"
} // namespace kwb::detail::generic

// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the fuzz targets: read every byte a parsed tensor claims (so a bad bound shows up under ASan) and
// run the comparison engine on it.
#include "core/compare/comparison.h"

#include <cstdint>

inline void exercise(const kwb::Tensor& t)
{
    volatile std::uint8_t sink = 0;
    const std::size_t n = t.byteSize();
    for (std::size_t i = 0; i < n; ++i)
        sink = sink ^ std::uint8_t(t.data[i]);
    if (t.elementCount() <= (1 << 16)) {
        kwb::CompareOptions options;
        options.threads = 1;
        (void)kwb::compareTensors(t, t, kwb::defaultTolerance(t.dtype), options);
    }
}

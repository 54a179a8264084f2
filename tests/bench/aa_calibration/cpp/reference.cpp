// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The reference: the right answer, computed four times over (every repetition really stores).
#include <cstdint>

extern "C" void axpb(const float* a, const float* b, float* c, int64_t N)
{
    for (int r = 0; r < 4; ++r) {
        for (int64_t i = 0; i < N; ++i)
            c[i] = 2.0f * a[i] + b[i];
        asm volatile("" : : "r"(c) : "memory");
    }
}

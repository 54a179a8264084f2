// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to comparekernel_avx512single.cpp (built with AVX-512 F/VL/DQ/BW): loading 16 elements of float32,
// bfloat16 or float16 for the single-precision kernel.

#include <immintrin.h>

#include <cstddef>

namespace kwb::detail::avx512single {

// 16 elements: their bit patterns widened to 32 bits (for ULPs) and their values as float32 (exact for all three).
struct Step {
    __m512i bits;
    __m512 v;
};

struct LoadF32 {
    static constexpr std::size_t size = 4;
    static constexpr unsigned sign = 0x80000000u;
    static Step load(const std::byte* p)
    {
        Step s;
        s.v = _mm512_loadu_ps(p);
        s.bits = _mm512_castps_si512(s.v);
        return s;
    }
};

struct LoadBF16 {
    static constexpr std::size_t size = 2;
    static constexpr unsigned sign = 0x8000u;
    static Step load(const std::byte* p)
    {
        Step s;
        s.bits = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
        s.v = _mm512_castsi512_ps(_mm512_slli_epi32(s.bits, 16));
        return s;
    }
};

struct LoadF16 {
    static constexpr std::size_t size = 2;
    static constexpr unsigned sign = 0x8000u;
    static Step load(const std::byte* p)
    {
        Step s;
        const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        s.bits = _mm512_cvtepu16_epi32(raw);
        s.v = _mm512_cvtph_ps(raw); // exact for every half value
        return s;
    }
};

} // namespace kwb::detail::avx512single

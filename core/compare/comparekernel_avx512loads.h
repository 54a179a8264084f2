#pragma once

// Internal to comparekernel_avx512single.cpp (built with AVX-512 F/VL/DQ/BW): loading 16 elements of float32,
// bfloat16 or float16 for the single-precision kernel.

#include <immintrin.h>

#include <cstddef>

namespace kwb::detail::avx512single {

// 16 elements: their bit patterns widened to 32 bits (for ULPs), their values as float32 and as two float64 halves.
struct Step {
    __m512i bits;
    __m512 v;
    __m512d lo, hi;
};

struct LoadF32 {
    static constexpr std::size_t size = 4;
    static constexpr unsigned sign = 0x80000000u;
    static Step load(const std::byte* p)
    {
        Step s;
        s.v = _mm512_loadu_ps(p);
        s.bits = _mm512_castps_si512(s.v);
        s.lo = _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float*>(p)));
        s.hi = _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float*>(p) + 8));
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
        s.lo = _mm512_cvtps_pd(_mm512_castps512_ps256(s.v));
        s.hi = _mm512_cvtps_pd(_mm512_extractf32x8_ps(s.v, 1));
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
        s.lo = _mm512_cvtps_pd(_mm512_castps512_ps256(s.v));
        s.hi = _mm512_cvtps_pd(_mm512_extractf32x8_ps(s.v, 1));
        return s;
    }
};

} // namespace kwb::detail::avx512single

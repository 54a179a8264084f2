// Unfused reference: pass 1 adds the bias and stores bfloat16, pass 2 applies the exact GELU.
// bfloat16 values are passed as their bit patterns (uint16_t).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

float bf16ToFloat(uint16_t h)
{
    const uint32_t bits = static_cast<uint32_t>(h) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// Round to nearest even; NaN stays a (quiet) NaN.
uint16_t floatToBf16(float f)
{
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7fffffffu) > 0x7f800000u)
        return static_cast<uint16_t>((bits >> 16) | 0x40u);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<uint16_t>(bits >> 16);
}

float gelu(float v) { return 0.5f * v * (1.0f + std::erf(v * 0.70710678118654752f)); }

} // namespace

extern "C" void bias_gelu(const uint16_t* x, const uint16_t* bias, uint16_t* y, int64_t M, int64_t N)
{
    std::vector<uint16_t> t(static_cast<std::size_t>(M * N));
    for (int64_t m = 0; m < M; ++m) {
        for (int64_t n = 0; n < N; ++n)
            t[m * N + n] = floatToBf16(bf16ToFloat(x[m * N + n]) + bf16ToFloat(bias[n]));
    }
    for (int64_t i = 0; i < M * N; ++i)
        y[i] = floatToBf16(gelu(bf16ToFloat(t[i])));
}

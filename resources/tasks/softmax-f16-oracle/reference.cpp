// Reference softmax: float16 storage (IEEE binary16 bit patterns in uint16_t), float32 math,
// one rounding to float16 at the end.
#include <cmath>
#include <cstdint>
#include <cstring>

namespace {

float halfToFloat(uint16_t h)
{
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0x1fu) {
        bits = sign | 0x7f800000u | (mant << 13); // Inf / NaN
    } else if (exp != 0) {
        bits = sign | ((exp + 112) << 23) | (mant << 13); // normal: rebias 15 -> 127
    } else if (mant == 0) {
        bits = sign; // ±0
    } else {
        // Subnormal: normalise the mantissa.
        exp = 113;
        while ((mant & 0x400u) == 0) {
            mant <<= 1;
            --exp;
        }
        bits = sign | (exp << 23) | ((mant & 0x3ffu) << 13);
    }
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// Round to nearest even, with overflow to Inf and gradual underflow.
uint16_t floatToHalf(float f)
{
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
    const uint32_t absBits = bits & 0x7fffffffu;
    if (absBits >= 0x7f800000u) // Inf or NaN
        return static_cast<uint16_t>(sign | 0x7c00u | (absBits > 0x7f800000u ? 0x200u : 0u));
    if (absBits >= 0x477ff000u) // rounds to >= 65520: overflow
        return static_cast<uint16_t>(sign | 0x7c00u);
    if (absBits < 0x38800000u) { // below the smallest normal half (2^-14): subnormal or zero
        const float a = std::fabs(f) * 16777216.0f; // scale by 2^24: one half subnormal ulp = 1
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::nearbyint(a)));
    }
    const uint32_t mant = absBits & 0x7fffffu;
    const uint32_t exp = (absBits >> 23) - 112;
    uint32_t h = (exp << 10) | (mant >> 13);
    const uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        ++h; // may carry into the exponent, which is the correct result
    return static_cast<uint16_t>(sign | h);
}

} // namespace

extern "C" void softmax_rows(const uint16_t* x, uint16_t* y, int64_t M, int64_t C)
{
    for (int64_t m = 0; m < M; ++m) {
        const uint16_t* row = x + m * C;
        float mx = -INFINITY;
        for (int64_t c = 0; c < C; ++c)
            mx = std::fmax(mx, halfToFloat(row[c]));
        float s = 0.0f;
        for (int64_t c = 0; c < C; ++c)
            s += std::exp(halfToFloat(row[c]) - mx);
        const float inv = 1.0f / s;
        for (int64_t c = 0; c < C; ++c)
            y[m * C + c] = floatToHalf(std::exp(halfToFloat(row[c]) - mx) * inv);
    }
}

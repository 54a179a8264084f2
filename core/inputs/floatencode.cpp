#include "inputs/floatencode.h"

#include <cmath>

namespace kwb {
namespace {
struct Format {
    int exponentBits;
    int mantissaBits;
    bool hasInf; // false: e4m3fn, whose top exponent still holds normals and only S.1111.111 is NaN
};

uint32_t encode(double x, Format f)
{
    const int m = f.mantissaBits;
    const uint32_t signBit = std::signbit(x) ? 1u << (f.exponentBits + m) : 0u;
    const uint32_t expAllOnes = (1u << f.exponentBits) - 1;
    const uint32_t nan = f.hasInf ? (expAllOnes << m) | (1u << (m - 1)) : (expAllOnes << m) | ((1u << m) - 1);
    const uint32_t overflow = f.hasInf ? expAllOnes << m : nan;
    if (std::isnan(x))
        return nan;
    const double a = std::fabs(x);
    if (a == 0.0)
        return signBit;
    if (std::isinf(a))
        return signBit | overflow;

    const int bias = (1 << (f.exponentBits - 1)) - 1;
    const int minNormalExp = 1 - bias;
    int e = 0;
    std::frexp(a, &e);
    const int exp = e - 1; // a = 1.xxx * 2^exp
    uint32_t bits = 0;
    if (exp < minNormalExp) {
        // Subnormal: multiples of 2^(minNormalExp - m); rounding up to 2^m lands exactly on the smallest normal.
        bits = static_cast<uint32_t>(std::nearbyint(std::ldexp(a, m - minNormalExp)));
    } else {
        auto q = static_cast<uint32_t>(std::nearbyint(std::ldexp(a, m - exp))); // in [2^m, 2^(m+1)]
        int biased = exp + bias;
        if (q == (2u << m)) {
            q = 1u << m;
            ++biased;
        }
        bits = (static_cast<uint32_t>(biased) << m) | (q - (1u << m));
    }
    // Anything at or above the first non-finite pattern overflowed.
    const uint32_t firstNonFinite = f.hasInf ? expAllOnes << m : nan;
    if (bits >= firstNonFinite)
        return signBit | overflow;
    return signBit | bits;
}
} // namespace

uint16_t encodeFloat16(double x)
{
    return static_cast<uint16_t>(encode(x, { 5, 10, true }));
}
uint16_t encodeBFloat16(double x)
{
    return static_cast<uint16_t>(encode(x, { 8, 7, true }));
}
uint8_t encodeFloat8E4M3FN(double x)
{
    return static_cast<uint8_t>(encode(x, { 4, 3, false }));
}
uint8_t encodeFloat8E5M2(double x)
{
    return static_cast<uint8_t>(encode(x, { 5, 2, true }));
}

} // namespace kwb

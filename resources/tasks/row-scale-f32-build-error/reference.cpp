// Reference on the host: y[r][c] = x[r][c] * s[r].
#include <cstdint>

extern "C" void row_scale(const float* x, const float* s, float* y, int64_t R, int64_t C)
{
    for (int64_t r = 0; r < R; ++r)
        for (int64_t c = 0; c < C; ++c)
            y[r * C + c] = x[r * C + c] * s[r];
}

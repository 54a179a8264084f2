// Reference transpose on the host.
#include <cstdint>

extern "C" void transpose(const float* a, float* b, int64_t R, int64_t C)
{
    for (int64_t r = 0; r < R; ++r)
        for (int64_t c = 0; c < C; ++c)
            b[c * R + r] = a[r * C + c];
}

// One thread per element; blockIdx.y is the row, so the scale factor is read once per block.
#include <cstdint>

extern "C" __global__ void row_scale(
    const float* __restrict__ x, const float* __restrict__ s, float* __restrict__ y, int64_t R, int64_t C)
{
    const int64_t r = blockIdx.y;
    const int64_t c = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (r < R && c < C)
        y[r * C + c] = x[r * C + c] * s[r];
}

// Four elements per thread with 128-bit loads and stores; a scalar loop finishes the row's tail.
#include <cstdint>

extern "C" __global__ void row_scale(
    const float* __restrict__ x, const float* __restrict__ s, float* __restrict__ y, int64_t R, int64_t C)
{
    const int64_t r = blockIdx.y;
    if (r >= R)
        return;
    const float scale = s[r];
    const float4* x4 = x + r * C;
    float4* y4 = reinterpret_cast<float4*>(y + r * C);
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < C / 4) {
        float4 v = x4[i];
        v.x *= scale;
        v.y *= scale;
        v.z *= scale;
        v.w *= scale;
        y4[i] = v;
    }
    if (blockIdx.x == 0 && threadIdx.x < C % 4) {
        const int64_t c = C - C % 4 + threadIdx.x;
        y[r * C + c] = x[r * C + c] * scale;
    }
}

// One warp per row, eight rows per 256-thread block. Three passes over the row
// (max, sum of exponentials, write), all in float32 registers; the row is re-read from
// L1/L2 rather than staged in shared memory, which keeps any C legal.
#include <cstdint>
#include <cuda_fp16.h>

namespace {

constexpr int kWarp = 32;
constexpr int kRowsPerBlock = 8;

__device__ __forceinline__ float warpMax(float v)
{
    for (int o = kWarp / 2; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

__device__ __forceinline__ float warpSum(float v)
{
    for (int o = kWarp / 2; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

} // namespace

extern "C" __global__ void __launch_bounds__(kWarp * kRowsPerBlock)
    softmax_rows(const __half* __restrict__ x, __half* __restrict__ y, int64_t M, int64_t C)
{
    const int lane = threadIdx.x % kWarp;
    const int64_t row = static_cast<int64_t>(blockIdx.x) * kRowsPerBlock + threadIdx.x / kWarp;
    if (row >= M) // whole warp leaves together: the shuffles below stay full-warp
        return;
    const __half* in = x + row * C;
    __half* out = y + row * C;

    float mx = -INFINITY;
    for (int64_t c = lane; c < C; c += kWarp)
        mx = fmaxf(mx, __half2float(in[c]));
    mx = warpMax(mx);

    float s = 0.0f;
    for (int64_t c = lane; c < C; c += kWarp)
        s += __expf(__half2float(in[c]) - mx);
    s = warpSum(s);
    const float inv = 1.0f / s;

    for (int64_t c = lane; c < C; c += kWarp)
        out[c] = __float2half_rn(__expf(__half2float(in[c]) - mx) * inv);
}

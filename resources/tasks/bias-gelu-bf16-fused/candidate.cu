// Fused bias + GELU: one read of x, one write of y, float32 math in registers.
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;
constexpr float kInvSqrt2 = 0.70710678118654752f;

__global__ void bias_gelu_kernel(const __nv_bfloat16* __restrict__ x, const __nv_bfloat16* __restrict__ bias,
                                 __nv_bfloat16* __restrict__ y, int64_t total, int64_t N)
{
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += stride) {
        const float v = __bfloat162float(x[i]);
        const float g = 0.5f * v * (1.0f + erff(v * kInvSqrt2));
        y[i] = __float2bfloat16_rn(g + __bfloat162float(bias[i % N]));
    }
}

} // namespace

extern "C" void bias_gelu(const __nv_bfloat16* x, const __nv_bfloat16* bias, __nv_bfloat16* y, int64_t M,
                          int64_t N, cudaStream_t stream)
{
    const int64_t total = M * N;
    if (total <= 0)
        return;
    const int64_t blocks = (total + kBlock - 1) / kBlock;
    const int grid = static_cast<int>(blocks < 65535 ? blocks : 65535);
    bias_gelu_kernel<<<grid, kBlock, 0, stream>>>(x, bias, y, total, N);
}

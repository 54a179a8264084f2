// A100 version: 8 blocks per row write partial sums of squares to a workspace; a second
// kernel (one warp per row) adds them and takes the square root.
#include <cstdint>
#include <cuda_runtime.h>

namespace {

constexpr int kSplit = 8;
constexpr int kBlock = 256;

__device__ __forceinline__ float warpSum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__global__ void __launch_bounds__(kBlock) partial_sumsq(const float* __restrict__ x, float* __restrict__ partial,
                                                        int64_t N)
{
    __shared__ float warpSums[kBlock / 32];
    const int64_t row = blockIdx.y;
    const int64_t chunk = (N + kSplit - 1) / kSplit;
    const int64_t begin = blockIdx.x * chunk;
    const int64_t end = begin + chunk < N ? begin + chunk : N;
    const float* in = x + row * N;

    float acc = 0.0f;
    for (int64_t i = begin + threadIdx.x; i < end; i += kBlock)
        acc = fmaf(in[i], in[i], acc);
    acc = warpSum(acc);
    if (threadIdx.x % 32 == 0)
        warpSums[threadIdx.x / 32] = acc;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < kBlock / 32 ? warpSums[threadIdx.x] : 0.0f;
        v = warpSum(v);
        if (threadIdx.x == 0)
            partial[row * kSplit + blockIdx.x] = v;
    }
}

__global__ void finish_norm(const float* __restrict__ partial, float* __restrict__ y, int64_t M)
{
    const int64_t row = static_cast<int64_t>(blockIdx.x) * (blockDim.x / 32) + threadIdx.x / 32;
    if (row >= M)
        return;
    const int lane = threadIdx.x % 32;
    float v = lane < kSplit ? partial[row * kSplit + lane] : 0.0f;
    v = warpSum(v);
    if (lane == 0)
        y[row] = sqrtf(v);
}

} // namespace

extern "C" void row_norm(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream)
{
    if (M <= 0)
        return;
    float* partial = nullptr;
    if (cudaMallocAsync(&partial, static_cast<size_t>(M) * kSplit * sizeof(float), stream) != cudaSuccess)
        return;
    partial_sumsq<<<dim3(kSplit, static_cast<unsigned>(M)), kBlock, 0, stream>>>(x, partial, N);
    const int rowsPerBlock = 8;
    finish_norm<<<static_cast<unsigned>((M + rowsPerBlock - 1) / rowsPerBlock), rowsPerBlock * 32, 0, stream>>>(
        partial, y, M);
    cudaFreeAsync(partial, stream);
}

// The kernel as reported: written for Pascal, wrong intermittently on Volta and later.
#include <cstdint>

extern "C" __global__ void row_sum(const float* x, float* y, int64_t M, int64_t N)
{
    extern __shared__ float sdata[];
    const unsigned tid = threadIdx.x;
    const float* row = x + static_cast<int64_t>(blockIdx.x) * N;

    float acc = 0.0f;
    for (int64_t i = tid; i < N; i += blockDim.x)
        acc += row[i];
    sdata[tid] = acc;
    __syncthreads();

    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    // Last warp: the 32 threads of a warp run in lockstep, no __syncthreads() needed.
    if (tid < 32) {
        float* v = sdata;
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16];
        v[tid] += v[tid + 8];
        v[tid] += v[tid + 4];
        v[tid] += v[tid + 2];
        v[tid] += v[tid + 1];
    }
    if (tid == 0)
        y[blockIdx.x] = sdata[0];
}

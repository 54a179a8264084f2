// Fixed kernel: the last warp reduces with shuffles instead of relying on lockstep execution.
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

    // Each thread only reads slot tid + s, which no thread writes in the same step,
    // so the steps need no barrier between them.
    for (unsigned s = blockDim.x / 2; s >= 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
    }

    if (tid < 32) {
        float v = sdata[tid];
        for (int offset = 16; offset > 0; offset >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (tid == 0)
            y[blockIdx.x] = v;
    }
}

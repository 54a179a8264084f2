// Baseline: one thread per output element, float32 FMA on the CUDA cores.
#include <cstdint>

extern "C" __global__ void sgemm_naive(const float* A, const float* B, float* C, int64_t M, int64_t N, int64_t K)
{
    const int64_t m = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int64_t n = static_cast<int64_t>(blockIdx.y) * blockDim.y + threadIdx.y;
    if (m >= M || n >= N)
        return;
    float acc = 0.0f;
    for (int64_t k = 0; k < K; ++k)
        acc += A[m * K + k] * B[k * N + n];
    C[m * N + n] = acc;
}

// Reference GEMM on the host: float64 accumulation (i-k-j order, so B is read row by row),
// rounded once to float32.
#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" void sgemm(const float* A, const float* B, float* C, int64_t M, int64_t N, int64_t K)
{
    std::vector<double> acc(static_cast<std::size_t>(N));
    for (int64_t m = 0; m < M; ++m) {
        acc.assign(static_cast<std::size_t>(N), 0.0);
        for (int64_t k = 0; k < K; ++k) {
            const double a = A[m * K + k];
            const float* brow = B + k * N;
            for (int64_t n = 0; n < N; ++n)
                acc[static_cast<std::size_t>(n)] += a * static_cast<double>(brow[n]);
        }
        for (int64_t n = 0; n < N; ++n)
            C[m * N + n] = static_cast<float>(acc[static_cast<std::size_t>(n)]);
    }
}

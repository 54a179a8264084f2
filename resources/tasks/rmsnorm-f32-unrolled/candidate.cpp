// Candidate: eight independent accumulators break the add dependency chain so the
// compiler can keep one AVX2 register of partial sums; the scale loop is unrolled the same way.
#include <cmath>
#include <cstdint>

namespace {
constexpr int64_t kUnroll = 8;
}

extern "C" void rmsnorm(const float* x, const float* w, float* y, int64_t M, int64_t D)
{
    const float eps = 1e-6f;
    for (int64_t m = 0; m < M; ++m) {
        const float* row = x + m * D;
        float acc[kUnroll] = {};
        for (int64_t d = 0; d + kUnroll <= D; d += kUnroll) {
            for (int64_t k = 0; k < kUnroll; ++k)
                acc[k] += row[d + k] * row[d + k];
        }
        const float ss = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
        const float inv = 1.0f / std::sqrt(ss / static_cast<float>(D) + eps);
        float* out = y + m * D;
        int64_t d = 0;
        for (; d + kUnroll <= D; d += kUnroll) {
            for (int64_t k = 0; k < kUnroll; ++k)
                out[d + k] = row[d + k] * inv * w[d + k];
        }
        for (; d < D; ++d)
            out[d] = row[d] * inv * w[d];
    }
}

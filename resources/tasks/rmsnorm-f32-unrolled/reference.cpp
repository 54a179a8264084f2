// Reference RMSNorm: one pass for the mean of squares, one pass to scale. float32 throughout.
#include <cmath>
#include <cstdint>

extern "C" void rmsnorm(const float* x, const float* w, float* y, int64_t M, int64_t D)
{
    const float eps = 1e-6f;
    for (int64_t m = 0; m < M; ++m) {
        const float* row = x + m * D;
        float ss = 0.0f;
        for (int64_t d = 0; d < D; ++d)
            ss += row[d] * row[d];
        const float inv = 1.0f / std::sqrt(ss / static_cast<float>(D) + eps);
        float* out = y + m * D;
        for (int64_t d = 0; d < D; ++d)
            out[d] = row[d] * inv * w[d];
    }
}

// Reference: float64 sum of squares per row, square root, rounded once to float32.
#include <cmath>
#include <cstdint>

extern "C" void row_norm(const float* x, float* y, int64_t M, int64_t N)
{
    for (int64_t m = 0; m < M; ++m) {
        double ss = 0.0;
        for (int64_t n = 0; n < N; ++n) {
            const double v = x[m * N + n];
            ss += v * v;
        }
        y[m] = static_cast<float>(std::sqrt(ss));
    }
}

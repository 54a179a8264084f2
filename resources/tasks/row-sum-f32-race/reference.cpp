// Reference: float64 accumulation per row, rounded once to float32.
#include <cstdint>

extern "C" void row_sum(const float* x, float* y, int64_t M, int64_t N)
{
    for (int64_t m = 0; m < M; ++m) {
        double acc = 0.0;
        for (int64_t n = 0; n < N; ++n)
            acc += static_cast<double>(x[m * N + n]);
        y[m] = static_cast<float>(acc);
    }
}

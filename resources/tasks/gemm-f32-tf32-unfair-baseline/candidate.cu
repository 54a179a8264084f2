// TF32 tensor-core GEMM: a 64x64 tile of C per block, four warps of 32x32 (2x2 wmma 16x16x8
// fragments), K in steps of 8 through shared memory. Tiles are zero-padded at the edges.
#include <cstdint>
#include <mma.h>

using namespace nvcuda;

namespace {
constexpr int kBM = 64;
constexpr int kBN = 64;
constexpr int kBK = 8;
constexpr int kThreads = 128;
constexpr int kPad = 4; // keeps ldm a multiple of 4 floats (16 bytes) and staggers banks
} // namespace

extern "C" __global__ void __launch_bounds__(kThreads)
    sgemm_tf32(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int64_t M, int64_t N,
               int64_t K)
{
    __shared__ __align__(32) float As[kBM][kBK + kPad];
    __shared__ __align__(32) float Bs[kBK][kBN + kPad];
    __shared__ __align__(32) float Cs[kThreads / 32][32][32 + kPad];

    const int warp = threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    const int wm = warp / 2; // warp's row of 32 within the block tile
    const int wn = warp % 2; // warp's column of 32
    const int64_t row0 = static_cast<int64_t>(blockIdx.y) * kBM;
    const int64_t col0 = static_cast<int64_t>(blockIdx.x) * kBN;

    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[2][2];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            wmma::fill_fragment(acc[i][j], 0.0f);

    for (int64_t k0 = 0; k0 < K; k0 += kBK) {
        for (int i = threadIdx.x; i < kBM * kBK; i += kThreads) {
            const int r = i / kBK;
            const int c = i % kBK;
            const int64_t gr = row0 + r;
            const int64_t gc = k0 + c;
            As[r][c] = (gr < M && gc < K) ? A[gr * K + gc] : 0.0f;
        }
        for (int i = threadIdx.x; i < kBK * kBN; i += kThreads) {
            const int r = i / kBN;
            const int c = i % kBN;
            const int64_t gr = k0 + r;
            const int64_t gc = col0 + c;
            Bs[r][c] = (gr < K && gc < N) ? B[gr * N + gc] : 0.0f;
        }
        __syncthreads();

        wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a[2];
        wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b[2];
        for (int i = 0; i < 2; ++i) {
            wmma::load_matrix_sync(a[i], &As[wm * 32 + i * 16][0], kBK + kPad);
            for (int t = 0; t < a[i].num_elements; ++t)
                a[i].x[t] = wmma::__float_to_tf32(a[i].x[t]);
            wmma::load_matrix_sync(b[i], &Bs[0][wn * 32 + i * 16], kBN + kPad);
            for (int t = 0; t < b[i].num_elements; ++t)
                b[i].x[t] = wmma::__float_to_tf32(b[i].x[t]);
        }
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j)
                wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        __syncthreads();
    }

    // Stage through shared memory so the edge tiles can be stored with bounds checks.
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            wmma::store_matrix_sync(&Cs[warp][i * 16][j * 16], acc[i][j], 32 + kPad, wmma::mem_row_major);
    __syncwarp();
    for (int i = lane; i < 32 * 32; i += 32) {
        const int r = i / 32;
        const int c = i % 32;
        const int64_t gr = row0 + wm * 32 + r;
        const int64_t gc = col0 + wn * 32 + c;
        if (gr < M && gc < N)
            C[gr * N + gc] = Cs[warp][r][c];
    }
}

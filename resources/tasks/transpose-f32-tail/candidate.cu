// 32x32 tiles through shared memory; each thread moves 4 elements (block 32x8).
// Reads are coalesced along the rows of a, writes along the rows of b.
#include <cstdint>

namespace {
constexpr int kTile = 32;
constexpr int kRows = 8;
} // namespace

extern "C" __global__ void transpose(const float* __restrict__ a, float* __restrict__ b, int64_t R, int64_t C)
{
    __shared__ float tile[kTile][kTile + 1]; // +1: column reads hit 32 different banks

    const int64_t x = static_cast<int64_t>(blockIdx.x) * kTile + threadIdx.x; // column of a
    const int64_t y = static_cast<int64_t>(blockIdx.y) * kTile + threadIdx.y; // row of a
    for (int j = 0; j < kTile; j += kRows) {
        if (x < C && y + j < R)
            tile[threadIdx.y + j][threadIdx.x] = a[(y + j) * C + x];
    }
    __syncthreads();

    const int64_t ox = static_cast<int64_t>(blockIdx.y) * kTile + threadIdx.x; // column of b
    const int64_t oy = static_cast<int64_t>(blockIdx.x) * kTile + threadIdx.y; // row of b
    for (int j = 0; j < kTile; j += kRows)
        b[(oy + j) * R + ox] = tile[threadIdx.x][threadIdx.y + j];
}

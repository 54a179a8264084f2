// H100 port: the 8 blocks of a row form a thread block cluster; block 0 of the cluster reads
// the other blocks' partial sums from their shared memory (DSMEM). One kernel, no workspace.
#include <cooperative_groups.h>
#include <cstdint>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

namespace {

constexpr int kCluster = 8;
constexpr int kBlock = 256;

__device__ __forceinline__ float warpSum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__global__ void __cluster_dims__(kCluster, 1, 1) __launch_bounds__(kBlock)
    row_norm_cluster(const float* __restrict__ x, float* __restrict__ y, int64_t N)
{
    __shared__ float warpSums[kBlock / 32];
    __shared__ float blockSum;
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    const int64_t row = blockIdx.y;
    const int64_t chunk = (N + kCluster - 1) / kCluster;
    const int64_t begin = rank * chunk;
    const int64_t end = begin + chunk < N ? begin + chunk : N;
    const float* in = x + row * N;

    float acc = 0.0f;
    for (int64_t i = begin + threadIdx.x; i < end; i += kBlock)
        acc = fmaf(in[i], in[i], acc);
    acc = warpSum(acc);
    if (threadIdx.x % 32 == 0)
        warpSums[threadIdx.x / 32] = acc;
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = threadIdx.x < kBlock / 32 ? warpSums[threadIdx.x] : 0.0f;
        v = warpSum(v);
        if (threadIdx.x == 0)
            blockSum = v;
    }

    cluster.sync(); // every block's blockSum is written and visible to the cluster
    if (rank == 0 && threadIdx.x == 0) {
        float total = 0.0f;
        for (unsigned r = 0; r < kCluster; ++r)
            total += *cluster.map_shared_rank(&blockSum, r);
        y[row] = sqrtf(total);
    }
    cluster.sync(); // keep every block's shared memory alive until rank 0 has read it
}

} // namespace

extern "C" void row_norm(const float* x, float* y, int64_t M, int64_t N, cudaStream_t stream)
{
    if (M <= 0)
        return;
    // grid.x must be a multiple of the cluster size: exactly one cluster per row.
    row_norm_cluster<<<dim3(kCluster, static_cast<unsigned>(M)), kBlock, 0, stream>>>(x, y, N);
}

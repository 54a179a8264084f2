// main() of a CUDA runner: device memory, every CUDA call and the launch error checked, CUDA-event timing.
// Built as  nvcc -std=c++17 -O2 -gencode ... -I<harness> cuda_main.cu glue.cu -o runner
// (the glue #includes the implementation's .cu so that a __global__ entry can be launched from it).
#include "kwb_harness.h"

#include <cuda_runtime.h>

extern const kwbh::Signature kwb_signature;
void kwb_invoke(kwbh::Buffers& b);

#ifndef KWB_FLAGS
#define KWB_FLAGS ""
#endif

namespace {
void check(cudaError_t e, const char* what)
{
    if (e != cudaSuccess)
        throw std::runtime_error(std::string("CUDA error: ") + cudaGetErrorString(e) + " (" + cudaGetErrorName(e)
            + ", code " + std::to_string(static_cast<int>(e)) + ") at " + what);
}

struct CudaBackend {
    cudaStream_t s = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    std::string device = "unknown", driver = "unknown", runtime = "unknown";

    CudaBackend()
    {
        int v = 0;
        if (cudaRuntimeGetVersion(&v) == cudaSuccess)
            runtime = std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
        if (cudaDriverGetVersion(&v) == cudaSuccess)
            driver = v ? std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10) : "none";
        check(cudaSetDevice(0), "cudaSetDevice(0)");
        cudaDeviceProp p {};
        check(cudaGetDeviceProperties(&p, 0), "cudaGetDeviceProperties");
        device = std::string(p.name) + " (sm_" + std::to_string(p.major) + std::to_string(p.minor) + ")";
        check(cudaStreamCreate(&s), "cudaStreamCreate");
        check(cudaEventCreate(&start), "cudaEventCreate");
        check(cudaEventCreate(&stop), "cudaEventCreate");
    }
    void* alloc(std::size_t n)
    {
        void* p = nullptr;
        check(cudaMalloc(&p, n ? n : 1), "cudaMalloc");
        return p;
    }
    void free(void* p) { cudaFree(p); }
    void upload(void* dst, const void* src, std::size_t n) { check(cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice), "cudaMemcpy to device"); }
    void download(void* dst, const void* src, std::size_t n) { check(cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost), "cudaMemcpy to host"); }
    void* stream() { return s; }
    void sync(const char* what) { check(cudaDeviceSynchronize(), what); }
    template <typename F>
    double timeCall(F&& f)
    {
        check(cudaEventRecord(start, s), "cudaEventRecord");
        f();
        check(cudaGetLastError(), "the launch (cudaGetLastError)");
        check(cudaEventRecord(stop, s), "cudaEventRecord");
        check(cudaStreamSynchronize(s), "the kernel (cudaStreamSynchronize)");
        float ms = 0;
        check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
        return ms * 1e6;
    }
    std::string provenanceJson()
    {
        return std::string("{\"backend\": \"cuda\", \"compiler\": \"nvcc ") + std::to_string(__CUDACC_VER_MAJOR__) + "."
            + std::to_string(__CUDACC_VER_MINOR__) + "." + std::to_string(__CUDACC_VER_BUILD__) + "\", \"flags\": \""
            + kwbh::jsonEscape(KWB_FLAGS) + "\", \"device\": \"" + kwbh::jsonEscape(device) + "\", \"driver\": \"" + driver
            + "\", \"runtime\": \"" + runtime + "\", \"timer\": \"cudaEvent\"}";
    }
};

// Setup failures (no driver, no device) still leave a result.json, so the workbench can say what happened.
int failWithoutDevice(const std::string& error)
{
    std::cerr << "kwb-runner: error: " << error << "\n";
    std::ofstream r("result.json");
    r << "{\"format\": \"kwb.runner-result/1\", \"impl\": \"" << kwbh::jsonEscape(kwb_signature.impl)
      << "\", \"calls\": [], \"status\": \"error\", \"error\": \"" << kwbh::jsonEscape(error) << "\", \"host\": \""
      << kwbh::jsonEscape(kwbh::hostName()) << "\", \"provenance\": {\"backend\": \"cuda\", \"flags\": \""
      << kwbh::jsonEscape(KWB_FLAGS) << "\"}}\n";
    return 1;
}
} // namespace

int main(int argc, char** argv)
{
    try {
        CudaBackend backend;
        return kwbh::runPlan(backend, kwb_signature, &kwb_invoke, argc > 1 ? argv[1] : "plan.txt");
    } catch (const std::exception& e) {
        return failWithoutDevice(e.what());
    }
}

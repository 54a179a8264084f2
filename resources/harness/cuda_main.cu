// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// main() of a CUDA runner: device memory, every CUDA call and the launch error checked, CUDA-event timing.
// Built as  nvcc -std=c++17 -O2 -gencode ... -I<harness> cuda_main.cu glue.cu -o runner
// (the glue #includes the implementation's .cu so that a __global__ entry can be launched from it).
#include "kwb_harness.h"

#include <cuda_runtime.h>
#include <dlfcn.h>

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

// NVML, loaded at run time when the driver provides it (optional: without it clocks are not monitored and
// no sample is discarded). Only the four entry points the throttling check needs.
struct Nvml {
    using Init = int (*)();
    using Handle = int (*)(unsigned, void**);
    using Clock = int (*)(void*, int, unsigned*);
    void* dev = nullptr;
    Clock clockInfo = nullptr, defaultClock = nullptr;
    unsigned defaultSmMhz = 0;
    Nvml()
    {
        void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
        if (!lib)
            return;
        auto init = reinterpret_cast<Init>(dlsym(lib, "nvmlInit_v2"));
        auto handle = reinterpret_cast<Handle>(dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"));
        clockInfo = reinterpret_cast<Clock>(dlsym(lib, "nvmlDeviceGetClockInfo"));
        defaultClock = reinterpret_cast<Clock>(dlsym(lib, "nvmlDeviceGetDefaultApplicationsClock"));
        // NVML_CLOCK_SM = 1. Device 0 by NVML's order, which follows CUDA's unless CUDA_VISIBLE_DEVICES remaps.
        if (!init || !handle || !clockInfo || !defaultClock || init() != 0 || handle(0, &dev) != 0
            || defaultClock(dev, 1, &defaultSmMhz) != 0 || defaultSmMhz == 0)
            dev = nullptr;
    }
    bool available() const { return dev != nullptr; }
    unsigned smMhz() const
    {
        unsigned mhz = 0;
        return dev && clockInfo(dev, 1, &mhz) == 0 ? mhz : 0;
    }
};

struct CudaBackend {
    Nvml nvml;
    void* flushBuffer = nullptr;
    std::size_t flushSize = 0;
    long long l2Bytes = 0;
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
        l2Bytes = p.l2CacheSize;
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
    void upload(void* dst, const void* src, std::size_t n)
    {
        check(cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice), "cudaMemcpy to device");
    }
    void download(void* dst, const void* src, std::size_t n)
    {
        check(cudaMemcpy(dst, src, n, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
    }
    bool same(const void* device, const void* host, std::size_t n)
    {
        std::vector<unsigned char> now(n);
        download(now.data(), device, n);
        return std::memcmp(now.data(), host, n) == 0;
    }
    void* stream() { return s; }
    void sync(const char* what) { check(cudaDeviceSynchronize(), what); }
    static constexpr bool kTickTimer = false; // timeCall returns the events' nanoseconds
    // After each call: every stream, so work a candidate queued elsewhere (a side stream, after the stop event)
    // is done before its outputs are fetched — and shows as host time beyond the events.
    void drain() { check(cudaDeviceSynchronize(), "draining the device after the call"); }
    template <typename F> double timeCall(F&& f)
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
    // An L2 flush before every call, by writing a buffer of twice the device's L2 on the stream.
    std::size_t flushCache(long long bytes)
    {
        if (bytes < 0)
            bytes = 2 * (l2Bytes > 0 ? l2Bytes : 64ll << 20);
        if (bytes == 0)
            return 0;
        if (flushSize != static_cast<std::size_t>(bytes)) {
            if (flushBuffer)
                cudaFree(flushBuffer);
            flushBuffer = alloc(static_cast<std::size_t>(bytes));
            flushSize = static_cast<std::size_t>(bytes);
        }
        static int value = 0;
        check(cudaMemsetAsync(flushBuffer, ++value & 0xFF, flushSize, s), "cudaMemsetAsync (cache flush)");
        return flushSize;
    }
    // Throttled: the SM clock right after the sample is below 75 % of the default application clock.
    bool throttled() { return nvml.available() && nvml.smMhz() * 4 < nvml.defaultSmMhz * 3; }
    std::string clockSource()
    {
        return nvml.available() ? "nvml (default SM clock " + std::to_string(nvml.defaultSmMhz) + " MHz)"
                                : "none (NVML not available: samples are not checked for throttling)";
    }
    std::string provenanceJson()
    {
        return std::string("{\"backend\": \"cuda\", \"compiler\": \"nvcc ") + std::to_string(__CUDACC_VER_MAJOR__) + "."
            + std::to_string(__CUDACC_VER_MINOR__) + "." + std::to_string(__CUDACC_VER_BUILD__) + "\", \"flags\": \""
            + kwbh::jsonEscape(KWB_FLAGS) + "\", \"device\": \"" + kwbh::jsonEscape(device) + "\", \"driver\": \""
            + driver + "\", \"runtime\": \"" + runtime + "\", \"timer\": \"cudaEvent\"}";
    }
};

// Setup failures (no driver, no device) still leave a result.json, so the workbench can say what happened.
int failWithoutDevice(const std::string& error)
{
    std::cerr << "kwb-runner: error: " << error << "\n";
    std::ofstream r("result.json");
    r << "{\"format\": \"kwb.runner-result/2\", \"impl\": \"" << kwbh::jsonEscape(kwb_signature.impl)
      << "\", \"calls\": [], \"status\": \"error\", \"error\": \"" << kwbh::jsonEscape(error) << "\", \"host\": \""
      << kwbh::jsonEscape(kwbh::hostName()) << "\", \"provenance\": {\"backend\": \"cuda\", \"flags\": \""
      << kwbh::jsonEscape(KWB_FLAGS) << "\"}}\n";
    return 1;
}
} // namespace

int main(int argc, char** argv)
{
    const std::string plan = argc > 1 ? argv[1] : "plan.txt";
    try {
        CudaBackend backend;
        return kwbh::runPlan(backend, kwb_signature, &kwb_invoke, plan);
    } catch (const std::exception& e) {
        return failWithoutDevice(e.what());
    }
}

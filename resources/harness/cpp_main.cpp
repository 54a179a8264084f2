// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// main() of a C++ runner: host memory, timing by the harness's trusted clock (a raw clock_gettime syscall). Built as
//   g++ -std=c++17 -O2 -I<harness> cpp_main.cpp glue.cpp <implementation>.cpp -o runner
#include "kwb_harness.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

extern const kwbh::Signature kwb_signature;
void kwb_invoke(kwbh::Buffers& b);

#ifndef KWB_FLAGS
#define KWB_FLAGS ""
#endif
#ifdef __clang__
#define KWB_COMPILER "clang " __clang_version__
#else
#define KWB_COMPILER "g++ " __VERSION__
#endif

namespace {
struct HostBackend {
    void* alloc(std::size_t n) { return std::malloc(n ? n : 1); }
    void free(void* p) { std::free(p); }
    void upload(void* dst, const void* src, std::size_t n) { std::memcpy(dst, src, n); }
    void download(void* dst, const void* src, std::size_t n) { std::memcpy(dst, src, n); }
    bool same(const void* device, const void* host, std::size_t n) { return std::memcmp(device, host, n) == 0; }
    void* stream() { return nullptr; }
    void sync(const char*) { }
    // The timer: host ticks (kwb_harness.h), which the harness scales by the trusted clock; a candidate's own
    // clock_gettime or std::chrono does not reach either.
    static constexpr bool kTickTimer = true;
    template <typename F> double timeCall(F&& f)
    {
        const uint64_t t0 = kwbh::hostTicks();
        f();
        return static_cast<double>(kwbh::hostTicks() - t0);
    }
    void drain() { }
    // Before every call: evict the caches by writing a buffer of twice the last-level cache (or `bytes`: the
    // workbench measures the cache outside the sandbox and hands it in; 0 disables the flush), touching one byte
    // per 64-byte line with changing values.
    std::vector<unsigned char> flushBuffer;
    unsigned char flushValue = 0;
    // The kernel's view of the cache (what lscpu shows) first: glibc's sysconf reads CPUID, which some
    // hypervisors fill with the whole host's cache (320 MiB seen on a 32 MiB guest).
    static long long sysfsCacheBytes(int index)
    {
        char path[64];
        std::snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
        FILE* f = std::fopen(path, "r");
        if (!f)
            return 0;
        long long value = 0;
        char unit = 0;
        const int got = std::fscanf(f, "%lld%c", &value, &unit);
        std::fclose(f);
        if (got < 1)
            return 0;
        return unit == 'K' ? value << 10 : unit == 'M' ? value << 20 : value;
    }
    static long long lastLevelCacheBytes()
    {
        for (int index : { 3, 2 }) {
            if (const long long bytes = sysfsCacheBytes(index); bytes > 0)
                return bytes;
        }
        long long llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
        if (llc <= 0)
            llc = sysconf(_SC_LEVEL2_CACHE_SIZE);
        return llc > 0 ? llc : 32ll << 20;
    }
    std::size_t flushCache(long long bytes)
    {
        if (bytes < 0)
            bytes = 2 * lastLevelCacheBytes();
        if (bytes == 0)
            return 0;
        if (flushBuffer.size() != static_cast<std::size_t>(bytes))
            flushBuffer.assign(static_cast<std::size_t>(bytes), 0);
        ++flushValue;
        for (std::size_t i = 0; i < flushBuffer.size(); i += 64)
            flushBuffer[i] = static_cast<unsigned char>(flushValue + i);
        // An opaque read keeps the compiler from dropping the stores.
        asm volatile("" : : "r"(flushBuffer.data()) : "memory");
        return flushBuffer.size();
    }
    bool throttled() { return false; }
    std::string clockSource() { return "none (CPU: clocks are not monitored)"; }
    std::string provenanceJson()
    {
        return std::string("{\"backend\": \"cpp\", \"compiler\": \"") + kwbh::jsonEscape(KWB_COMPILER)
            + "\", \"flags\": \"" + kwbh::jsonEscape(KWB_FLAGS) + "\", \"device\": \"cpu\", \"timer\": \""
            + kwbh::trustedClockName() + "\"}";
    }
};
} // namespace

int main(int argc, char** argv)
{
    HostBackend backend;
    const std::string plan = argc > 1 ? argv[1] : "plan.txt";
    return kwbh::runPlan(backend, kwb_signature, &kwb_invoke, plan);
}

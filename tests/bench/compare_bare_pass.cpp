// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The physical floor of a tensor comparison: both files memory-mapped and populated, max |a - b| over all cores,
// nothing else. `compare_bare_pass A B [f32|u16]` (u16: 16-bit data widened as bfloat16), or
// `compare_bare_pass --memcpy MIB` for the memcpy bandwidth in GB/s.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {
const unsigned char* mapPopulated(const char* path, std::size_t& size)
{
    const int fd = open(path, O_RDONLY);
    struct stat st { };
    if (fd < 0 || fstat(fd, &st) != 0)
        return nullptr;
    size = std::size_t(st.st_size);
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    close(fd);
    return p == MAP_FAILED ? nullptr : static_cast<const unsigned char*>(p);
}

float widen(std::uint16_t v)
{
    const std::uint32_t w = std::uint32_t(v) << 16;
    float f;
    std::memcpy(&f, &w, 4);
    return f;
}

template <typename T> float maxAbsDiff(const T* a, const T* b, std::size_t n)
{
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<float> part(threads, 0.0f);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            const std::size_t lo = n * t / threads, hi = n * (t + 1) / threads;
            float m[8] = {};
            std::size_t i = lo;
            for (; i + 8 <= hi; i += 8) {
                for (int j = 0; j < 8; ++j) {
                    float d;
                    if constexpr (sizeof(T) == 4)
                        d = std::fabs(a[i + j] - b[i + j]);
                    else
                        d = std::fabs(widen(a[i + j]) - widen(b[i + j]));
                    m[j] = m[j] > d ? m[j] : d;
                }
            }
            float r = 0;
            for (const float x : m)
                r = r > x ? r : x;
            part[t] = r;
        });
    }
    for (auto& th : pool)
        th.join();
    float r = 0;
    for (const float x : part)
        r = r > x ? r : x;
    return r;
}
} // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--memcpy") == 0) {
        const std::size_t bytes = std::size_t(std::atol(argv[2])) << 20;
        std::vector<char> src(bytes, 1), dst(bytes, 0);
        double best = 1e9;
        for (int rep = 0; rep < 5; ++rep) {
            const auto t0 = std::chrono::steady_clock::now();
            std::memcpy(dst.data(), src.data(), bytes);
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        std::printf("%.2f\n", double(bytes) / best / 1e9);
        return dst[bytes / 2] == 1 ? 0 : 1;
    }
    if (argc < 3) {
        std::fprintf(stderr, "usage: compare_bare_pass A B [f32|u16] | --memcpy MIB\n");
        return 2;
    }
    const bool wide = argc < 4 || std::strcmp(argv[3], "u16") != 0;
    std::size_t sa = 0, sb = 0;
    const unsigned char* a = mapPopulated(argv[1], sa);
    const unsigned char* b = mapPopulated(argv[2], sb);
    if (!a || !b || sa != sb || sa < 128)
        return 2;
    // Skip the .npy header (128 bytes for these files); the floor does not need to parse it.
    const std::size_t n = (sa - 128) / (wide ? 4 : 2);
    const float m = wide
        ? maxAbsDiff(reinterpret_cast<const float*>(a + 128), reinterpret_cast<const float*>(b + 128), n)
        : maxAbsDiff(
            reinterpret_cast<const std::uint16_t*>(a + 128), reinterpret_cast<const std::uint16_t*>(b + 128), n);
    std::printf("max_abs %g\n", double(m));
    return 0;
}

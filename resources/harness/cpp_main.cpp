// main() of a C++ runner: host memory, steady-clock timing. Built as
//   g++ -std=c++17 -O2 -I<harness> cpp_main.cpp glue.cpp <implementation>.cpp -o runner
#include "kwb_harness.h"

#include <cstdlib>

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
    void* stream() { return nullptr; }
    void sync(const char*) { }
    template <typename F>
    double timeCall(F&& f)
    {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    }
    std::string provenanceJson()
    {
        return std::string("{\"backend\": \"cpp\", \"compiler\": \"") + kwbh::jsonEscape(KWB_COMPILER)
            + "\", \"flags\": \"" + kwbh::jsonEscape(KWB_FLAGS) + "\", \"device\": \"cpu\", \"timer\": \"steady_clock\"}";
    }
};
} // namespace

int main(int argc, char** argv)
{
    HostBackend backend;
    return kwbh::runPlan(backend, kwb_signature, &kwb_invoke, argc > 1 ? argv[1] : "plan.txt");
}

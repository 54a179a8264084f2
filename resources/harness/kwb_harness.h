// The runner's main loop, shared by the C++ and the CUDA runner. The workbench generates a glue file that
// defines kwb_signature and kwb_invoke() for one implementation; this file owns everything else: it reads
// plan.txt, loads each call's inputs from .npy, allocates outputs filled with a poison pattern, calls the
// entry, checks that the inputs were not modified, writes the outputs and a call.json per call, and a
// result.json with provenance. Plain C++17: it is compiled on the execution host, without the workbench.
#pragma once

#include "kwb_npy.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>
#include <time.h>
#include <unistd.h>

namespace kwbh {

// ---- The trusted clock and the phase markers ---------------------------------------------------------------
// The runner is linked with the candidate, so anything that goes through a symbol (clock_gettime, std::chrono,
// write, the vDSO page) can be replaced by it. The harness's own time source and its markers therefore go to
// the kernel with the syscall instruction itself: there is no symbol to interpose and no page to patch. The
// markers (stderr, one line each) are timestamped by the workbench with its own clock when they arrive, and
// carry the sums of what the runner is about to record, so a record rewritten later, or a clock skewed inside
// the process by a means this does not close (a seccomp trap on the syscall, patched harness code), shows up as
// a disagreement the workbench sees from outside (docs/benchmarking.md, "Timing a candidate cannot forge").

inline int64_t trustedNowNs()
{
    struct timespec ts = { 0, 0 };
#if defined(__x86_64__) && !defined(__CUDA_ARCH__)
    long ret = 228; // SYS_clock_gettime
    asm volatile("syscall" : "+a"(ret) : "D"(1L /* CLOCK_MONOTONIC */), "S"(&ts) : "rcx", "r11", "memory");
#elif defined(__aarch64__) && !defined(__CUDA_ARCH__)
    register long x8 asm("x8") = 113; // SYS_clock_gettime
    register long x0 asm("x0") = 1; // CLOCK_MONOTONIC
    register struct timespec* x1 asm("x1") = &ts;
    asm volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1) : "memory");
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

/// The time-stamp counter (x86-64: rdtscp, then lfence so later work does not start early; elsewhere the trusted
/// clock in ns). An instruction: nothing to interpose, and about 20 ns where the raw syscall costs ~0.5 µs in a
/// VM. Ticks become nanoseconds by the ratio to the trusted clock over the very phase they were taken in.
inline uint64_t hostTicks()
{
#if defined(__x86_64__) && !defined(__CUDA_ARCH__)
    unsigned lo = 0, hi = 0, aux = 0;
    asm volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    return (static_cast<uint64_t>(hi) << 32) | lo;
#else
    return static_cast<uint64_t>(trustedNowNs());
#endif
}

/// Nanoseconds per tick between two (ticks, trusted ns) readings.
struct TickScale {
    uint64_t t0 = 0;
    int64_t ns0 = 0;
    void start()
    {
        ns0 = trustedNowNs();
        t0 = hostTicks();
    }
    double nsPerTick(uint64_t t1, int64_t ns1) const
    {
        return t1 > t0 ? static_cast<double>(ns1 - ns0) / static_cast<double>(t1 - t0) : 1.0;
    }
};

/// A first ns-per-tick estimate (5 ms against the trusted clock), for the warm-up's budget; the samples use the
/// phase's own ratio.
inline double calibrateTicks()
{
    TickScale s;
    s.start();
    const int64_t until = s.ns0 + 5000000;
    int64_t now = s.ns0;
    uint64_t t = s.t0;
    while (now < until) {
        t = hostTicks();
        now = trustedNowNs();
    }
    return s.nsPerTick(t, now);
}

/// "raw syscall" where the clock is read with the syscall instruction, else "clock_gettime".
inline const char* trustedClockName()
{
#if (defined(__x86_64__) || defined(__aarch64__))
#if defined(__x86_64__)
    return "rdtscp ticks scaled per phase by clock_gettime(CLOCK_MONOTONIC) read by raw syscall";
#else
    return "clock_gettime(CLOCK_MONOTONIC) by raw syscall";
#endif
#else
    return "clock_gettime(CLOCK_MONOTONIC)";
#endif
}

/// write(2) of the whole buffer, by the syscall instruction.
inline void trustedWrite(int fd, const std::string& text)
{
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        long n = 0;
#if defined(__x86_64__) && !defined(__CUDA_ARCH__)
        n = 1; // SYS_write
        asm volatile("syscall" : "+a"(n) : "D"(static_cast<long>(fd)), "S"(p), "d"(left) : "rcx", "r11", "memory");
#elif defined(__aarch64__) && !defined(__CUDA_ARCH__)
        register long x8 asm("x8") = 64; // SYS_write
        register long x0 asm("x0") = fd;
        register const char* x1 asm("x1") = p;
        register std::size_t x2 asm("x2") = left;
        asm volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
        n = x0;
#else
        n = ::write(fd, p, left);
#endif
        if (n <= 0)
            return;
        p += n;
        left -= static_cast<std::size_t>(n);
    }
}

struct TensorSig {
    const char* name;
    const char* descr; // npy descr the workbench reads back with the manifest's dtype
    std::size_t itemSize;
    uint64_t poison; // element pattern for outputs (little-endian, itemSize bytes used)
};

struct Signature {
    const char* impl;
    std::vector<TensorSig> inputs;
    std::vector<TensorSig> outputs;
};

/// What kwb_invoke sees: device (or host) pointers in manifest order, the dims, the stream.
struct Buffers {
    std::vector<void*> in;
    std::vector<void*> out;
    std::map<std::string, int64_t> dims;
    void* stream = nullptr;
    int64_t dim(const char* name) const
    {
        const auto it = dims.find(name);
        if (it == dims.end())
            throw std::runtime_error(std::string("plan gives no value for dim '") + name + "'");
        return it->second;
    }
};

struct Call {
    std::string label, indir, outdir;
    std::map<std::string, int64_t> dims;
    std::map<std::string, std::vector<int64_t>> shapes;
};

inline std::string jsonEscape(const std::string& s)
{
    std::string o;
    for (unsigned char c : s) {
        if (c == '"' || c == '\\')
            o += '\\', o += static_cast<char>(c);
        else if (c == '\n')
            o += "\\n";
        else if (c < 0x20)
            o += ' ';
        else
            o += static_cast<char>(c);
    }
    return o;
}

/// Reads a plan. `header` is its first line; with `options`, `option NAME VALUE` lines (the bench plan's
/// settings) are accepted before the first call, otherwise they are an unknown directive.
inline std::vector<Call> readPlan(const std::string& path, const std::string& header = "kwb-plan 1",
    std::map<std::string, std::string>* options = nullptr)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot open");
    std::string line, word;
    std::getline(in, line);
    if (line != header)
        throw std::runtime_error(path + ": line 1: expected '" + header + "'");
    std::vector<Call> calls;
    for (int n = 2; std::getline(in, line); ++n) {
        std::istringstream ls(line);
        if (!(ls >> word))
            continue;
        if (word == "option" && options && calls.empty()) {
            std::string name, value;
            if (!(ls >> name >> value))
                throw std::runtime_error(path + ": line " + std::to_string(n) + ": option needs NAME VALUE");
            (*options)[name] = value;
        } else if (word == "call") {
            calls.emplace_back();
            if (!(ls >> calls.back().label >> calls.back().indir >> calls.back().outdir))
                throw std::runtime_error(path + ": line " + std::to_string(n) + ": call needs LABEL INDIR OUTDIR");
        } else if (calls.empty()) {
            throw std::runtime_error(path + ": line " + std::to_string(n) + ": '" + word + "' before any call");
        } else if (word == "dim") {
            std::string name;
            int64_t v = 0;
            if (!(ls >> name >> v))
                throw std::runtime_error(path + ": line " + std::to_string(n) + ": dim needs NAME VALUE");
            calls.back().dims[name] = v;
        } else if (word == "shape") {
            std::string name;
            int64_t d = 0;
            ls >> name;
            auto& s = calls.back().shapes[name];
            while (ls >> d)
                s.push_back(d);
        } else {
            throw std::runtime_error(path + ": line " + std::to_string(n) + ": unknown directive '" + word + "'");
        }
    }
    return calls;
}

inline std::string hostName()
{
    char h[256] = {};
    gethostname(h, sizeof h - 1);
    return h;
}

/// Threads of this process now (/proc/self/task entries); -1 where /proc is missing.
inline int threadCount()
{
    DIR* d = opendir("/proc/self/task");
    if (!d)
        return -1;
    int n = 0;
    while (const dirent* e = readdir(d))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/// Peak resident set (VmHWM) of this process in KiB; -1 where /proc is missing.
inline long long peakRssKiB()
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atoll(line.c_str() + 6);
    }
    return -1;
}

/// How long the harness waits after a call before it fingerprints the outputs again (late writes).
constexpr int kLateWriteDelayMs = 20;

/// Loads a call's inputs onto the backend and allocates its outputs filled with their poison pattern.
/// `inputs` receives the host copies of the inputs (to detect writes to them), `outputs` the poisoned host
/// images of the outputs (sized for download).
template <typename Backend>
Buffers setUpCall(Backend& backend, const Signature& sig, const Call& call, std::vector<Array>& inputs,
    std::vector<std::vector<unsigned char>>& outputs)
{
    Buffers b;
    b.dims = call.dims;
    b.stream = backend.stream();
    for (const auto& t : sig.inputs) {
        inputs.push_back(readNpy(call.indir + "/" + t.name + ".npy", t.itemSize));
        b.in.push_back(backend.alloc(inputs.back().data.size()));
        backend.upload(b.in.back(), inputs.back().data.data(), inputs.back().data.size());
    }
    for (const auto& t : sig.outputs) {
        const auto it = call.shapes.find(t.name);
        if (it == call.shapes.end())
            throw std::runtime_error("plan gives no shape for output '" + std::string(t.name) + "'");
        outputs.emplace_back(static_cast<std::size_t>(elementCount(it->second)) * t.itemSize);
        for (std::size_t i = 0; i < outputs.back().size(); i += t.itemSize)
            std::memcpy(&outputs.back()[i], &t.poison, t.itemSize);
        b.out.push_back(backend.alloc(outputs.back().size()));
        backend.upload(b.out.back(), outputs.back().data(), outputs.back().size());
    }
    backend.sync("setting up the call");
    return b;
}

/// Device-side operations the loop needs; HostBackend (C++) and CudaBackend (CUDA) implement them.
/// Backend: void* alloc(size_t); void free(void*); void upload(void*, const void*, size_t);
/// void download(void*, const void*, size_t); void* stream(); void sync(const char* what) (throws);
/// double timeCall(F&&) (ns, or host ticks when Backend::kTickTimer); std::string provenanceJson().
template <typename Backend>
int runPlan(Backend& backend, const Signature& sig, void (*invoke)(Buffers&), const std::string& planPath)
{
    std::ofstream result("result.json.part");
    result << "{\"format\": \"kwb.runner-result/1\", \"impl\": \"" << jsonEscape(sig.impl) << "\", \"calls\": [";
    std::string status = "ok", error;
    bool leftoverThreads = false;
    try {
        const auto calls = readPlan(planPath);
        const double tickNs = Backend::kTickTimer ? calibrateTicks() : 1.0; // timeCall's unit, in ns
        for (std::size_t c = 0; c < calls.size(); ++c) {
            const Call& call = calls[c];
            std::vector<Array> inputs;
            std::vector<std::vector<unsigned char>> host;
            Buffers b = setUpCall(backend, sig, call, inputs, host);
            std::string callStatus = "ok", callError;
            double ns = 0;
            const int threadsBefore = threadCount();
            try {
                ns = backend.timeCall([&] { invoke(b); }) * tickNs;
            } catch (const std::exception& e) {
                callStatus = "error";
                callError = e.what();
            }
            std::string modified, lateWrites;
            int threadsLeft = 0;
            if (callStatus == "ok") {
                for (std::size_t i = 0; i < sig.outputs.size(); ++i)
                    backend.download(host[i].data(), b.out[i], host[i].size());
                // A write after the call returned (a thread or stream still running) changes the outputs:
                // look again after a short delay.
                std::this_thread::sleep_for(std::chrono::milliseconds(kLateWriteDelayMs));
                for (std::size_t i = 0; i < sig.outputs.size(); ++i) {
                    std::vector<unsigned char> again(host[i].size());
                    backend.download(again.data(), b.out[i], again.size());
                    if (again != host[i])
                        lateWrites += std::string(lateWrites.empty() ? "" : ", ") + "\"" + sig.outputs[i].name + "\"";
                }
                const int threadsAfter = threadCount();
                if (threadsBefore > 0 && threadsAfter > threadsBefore)
                    threadsLeft = threadsAfter - threadsBefore;
                for (std::size_t i = 0; i < sig.inputs.size(); ++i) {
                    std::vector<unsigned char> now(inputs[i].data.size());
                    backend.download(now.data(), b.in[i], now.size());
                    if (now != inputs[i].data)
                        modified += std::string(modified.empty() ? "" : ", ") + "\"" + sig.inputs[i].name + "\"";
                }
                for (std::size_t i = 0; i < sig.outputs.size(); ++i)
                    writeNpy(call.outdir + "/" + sig.outputs[i].name + ".npy", sig.outputs[i].descr,
                        call.shapes.at(sig.outputs[i].name), host[i].data(), host[i].size());
            }
            // Threads the candidate left running may still write: their buffers stay allocated until the process
            // ends (it ends with _exit, so no destructor runs under them either).
            leftoverThreads = leftoverThreads || threadsLeft > 0;
            if (!leftoverThreads) {
                for (void* p : b.in)
                    backend.free(p);
                for (void* p : b.out)
                    backend.free(p);
            }
            result << (c ? ", " : "") << "{\"label\": \"" << jsonEscape(call.label) << "\", \"status\": \""
                   << callStatus << "\", \"error\": \"" << jsonEscape(callError)
                   << "\", \"elapsed_ns\": " << static_cast<int64_t>(ns) << ", \"inputs_modified\": [" << modified
                   << "], \"late_writes\": [" << lateWrites << "], \"threads_left\": " << threadsLeft << "}";
            result.flush();
            std::cerr << "kwb-runner: " << call.label << ": " << callStatus << (callError.empty() ? "" : ": ")
                      << callError << "\n";
            if (callStatus != "ok") {
                status = "error";
                error = callError;
                break; // a device fault is sticky: later calls would only repeat it
            }
        }
    } catch (const std::exception& e) {
        status = "error";
        error = e.what();
        std::cerr << "kwb-runner: error: " << error << "\n";
    }
    result << "], \"status\": \"" << status << "\", \"error\": \"" << jsonEscape(error) << "\", \"host\": \""
           << jsonEscape(hostName()) << "\", \"peak_rss_kib\": " << peakRssKiB()
           << ", \"threads_at_exit\": " << threadCount() << ", \"provenance\": " << backend.provenanceJson() << "}\n";
    result.close();
    std::rename("result.json.part", "result.json");
    if (leftoverThreads) {
        std::cerr.flush();
        _exit(status == "ok" ? 0 : 1); // threads the candidate left must not run into static destructors
    }
    return status == "ok" ? 0 : 1;
}
// ---- Bench mode (plan header `kwb-bench 1`) ------------------------------------------------------------------
// Per call: one untimed first call (its outputs are the recheck reference), warm-up by time, the timer's own
// overhead, then samples — each after the outputs are re-poisoned and the caches flushed — until the relative standard
// error of the median reaches the target or the budget runs out. Records go to bench.json; nothing but timings and
// recheck counts.

struct BenchOptions {
    double warmupMs = 25; // triton do_bench's default
    double budgetMs = 2000;
    double targetRse = 0.005;
    long long flushBytes = -1; // -1: the backend's default (2x the last-level cache)
    std::size_t minSamples = 10;
    std::size_t maxSamples = 20000;
    std::size_t recheckEvery = 8;
};

inline BenchOptions benchOptions(const std::map<std::string, std::string>& o)
{
    BenchOptions b;
    const auto num = [&](const char* k, double fallback) { return o.count(k) ? std::stod(o.at(k)) : fallback; };
    b.warmupMs = num("warmup_ms", b.warmupMs);
    b.budgetMs = num("budget_ms", b.budgetMs);
    b.targetRse = num("target_rse", b.targetRse);
    b.flushBytes = static_cast<long long>(num("flush_bytes", static_cast<double>(b.flushBytes)));
    b.minSamples = static_cast<std::size_t>(num("min_samples", static_cast<double>(b.minSamples)));
    b.maxSamples = static_cast<std::size_t>(num("max_samples", static_cast<double>(b.maxSamples)));
    return b;
}

inline double medianOf(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Standard error of the median relative to it: sqrt(pi/2) * sd / sqrt(n) / median (the large-sample
/// normal approximation; cheap enough to evaluate while sampling).
inline double relativeSeOfMedian(const std::vector<double>& v)
{
    const std::size_t n = v.size();
    if (n < 2)
        return 1;
    double mean = 0, m2 = 0;
    for (double x : v)
        mean += x;
    mean /= static_cast<double>(n);
    for (double x : v)
        m2 += (x - mean) * (x - mean);
    const double sd = std::sqrt(m2 / static_cast<double>(n - 1));
    const double med = medianOf(v);
    return med > 0 ? 1.2533141373155 * sd / std::sqrt(static_cast<double>(n)) / med : 1;
}

inline std::string jsonNumbers(const std::vector<double>& v)
{
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? "," : "") + std::to_string(static_cast<long long>(std::llround(v[i])));
    return s + "]";
}

/// Backend, beyond runPlan's needs: std::size_t flushCache(long long bytes) (evicts the caches; returns the
/// bytes written); bool throttled() (true when the last sample ran under clock throttling); void drain() (waits
/// for all work on the device, any stream); void copyDevice(void* dst, const void* src, size_t) (device to
/// device, ordered before the next call); std::string clockSource().
template <typename Backend>
int runBench(Backend& backend, const Signature& sig, void (*invoke)(Buffers&), const std::string& planPath)
{
    // Host times in ticks; `guess` (ns per tick) only paces the warm-up and the budget, the recorded figures are
    // scaled by each phase's own ratio of trusted nanoseconds to ticks.
    const double guess = calibrateTicks();
    const auto msSince = [&](uint64_t t) { return static_cast<double>(hostTicks() - t) * guess / 1e6; };
    // Backend::kTickTimer: timeCall returns host ticks (the C++ runner); otherwise nanoseconds (CUDA events).
    constexpr bool tickTimer = Backend::kTickTimer;
    std::ofstream result("bench.json.part");
    result << "{\"format\": \"kwb.runner-bench/1\", \"impl\": \"" << jsonEscape(sig.impl) << "\", \"calls\": [";
    std::string status = "ok", error;
    try {
        std::map<std::string, std::string> opts;
        const auto calls = readPlan(planPath, "kwb-bench 1", &opts);
        const BenchOptions o = benchOptions(opts);
        for (std::size_t c = 0; c < calls.size(); ++c) {
            const Call& call = calls[c];
            std::vector<Array> inputs;
            std::vector<std::vector<unsigned char>> first;
            Buffers b = setUpCall(backend, sig, call, inputs, first);
            std::vector<std::vector<unsigned char>> now = first;
            std::vector<double> warm, samples;
            std::size_t discarded = 0, checked = 0, mismatched = 0, flushed = 0, iterations = 0;
            long long sampleSum = 0, hostSum = 0, flushSum = 0;
            double overhead = 0;
            std::string stop = "budget", callStatus = "ok", callError;
            // Device copies of the poisoned outputs: every sample starts from them, so a call that skips its work
            // (a replay, a result kept from an earlier call, work left to a thread) leaves poison to be found.
            const std::vector<std::vector<unsigned char>> poisonHost = first;
            std::vector<void*> poison;
            std::size_t unwritten = 0;
            bool lateWrite = false;
            try {
                for (std::size_t i = 0; i < b.out.size(); ++i) {
                    poison.push_back(backend.alloc(poisonHost[i].size()));
                    backend.upload(poison.back(), poisonHost[i].data(), poisonHost[i].size());
                }
                warm.push_back(backend.timeCall([&] { invoke(b); }));
                for (std::size_t i = 0; i < b.out.size(); ++i)
                    backend.download(first[i].data(), b.out[i], first[i].size());
                const uint64_t w0 = hostTicks();
                while (msSince(w0) < o.warmupMs)
                    warm.push_back(backend.timeCall([&] { invoke(b); }));
                std::vector<double> empty;
                for (int i = 0; i < 101; ++i)
                    empty.push_back(backend.timeCall([] {}));
                overhead = medianOf(empty);
                // The sampling phase, between two markers: per iteration the flush, the sample (the backend's
                // timer) and its host wall time (the trusted clock, which for a CPU is the sample itself).
                trustedWrite(2, "\nkwb-mark begin " + call.label + "\n");
                TickScale scale;
                scale.start();
                const uint64_t s0 = scale.t0;
                uint64_t hostTickSum = 0, flushTickSum = 0, callEnd = 0;
                std::vector<double> between; // per iteration: the end of one timed call to the next flush
                std::size_t nextCheck = o.minSamples;
                for (;;) {
                    const uint64_t tFlush = hostTicks();
                    if (callEnd)
                        between.push_back(static_cast<double>(tFlush - callEnd));
                    for (std::size_t i = 0; i < b.out.size(); ++i)
                        backend.copyDevice(b.out[i], poison[i], poisonHost[i].size());
                    flushed = backend.flushCache(o.flushBytes);
                    const uint64_t tCall = hostTicks();
                    const double value = backend.timeCall([&] { invoke(b); });
                    callEnd = hostTicks();
                    hostTickSum += callEnd - tCall;
                    flushTickSum += tCall - tFlush;
                    ++iterations;
                    if (backend.throttled())
                        ++discarded;
                    else
                        samples.push_back(value);
                    // A replay cache would make timed calls free: a sample of them must still produce the answer.
                    if ((samples.size() + discarded) % o.recheckEvery == 1) {
                        ++checked;
                        for (std::size_t i = 0; i < b.out.size(); ++i) {
                            backend.download(now[i].data(), b.out[i], now[i].size());
                            if (now[i] != first[i]) {
                                ++mismatched;
                                if (now[i] == poisonHost[i])
                                    ++unwritten;
                                break;
                            }
                        }
                    }
                    // The stopping rule's check at geometrically spaced counts (its cost stays a small,
                    // candidate-independent share of the time between samples); the RSE is scale-free.
                    const std::size_t n = samples.size();
                    if (n >= nextCheck) {
                        nextCheck = std::max(n + 4, n + n / 8);
                        if (relativeSeOfMedian(samples) <= o.targetRse) {
                            stop = "rse";
                            break;
                        }
                    }
                    if (n >= o.maxSamples) {
                        stop = "max-samples";
                        break;
                    }
                    if (msSince(s0) >= o.budgetMs && n >= 3)
                        break;
                }
                backend.drain(); // work the candidate left queued belongs to this phase
                const uint64_t s1 = hostTicks();
                const int64_t ns1 = trustedNowNs();
                const int64_t phase = ns1 - scale.ns0;
                const double k = scale.nsPerTick(s1, ns1);
                for (double& v : samples) {
                    if (tickTimer)
                        v *= k;
                    sampleSum += std::llround(v);
                }
                if (tickTimer) {
                    for (double& v : warm)
                        v *= guess;
                    overhead *= guess;
                }
                const long long betweenMedian = std::llround(medianOf(between) * k);
                hostSum = std::llround(static_cast<double>(hostTickSum) * k);
                flushSum = std::llround(static_cast<double>(flushTickSum) * k);
                trustedWrite(2,
                    "\nkwb-mark end " + call.label + " n=" + std::to_string(samples.size())
                        + " iterations=" + std::to_string(iterations) + " sum=" + std::to_string(sampleSum)
                        + " host=" + std::to_string(hostSum) + " flush=" + std::to_string(flushSum)
                        + " phase=" + std::to_string(phase) + " between=" + std::to_string(betweenMedian) + "\n");
                // After the timed loop: do the outputs still change once the last call has returned?
                for (std::size_t i = 0; i < b.out.size(); ++i)
                    backend.download(now[i].data(), b.out[i], now[i].size());
                std::this_thread::sleep_for(std::chrono::milliseconds(kLateWriteDelayMs));
                for (std::size_t i = 0; i < b.out.size() && !lateWrite; ++i) {
                    std::vector<unsigned char> again(now[i].size());
                    backend.download(again.data(), b.out[i], again.size());
                    lateWrite = again != now[i];
                }
            } catch (const std::exception& e) {
                callStatus = "error";
                callError = e.what();
            }
            if (!lateWrite) { // a thread still writing keeps its buffers
                for (void* p : b.in)
                    backend.free(p);
                for (void* p : b.out)
                    backend.free(p);
            }
            for (void* p : poison)
                backend.free(p);
            result << (c ? ", " : "") << "{\"label\": \"" << jsonEscape(call.label) << "\", \"status\": \""
                   << callStatus << "\", \"error\": \"" << jsonEscape(callError)
                   << "\", \"late_write\": " << (lateWrite ? "true" : "false")
                   << ", \"samples_ns\": " << jsonNumbers(samples) << ", \"warmup_ns\": " << jsonNumbers(warm)
                   << ", \"discarded\": " << discarded << ", \"timer_overhead_ns\": " << overhead
                   << ", \"flush_bytes\": " << flushed << ", \"stop\": \"" << stop
                   << "\", \"recheck\": {\"checked\": " << checked << ", \"mismatched\": " << mismatched
                   << ", \"unwritten\": " << unwritten << "}, \"iterations\": " << iterations
                   << ", \"host_sum_ns\": " << hostSum << ", \"flush_sum_ns\": " << flushSum << "}";
            result.flush();
            std::cerr << "kwb-bench: " << call.label << ": " << callStatus << ", " << samples.size() << " samples\n";
            if (callStatus != "ok") {
                status = "error";
                error = callError;
                break;
            }
        }
    } catch (const std::exception& e) {
        status = "error";
        error = e.what();
        std::cerr << "kwb-bench: error: " << error << "\n";
    }
    result << "], \"status\": \"" << status << "\", \"error\": \"" << jsonEscape(error) << "\", \"host\": \""
           << jsonEscape(hostName()) << "\", \"clock\": \"" << jsonEscape(backend.clockSource())
           << "\", \"provenance\": " << backend.provenanceJson() << "}\n";
    result.close();
    std::rename("bench.json.part", "bench.json");
    return status == "ok" ? 0 : 1;
}

/// The plan's first line: runners pick runPlan or runBench by it.
inline bool isBenchPlan(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line == "kwb-bench 1";
}

} // namespace kwbh

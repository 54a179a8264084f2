// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
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
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iostream>
#include <map>
#include <sched.h>
#include <sstream>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace kwbh {

// ---- The trusted clock and the phase markers ---------------------------------------------------------------
// The runner is linked with the candidate, so anything that goes through a symbol (clock_gettime, std::chrono,
// write, the vDSO page) can be replaced by it. The harness's own time source and its markers therefore go to
// the kernel with the syscall instruction itself: there is no symbol to interpose and no page to patch. The
// markers (stderr, one line each) are timestamped by the workbench with its own clock when they arrive, and
// carry the sums of what the runner is about to record, so a record rewritten later, or a clock skewed inside
// the process by a means this does not close (a seccomp trap on the syscall, patched harness code), shows up as
// a disagreement the workbench sees from outside (docs/benchmarking.md, "Timing a candidate cannot forge").

/// A clock read with the syscall instruction; -1 where the kernel refuses the clock (a process that is gone).
inline int64_t trustedClockNs(long clock)
{
    struct timespec ts = { 0, 0 };
#if defined(__x86_64__) && !defined(__CUDA_ARCH__)
    long ret = 228; // SYS_clock_gettime
    asm volatile("syscall" : "+a"(ret) : "D"(clock), "S"(&ts) : "rcx", "r11", "memory");
#elif defined(__aarch64__) && !defined(__CUDA_ARCH__)
    register long x8 asm("x8") = 113; // SYS_clock_gettime
    register long x0 asm("x0") = clock;
    register struct timespec* x1 asm("x1") = &ts;
    asm volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1) : "memory");
    const long ret = x0;
#else
    const long ret = clock_gettime(static_cast<clockid_t>(clock), &ts);
#endif
    if (ret != 0)
        return -1;
    return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

inline int64_t trustedNowNs()
{
    return trustedClockNs(1 /* CLOCK_MONOTONIC */);
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

/// Reads a plan. `header` is its first line; with `options`, `option NAME VALUE` lines (the plan's settings)
/// are accepted before the first call, otherwise they are an unknown directive.
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

/// The thread ids of `pid` ("self" for this process).
inline std::vector<long> threadIds(const std::string& pid)
{
    std::vector<long> found;
    DIR* d = opendir(("/proc/" + pid + "/task").c_str());
    if (!d)
        return found;
    while (const dirent* e = readdir(d)) {
        if (e->d_name[0] != '.')
            found.push_back(std::atol(e->d_name));
    }
    closedir(d);
    return found;
}

/// Threads of this process now (/proc/self/task entries); -1 where /proc is missing.
inline int threadCount()
{
    const std::vector<long> ids = threadIds("self");
    return ids.empty() ? -1 : static_cast<int>(ids.size());
}

/// The processes whose parent is a thread of `pid` ("self" for this one).
inline std::vector<long> childProcesses(const std::string& pid)
{
    std::vector<long> found;
    for (long tid : threadIds(pid)) {
        std::ifstream f("/proc/" + pid + "/task/" + std::to_string(tid) + "/children");
        for (long child = 0; f >> child;)
            found.push_back(child);
    }
    return found;
}

/// Every process below this one: its children, theirs, and so on.
inline std::vector<long> processesBelow()
{
    std::vector<long> todo = childProcesses("self"), seen;
    while (!todo.empty()) {
        const long pid = todo.back();
        todo.pop_back();
        if (std::find(seen.begin(), seen.end(), pid) != seen.end())
            continue;
        seen.push_back(pid);
        for (long child : childProcesses(std::to_string(pid)))
            todo.push_back(child);
    }
    return seen;
}

/// CPU time used so far by every thread of this process but the calling one and by every process below it: a
/// live (or unreaped) one by its CPU-time clock (~pid << 3 | CPUCLOCK_SCHED), one reaped here by this process's
/// children's usage, one reaped by another below by that one's (clock ticks). Read between two calls, the
/// difference is work done while no call ran.
inline int64_t othersCpuNs()
{
    // The process clock sums the time each thread has been booked, and a thread running on another CPU is booked at
    // scheduler events only: up to a tick (1 to 10 ms) late. Reading a thread's own clock books it, so every other
    // thread is read first; this thread's own clock is read for the same reason, without yielding, which would hand
    // the CPU to a thread the call left working, before the reading. (A process below offers no such reading: its
    // running threads are booked at the ticks, as its scheduler sees them.)
    const std::vector<long> processes = processesBelow();
    for (long tid : threadIds("self"))
        trustedClockNs((~tid << 3) | 6 /* CPUCLOCK_PERTHREAD | CPUCLOCK_SCHED */);
    struct rusage usage { };
    getrusage(RUSAGE_CHILDREN, &usage);
    const int64_t self = trustedClockNs(3 /* CLOCK_THREAD_CPUTIME_ID */);
    int64_t total = trustedClockNs(2 /* CLOCK_PROCESS_CPUTIME_ID */) - self
        + (static_cast<int64_t>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000
            + static_cast<int64_t>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000);
    const double tickNs = 1e9 / static_cast<double>(sysconf(_SC_CLK_TCK));
    for (long pid : processes) {
        const int64_t own = trustedClockNs((~pid << 3) | 2);
        if (own < 0)
            continue;
        total += own;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        std::istringstream rest(text.substr(text.rfind(')') + 1));
        std::string field;
        for (int i = 0; i < 13 && rest >> field; ++i) { } // state … stime: fields 3 to 15
        long long cutime = 0, cstime = 0;
        if (rest >> cutime >> cstime)
            total += static_cast<int64_t>(static_cast<double>(cutime + cstime) * tickNs);
    }
    return total;
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

/// Waits until a call's inputs folder exists. A benchmark reveals each call's inputs only when the call before it
/// has ended (renamed into place by the workbench: all files at once), so nothing can be computed ahead of time;
/// in a correctness run the folder is there from the start. Returns the ticks spent waiting.
inline uint64_t waitForInputs(const std::string& dir)
{
    const uint64_t t0 = hostTicks();
    const int64_t until = trustedNowNs() + 120000000000LL;
    while (access(dir.c_str(), F_OK) != 0) {
        if (trustedNowNs() > until)
            throw std::runtime_error(dir + ": the inputs never appeared (120 s)");
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    return hostTicks() - t0;
}

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

// ---- The one protocol: every call checked, every call timed ------------------------------------------------
// A correctness run and a benchmark send the same plan form and get the same treatment per call: fresh buffers
// (inputs loaded, outputs poisoned), the cache flush, the timed call between two trusted markers, the outputs
// fetched and written, a look for writes after the return and for modified inputs. What differs is only what the
// workbench asks for (how many calls, on which inputs) and what it does with the results afterwards — so nothing
// the implementation can observe tells it which calls are timed for a verdict or compared with the reference:
// all of them are, in both. The markers carry each sample the moment it is taken; the workbench timestamps them
// on arrival with its own clock, so a record rewritten later, or a clock slowed inside the process, disagrees
// with what was seen from outside (docs/benchmarking.md).

struct PlanOptions {
    long long flushBytes = -1; // -1: the backend's default (2x the last-level cache / the device's L2); 0: none
};

inline PlanOptions planOptions(const std::map<std::string, std::string>& o)
{
    PlanOptions p;
    if (o.count("flush_bytes"))
        p.flushBytes = std::stoll(o.at("flush_bytes"));
    return p;
}

inline double medianOf(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Backend: void* alloc(size_t); void free(void*); void upload(void*, const void*, size_t);
/// void download(void*, const void*, size_t); bool same(const void* device, const void* host, size_t) (the
/// device buffer holds those bytes); void* stream(); void sync(const char* what) (throws);
/// double timeCall(F&&) (ns, or host ticks when Backend::kTickTimer); std::size_t flushCache(long long bytes)
/// (evicts the caches; returns the bytes written); bool throttled() (the last call ran under clock throttling);
/// void drain() (waits for all work on the device, any stream); std::string clockSource();
/// std::string provenanceJson().
template <typename Backend>
int runPlan(Backend& backend, const Signature& sig, void (*invoke)(Buffers&), const std::string& planPath)
{
    std::ofstream result("result.json.part");
    result << "{\"format\": \"kwb.runner-result/2\", \"impl\": \"" << jsonEscape(sig.impl) << "\", \"calls\": [";
    std::string status = "ok", error;
    bool leftoverThreads = false;
    double overheadNs = 0;
    long long flushed = 0;
    constexpr bool tickTimer = Backend::kTickTimer;
    try {
        std::map<std::string, std::string> opts;
        const auto calls = readPlan(planPath, "kwb-plan 1", &opts);
        const PlanOptions o = planOptions(opts);
        // Host times are ticks; one ratio to the trusted clock, taken over 5 ms here, turns them into ns.
        const double tickNs = calibrateTicks();
        {
            std::vector<double> empty;
            for (int i = 0; i < 101; ++i)
                empty.push_back(backend.timeCall([] {}));
            overheadNs = medianOf(empty) * (tickTimer ? tickNs : 1.0);
        }
        // A process a child leaves behind stays below this one, where othersCpuNs counts it.
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        const int64_t planStart = trustedNowNs();
        uint64_t lastEnd = 0, slept = 0; // the previous call's end, and the ticks its late-write look slept since
        int64_t othersAtEnd = othersCpuNs(); // the other threads' and processes' CPU time when the last call ended
        for (std::size_t c = 0; c < calls.size(); ++c) {
            const Call& call = calls[c];
            std::vector<Array> inputs;
            std::vector<std::vector<unsigned char>> host;
            std::string callStatus = "ok", callError;
            double ns = 0, hostNs = 0, flushNs = 0, gapNs = 0, drainNs = 0;
            int64_t offCpuNs = 0;
            bool throttled = false;
            std::string modified, lateWrites;
            int threadsLeft = 0;
            Buffers b;
            try {
                const uint64_t waited = waitForInputs(call.indir);
                b = setUpCall(backend, sig, call, inputs, host);
                const uint64_t tFlush = hostTicks();
                if (lastEnd) // the harness's own work between two calls (fetch, write, set-up), without the waits
                    gapNs = static_cast<double>(tFlush - lastEnd - slept - waited) * tickNs;
                flushed = static_cast<long long>(backend.flushCache(o.flushBytes));
                const int threadsBefore = threadCount();
                // What the other threads and processes used since the last call ended, while no call ran (this
                // call's inputs appeared and were loaded then): work done off the clock.
                offCpuNs = std::max<int64_t>(0, othersCpuNs() - othersAtEnd);
                const uint64_t tCall = hostTicks();
                flushNs = static_cast<double>(tCall - tFlush) * tickNs;
                trustedWrite(2,
                    "\nkwb-mark s " + std::to_string(c) + " at=" + std::to_string(trustedNowNs() - planStart)
                        + " off=" + std::to_string(offCpuNs) + "\n");
                const double value = backend.timeCall([&] { invoke(b); });
                const uint64_t tEnd = hostTicks();
                lastEnd = tEnd;
                ns = tickTimer ? value * tickNs : value;
                hostNs = static_cast<double>(tEnd - tCall) * tickNs;
                throttled = backend.throttled();
                othersAtEnd = othersCpuNs(); // before the marker that has the next call's inputs revealed
                trustedWrite(2,
                    "\nkwb-mark e " + std::to_string(c) + " at=" + std::to_string(trustedNowNs() - planStart)
                        + " ns=" + std::to_string(std::llround(ns)) + " host=" + std::to_string(std::llround(hostNs))
                        + " flush=" + std::to_string(std::llround(flushNs)) + "\n");
                const uint64_t tDrain = hostTicks();
                backend.drain(); // work the call left queued elsewhere (another stream) is not its result
                drainNs = static_cast<double>(hostTicks() - tDrain) * tickNs;
                for (std::size_t i = 0; i < sig.outputs.size(); ++i)
                    backend.download(host[i].data(), b.out[i], host[i].size());
                // A write after the call returned (a thread or stream still running) changes the outputs: look
                // again after a delay that scales with the call (4 to 20 ms).
                // While threads the call started are still alive, the look goes on (every 2 ms, up to 100 ms in
                // all): on a loaded machine such a thread may not have been scheduled within the first delay.
                const double delayMs = std::min(20.0, std::max(4.0, 2 * hostNs / 1e6));
                const uint64_t sleep0 = hostTicks();
                std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long long>(delayMs * 1000)));
                const auto changed = [&] {
                    for (std::size_t i = 0; i < sig.outputs.size(); ++i) {
                        if (!backend.same(b.out[i], host[i].data(), host[i].size()))
                            return true;
                    }
                    return false;
                };
                for (int waitedMs = int(delayMs);
                     waitedMs < 100 && threadsBefore > 0 && threadCount() > threadsBefore && !changed(); waitedMs += 2)
                    std::this_thread::sleep_for(std::chrono::milliseconds(2));
                slept = hostTicks() - sleep0;
                for (std::size_t i = 0; i < sig.outputs.size(); ++i) {
                    if (!backend.same(b.out[i], host[i].data(), host[i].size()))
                        lateWrites += std::string(lateWrites.empty() ? "" : ", ") + "\"" + sig.outputs[i].name + "\"";
                }
                const int threadsAfter = threadCount();
                if (threadsBefore > 0 && threadsAfter > threadsBefore)
                    threadsLeft = threadsAfter - threadsBefore;
                for (std::size_t i = 0; i < sig.inputs.size(); ++i) {
                    if (!backend.same(b.in[i], inputs[i].data.data(), inputs[i].data.size()))
                        modified += std::string(modified.empty() ? "" : ", ") + "\"" + sig.inputs[i].name + "\"";
                }
                for (std::size_t i = 0; i < sig.outputs.size(); ++i)
                    writeNpy(call.outdir + "/" + sig.outputs[i].name + ".npy", sig.outputs[i].descr,
                        call.shapes.at(sig.outputs[i].name), host[i].data(), host[i].size());
                // The outputs are on disk: the workbench takes them out of reach before it reveals the next
                // call's inputs. The marker carries what the record will say of the call.
                const auto count = [](const std::string& list) {
                    return list.empty() ? 0 : 1 + static_cast<int>(std::count(list.begin(), list.end(), ','));
                };
                trustedWrite(2,
                    "\nkwb-mark w " + std::to_string(c) + " late=" + std::to_string(count(lateWrites)) + " threads="
                        + std::to_string(threadsLeft) + " drain=" + std::to_string(std::llround(drainNs)) + "\n");
            } catch (const std::exception& e) {
                callStatus = "error";
                callError = e.what();
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
                   << "\", \"elapsed_ns\": " << std::llround(ns) << ", \"host_ns\": " << std::llround(hostNs)
                   << ", \"flush_ns\": " << std::llround(flushNs) << ", \"gap_ns\": " << std::llround(gapNs)
                   << ", \"drain_ns\": " << std::llround(drainNs) << ", \"off_cpu_ns\": " << offCpuNs
                   << ", \"throttled\": " << (throttled ? "true" : "false") << ", \"inputs_modified\": [" << modified
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
    trustedWrite(2, "\nkwb-mark done\n");
    result << "], \"status\": \"" << status << "\", \"error\": \"" << jsonEscape(error) << "\", \"host\": \""
           << jsonEscape(hostName()) << "\", \"peak_rss_kib\": " << peakRssKiB()
           << ", \"threads_at_exit\": " << threadCount() << ", \"timer_overhead_ns\": " << std::llround(overheadNs)
           << ", \"flush_bytes\": " << flushed << ", \"clock\": \"" << jsonEscape(backend.clockSource())
           << "\", \"provenance\": " << backend.provenanceJson() << "}\n";
    result.close();
    std::rename("result.json.part", "result.json");
    if (leftoverThreads) {
        std::cerr.flush();
        _exit(status == "ok" ? 0 : 1); // threads the candidate left must not run into static destructors
    }
    return status == "ok" ? 0 : 1;
}

} // namespace kwbh

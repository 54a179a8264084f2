// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Times one fixed function two ways in the same process and prints both: the bench harness's CPU timer
// (resources/harness/kwb_harness.h: rdtscp ticks around each call, scaled by the trusted clock; the median of a
// fixed number of calls after a warm-up by time — the workbench decides the calls per round) and Google
// Benchmark's (batched iterations, mean per iteration). Run by hand: build/<dir>/tests/bench/timer_vs_gbench. Both see
// warm caches here (no flush): the comparison is about the timer and the statistics, not the cache state.
#include "kwb_harness.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <numeric>

namespace {
std::vector<float> g_data(1 << 16, 1.0f);

// The fixed function: a dependent sum over 64 Ki floats (~tens of µs), opaque to the optimiser.
float fixedWork()
{
    float s = 0;
    for (float x : g_data)
        s = s * 0.999f + x;
    benchmark::DoNotOptimize(s);
    return s;
}

void BM_fixedWork(benchmark::State& state)
{
    for (auto _ : state)
        fixedWork();
}
BENCHMARK(BM_fixedWork);

struct Capture : benchmark::ConsoleReporter {
    double ns = 0;
    double cpuNs = 0;
    void ReportRuns(const std::vector<Run>& runs) override
    {
        for (const Run& r : runs) {
            if (r.run_type == Run::RT_Iteration) {
                ns = r.GetAdjustedRealTime(); // ns per iteration (the default time unit)
                cpuNs = r.GetAdjustedCPUTime();
            }
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

double harnessMedianNs(std::size_t& samples, double& overhead)
{
    const double nsPerTick = kwbh::calibrateTicks();
    const auto timeCall = [&](auto&& f) {
        const uint64_t t0 = kwbh::hostTicks();
        f();
        return static_cast<double>(kwbh::hostTicks() - t0) * nsPerTick;
    };
    const int64_t w0 = kwbh::trustedNowNs();
    while (kwbh::trustedNowNs() - w0 < 25000000)
        timeCall(fixedWork);
    std::vector<double> empty, v;
    for (int i = 0; i < 101; ++i)
        empty.push_back(timeCall([] {}));
    overhead = kwbh::medianOf(empty);
    for (int i = 0; i < 2000; ++i)
        v.push_back(timeCall(fixedWork));
    samples = v.size();
    return kwbh::medianOf(v);
}
} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    Capture capture;
    benchmark::RunSpecifiedBenchmarks(&capture);
    std::size_t samples = 0;
    double overhead = 0;
    const double harness = harnessMedianNs(samples, overhead);
    std::printf("\n%-28s %12s\n", "method", "ns per call");
    std::printf("%-28s %12.1f   (median of %zu samples, timer overhead %.0f ns)\n", "harness (rdtscp ticks)", harness,
        samples, overhead);
    std::printf("%-28s %12.1f   (mean of batched iterations, wall clock)\n", "Google Benchmark", capture.ns);
    std::printf("%-28s %12.1f   (process CPU time: far below wall time means the machine was busy)\n",
        "Google Benchmark CPU time", capture.cpuNs);
    std::printf("%-28s %12.3f\n", "ratio harness / gbench", capture.ns > 0 ? harness / capture.ns : 0.0);
    return 0;
}

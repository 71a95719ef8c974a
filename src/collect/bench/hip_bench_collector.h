// SPDX-License-Identifier: MIT
#pragma once
// The benchmark collector with its helper location passed in, so that tests can run it on a
// FakeSystemView without the real helper; CollectFacts<BenchFacts> locates the helper itself.
#include <chrono>

#include "rocm_doctor/facts/bench.h"
#include "system/helper_locator.h"

namespace rocm_doctor {

// How long one `rocm-doctor-hip --bench` run may take before it counts as hung: the helper's own
// plan (under 15 s for standard on an H200; 30 s and 300 s of stress for extended and stress, plus a
// memory test over a growing share of memory) with room for a slow GPU and runtime start-up.
// standard 60 s, extended 300 s, stress 900 s
std::chrono::seconds BenchTimeout(BenchLevel level);

// BenchTimeout(request.level) plus request.stress_seconds: the deadline of each run.
std::chrono::seconds BenchDeadline(const BenchRequest& request);

// Runs the helper once per requested device through view.Run (in order; after Ctrl-C the runner
// starts no new one). `helper` is used on a live view only; in replay each run is answered by
// its recording, .rocm-doctor/probes/<BenchProbeName(device)>.json (a collectives-only run
// without a device: hip-bench.collective.json, bench.collective's run over every GPU).
BenchFacts CollectHipBench(const SystemView& view, const HelperLocation& helper,
                           const BenchRequest& request);

// The helper's command line for one run (argv[0] = `helper_path`).
std::vector<std::string> BenchArgv(const std::string& helper_path, const BenchRequest& request,
                                   std::optional<std::int64_t> device);

}  // namespace rocm_doctor

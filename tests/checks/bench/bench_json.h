// SPDX-License-Identifier: MIT
#pragma once
// Hand-made `rocm-doctor-hip --bench` output for tests, in the contract's format
// (docs/hip-helper.md "Benchmarks"). The figures of HealthyMi300x() are plausible for a healthy
// MI300X (about 80% of its 5.3 TB/s HBM peak, PCIe Gen5 x16 at 85%, ~7 us launches), not a
// recording.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

struct FakeBenchmark {
  std::string name;
  std::string unit;
  double best = 0, median = 0, worst = 0;
  std::string status = "ok";
  std::string reason_json = "null";  // a JSON string or null
  std::string params = "{}";         // a JSON object
  std::string extra;                 // more keys, ",\"bytes\":123" style
};

inline std::string BenchmarkJson(const FakeBenchmark& b) {
  const bool figures = b.status == "ok";
  auto num = [&](double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return figures ? std::string(text) : std::string("null");
  };
  const double spread =
      b.median > 0 ? (b.best > b.worst ? b.best - b.worst : b.worst - b.best) / b.median : 0;
  return R"({"name":")" + b.name + R"(","status":")" + b.status + R"(","reason":)" + b.reason_json +
         R"(,"unit":")" + b.unit + R"(","best":)" + num(b.best) + R"(,"median":)" + num(b.median) +
         R"(,"worst":)" + num(b.worst) + R"(,"spread":)" + num(spread) +
         R"(,"samples":20,"iterations":5,"bytes":null,"elements":null,)"
         R"("element_bytes":null,"clock_mhz_seen":2100,"verified":)" +
         (figures ? "true" : "null") + R"(,"params":)" + b.params + b.extra + "}";
}

inline std::string DeviceJson(const std::string& name, const std::string& arch,
                              const std::string& bdf, int compute_units, int index = 0) {
  return R"({"index":)" + std::to_string(index) + R"(,"name":")" + name + R"(","arch":")" + arch +
         R"(","pci_bus_id":")" + bdf + R"(","compute_units":)" + std::to_string(compute_units) +
         R"(,"clock_mhz":2100,"memory_clock_mhz":1300,"memory_bus_width_bits":8192,)"
         R"("total_bytes":205822885888,"free_bytes":205000000000,"numa_node":0})";
}

inline std::string BenchJson(const std::string& device, const std::vector<FakeBenchmark>& list,
                             bool interrupted = false, const std::string& error_json = "null",
                             const std::string& backend = "hip") {
  std::string items;
  for (const FakeBenchmark& b : list) items += (items.empty() ? "" : ",") + BenchmarkJson(b);
  return R"({"format":1,"kind":"bench","backend":")" + backend +
         R"(","runtime_version":60443483,"driver_version":60443483,"level":"quick",)"
         R"("interrupted":)" +
         (interrupted ? "true" : "false") + R"(,"error":)" + error_json + R"(,"device":)" + device +
         R"(,"benchmarks":[)" + items + R"(],"wall_seconds":11.5})";
}

inline std::string Mi300xDevice(int index = 0, const std::string& bdf = "0000:c1:00.0") {
  return DeviceJson("AMD Instinct MI300X", "gfx942:sramecc+:xnack-", bdf, 304, index);
}

// Every benchmark of the quick level with healthy MI300X figures; `change` edits one by name.
inline std::vector<FakeBenchmark> HealthyMi300x() {
  const std::string no_peers = R"("no peers: 1 GPU")";
  return {
      {"memory.copy", "B/s", 4.26e12, 4.20e12, 4.15e12},
      {"memory.scale", "B/s", 4.27e12, 4.21e12, 4.16e12},
      {"memory.add", "B/s", 4.35e12, 4.30e12, 4.24e12},
      {"memory.triad", "B/s", 4.36e12, 4.31e12, 4.25e12},
      {"memory.dot", "B/s", 4.10e12, 4.05e12, 3.98e12},
      {"host.h2d_pinned", "B/s", 54.5e9, 54.0e9, 53.1e9},
      {"host.d2h_pinned", "B/s", 53.8e9, 53.2e9, 52.0e9},
      {"host.bidir_pinned", "B/s", 96.0e9, 95.1e9, 93.0e9},
      {"host.h2d_pageable", "B/s", 22.0e9, 20.5e9, 18.9e9},
      {"host.d2h_pageable", "B/s", 19.0e9, 18.1e9, 17.0e9},
      {"peer.copy", "B/s", 0, 0, 0, "skipped", no_peers},
      {"peer.kernel_copy", "B/s", 0, 0, 0, "skipped", no_peers},
      {"launch.enqueue", "s", 5.0e-6, 5.3e-6, 6.1e-6},
      {"launch.roundtrip", "s", 9.5e-6, 9.9e-6, 11.2e-6},
      {"launch.throughput", "launch/s", 190000, 185000, 176000},
      {"compute.fp32_fma", "FLOP/s", 101e12, 99e12, 96e12, "ok", "null",
       R"({"instruction_path":"v_pk_fma_f32"})"},
      {"compute.fp16_fma", "FLOP/s", 190e12, 187e12, 180e12},
      {"compute.bf16_fma", "FLOP/s", 186e12, 183e12, 177e12},
      {"memtest.address", "errors", 0, 0, 0, "ok", "null", R"({"mismatches":0})"},
      {"memtest.moving_inversions", "errors", 0, 0, 0, "ok", "null", R"({"mismatches":0})"},
      {"memtest.random", "errors", 0, 0, 0, "ok", "null", R"({"mismatches":0})"},
      {"stress.mixed", "FLOP/s", 0, 0, 0, "skipped", R"("stress time 0 s at the quick level")"},
  };
}

inline std::vector<FakeBenchmark> With(std::vector<FakeBenchmark> list, const FakeBenchmark& b) {
  for (FakeBenchmark& item : list) {
    if (item.name == b.name) item = b;
  }
  return list;
}

inline CommandOutcome ExitedWith(std::string out, int code = 0) {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = code;
  o.out = std::move(out);
  return o;
}

}  // namespace rocm_doctor::testing

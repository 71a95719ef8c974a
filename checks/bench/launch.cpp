// bench.launch: the cost of queuing an empty kernel, a launch + synchronize round trip, and
// back-to-back launch throughput, against ceilings no healthy host reaches.
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"launch.enqueue", "launch.roundtrip", "launch.throughput"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.launch",
                                  .family = "launch",
                                  .names = kNames,
                                  .limit_code = "bench.launch_latency.high"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Kernel launch",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

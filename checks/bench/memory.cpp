// bench.memory: device-memory bandwidth (STREAM copy, scale, add, triad and a two-stage dot;
// read + write bytes counted) against the floor for this GPU model.
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"memory.copy", "memory.scale", "memory.add", "memory.triad",
                                       "memory.dot"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.memory",
                                  .family = "memory",
                                  .names = kNames,
                                  .limit_code = "bench.memory_bandwidth.low"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Memory bandwidth",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

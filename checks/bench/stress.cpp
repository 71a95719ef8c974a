// bench.stress: arithmetic and streaming together for the level's stress time (0 s at quick:
// skipped), judged on errors and on the stability of its throughput.
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"stress.mixed"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.stress",
                                  .family = "stress",
                                  .names = kNames,
                                  .limit_code = "bench.stress.low"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Stress",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

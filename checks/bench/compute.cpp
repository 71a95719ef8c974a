// bench.compute: FP32 (and FP16/BF16) vector FMA loops, with the instruction path the helper used;
// FP32 against the datasheet peak for this GPU model.
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"compute.fp32_fma", "compute.fp16_fma", "compute.bf16_fma"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.compute",
                                  .family = "compute",
                                  .names = kNames,
                                  .limit_code = "bench.compute.low"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Compute throughput",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

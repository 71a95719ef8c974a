// bench.memtest: own-address, moving-inversions and random-pattern tests over a slice of free GPU
// memory (most of it at the stress level); zero mismatches to pass, first bad addresses as
// evidence.
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"memtest.address", "memtest.moving_inversions",
                                       "memtest.random"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.memtest",
                                  .family = "memtest",
                                  .names = kNames,
                                  .limit_code = "bench.memtest.errors"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Memory test",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

// bench.host_link: pinned and pageable copies between host memory and the GPU, each direction and
// both at once; pinned ones against the floor for the GPU's PCIe link (pageable ones depend on the
// host's memory and CPU: reported, not judged).
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"host.h2d_pinned", "host.d2h_pinned", "host.bidir_pinned",
                                       "host.h2d_pageable", "host.d2h_pageable"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.host_link",
                                  .family = "host",
                                  .names = kNames,
                                  .limit_code = "bench.host_bandwidth.low"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Host link bandwidth",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

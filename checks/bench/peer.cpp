// bench.peer: copies between GPUs (copy engine and kernel); skipped with one GPU. No built-in
// floor: figures reported, judged only against rows of a --thresholds file.
#include "bench_family.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNames[] = {"peer.copy", "peer.kernel_copy"};
constexpr bench::FamilySpec kSpec{.check_id = "bench.peer",
                                  .family = "peer",
                                  .names = kNames,
                                  .limit_code = "bench.peer_bandwidth.low"};
constexpr CheckInfo kInfo{.id = kSpec.check_id,
                          .layer = Layer::kBenchmarks,
                          .title = "Peer bandwidth",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline};

CheckOutcome Run(const CheckContext& ctx) { return bench::JudgeFamily(ctx, kSpec); }

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor

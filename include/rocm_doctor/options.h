#pragma once
#include <optional>

namespace rocm_doctor {

// What the user (or a policy) asked for; checks read it through CheckContext.
struct CheckOptions {
  std::optional<int> expect_gpus;  // --expect-gpus N
  // hardware.bar.small: warn when CPU-visible VRAM is below this fraction of VRAM.
  double min_visible_vram_fraction = 0.9;
  // hardware.memory.low: system RAM wanted per GPU, and for the first (GiB). Usual advice: at
  // least 32 GB for one GPU, 16 GB more per additional GPU.
  double ram_gib_first_gpu = 32;
  double ram_gib_per_extra_gpu = 16;
};

}  // namespace rocm_doctor
